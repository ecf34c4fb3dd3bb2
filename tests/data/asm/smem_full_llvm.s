# gcnasm -a gfx900 -s llvm
// SMEM's full parse path in llvm-mc 14's syntax: spacing, expressions,
// commas, the offset left out, llvm-mc's printed registers, messages.
s_load_dword s5 s[2:3] 0x10 glc
s_load_dword s5, s[2:3], 0x10, glc
s_load_dword s5, s[2:3], 0x10 noglc
s_load_dword s5, s[2:3]
s_load_dword s5, s[2:3],
s_load_dword s5, s[2:3], glc
s_load_dword s5, s[2:3], -(0x10)
s_buffer_load_dword s5, s[4:7], -0x10
s_load_dwordx4 s[100:103], s[2:3], 0x0
s_load_dword s5, s[2:3], 0x10 glc,
s_load_dword s5, s[2:3], 0x10 glc:1
s_load_dword s5, s[2:3], 0x10 glc glc
s_load_dword s5, s[2:3], 0x10 nv
s_load_dword s5, s[2:3], s7 offset:4
s_memtime s[4:5] glc
s_load_dword_e64 s5, s[2:3], 0x10
s_load_dword s5, s[2:3], 0x100000
s_load_dword m0, s[2:3], 0x10
s_load_dwordx2 s[3:4], s[2:3], 0x10
s_load_dword s5, s[2:3], 0x10 slc
