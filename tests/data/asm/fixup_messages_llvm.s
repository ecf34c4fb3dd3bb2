# gcnasm -a gfx900 -s llvm
# Errors in statements that also use a later symbol (kept as fixups, their
# first messages dropped), and in the statements after them.
.byte later, 1/0
s_branch later + (1/0)
s_nop 1 2
s_branch later2
s_add_u32 s0, later, s1 s2
.long later, 3, 1 %
s_branch far
later:
s_nop 0
far = 0x40000
later2 = later + 0x100000
