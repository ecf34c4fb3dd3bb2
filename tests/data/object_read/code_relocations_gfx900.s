// Relocations in scalar ALU literals (tests/object_read.c), in the forms
// clang emits around s_getpc_b64 and the absolute ones: gcndis prints them
// under their instructions as llvm-objdump -d -r does, and as source that
// gives them back (the llvm dialect: in the operand, sym@rel32@lo+4; the
// clrx dialect, whose operands take no @ form: the literal word as data).
	.text
	.globl entry
	.p2align 8
	.type entry,@function
entry:
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, fn@rel32@lo+4
	s_addc_u32 s1, s1, fn@rel32@hi+12
	s_getpc_b64 s[2:3]
	s_add_u32 s2, s2, got@gotpcrel32@lo+4
	s_addc_u32 s3, s3, got@gotpcrel32@hi+12
	s_load_dwordx2 s[2:3], s[2:3], 0x0
	s_mov_b32 s4, sym@abs32@lo
	s_mov_b32 s5, sym@abs32@hi+8
	s_cmp_eq_u32 s1, table@abs32@lo
	s_and_b32 s6, s6, entry@rel32@lo+4
	s_or_b32 s7, local_code@rel32@lo-4, s7
	s_mov_b32 s8, table@rel32@hi+12
	s_mov_b32 s9, sym@gotpcrel
	s_endpgm
local_code:
	s_endpgm
.Lentry_end:
	.size entry, .Lentry_end-entry

	.data
	.p2align 2
table:
	.long 1, 2
	.hidden got
	.protected fn
