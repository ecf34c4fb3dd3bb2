; target: tahiti
; GCN 1.0: SMRD and MUBUF (addr64) kernels, a v3-style descriptor with
; every field, constants in .rodata and pointers to them in .data.
	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx600"
	.globl	fill
	.p2align	8
	.type	fill,@function
fill:
	s_load_dwordx2 s[0:1], s[4:5], 0x0
	s_load_dword s2, s[4:5], 0x2
	s_buffer_load_dwordx4 s[8:11], s[0:3], 0x4
	s_waitcnt lgkmcnt(0)
	buffer_store_dword v1, v[2:3], s[8:11], 0 addr64
	buffer_load_dwordx2 v[4:5], v0, s[8:11], s2 idxen offset:4 glc
	s_waitcnt vmcnt(0) expcnt(0)
	s_endpgm
.Lfill_end:
	.size	fill, .Lfill_end-fill

	.globl	wait
	.p2align	8
	.type	wait,@function
wait:
	s_barrier
	s_sleep 2
	s_cbranch_scc0 .Lskip
	s_sethalt 0
.Lskip:
	s_endpgm
	.size	wait, .-wait

	.rodata
	.p2align 6
	.amdhsa_kernel fill
		.amdhsa_group_segment_fixed_size 256
		.amdhsa_private_segment_fixed_size 32
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 12
		.amdhsa_reserve_vcc 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 1
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.amdhsa_kernel wait
		.amdhsa_next_free_vgpr 0
		.amdhsa_next_free_sgpr 0
		.amdhsa_reserve_vcc 0
	.end_amdhsa_kernel
pattern:
	.long 0xdeadbeef, 0x01234567
	.asciz "tahiti"

	.data
	.p2align 3
	.globl pattern_pointer
pattern_pointer:
	.quad pattern
	.quad pattern+4
	.size pattern_pointer, 16
	.type pattern_pointer,@object
