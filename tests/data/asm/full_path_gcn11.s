# gcnasm -a gcn1.1 -s clrx
# The full path on GCN 1.1's SMRD: literal offsets, lit(), literal=, the
# size suffixes, the key form with sdst=.
s_load_dword s1, s[2:3], 0x12345
s_load_dword s1, s[2:3], lit(4)
s_load_dword s1, s[2:3], lit(0x1234)
s_load_dword_e64 s1, s[2:3], 4
s_load_dword_e32 s1, s[2:3], 0x12345
s_load_dword_e64 s1, s[2:3], s4
s_load_dword s1, s[2:3], 0xff literal=5
s_load_dword s1, s[2:3], s4 literal=5
s_load_dword s1, s[2:3], s4 literal=5 literal=6
s_load_dword sdst=0x7f sbase=0x38 offset=0xff literal=0x1234
s_load_dword s1, s[2:3], 0x10 glc
s_memtime s[0:1] offset=5
s_dcache_inv sdst=5
s_load_dword s1, s[2:3], -1
s_mov_b32 s0, 0.15915494309189532
s_mov_b32 s0, 1.0
s_buffer_load_dword s1, s[4:7], 0x100
