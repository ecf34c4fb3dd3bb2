# gcnasm -a gcn1.2
# Mnemonics of the GCN ISA that the tables do not have yet say so, with
# their encoding; unknown names get the nearest known one.
    v_add_f32 v1, v2, v3
    tbuffer_load_format_x v1, v2, s[4:7], 0
    V_ADD_F32_e64 v1, v2, v3
    v_mov_b32_sdwa v1, v2
    ds_read_b32 v1, v2
    v_pk_add_f16 v1, v2, v3
    exp mrt0 v1, v2, v3, v4
    s_nopp 1
    s_load_dword s1, s[2:3], 0x4
