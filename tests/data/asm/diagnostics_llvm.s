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
  // llvm-objdump prints these bits as 1.0 and -0.5; llvm-mc 14 would read
  // those texts as the low half of a double (0): refused, with the bits
  s_setreg_imm32_b32 hwreg(46, 27, 2), 1.0
  s_setreg_imm32_b32 hwreg(46, 27, 2), -0.5
  s_setreg_imm32_b32 hwreg(46, 27, 2), 0x3f800000
