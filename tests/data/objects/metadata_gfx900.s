; target: gfx900
; link: no (no kernel)
; The metadata's scalars as llvm-mc 14 types them, quoted or not: unsigned
; and negative integers in every radix, YAML 1.1 booleans, nil for floats
; and the empty text, strings; map keys sorted (a boolean key before the
; strings), a repeated key's last value.
	.amdgpu_metadata
---
amdhsa.version: [ 1, 1 ]
amdhsa.kernels: []
zeta: last
x.decimal: 255
x.quoted: '123'
x.double_quoted: "65536"
x.hex: 0x1F
x.octal: 010
x.binary: 0b101
x.negative: -3
x.negative_large: -40000
x.large: 18446744073709551615
x.true: true
x.quoted_false: 'false'
x.capital: True
x.float: 1.5
x.double: 0.1
x.exponent: 1e3
x.string: OpenCL C
x.long_string: a string longer than thirty-one characters, to need str8
x.empty: ''
x.list: [ 1, -1, a, 'b', true, 2.5 ]
x.map: { b: 2, a: 1, c: { z: 0, y: [] } }
x.dash: 1-2
x.plus: +5
x.words: [ ~, null, Null, NULL, nUll, y, Y, yes, Yes, YES, yES, on, On, ON, n, N, no, No, NO, off, Off, OFF, TRUE, tRue, FALSE, inf, nan, .5, 0x1p3, -0, -0x10, -010, 1_000, " 5", 12abc, 0X1f, 0B11, 0o17, 09 ]
zeta: first
...
	.end_amdgpu_metadata
