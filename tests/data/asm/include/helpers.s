    s_nop 1
    s_bogus 2
.include "deeper.s"
