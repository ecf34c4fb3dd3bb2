; target: gfx906:sramecc+:xnack-
; Target features in the target id and e_flags; without XNACK the mask
; is not reserved.
	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx906:sramecc+:xnack-"
	.globl	k
	.p2align	8
	.type	k,@function
k:
	global_load_dword v1, v[2:3], off offset:-8
	scratch_store_dword off, v1, s4 offset:16
	s_waitcnt vmcnt(0)
	s_endpgm
	.size	k, .-k
	.rodata
	.amdhsa_kernel k
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 5
		.amdhsa_reserve_xnack_mask 0
		.amdhsa_fp16_overflow 1
	.end_amdhsa_kernel
