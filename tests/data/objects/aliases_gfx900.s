; target: gfx900
; Assignments to symbols take their type and size (through a chain, a
; function over an object), as llvm-mc merges them.
	.text
f:
	s_endpgm
	s_endpgm
	.type f,@function
	.size f, 8
	.set a1, f
	a2 = f + 4
	.set a3, a1
	.globl a3
	.type a4,@object
	.set a4, f
	.set a5, .Lx
	.data
o:	.long 1
	.type o,@object
	.size o, 4
	.set a6, o
	.set a7, 5
	.size a7, 2
.Lx:
