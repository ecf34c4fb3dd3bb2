# gcnasm -a gfx900 -s llvm
# What llvm-mc 14's disassembler prints but its assembler refuses reads back
# with a warning naming llvm-mc's message; operands without commas as
# llvm-mc takes them, in every family.
s_load_dword exec_lo, s[2:3], 0x4
s_load_dword m0, s[2:3], 0x4
s_load_dwordx2 exec, s[2:3], 0x4
s_load_dword exec_hi, s[2:3], 0x4
s_load_dwordx4 s[100:103], s[2:3], 0x4
s_load_dwordx2 s[102:103], s[2:3], 0x4
s_buffer_load_dwordx4 s[4:7], s[100:103], 0x4
buffer_load_dword v1, off, s[100:103], 0
s_load_dword s1, s[102:103], 0x4
s_load_dword s1, s[2:3], s102
s_buffer_load_dword s1, null, 0x4
s_load_dword null, s[2:3], 0x4
s_store_dword exec_lo, s[2:3], 0x4
s_store_dword m0, s[2:3], 0x4
s_load_dword vcc_lo, s[2:3], 0x4
s_load_dword flat_scratch_lo, s[2:3], 0x4
s_load_dwordx2 flat_scratch, s[2:3], 0x4
s_load_dwordx2 xnack_mask, s[2:3], 0x4
s_load_dword s1, s[2:3], m0
buffer_load_dword v1, off, s[100:103], 0
buffer_load_dword v1, off, xnack_mask, 0
buffer_load_dword v1, off, s[4:7], null
buffer_load_dword v1, off, s[4:7], s102
buffer_load_dword v1, off, s[4:7], m0
s_load_dword s1 s[2:3], 0x4
s_load_dword s1, s[2:3] 0x4
s_load_dword s1 s[2:3] 0x4
s_store_dword s1 s[2:3] 0x4 glc
buffer_load_dword v1 off, s[4:7], 0
buffer_load_dword v1, off s[4:7], 0
buffer_load_dword v1, off, s[4:7] 0
buffer_load_dword v1 off s[4:7] 0 offset:4
buffer_store_dword v1 v2 s[4:7] s5 offen offset:4 glc
buffer_atomic_add v1 v2 s[4:7] s5 idxen glc
flat_load_dword v1 v[2:3]
flat_store_dword v[2:3] v1
flat_atomic_add v0 v[0:1] v0 glc
flat_atomic_add v[0:1] v0 slc
global_load_dword v1 v[2:3] off
global_load_dword v1 v2 s[4:5] offset:-8
global_store_dword v[2:3] v1 off
global_atomic_add v0 v[2:3] v1 off glc
scratch_load_dword v1 v2 off
scratch_store_dword off v1 s5 offset:4
