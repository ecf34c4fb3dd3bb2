; target: fiji
; GCN 1.2: SMEM (with stores), FLAT and MUBUF, kernels in a section of
; their own besides .text, a descriptor with every reservation.
	.section	.text.kernels,"ax",@progbits
	.amdgcn_target "amdgcn-amd-amdhsa--gfx803"
	.protected	store
	.globl	store
	.p2align	8
	.type	store,@function
store:
	s_load_dwordx2 s[0:1], s[4:5], 0x0
	s_waitcnt lgkmcnt(0)
	s_store_dword s2, s[0:1], 0x10 glc
	s_dcache_wb
	flat_store_dwordx4 v[0:1], v[2:5]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_endpgm
.Lstore_end:
	.size	store, .Lstore_end-store

	.text
	.globl	other
	.p2align	8
	.type	other,@function
other:
	buffer_load_ubyte v1, v0, s[0:3], 0 offen offset:4095
	buffer_store_short v1, v0, s[0:3], 0 offen
	s_waitcnt vmcnt(0)
	s_setprio 3
	s_trap 2
	s_endpgm
	.size	other, .-other

	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel store
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_next_free_vgpr 65
		.amdhsa_next_free_sgpr 97
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_flat_scratch 1
		.amdhsa_reserve_xnack_mask 0
		.amdhsa_float_round_mode_32 1
	.end_amdhsa_kernel
	.amdhsa_kernel other
		.amdhsa_next_free_vgpr 2
		.amdhsa_next_free_sgpr 4
		.amdhsa_system_sgpr_workgroup_info 1
		.amdhsa_ieee_mode 0
	.end_amdhsa_kernel
	.ident "fiji kernels"
	.ident "second line"
