# gcnasm -a gfx900 -s llvm
// checked against llvm-mc (tests/asm_golden.sh)
// The llvm dialect, byte for byte as llvm-mc -filetype=obj and llvm-objcopy give it.
.text
start:
  s_branch end            ; a label: the offset is computed
  s_branch 3              ; a number: the raw SIMM16
  s_branch .              ; the instruction itself
1:
  s_cbranch_scc0 1b
  s_cbranch_scc1 1f
1:
.set a, 2
.equ b, a + 1
.equiv c, 4
d = a + b << 1            // llvm-mc's precedence: a + (b << 1)
  s_nop d
  s_nop (1 < 2) & 0xf     // a true comparison is -1
  s_nop -8 >> 60          // >> shifts zeros in
  s_waitcnt vmcnt(a) lgkmcnt(c)
.macro name_it n
lbl_\n\()_x:
  s_nop \n
.endm
  name_it 5
  s_branch lbl_5_x
.ifdef c
  s_sleep 1
.endif
.ifndef e
  s_sleep 2
.endif
.rept 3
  s_setprio 1
.endr
.irp r, 0, 2
  s_trap \r
.endr
.section .rodata
  .long 0xdeadbeef        // not in the output
.text
  .long end - start, start, .
  .fill 2, 4, 0x11223344
  .zero 4
  .string "gcn"
  .byte 0, 0, 0, 0       // whole words: llvm-mc never ends .p2align after a part of one
  .p2align 4
  .org . + 8
  .org 0x90, 0xaa
end:
  s_endpgm
