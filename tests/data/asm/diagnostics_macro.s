# gcnasm -a tonga
# Errors inside expansions name the macro or directive they came from.
.macro load base, offset
    s_load_dword s0, s[\base:\base+1], \offset
    s_nopp
.endm
.macro outer
    load 2, 4
.endm
    outer
.irp n, 1, 2
    s_sleep \n + missing
.endr
.macro needs first:req, second=1
    s_nop \first + \second
.endm
    needs
    needs 1, 2, 3
.macro recurse
    recurse
.endm
    recurse
