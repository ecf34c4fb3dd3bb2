; target: gfx900
; link: no (PC-relative relocations against globals a shared object may preempt)
; Relocations in scalar ALU literals, in the forms clang emits after
; s_getpc_b64 and the others llvm-mc takes: against undefined, global,
; local and other-section symbols, with addends; a local label of the
; same section settled PC-relative, a label difference and a constant
; that stay numbers.
	.text
constant = 0x1234
	.globl	entry
	.p2align 8
	.type	entry,@function
entry:
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, fn@rel32@lo+4
	s_addc_u32 s1, s1, fn@rel32@hi+12
	s_getpc_b64 s[2:3]
	s_add_u32 s2, s2, got@gotpcrel32@lo+4
	s_addc_u32 s3, s3, got@gotpcrel32@hi+12
	s_load_dwordx2 s[2:3], s[2:3], 0x0
	s_mov_b32 s4, sym@abs32@lo
	s_mov_b32 s5, sym@abs32@hi
	s_mov_b32 s6, sym@ABS32@LO+8
	s_mov_b32 s7, sym
	s_mov_b32 s8, sym+8
	s_mov_b32 s9, sym-4
	s_mov_b32 s10, sym@rel32@lo+4*2
	s_mov_b32 s11, sym@rel32@hi-4
	s_mov_b32 s12, sym@gotpcrel
	s_add_u32 s13, sym, s1
	s_cmp_eq_u32 s1, fn@abs32@lo
	s_and_b32 s14, s14, entry@rel32@lo+4
	s_or_b32 s15, local_code@rel32@lo+4, s15
	s_mov_b32 s16, table@rel32@lo+4
	s_mov_b32 s17, table
	s_mov_b32 s18, local_code
	s_mov_b32 s19, local_code - entry
	s_mov_b32 s20, constant
	s_mov_b32 s21, constant + 0x100
	s_endpgm
local_code:
	s_endpgm
.Lentry_end:
	.size	entry, .Lentry_end-entry

	.data
	.p2align 2
table:
	.long 1, 2
	.hidden got
	.protected fn
