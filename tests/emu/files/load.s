# a program read from a file: s_load, wait, end
s_load_dword s4, s[0:1], 0x4
s_waitcnt lgkmcnt(0)
s_endpgm
