# gcnasm -a gfx900 -s llvm
// Errors of the object directives, worded and placed as llvm-mc 14 places
// them (kernel descriptor fields, .amdgcn_target), and gcnasm's own for
// the rest (metadata YAML, unterminated blocks, symbol directives).
	.amdgcn_target "amdgcn-amd-amdhsa--gfx906"
	.amdgcn_target "amdgcn-amd-amdhsa--gfx900:xnack+"
	.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
k:
	s_endpgm
	.rodata
	.amdhsa_kernel k
		.amdhsa_next_free_vgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k
		.amdhsa_next_free_vgpr 1
		.amdhsa_next_free_vgpr 2
	.end_amdhsa_kernel
	.amdhsa_kernel k
		.amdhsa_next_free_vgpr 1
		.amdhsa_next_free_sgpr 103
	.end_amdhsa_kernel
	.amdhsa_kernel k
		.amdhsa_next_free_vgpr 257
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k
		.amdhsa_dx10_clamp 2
	.end_amdhsa_kernel
	.amdhsa_kernel k
		.amdhsa_reserve_xnack_mask 0
	.end_amdhsa_kernel
	.amdhsa_kernel k
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k
		.amdhsa_wavefront_size32 1
	.end_amdhsa_kernel
	.amdhsa_kernel k
		.amdhsa_foo 1
	.end_amdhsa_kernel
	.amdhsa_kernel k
		s_nop 0
	.end_amdhsa_kernel
	.amdhsa_kernel k
		.amdhsa_next_free_vgpr 1
		.amdhsa_next_free_sgpr 1
		.amdhsa_user_sgpr_count 3
		.amdhsa_user_sgpr_private_segment_buffer 1
	.end_amdhsa_kernel
	.amdhsa_kernel k
		.amdhsa_next_free_vgpr 1
		.amdhsa_next_free_sgpr 1
		.amdhsa_group_segment_fixed_size -1
	.end_amdhsa_kernel
	.amdhsa_kernel k
		.amdhsa_next_free_vgpr later
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
later = 4
	.amdhsa_kernel
	.amdhsa_code_object_version 5
	.type k, @gnu_indirect_function
	.globl 1x
	.size k, k
	.section .x,"q"
	.amdgpu_metadata
amdhsa.version: [1, 1
	.end_amdgpu_metadata
	.amdhsa_kernel k
		.amdhsa_next_free_vgpr 1
		.amdhsa_next_free_sgpr 1
