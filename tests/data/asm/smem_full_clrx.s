# gcnasm -a gfx900 -s clrx
# SMEM's full parse path (the generic parser with SMRD/SMEM's hooks):
# spacing, symbols, expressions, CLRX's key form, soe's offset:X, messages.
sym = 5
rs = %s[4:5]
s_load_dword  s5 ,s[2:3] ,  sym+2
s_load_dwordx2 rs, s[2:3], 0x10 glc:2
s_load_dword s5, s[2:3], 0x10 glc glc
s_load_dword s5, s[2:3], 0x10 glc glc:0
s_load_dword s5, s[2:3], @sym
s_load_dword s5, s[2:3], s7 offset:0x1fffff
s_load_dword s5, s[2:3], s7 offset:-1 nv
s_load_dword s5, s[2:3], s7 offset:4 offset:5
s_load_dword s5, s[2:3], s7 offset:0x200000
s_load_dword s5, s[2:3] sdata=1
s_load_dword glc sdata=0x7f sbase=0x38 offset=0x23 imm=1
s_load_dword sdata=1 soffset=4 soe=1 nv
s_dcache_wb sdata=3 reserved=0x2000
s_memtime s[4:5] glc
s_atc_probe 0x80, s[2:3], 0x10
s_store_dword s5, s[2:3], s7
s_load_dword s5, s[2:3]
s_load_dword_e32 s5, s[2:3], 0x10
s_load_dword s5, s[2:3], 0x10 offset:4
s_load_dword s5, s[2:3], s7 foo
s_load_dword s5, s[2:3], s7 sdata=1
s_load_dword sdata=1 sdata=2
s_load_dword sdata=0x80
s_load_dword literal=5
s_load_dword sdata=1 reserved=0x4000
s_load_dword s5, s[3:4], 0x10
s_load_dwordx2 s[4:6], s[2:3], 0x10
s_load_dword s5, s[2:3], lit(5)
s_load_dword s5, s[2:3], s7 offset
s_load_dword s5, s[2:3], s7 soffset=3 offset:4
s_load_dword sdst=1
s_load_dword s5, s[2:3] imm=1
s_memtime s[2:3] offset=0x10 imm=1 sbase=3
s_load_dword s5, s[2:3], s7 soe=1 soffset=9 nv
