# gcnasm -a tonga
# Every error of the file in one run, with its line, column and caret.
start:
    s_endpgmm
    s_nop       0x12345
	s_sleep     count + 1
    s_sleep     cuont
count = 3
    .balgin 4
start:
    s_branch    start + 2
    .byte       1, 300, 2
    .error      "stop here"
    .warning    "look here"
.endif
    .rodata
there:
    .text
    s_branch    there
    s_waitcnt   vmcnt(1) & lgkmcnt(2); s_barrier 1
    s_cbranch_cdbgsys start
.rept 2
