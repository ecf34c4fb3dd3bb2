# gcnasm -a gcn1.1 -s clrx
# SMRD's full parse path (GCN 1.1): literal offsets, lit(), keys, messages.
s_load_dword s5, s[2:3], 0x12345
s_load_dword s5,s[2:3],lit(3)
s_load_dword_e64 s5, s[2:3], 0x10
s_load_dword_e32 s5, s[2:3], 0x100
s_load_dword_e64 s5, s[2:3], s7
s_load_dword sdst=5 sbase=1 offset=0xff literal=0x1234
s_load_dword sdst=5 offset=0x10 literal=1
s_load_dword s5, s[2:3], 0x10 glc
s_load_dword s5, s[2:3], 0x10 nv
s_load_dword s5, s[2:3], s7 offset:4
s_load_dword s5, s[2:3], lit(1)
s_dcache_inv sdst=1
s_load_dword sdst=1 reserved=1
s_load_dword sdata=1
s_load_dword sdst=5 offset=0xff literal=1 literal=2
s_load_dword sdst=5 sbase=2 imm=1 offset=0x12
s_memtime s[2:3] offset=0x10 imm=1 sbase=3
