# gcnasm -a gfx900 -s llvm
// checked against llvm-mc (tests/asm_golden.sh)
# Operands that take an expression take one that begins with a symbol,
# also one named like a keyword (as llvm-mc 14 takes them: the same words).
x=1
s_waitcnt x+1
lgkmcnt_sat=1
s_waitcnt lgkmcnt_sat
sendmsg=2
s_sendmsg sendmsg
vmcnt=3
s_waitcnt vmcnt
s_waitcnt vmcnt+1
s_waitcnt vmcnt (0) & lgkmcnt(x)
s_sendmsg sendmsg (x, 0)
s_nop x
s_sleep x*2
s_setprio x
s_sendmsg x
s_trap x
s_setkill x
s_endpgm x
s_load_dword s1, s[2:3], x+0x10
s_buffer_load_dword s1, s[4:7], x
buffer_load_dword v1, off, s[4:7], x+1 offset:x
global_load_dword v1, v[2:3], off offset:x
offset=8
buffer_load_dword v1, off, s[4:7], 0 offset:offset
