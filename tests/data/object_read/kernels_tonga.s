// Hand-written GCN 1.2 (tonga) kernels for the object tests: SMEM, FLAT,
// MUBUF and SOPP, two kernels, a local function, data that points at code.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx802"
	.text
	.globl scale
	.p2align 8
	.type scale,@function
scale:
	s_load_dwordx2 s[0:1], s[4:5], 0x0
	s_load_dwordx4 s[8:11], s[4:5], 0x8
	s_buffer_load_dword s12, s[8:11], 0x10
	s_waitcnt lgkmcnt(0)
	flat_load_dword v1, v[2:3]
	flat_load_dwordx2 v[4:5], v[2:3] glc
	s_waitcnt vmcnt(0) lgkmcnt(0)
	flat_store_dword v[2:3], v1
	flat_store_dwordx2 v[2:3], v[4:5] slc
	s_store_dword s12, s[0:1], 0x20
	s_dcache_wb
	s_cbranch_vccz helper
	s_endpgm
.Lscale_end:
	.size scale, .Lscale_end-scale

	.p2align 2
	.type helper,@function
helper:
	buffer_load_dword v1, off, s[8:11], 0 offset:4095
	buffer_load_format_xyzw v[4:7], v0, s[8:11], 0 idxen
	s_waitcnt vmcnt(0)
	buffer_store_byte v1, v0, s[8:11], s12 offen
	buffer_store_short v1, off, s[8:11], 0
	buffer_atomic_add v1, v0, s[8:11], 0 offen glc
	s_waitcnt vmcnt(0)
	s_endpgm
.Lhelper_end:
	.size helper, .Lhelper_end-helper

	.globl with_data
	.p2align 8
	.type with_data,@function
with_data:
	s_load_dword s0, s[4:5], 0x0
	s_waitcnt lgkmcnt(0)
	s_endpgm
.Lwith_data_end:
	.size with_data, .Lwith_data_end-with_data

	.section .rodata,"a",@progbits
	.p2align 6
	.amdhsa_kernel scale
	  .amdhsa_next_free_vgpr 6
	  .amdhsa_next_free_sgpr 13
	  .amdhsa_user_sgpr_private_segment_buffer 1
	  .amdhsa_user_sgpr_kernarg_segment_ptr 1
	.end_amdhsa_kernel
	.p2align 6
	.amdhsa_kernel with_data
	  .amdhsa_next_free_vgpr 1
	  .amdhsa_next_free_sgpr 1
	  .amdhsa_user_sgpr_private_segment_buffer 1
	  .amdhsa_user_sgpr_kernarg_segment_ptr 1
	  .amdhsa_ieee_mode 0
	.end_amdhsa_kernel
	.globl message
	.type message,@object
	.size message, 12
message:
	.asciz "hello, gcn!"

	.data
	.p2align 3
table:
	.quad scale
	.quad helper
	.long 7

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .name:           data
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
        .value_type:     f32
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 24
    .max_flat_workgroup_size: 256
    .name:           scale
    .private_segment_fixed_size: 0
    .sgpr_count:     15
    .symbol:         scale.kd
    .vgpr_count:     6
    .wavefront_size: 64
  - .args:           []
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 4
    .kernarg_segment_size: 4
    .max_flat_workgroup_size: 64
    .name:           with_data
    .private_segment_fixed_size: 0
    .sgpr_count:     3
    .symbol:         with_data.kd
    .vgpr_count:     1
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx802
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
