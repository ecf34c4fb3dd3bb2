// Hand-written GCN 1.1 (hawaii) kernels for the object tests: FLAT, SMRD
// (with its 32-bit literal offset), MUBUF and SOPP.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx701"
	.text
	.globl flat_copy
	.p2align 8
	.type flat_copy,@function
flat_copy:
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dword s6, s[4:5], 0x12345
	s_waitcnt lgkmcnt(0)
	flat_load_dword v2, v[0:1]
	flat_load_dwordx3 v[4:6], v[0:1] glc
	s_waitcnt vmcnt(0) lgkmcnt(0)
	flat_store_dword v[0:1], v2
	flat_atomic_add v2, v[0:1], v3 glc
	buffer_load_dword v7, off, s[0:3], 0 offset:16
	s_waitcnt vmcnt(0)
	s_endpgm
.Lflat_copy_end:
	.size flat_copy, .Lflat_copy_end-flat_copy

	.globl noop
	.p2align 8
	.type noop,@function
noop:
	s_nop 0
	s_sethalt 0
	s_endpgm
.Lnoop_end:
	.size noop, .Lnoop_end-noop

	.section .rodata,"a",@progbits
	.p2align 6
	.amdhsa_kernel flat_copy
	  .amdhsa_next_free_vgpr 8
	  .amdhsa_next_free_sgpr 7
	  .amdhsa_user_sgpr_private_segment_buffer 1
	  .amdhsa_user_sgpr_kernarg_segment_ptr 1
	  .amdhsa_user_sgpr_flat_scratch_init 1
	.end_amdhsa_kernel
	.p2align 6
	.amdhsa_kernel noop
	  .amdhsa_next_free_vgpr 1
	  .amdhsa_next_free_sgpr 0
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:           []
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 256
    .name:           flat_copy
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .symbol:         flat_copy.kd
    .vgpr_count:     8
    .wavefront_size: 64
  - .args:           []
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 4
    .kernarg_segment_size: 0
    .max_flat_workgroup_size: 64
    .name:           noop
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .symbol:         noop.kd
    .vgpr_count:     1
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx701
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
