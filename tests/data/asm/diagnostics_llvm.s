# gcnasm -a gfx900 -s llvm
// llvm-mc's comments, and its diagnostics for data and branches.
  s_nop 1 ; the rest is a comment
  .byte 256
  .short -32769
  s_branch far_away
  s_branch 65536
  s_branch 1f
  s_nop 1 # not a comment here
1:
  .p2align 31
  .fill 1, 9
