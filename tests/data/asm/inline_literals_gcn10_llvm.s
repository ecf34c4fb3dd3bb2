# gcnasm -a tahiti -s llvm
// checked against llvm-mc: numbers an inline constant stands for, as llvm-mc 14 encodes them:
// a 32-bit source reads the low 32 bits (0xffffffff is -1, 0x3f800000 is 1.0), a 64-bit one
// the whole value (0x3ff0000000000000 is 1.0; 0xffffffff and 0x3f800000 stay literals).
s_mov_b32 s0, 0xffffffff
s_mov_b32 s0, 0xfffffff0
s_mov_b32 s0, 0xffffffef
s_mov_b32 s0, 0x40
s_mov_b32 s0, 0x41
s_mov_b32 s0, 0x3f000000
s_mov_b32 s0, 0xbf000000
s_mov_b32 s0, 0x3f800000
s_mov_b32 s0, 0xbf800000
s_mov_b32 s0, 0x40000000
s_mov_b32 s0, 0xc0000000
s_mov_b32 s0, 0x40800000
s_mov_b32 s0, 0xc0800000
s_mov_b32 s0, 0x3e22f983
s_add_u32 s0, s1, 0xbf800000
s_cmp_eq_u32 0xffffffff, s0
s_lshl_b64 s[0:1], s[2:3], 0xffffffff
s_bitcmp0_b64 s[0:1], 0xffffffff
s_mov_b64 s[0:1], 0xffffffff
s_mov_b64 s[0:1], 0x3f800000
s_mov_b64 s[0:1], 0xfffffffffffffff0
s_mov_b64 s[0:1], 0x3ff0000000000000
s_mov_b64 s[0:1], 0xbfe0000000000000
s_and_b64 s[0:1], s[2:3], 0xc010000000000000
s_mov_b64 s[0:1], 0x3fe00000
s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0xffffffff
s_movk_i32 s0, 0xffff
buffer_load_dword v0, off, s[0:3], 0xffffffff
buffer_load_dword v0, off, s[0:3], 0x3f800000
