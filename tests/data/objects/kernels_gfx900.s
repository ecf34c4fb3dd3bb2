; target: gfx900
; Two kernels of the families the tables know (SOPP, SMEM, MUBUF, FLAT),
; data and read-only sections, symbols across sections, relocations in
; data, kernel descriptors and the metadata note.
	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
	.protected	copy
	.globl	copy
	.p2align	8
	.type	copy,@function
copy:
	s_load_dwordx4 s[4:7], s[4:5], 0x0
	s_nop 1
	s_waitcnt lgkmcnt(0)
	global_load_dword v1, v0, s[4:5]
	s_waitcnt vmcnt(0)
	global_store_dword v0, v1, s[6:7]
	s_endpgm
.Lfunc_end0:
	.size	copy, .Lfunc_end0-copy

	.globl	scale
	.p2align	8
	.type	scale,@function
scale:
	s_load_dwordx2 s[0:1], s[4:5], 0x0
	s_load_dword s2, s[4:5], 0x8
	s_waitcnt lgkmcnt(0)
	buffer_load_dword v1, v0, s[8:11], 0 offen
	s_waitcnt vmcnt(0)
	buffer_store_dword v1, v0, s[8:11], 0 offen offset:16
	s_cbranch_execz .Ldone
	flat_load_dword v2, v[0:1]
	s_waitcnt vmcnt(0) lgkmcnt(0)
.Ldone:
	s_endpgm
.Lfunc_end1:
	.size	scale, .Lfunc_end1-scale

helper:
	s_branch .Ldone
	s_endpgm

	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel copy
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_kernarg_size 16
		.amdhsa_next_free_vgpr 2
		.amdhsa_next_free_sgpr 8
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_flat_scratch 0
	.end_amdhsa_kernel
	.amdhsa_kernel scale
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_kernarg_size 12
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 3
		.amdhsa_next_free_sgpr 12
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_exception_int_div_zero 1
	.end_amdhsa_kernel

constants:
	.long 1, 2, 3, 4
	.size constants, 16
	.data
table:
	.quad copy
	.quad scale+8
	.quad helper
	.quad counter
	.quad external
	.quad WIDTH
	.long .Lfunc_end1-scale
	.size table, .-table
	.type table,@object

	.globl counter
	.p2align 2
counter:
	.long 0
	.type counter,@object
	.size counter, 4
pointer:
	.quad table
	.quad .Ldone

	.bss
	.globl buffer
buffer:
	.zero 64
	.size buffer, 64

	.section .AMDGPU.csdata
	.section .mydata,"aw",@progbits
	.byte 1, 2, 3
	.weak optional
	.quad optional
	.set WIDTH, 64

	.ident "gcnasm test"
	.section ".note.GNU-stack"
	.addrsig
	.addrsig_sym counter
	.addrsig_sym external
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .language:       OpenCL C
    .language_version:
      - 2
      - 0
    .max_flat_workgroup_size: 256
    .name:           copy
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .symbol:         copy.kd
    .vgpr_count:     2
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .offset:         0
        .size:           8
        .value_kind:     global_buffer
        .address_space:  global
        .is_const:       true
      - .offset:         8
        .size:           4
        .type_name:      int
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 12
    .language:       OpenCL C
    .max_flat_workgroup_size: 0x100
    .name:           scale
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .symbol:         scale.kd
    .vgpr_count:     3
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx900
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
