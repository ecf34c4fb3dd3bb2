; target: gfx900
; link: no (32-bit relocations against symbols a shared object may not resolve)
; Relocations in instructions' operands, as compilers write them to reach
; globals from the program counter: the operand is the 32-bit literal,
; written as 0 with the relocation at its offset (the addend in the
; relocation), against undefined, global and local symbols; and in a
; SOP1 and SOPC literal as well as SOP2.
	.text
	.globl	entry
entry:
	s_getpc_b64 s[4:5]
	s_add_u32 s4, s4, undefined@rel32@lo+4
	s_addc_u32 s5, s5, undefined@rel32@hi+12
	s_getpc_b64 s[6:7]
	s_add_u32 s6, s6, got@gotpcrel32@lo+4
	s_addc_u32 s7, s7, got@gotpcrel32@hi+12
	s_add_u32 s8, s8, table@rel32@lo-4
	s_add_u32 s9, s9, entry@rel32@lo+4
	s_mov_b32 s10, table@abs32@lo
	s_mov_b32 s11, table@abs32@hi
	s_cmp_eq_u32 s12, local_data@abs32@lo
	s_endpgm

	.data
	.globl	table
table:
	.long 1, 2, 3, 4
local_data:
	.long 5
