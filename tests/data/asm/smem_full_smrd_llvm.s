# gcnasm -a gcn1.0 -s llvm
// SMRD's full parse path (GCN 1.0) in llvm-mc 14's syntax.
s_load_dword s5 s[2:3] 0x10
s_load_dword s5, s[2:3], 0x10 glc
s_load_dword s5, s[2:3], vccz
s_load_dword s5, s[2:3]
s_memtime s[4:5] glc
s_load_dword s5, s[2:3], 0x100
s_load_dword s5, s[2:3], 0x10 noglc
s_load_dword m0, s[2:3], 0x10
