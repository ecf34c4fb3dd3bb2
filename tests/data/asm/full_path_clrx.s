# gcnasm -a gfx900 -s clrx
# The full path (src/syntax/full.c) on every kind of operand: register
# symbols, literals, floats, hwreg, gpr_idx, CLRX's keys, SMEM's key form,
# lit(), @symbol, the _e64 suffix; each statement the one-pass path leaves.
x = %s26
y = %s[4:7]
z = %x
sym = 0x40
s_mov_b32 s0, x
s_mov_b32 s0, y[1]
s_mov_b64 s[0:1], y[2:3]
s_mov_b32 s0, z
s_add_u32 s0, x, sym
s_mov_b32 s0, 1.0
s_mov_b32 s0, 1.5
s_mov_b32 s0, -4.0
s_mov_b32_e64 s0, 1
s_mov_b32 s0, lit(1)
s_mov_b32 s0, lit(1.0)
s_add_u32 s0, 0x12345, 0x12345
s_add_u32 s0, 0x12345, 0x12346
s_mov_b32 s0, 0x123456789
s_mov_b32 s0, vcc[1]
s_mov_b64 s[0:1], flat_scratch[0:1]
s_mov_b32 s0, ill_125
s_mov_b32 s0, s1 sdst=5
s_mov_b32 s0, s1 ssrc0=5
s_getreg_b32 s0, hwreg(mode, 0, 32)
s_getreg_b32 s0, hwreg(HWREG_TRAPSTS)
s_getreg_b32 s0, hwreg(@5, 1, 4)
s_getreg_b32 s0, hwreg(99)
s_getreg_b32 s0, hwreg(mode, 32, 1)
s_getreg_b32 s0, 0x1801
s_setreg_imm32_b32 hwreg(mode), 0x12345
s_set_gpr_idx_on s0, gpr_idx(SRC0,DST)
s_set_gpr_idx_mode gpr_idx(SRC1)
s_movk_i32 s0, 0x12345
s_nop
s_nop 0x10
s_nop 0x10 simm16=4
s_endpgm 3
s_waitcnt vmcnt(0) & lgkmcnt(1)
s_sendmsg sendmsg(MSG_INTERRUPT)
s_branch
s_add_u32 s0
s_add_u32 s0, s1 s2
s_add_u32
s_load_dword s1, s[2:3], 0x10 glc
s_load_dword sdata=0x7f sbase=0x38 offset=0x23 imm=1
s_load_dword s1, s[2:3], @sym
s_load_dword s1, s[2:3], s4 offset:0x20
s_load_dword s1, s[2:3], s4 offset:0x20 soffset=3
s_load_dword s1, s[2:3], 0x10 offset:0x20
s_load_dword s1, s[2:3]
s_load_dword s1, s[3:4], 0
s_load_dword_e32 s1, s[2:3], 0
s_dcache_wb sdata=5
buffer_load_dword v1, off, s[4:7], s0 offset:4095 glc
buffer_load_dword v1, s[4:7], s0 offset:16
buffer_load_dword v1, v2, s[4:7], s0 offset:16 vaddr=3
buffer_load_dword v1, off, s[4:7], s0 reserved=0x4
buffer_load_dword v1, off, s[4:7], s0 vaddr=3 vaddr=4
flat_load_dword v1, v[2:3] glc vdata=5
flat_atomic_add v1, v[2:3], v4
flat_atomic_add v1, v[2:3], v4 glc
global_load_dword v1, v[2:3], off offset:-4096
global_load_dword v1, v2, s[4:5] offset:4096
scratch_load_dword v1, off, off
s_setpc_b64 s[0:1] sdst=5
s_setpc_b64 s[0:1] sdst=5 sdst=6
s_cbranch_join s0 sdst=3
s_cmp_eq_u32 s0, s1 sdst=3
s_getpc_b64 s[0:1] ssrc0=0x80
