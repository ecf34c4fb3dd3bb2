// Metadata strings that read as other types (numbers, YAML 1.1 booleans, the
// empty string): gcndis writes them with the tag !str, as LLVM does, so that
// they come back as strings (tests/object_read.c).
	.text
	s_endpgm
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .name: !str '0o17'
        .offset: 0
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str '1_000'
        .offset: 8
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str '.5'
        .offset: 16
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str '-3'
        .offset: 24
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str 'y'
        .offset: 32
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str 'n'
        .offset: 40
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str 'Yes'
        .offset: 48
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str ''
        .offset: 56
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str '~'
        .offset: 64
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str 'null'
        .offset: 72
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str '1e3'
        .offset: 80
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str 'abc'
        .offset: 88
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str '.name'
        .offset: 96
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str '+.inf'
        .offset: 104
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str '0x1f'
        .offset: 112
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str 'x1'
        .offset: 120
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str 'off'
        .offset: 128
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str '1.0'
        .offset: 136
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str '-.5e3'
        .offset: 144
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str 'true'
        .offset: 152
        .size: 8
        .value_kind: by_value
        .value_type: i32
      - .name: !str 'NO'
        .offset: 160
        .size: 8
        .value_kind: by_value
        .value_type: i32
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 168
    .max_flat_workgroup_size: 256
    .name: k
    .private_segment_fixed_size: 0
    .sgpr_count: 8
    .symbol: k.kd
    .vgpr_count: 2
    .wavefront_size: 64
amdhsa.version: [1, 1]
...
	.end_amdgpu_metadata
