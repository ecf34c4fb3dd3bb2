# gcnasm -a gfx900 -s clrx
# Forward branches: to a label alone, patched at the end of the pass without
# a second parse; to an expression or a local label, parsed again. Both give
# the words of the general path.
s_branch ahead
s_cbranch_scc0   ahead   
s_cbranch_vccnz ahead # a comment
s_branch ahead+4
s_branch (ahead)
s_branch 1f
s_branch later
s_nop 0
ahead:
s_nop 1
1:
s_nop 2
later = ahead + 8
s_branch back
back:
s_branch back
