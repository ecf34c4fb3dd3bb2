# gcnasm -a gfx900 -s llvm
# Plain lines (no comment, quote or ;) take the fast paths of the assembler:
# an instruction, a label alone. The same statements with a comment take the
# general path; both give the words and messages of the general path.
start:
start_commented: // a comment
  s_nop 0
	s_nop 1
s_nop 2
s_nop 2 // the same
label_spaces:   
label_then_instruction: s_nop 3
a1: b1:
$dollar.name_1:
.Ldot:
.Ldot_commented: // c
  indented_label:
x = 5
y=6
z = x + y
  s_nop z
s_branch forward
s_branch start
s_cbranch_scc0 .Ldot
.byte 1
s_nop 4
.p2align 2
s_nop 5
1:
s_branch 1b
s_branch 1f
1:
.data
s_nop 6
data_label:
.text
s_nop 11
forward:
.if 0
skipped_label:
s_nop 7
.endif
s_nop skipped_label_value
skipped_label_value = 8
.macro twice
s_nop 9
s_nop 9
.endm
after_macro:
twice
  s_nop 10
s_endpgm
