// Relocations in code (tests/object_read.c), as clang emits them around
// s_getpc_b64: the SOP instructions are not in the tables yet, so they
// print as data words, each with its relocation; data words after the code
// hold more. Not linked: a shared object refuses these against globals.
	.text
	.globl get_address
	.p2align 8
	.type get_address,@function
get_address:
	s_getpc_b64 s[4:5]
	s_add_u32 s4, s4, message@rel32@lo+4
	s_addc_u32 s5, s5, message@rel32@hi+12
	s_getpc_b64 s[6:7]
	s_add_u32 s6, s6, message@gotpcrel32@lo+4
	s_addc_u32 s7, s7, message@gotpcrel32@hi+12
	s_load_dwordx2 s[6:7], s[6:7], 0x0
	s_waitcnt lgkmcnt(0)
	s_endpgm
	.long message@rel32@lo+4
	.long message@rel32@hi+12
	.long table
	.long get_address+8
	.long local_data-8
.Lget_address_end:
	.size get_address, .Lget_address_end-get_address

	.section .rodata,"a",@progbits
	.globl message
	.type message,@object
	.size message, 12
message:
	.asciz "hello, gcn!"

	.data
	.p2align 3
table:
	.quad get_address
local_data:
	.quad message+4
