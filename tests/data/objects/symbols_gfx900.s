; target: gfx900
; link: no (a kernel that is local)
; Symbols as llvm-mc makes them: assignments to labels and constants,
; .local of an undefined name, .type of an undefined name, kernels whose
; descriptor is made before the kernel is defined or declared global,
; merged strings, a code section declared twice.
	.text
start:
	s_nop 0
.Lmid:
	s_endpgm
	.set alias2, .Lmid+4
	.set alias3, konst2
konst2 = 7
	.globl alias3
	.globl konst
	konst = 42
.Lexported:
	s_endpgm
	.local undefined_local
	.type undefined_fn,@function
	.type start, %function
	.size start, .Lend-start
	.globl late_kernel
	.section .rodata.str1.1,"aMS",@progbits,1
	.asciz "hello"
	.section .text.other
	s_endpgm
	.section .text.other,"ax",@progbits
	s_endpgm
	.rodata
	.amdhsa_kernel late_kernel
		.amdhsa_next_free_vgpr 1
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel ghost
		.amdhsa_next_free_vgpr 1
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.globl ghost
	.data
	.p2align 4
	.byte 1
	.p2align 3
	.quad alias3
	.quad alias2
	.quad undefined_local
	.quad undefined_fn
	.bss
bsslabel:
	.zero 4
	.text
late_kernel:
	s_endpgm
.Lend:
