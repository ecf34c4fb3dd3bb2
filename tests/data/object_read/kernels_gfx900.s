// Hand-written gfx900 kernels for the object tests (tests/object_read.c):
// several kernels, their descriptors and metadata, data, read-only data
// and zeroed data, and symbols that point across sections.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
	.text
	.globl copy_global
	.p2align 8
	.type copy_global,@function
copy_global:
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	s_load_dword s8, s[0:1], 0x10
	s_waitcnt lgkmcnt(0)
	global_load_dword v1, v0, s[4:5]
	global_load_dwordx2 v[2:3], v0, s[4:5] offset:8
	s_waitcnt vmcnt(0)
	global_store_dword v0, v1, s[6:7]
	global_store_dwordx2 v0, v[2:3], s[6:7] offset:16 glc
	s_endpgm
.Lcopy_global_end:
	.size copy_global, .Lcopy_global_end-copy_global

	.globl buffer_loop
	.p2align 8
	.type buffer_loop,@function
buffer_loop:
	s_load_dwordx4 s[8:11], s[4:5], 0x0
	s_load_dwordx2 s[12:13], s[4:5], 0x10
	s_waitcnt lgkmcnt(0)
	s_cbranch_execz .Lskip
.Lloop:
	buffer_load_dword v1, v0, s[8:11], 0 offen
	buffer_load_dwordx2 v[2:3], v0, s[8:11], s12 offen offset:64
	s_waitcnt vmcnt(0)
	buffer_store_dword v1, v0, s[8:11], 0 offen offset:4
	buffer_store_dwordx2 v[2:3], v0, s[8:11], 0 offen offset:128 glc slc
	s_cbranch_scc1 .Lloop
	s_branch tail
.Lskip:
	s_endpgm
tail:
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_endpgm
.Lbuffer_loop_end:
	.size buffer_loop, .Lbuffer_loop_end-buffer_loop

	.globl flat_scratch_use
	.p2align 8
	.type flat_scratch_use,@function
flat_scratch_use:
	s_load_dwordx2 s[0:1], s[4:5], 0x8
	s_waitcnt lgkmcnt(0)
	flat_load_dword v1, v[2:3]
	flat_load_dwordx4 v[4:7], v[2:3] offset:16
	s_waitcnt vmcnt(0) lgkmcnt(0)
	flat_store_dword v[2:3], v1 offset:4
	scratch_store_dword off, v1, s0 offset:8
	scratch_load_dword v1, off, s0 offset:8
	s_nop 7
	s_sleep 2
	s_endpgm
.Lflat_scratch_use_end:
	.size flat_scratch_use, .Lflat_scratch_use_end-flat_scratch_use

	.section .rodata,"a",@progbits
	.globl constants
	.p2align 4
	.type constants,@object
	.size constants, 16
constants:
	.long 1, 2, 3, 0x3f800000
	.p2align 6
	.amdhsa_kernel copy_global
	  .amdhsa_next_free_vgpr 4
	  .amdhsa_next_free_sgpr 9
	  .amdhsa_user_sgpr_kernarg_segment_ptr 1
	  .amdhsa_system_vgpr_workitem_id 0
	.end_amdhsa_kernel
	.p2align 6
	.amdhsa_kernel buffer_loop
	  .amdhsa_next_free_vgpr 4
	  .amdhsa_next_free_sgpr 14
	  .amdhsa_user_sgpr_dispatch_ptr 1
	  .amdhsa_user_sgpr_kernarg_segment_ptr 1
	  .amdhsa_group_segment_fixed_size 256
	  .amdhsa_reserve_vcc 0
	.end_amdhsa_kernel
	.p2align 6
	.amdhsa_kernel flat_scratch_use
	  .amdhsa_next_free_vgpr 8
	  .amdhsa_next_free_sgpr 6
	  .amdhsa_user_sgpr_private_segment_buffer 1
	  .amdhsa_user_sgpr_kernarg_segment_ptr 1
	  .amdhsa_private_segment_fixed_size 16
	  .amdhsa_system_sgpr_private_segment_wavefront_offset 1
	  .amdhsa_float_denorm_mode_32 0
	.end_amdhsa_kernel

	.data
	.globl kernel_table
	.p2align 3
	.type kernel_table,@object
	.size kernel_table, 24
kernel_table:
	.quad copy_global
	.quad buffer_loop
	.quad constants+8
counter_address:
	.quad counters

	.section .bss,"aw",@nobits
	.p2align 2
counters:
	.zero 32

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .name:           in
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
        .value_type:     i32
      - .address_space:  global
        .name:           out
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
        .value_type:     i32
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 20
    .max_flat_workgroup_size: 256
    .name:           copy_global
    .private_segment_fixed_size: 0
    .sgpr_count:     11
    .symbol:         copy_global.kd
    .vgpr_count:     4
    .wavefront_size: 64
  - .args:
      - .name:           resource
        .offset:         0
        .size:           16
        .value_kind:     by_value
        .value_type:     struct
    .group_segment_fixed_size: 256
    .kernarg_segment_align: 16
    .kernarg_segment_size: 24
    .language:       OpenCL C
    .language_version:
      - 2
      - 0
    .max_flat_workgroup_size: 64
    .name:           buffer_loop
    .private_segment_fixed_size: 0
    .sgpr_count:     14
    .symbol:         buffer_loop.kd
    .vgpr_count:     4
    .wavefront_size: 64
  - .args:           []
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 4
    .kernarg_segment_size: 0
    .max_flat_workgroup_size: 1024
    .name:           flat_scratch_use
    .private_segment_fixed_size: 16
    .sgpr_count:     8
    .symbol:         flat_scratch_use.kd
    .vgpr_count:     8
    .wavefront_size: 64
    .uses_dynamic_stack: false
    .vec_type_hint:  'float'
amdhsa.target:   amdgcn-amd-amdhsa--gfx900
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
