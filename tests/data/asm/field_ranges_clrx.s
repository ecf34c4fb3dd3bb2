# gcnasm -a gfx900
# Values that do not fit their field: an error, or (as CLRX truncates) a
# warning that says what the hardware reads, in every family.
global_load_dword v1, v[2:3], off offset:5000
global_load_dword v1, v[2:3], off offset:4096
global_load_dword v1, v[2:3], off offset:4095
global_load_dword v1, v[2:3], off offset:-4097
global_load_dword v1, v[2:3], off offset:9000
flat_load_dword v1, v[2:3] offset:4096
flat_load_dword v1, v[2:3] offset:5000
flat_load_dword v1, v[2:3] offset:-1
flat_load_dword v1, v[2:3] offset:9000
buffer_load_dword v1, off, s[4:7], 0 offset:4096
buffer_load_dword v1, off, s[4:7], 0 offset:70000
buffer_load_dword v1, off, s[4:7], 0 offset:-1
buffer_load_dword v1, off, s[4:7], 65
buffer_load_dword v1, off, s[4:7], -17
s_load_dword s1, s[2:3], 0x100000
s_load_dword s1, s[2:3], 0x200000
s_load_dword s1, s[2:3], -1
s_load_dword s1, s[2:3], -0x100001
s_nop 8
s_nop 0x10000
s_nop -32769
s_sleep 0x10000
s_setprio 4
s_waitcnt vmcnt(64)
s_waitcnt expcnt(8)
s_waitcnt lgkmcnt(16)
s_waitcnt 0x10000
s_sendmsg sendmsg(2, 3, 4)
s_sendmsg 0x10000
s_trap 0x100
s_branch 0x10000
s_setkill 0x10000
s_cbranch_scc0 -32769
