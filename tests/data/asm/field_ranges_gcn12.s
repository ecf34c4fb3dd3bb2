# gcnasm -a gcn1.2
# GCN 1.2 SMEM offsets: 20 bits, unsigned.
s_load_dword s1, s[2:3], -1
s_load_dword s1, s[2:3], 0x100000
s_load_dword s1, s[2:3], 0xfffff
buffer_load_dword v1, off, s[4:7], 0 offset:4096
