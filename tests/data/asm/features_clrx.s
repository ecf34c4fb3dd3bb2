# gcnasm -a gcn1.1
# The clrx dialect's statements, symbols, expressions and directives.
start:  s_nop 1; s_nop 2        # ';' separates statements
        s_branch end; x = 3     /* a block
        comment over lines */   s_nop x
1:      s_cbranch_scc0 1b
        s_cbranch_scc1 1f
1:      s_branch .+8
        s_branch 0x10           # an address
        s_nop   @x              # '@' makes an expression
        s_sleep y; y = 7        # a forward reference
        s_load_dword s1, s[2:3], big
        s_load_dword s1, s[2:3], small
        .int    end - start, 1 <@ -1, -1 >>> 1, 7 ! 0, 10 // 3, -7 %% 3
        .short  5, 0x12345      # truncated, with a warning
        .byte   'a', '\n', ,3   # an empty value is 0
        .ascii  "ab\x41"
        .asciz  "c"
        .string "d"
        .align  8
        .fill   2, 2, 0x1234
        .skip   3, 0xff
        .space  1
        .p2align 3
        .balignl 16, 0xcafe
.if x > 2 && defined_later == 0
        s_nop   0x40
.elseif x
        s_nop   0x41
.else
        s_nop   0x42
.endif
.ifdef y
        s_nop   0x43
.endif
.ifndef nothing
        s_nop   0x44
.endif
.ifc abc, abc
        s_nop   0x45
.endif
.ifb
        s_nop   0x46
.endif
.rept 2
        s_nop   0x47
.endr
.irpc c, 12
        s_nop   0x5\c
.endr
.macro  add a, b=1, c:vararg
        .byte   \a + \b
.ifnb \c
        .byte   \c
.endif
.endm
        add     1
        add     b=2, a=3, 7, 8
        add     5 6 9
        .balign 4
.gpu Tonga
        s_wakeup
.arch GCN1.1
big = 0x12345
small = 0x10
end:    s_endpgm
defined_later = 0
