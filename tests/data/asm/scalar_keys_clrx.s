# gcnasm -a gcn1.2 -s clrx
# CLRX's key=value for a scalar ALU field the row does not show, as
# clrxdisasm prints it (s_setpc_b64 s[2:3] sdst=0x15); the same rules as the
# families with modifiers (MUBUF, FLAT, SMEM): a key given twice, a value
# past its field and a key the row shows are errors.
s_setpc_b64 s[2:3] sdst=0x15
s_getpc_b64 s[2:3] ssrc=0x5
s_setpc_b64 s[2:3] sdst = 0x7f
s_setpc_b64 s[2:3] sdst=0x15 sdst=3
s_setpc_b64 s[2:3] sdst=0x80
s_setpc_b64 s[2:3] sdst=-1
s_setpc_b64 s[2:3] sdst
s_getpc_b64 s[2:3] sdst=1
s_setpc_b64 s[2:3] reserved=1
s_setpc_b64 s[2:3] sdst=0x15 foo
