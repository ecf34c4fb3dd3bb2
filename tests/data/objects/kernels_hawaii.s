; target: hawaii
; GCN 1.1: FLAT and MUBUF, a weak kernel and a local one, the flat
; scratch reservation.
	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx701"
	.weak	first
	.p2align	8
	.type	first,@function
first:
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_waitcnt lgkmcnt(0)
	flat_load_dwordx2 v[2:3], v[0:1] glc
	flat_store_dword v[0:1], v2 slc
	flat_atomic_add v4, v[0:1], v5 glc
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_endpgm
	.size	first, .-first

	.p2align	8
	.type	second,@function
second:
	buffer_load_format_xyzw v[0:3], v4, s[0:3], 0 idxen
	buffer_atomic_add v5, v6, s[0:3], 0 offen glc
	s_waitcnt vmcnt(0)
	s_dcache_inv_vol
	s_memtime s[6:7]
	s_endpgm
	.size	second, .-second

	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel first
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_flat_scratch_init 1
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 98
		.amdhsa_reserve_flat_scratch 1
	.end_amdhsa_kernel
	.amdhsa_kernel second
		.amdhsa_next_free_vgpr 7
		.amdhsa_next_free_sgpr 8
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_reserve_vcc 0
	.end_amdhsa_kernel

	.data
	.p2align 3
kernels:
	.quad first
	.quad second
	.quad first.kd
	.quad second.kd
	.amdgpu_metadata
---
amdhsa.kernels:
  - .name:           first
    .symbol:         first.kd
    .kernarg_segment_size: 16
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .wavefront_size: 64
    .sgpr_count:     102
    .vgpr_count:     6
    .max_flat_workgroup_size: 1024
  - .name:           second
    .symbol:         second.kd
    .kernarg_segment_size: 0
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .kernarg_segment_align: 4
    .wavefront_size: 64
    .sgpr_count:     8
    .vgpr_count:     7
    .max_flat_workgroup_size: 256
amdhsa.target:   amdgcn-amd-amdhsa--gfx701
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
