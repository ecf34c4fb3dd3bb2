; A code object for gfx900 (llvm dialect): one kernel that adds a constant
; to every element of a buffer, its kernel descriptor and its metadata.
;   build/gcnasm -a gfx900 -s llvm -f elf -o kernel.o examples/kernel.s
;   ld.lld -shared -o kernel.co kernel.o
; target: gfx900
	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
	.protected	add_one
	.globl	add_one
	.p2align	8
	.type	add_one,@function
add_one:
	s_load_dwordx2 s[0:1], s[4:5], 0x0     ; the buffer's address, from the kernel arguments
	s_waitcnt lgkmcnt(0)
	global_load_dword v1, v0, s[0:1]
	s_waitcnt vmcnt(0)
	global_atomic_add v0, v1, s[0:1]
	s_endpgm
.Lend:
	.size	add_one, .Lend-add_one

	.rodata
	.p2align	6
	.amdhsa_kernel add_one
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_kernarg_size 8
		.amdhsa_next_free_vgpr 2
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 256
    .name:           add_one
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .symbol:         add_one.kd
    .vgpr_count:     2
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx900
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
