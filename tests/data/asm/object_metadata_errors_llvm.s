# gcnasm -a gfx900 -s llvm
// The metadata llvm-mc 14 refuses ("invalid HSA metadata"), each block
// with one mistake; gcnasm says which and points at it.
	.amdgpu_metadata
amdhsa.kernels: []
.end_amdgpu_metadata
	.amdgpu_metadata
amdhsa.version: [1, 1, 1]
amdhsa.kernels: []
.end_amdgpu_metadata
	.amdgpu_metadata
amdhsa.version: [1, x]
amdhsa.kernels: []
.end_amdgpu_metadata
	.amdgpu_metadata
amdhsa.version: [1, 1]
amdhsa.printf: [a, 1]
amdhsa.kernels: []
.end_amdgpu_metadata
	.amdgpu_metadata
amdhsa.version: [1, 1]
amdhsa.kernels:
  - .name: k
    .symbol: k.kd
    .kernarg_segment_size: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .wavefront_size: 64
    .sgpr_count: 1
    .vgpr_count: 1
    .args:
      - .size: 8
        .offset: 0
        .value_kind: by_value
.end_amdgpu_metadata
	.amdgpu_metadata
amdhsa.version: [1, 1]
amdhsa.kernels:
  - .name: k
    .symbol: k.kd
    .kernarg_segment_size: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .wavefront_size: 64
    .sgpr_count: 1
    .vgpr_count: 1
    .max_flat_workgroup_size: 256
    .language: Fortran
.end_amdgpu_metadata
	.amdgpu_metadata
amdhsa.version: [1, 1]
amdhsa.kernels:
  - .name: '123'
    .symbol: k.kd
    .kernarg_segment_size: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .wavefront_size: 64
    .sgpr_count: 1
    .vgpr_count: 1
    .max_flat_workgroup_size: 256
.end_amdgpu_metadata
	.amdgpu_metadata
amdhsa.version: [1, 1]
amdhsa.kernels:
  - .name: k
    .symbol: k.kd
    .kernarg_segment_size: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .wavefront_size: 64
    .sgpr_count: 1
    .vgpr_count: 1
    .max_flat_workgroup_size: 256
    .args:
      - .size: 8
        .offset: 0
        .value_kind: by_value
      - .size: 8
        .offset: 8
        .value_kind: hidden_heap_v1
.end_amdgpu_metadata
	.amdgpu_metadata
amdhsa.version: [1, 1]
amdhsa.kernels:
  - .name: k
    .symbol: k.kd
    .kernarg_segment_size: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .wavefront_size: 64
    .sgpr_count: 1
    .vgpr_count: 1
    .max_flat_workgroup_size: 256
    .args:
      - .size: 8
        .offset: 0
        .value_kind: by_value
        .is_pipe: 1
.end_amdgpu_metadata
	.amdgpu_metadata
amdhsa.version: [1, 1]
amdhsa.kernels: [ 1 ]
.end_amdgpu_metadata
	s_endpgm
