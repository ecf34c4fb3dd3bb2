; target: gfx906:xnack+
; option: --amdhsa-code-object-version=3
; Code object v3: ABI version 1, e_flags with the v3 feature bits, the v3
; target id.
	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx906+xnack+sram-ecc"
	.globl	k
	.p2align	8
	.type	k,@function
k:
	s_endpgm
	.size	k, .-k
	.rodata
	.amdhsa_kernel k
		.amdhsa_next_free_vgpr 1
		.amdhsa_next_free_sgpr 1
		.amdhsa_reserve_xnack_mask 1
	.end_amdhsa_kernel
	.amdgpu_metadata
---
amdhsa.kernels:
  - .name:           k
    .symbol:         k.kd
    .kernarg_segment_size: 0
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .kernarg_segment_align: 4
    .wavefront_size: 64
    .sgpr_count:     8
    .vgpr_count:     1
    .max_flat_workgroup_size: 256
amdhsa.target:   amdgcn-amd-amdhsa--gfx906+xnack+sram-ecc
amdhsa.version:
  - 1
  - 0
...
	.end_amdgpu_metadata
