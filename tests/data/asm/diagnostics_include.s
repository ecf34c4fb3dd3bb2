# gcnasm -a tonga
# Errors in included files show where they were included from.
    s_nop 0
.include "include/helpers.s"
.include "include/no-such-file.s"
    s_endpgm
