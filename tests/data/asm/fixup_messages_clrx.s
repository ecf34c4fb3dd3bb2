# gcnasm -a gcn1.4 -s clrx
# Errors in statements that also use a later symbol (kept as fixups, their
# first messages dropped), and in the statements after them.
.byte later, 1/0
s_branch later + (1/0)
s_nop 1 2
s_branch far
s_add_u32 s0, later, s1 s2
.int later, , 3
s_branch 1f
1: s_nop bogus junk
later:
far = 0x100000
