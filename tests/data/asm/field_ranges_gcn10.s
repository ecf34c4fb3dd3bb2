# gcnasm -a gcn1.0
# GCN 1.0 SMRD offsets: 8 bits, unsigned dwords: -1 warns as what it is.
s_load_dword s1, s[2:3], 0x100
s_load_dword s1, s[2:3], -1
s_buffer_load_dword s1, s[4:7], 0x1ff
s_load_dword s1, s[2:3], 0xff
