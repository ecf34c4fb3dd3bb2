# copy.s: each work-item copies three dwords from one buffer to another.
# GCN 1.2 (tonga), CLRX dialect. Assemble it with
#     build/gcnasm -a gcn1.2 -o copy.bin examples/copy.s
#
# On entry: s[0:1]   address of the kernel arguments: two buffer resources
#                    of 16 bytes each, the source then the destination
#           v0       byte offset of this work-item's element (12 bytes each)

    s_load_dwordx4  s[4:7], s[0:1], 0x0                 # source buffer resource
    s_load_dwordx4  s[8:11], s[0:1], 0x10               # destination buffer resource
    s_waitcnt       lgkmcnt(0)
    s_cbranch_execz done                                # no lane active: nothing to do

    buffer_load_dwordx2 v[2:3], v0, s[4:7], 0 offen     # first two dwords
    buffer_load_dword v4, v0, s[4:7], 0 offen offset:8  # the third
    s_waitcnt       vmcnt(0)

    buffer_store_dwordx2 v[2:3], v0, s[8:11], 0 offen
    buffer_store_dword v4, v0, s[8:11], 0 offen offset:8 glc
    s_waitcnt       vmcnt(0) & expcnt(0)                # stores done before the end
done:
    s_endpgm
