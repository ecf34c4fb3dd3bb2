// A relocation that gcndis's source does not give back (tests/object_damage.c):
// a 64-bit one (R_AMDGPU_ABS64, .quad) over two data words of code, which
// print one a line.
	.text
	.globl f
f:
	s_endpgm
	.quad message
	.data
	.globl message
message:
	.long 1
