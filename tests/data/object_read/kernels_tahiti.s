// Hand-written GCN 1.0 (tahiti) kernels for the object tests: SMRD, MUBUF
// with addr64, SOPP; two kernels and read-only data.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx600"
	.text
	.globl add_one
	.p2align 8
	.type add_one,@function
add_one:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	s_load_dword s8, s[0:1], 0x4
	s_load_dwordx2 s[10:11], s[0:1], s2
	s_buffer_load_dwordx2 s[12:13], s[4:7], 0x2
	s_waitcnt lgkmcnt(0)
	buffer_load_dword v1, v[0:1], s[4:7], 0 addr64
	buffer_load_dwordx2 v[2:3], v0, s[4:7], s8 offen offset:12
	s_waitcnt vmcnt(0)
	buffer_store_dword v1, v[0:1], s[4:7], 0 addr64 offset:4 glc
	s_cbranch_scc0 .Ldone
	buffer_store_dwordx2 v[2:3], v0, s[4:7], 0 offen
.Ldone:
	s_endpgm
.Ladd_one_end:
	.size add_one, .Ladd_one_end-add_one

	.globl second
	.p2align 8
	.type second,@function
second:
	s_load_dwordx8 s[8:15], s[0:1], 0x10
	s_waitcnt lgkmcnt(0)
	buffer_load_ubyte v1, off, s[8:11], 0
	buffer_load_sshort v2, off, s[8:11], 0 offset:2
	s_waitcnt vmcnt(0)
	s_barrier
	s_endpgm
.Lsecond_end:
	.size second, .Lsecond_end-second

	.section .rodata,"a",@progbits
	.p2align 6
	.amdhsa_kernel add_one
	  .amdhsa_next_free_vgpr 4
	  .amdhsa_next_free_sgpr 14
	  .amdhsa_user_sgpr_kernarg_segment_ptr 1
	.end_amdhsa_kernel
	.p2align 6
	.amdhsa_kernel second
	  .amdhsa_next_free_vgpr 3
	  .amdhsa_next_free_sgpr 16
	  .amdhsa_user_sgpr_kernarg_segment_ptr 1
	  .amdhsa_system_sgpr_workgroup_id_y 1
	.end_amdhsa_kernel
	.globl weights
	.p2align 2
	.type weights,@object
	.size weights, 8
weights:
	.long 0x3f000000, 0x3e800000

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:           []
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 4
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 256
    .name:           add_one
    .private_segment_fixed_size: 0
    .sgpr_count:     16
    .symbol:         add_one.kd
    .vgpr_count:     4
    .wavefront_size: 64
  - .args:           []
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 4
    .kernarg_segment_size: 48
    .max_flat_workgroup_size: 256
    .name:           second
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .symbol:         second.kd
    .vgpr_count:     3
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
