; target: fiji
; link: no (32-bit relocations against symbols a shared object may not resolve)
; Every relocation form clang emits, in data: against undefined, global,
; weak, local and section-local symbols, with addends, and constants
; that become bytes.
	.text
	.globl	entry
entry:
	s_nop 0
.Lhere:
	s_endpgm
local_code:
	s_endpgm

	.data
	.p2align 3
values:
	.quad undefined64
	.quad undefined64+16
	.quad undefined64-8
	.quad entry
	.quad entry+4
	.quad .Lhere
	.quad local_code+2
	.quad values
	.quad later_constant
	.long undefined32
	.long entry
	.long local_code
	.long sym@abs32@lo
	.long sym@abs32@hi
	.long sym@abs32@lo+8
	.long fn@rel32@lo+4
	.long fn@rel32@hi+12
	.long fn@rel32@lo-4
	.long got@gotpcrel32@lo+4
	.long got@gotpcrel32@hi+12
	.long entry@rel32@lo+4
	.long local_code@rel32@hi+12
	.long local_code-entry
	.long .-values
	.quad weak_one
	.weak weak_one
	.byte 7
	.short later_constant
later_constant = 0x1234
	.hidden got
	.protected fn
