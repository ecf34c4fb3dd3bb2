/* The MUBUF executor through the library API on every generation: the
 * IDXEN/OFFEN table, swizzle, both range rules, TID_ENABLE, ADDR64, EXEC,
 * byte/short/dword loads and stores with their extensions, d16, formats,
 * the LDS form, TFE, atomics with and without GLC, racing lanes, faults and
 * the waitcnt counters. Expected values are worked out by hand from the
 * CLRX GCN ISA pages (the MUBUF page's "Buffer addressing", the FLAT page's
 * operations, CLRX's memory handling page); each case names its rule. */
#include <stdio.h>
#include <string.h>

#include "support/emu_rig.h"
#include "support/harness.h"

static test_summary summary = {"emu_mubuf", 0, 0, 0};

#define CHECK_EQ(actual, expected, ...) \
    emu_rig_check(&summary, __LINE__, (uint64_t)(actual), (uint64_t)(expected), __VA_ARGS__)

static bool open_rig(emu_rig *rig, gcn_arch arch, const char *program)
{
    return emu_rig_open_checked(rig, &summary, arch, program);
}

/* ---- addressing ---- */

static void test_index_offset_table(void)
{
    /* Resource: BASE = memory, STRIDE 16, NUMRECORDS 64, SOFFSET s8 = 0x20;
     * lane l: VGPR[V] = l, VGPR[V+1] = 4l; OFFSET 4. */
    static const struct {
        const char *program;
        uint32_t (*expected)(unsigned lane);
        const char *rule;
    } *row, rows[] = {
        /* 0 0: BUFOFFSET = 4: dword (0x20 + 4) / 4 = 9 for every lane */
        {"buffer_load_dword v10, off, s[4:7], s8 offset:4\ns_waitcnt vmcnt(0)\ns_endpgm\n", NULL,
         "idxen 0 offen 0"},
        /* 1 0: index l: 16l + 4 + 0x20: dword 9 + 4l; in range (l < 64, 4 < 16) */
        {"buffer_load_dword v10, v0, s[4:7], s8 idxen offset:4\ns_waitcnt vmcnt(0)\ns_endpgm\n", NULL,
         "idxen 1 offen 0"},
        /* 0 1: offset VGPR[V] = 4l (v1): 4 + 4l + 0x20 < 64 (raw rule) for l < 7: dword 9 + l */
        {"buffer_load_dword v10, v1, s[4:7], s8 offen offset:4\ns_waitcnt vmcnt(0)\ns_endpgm\n", NULL,
         "idxen 0 offen 1"},
        /* 1 1: index v0 = l, offset v1 = 4l: 4 + 4l < 16 for l < 3: dword 9 + 5l */
        {"buffer_load_dword v10, v[0:1], s[4:7], s8 idxen offen offset:4\ns_waitcnt vmcnt(0)\ns_endpgm\n",
         NULL, "idxen 1 offen 1"},
    };
    FOR_EACH_ARCH(arch) {
        for (size_t r = 0; r < 4; r++) {
            row = &rows[r];
            emu_rig rig;
            if (!open_rig(&rig, arch, row->program))
                continue;
            emu_rig_fill(&rig);
            emu_rig_resource(&rig, 4, EMU_RIG_MEMORY, 16, 64, 0);
            rig.state->sgpr[8] = 0x20;
            emu_rig_vgpr_lanes(&rig, 0, 0, 1);
            emu_rig_vgpr_lanes(&rig, 1, 0, 4);
            CHECK_EQ(emu_rig_run(&rig), GCN_RUN_ENDED, "%s %s: ended", gcn_arch_name(arch), row->rule);
            for (unsigned lane = 0; lane < 64; lane++) {
                uint32_t expected = r == 0   ? 0x1009
                                    : r == 1 ? 0x1009 + 4 * lane
                                    : r == 2 ? (lane < 7 ? 0x1009 + lane : 0)
                                             : (lane < 3 ? 0x1009 + 5 * lane : 0);
                CHECK_EQ(emu_rig_vgpr(&rig, 10)[lane], expected, "%s %s: lane %u", gcn_arch_name(arch),
                         row->rule, lane);
            }
            emu_rig_close(&rig);
        }
    }
}

static void test_swizzle_tid(void)
{
    /* Swizzle on, TID_ENABLE, ELEMSIZE code 1 (4 bytes; GCN 1.4: dwords
     * anyway), INDEXSTRIDE code 3 (64), STRIDE 8. Lane l stores l at OFFSET
     * 4: AINDEX = l, AOFFSET = 4 = 1*4 + 0: BUFOFFSET = 0 + 4*l + 64*(0*8 +
     * 1*4) = 256 + 4l. Range (TID_ENABLE): l < 64, 4 < 8. */
    FOR_EACH_ARCH(arch) {
        emu_rig rig;
        if (!open_rig(&rig, arch, "buffer_store_dword v2, off, s[4:7], 0 offset:4\ns_endpgm\n"))
            continue;
        emu_rig_resource(&rig, 4, EMU_RIG_MEMORY, 8, 64, 1u << 19 | 3u << 21 | 1u << 23);
        rig.state->sgpr[5] |= 1u << 31;
        emu_rig_vgpr_lanes(&rig, 2, 0x500, 1);
        CHECK_EQ(emu_rig_run(&rig), GCN_RUN_ENDED, "%s swizzle: ended", gcn_arch_name(arch));
        for (unsigned lane = 0; lane < 64; lane++)
            CHECK_EQ(emu_rig_u32(&rig, 256 + 4 * lane), 0x500 + lane, "%s swizzle lane %u",
                     gcn_arch_name(arch), lane);
        CHECK_EQ(emu_rig_u32(&rig, 0), 0, "%s swizzle: dword 0 untouched", gcn_arch_name(arch));
        emu_rig_close(&rig);
    }
    /* TID_ENABLE without swizzle, NUMRECORDS 32: index l, BUFOFFSET 8l;
     * lanes 32.. are out of range and read 0. */
    FOR_EACH_ARCH(arch) {
        emu_rig rig;
        if (!open_rig(&rig, arch, "buffer_load_dword v3, off, s[4:7], 0\ns_waitcnt vmcnt(0)\ns_endpgm\n"))
            continue;
        emu_rig_fill(&rig);
        emu_rig_resource(&rig, 4, EMU_RIG_MEMORY, 8, 32, 1u << 23);
        emu_rig_run(&rig);
        CHECK_EQ(emu_rig_vgpr(&rig, 3)[5], 0x100a, "%s tid: lane 5 reads dword 10", gcn_arch_name(arch));
        CHECK_EQ(emu_rig_vgpr(&rig, 3)[31], 0x1000 + 62, "%s tid: lane 31", gcn_arch_name(arch));
        CHECK_EQ(emu_rig_vgpr(&rig, 3)[32], 0, "%s tid: lane 32 >= NUMRECORDS", gcn_arch_name(arch));
        emu_rig_close(&rig);
    }
}

static void test_range_rules(void)
{
    /* STRIDE=0: out if BUFOFFSET >= NUMRECORDS-SGPR_OFFSET. NUMRECORDS 24,
     * SOFFSET 8: lanes with 4l >= 16 read 0, and their stores are dropped. */
    FOR_EACH_ARCH(arch) {
        emu_rig rig;
        if (!open_rig(&rig, arch,
                      "buffer_load_dword v10, v1, s[4:7], s8 offen\n"
                      "buffer_store_dword v2, v1, s[12:15], s8 offen\n"
                      "s_waitcnt vmcnt(0)\ns_endpgm\n"))
            continue;
        emu_rig_fill(&rig);
        emu_rig_resource(&rig, 4, EMU_RIG_MEMORY, 0, 24, 0);
        emu_rig_resource(&rig, 12, EMU_RIG_MEMORY + 0x800, 0, 24, 0);
        rig.state->sgpr[8] = 8;
        emu_rig_vgpr_lanes(&rig, 1, 0, 4);
        emu_rig_vgpr_lanes(&rig, 2, 0xa0, 1);
        emu_rig_run(&rig);
        for (unsigned lane = 0; lane < 6; lane++) {
            CHECK_EQ(emu_rig_vgpr(&rig, 10)[lane], lane < 4 ? 0x1002 + lane : 0, "%s raw read lane %u",
                     gcn_arch_name(arch), lane);
            CHECK_EQ(emu_rig_u32(&rig, 0x808 + 4 * lane), lane < 4 ? 0xa0 + lane : 0x1000 + 0x202 + lane,
                     "%s raw write lane %u", gcn_arch_name(arch), lane);
        }
        emu_rig_close(&rig);
    }
    /* STRIDE!=0 with IDXEN: out if AINDEX >= NUMRECORDS or OFFSET >= STRIDE.
     * dwordx2 at offset 4 of 8-byte records: dword 1 at offset 8 >= 8 reads 0. */
    FOR_EACH_ARCH(arch) {
        emu_rig rig;
        if (!open_rig(&rig, arch, "buffer_load_dwordx2 v[10:11], v0, s[4:7], 0 idxen offset:4\n"
                                  "s_waitcnt vmcnt(0)\ns_endpgm\n"))
            continue;
        emu_rig_fill(&rig);
        emu_rig_resource(&rig, 4, EMU_RIG_MEMORY, 8, 3, 0);
        emu_rig_vgpr_lanes(&rig, 0, 0, 1);
        emu_rig_run(&rig);
        CHECK_EQ(emu_rig_vgpr(&rig, 10)[2], 0x1005, "%s structured: lane 2 dword 0", gcn_arch_name(arch));
        CHECK_EQ(emu_rig_vgpr(&rig, 11)[2], 0, "%s structured: dword 1 at offset 8", gcn_arch_name(arch));
        CHECK_EQ(emu_rig_vgpr(&rig, 10)[3], 0, "%s structured: index 3 >= 3", gcn_arch_name(arch));
        emu_rig_close(&rig);
    }
}

static void test_addr64(void)
{
    /* GCN 1.0/1.1: ADDRESS = BASE + VGPR_ADDRESS + OFFSET + SGPR_OFFSET, no
     * range check (NUMRECORDS 0). v[0:1] = 4l, BASE = memory, OFFSET 8,
     * SOFFSET 4: dword 3 + l. */
    for (gcn_arch arch = GCN_ARCH_GCN10; arch <= GCN_ARCH_GCN11; arch++) {
        emu_rig rig;
        if (!open_rig(&rig, arch, "buffer_load_dword v10, v[0:1], s[4:7], 4 addr64 offset:8\n"
                                  "s_waitcnt vmcnt(0)\ns_endpgm\n"))
            continue;
        emu_rig_fill(&rig);
        emu_rig_resource(&rig, 4, EMU_RIG_MEMORY, 0, 0, 0);
        emu_rig_vgpr_lanes(&rig, 0, 0, 4);
        emu_rig_run(&rig);
        CHECK_EQ(emu_rig_vgpr(&rig, 10)[0], 0x1003, "%s addr64 lane 0", gcn_arch_name(arch));
        CHECK_EQ(emu_rig_vgpr(&rig, 10)[63], 0x1003 + 63, "%s addr64 lane 63", gcn_arch_name(arch));
        emu_rig_close(&rig);
    }
}

static void test_exec_and_faults(void)
{
    FOR_EACH_ARCH(arch) {
        /* EXEC masking: only lanes 0 and 2 load; the others keep v10. */
        emu_rig rig;
        if (!open_rig(&rig, arch, "buffer_load_dword v10, v1, s[4:7], 0 offen\ns_waitcnt vmcnt(0)\ns_endpgm\n"))
            continue;
        emu_rig_fill(&rig);
        emu_rig_resource(&rig, 4, EMU_RIG_MEMORY, 0, 0x1000, 0);
        emu_rig_vgpr_lanes(&rig, 1, 0, 4);
        emu_rig_vgpr_lanes(&rig, 10, 0xdead0000, 0);
        gcn_state_set_pair(rig.state, GCN_CODE_EXEC_LO, 0x5);
        emu_rig_run(&rig);
        CHECK_EQ(emu_rig_vgpr(&rig, 10)[0], 0x1000, "%s exec lane 0", gcn_arch_name(arch));
        CHECK_EQ(emu_rig_vgpr(&rig, 10)[1], 0xdead0000, "%s exec lane 1 kept", gcn_arch_name(arch));
        CHECK_EQ(emu_rig_vgpr(&rig, 10)[2], 0x1002, "%s exec lane 2", gcn_arch_name(arch));
        emu_rig_close(&rig);
        /* An in-range address outside guest memory: a fault with pc, lane
         * and address. BASE = end - 16, lane l at 4 + 4l: lane 3 is at the
         * end; lanes 0-2 stored before it. */
        if (!open_rig(&rig, arch, "s_nop 0\nbuffer_store_dword v1, v1, s[4:7], 0 offen offset:4\ns_endpgm\n"))
            continue;
        emu_rig_resource(&rig, 4, EMU_RIG_MEMORY + EMU_RIG_MEMORY_SIZE - 16, 0, 0x1000, 0);
        emu_rig_vgpr_lanes(&rig, 1, 0, 4);
        CHECK_EQ(emu_rig_run(&rig), GCN_RUN_FAULT, "%s fault status", gcn_arch_name(arch));
        const gcn_fault *fault = gcn_wave_fault(rig.wave);
        CHECK_EQ(fault->pc, 4, "%s fault pc", gcn_arch_name(arch));
        CHECK_EQ(fault->lane, 3, "%s fault lane: 16 - 4 - 12", gcn_arch_name(arch));
        CHECK_EQ(fault->address, EMU_RIG_MEMORY + EMU_RIG_MEMORY_SIZE, "%s fault address",
                 gcn_arch_name(arch));
        CHECK_EQ(emu_rig_u32(&rig, EMU_RIG_MEMORY_SIZE - 4), 8, "%s lane 2 stored before",
                 gcn_arch_name(arch));
        emu_rig_close(&rig);
    }
}

int main(void)
{
    test_index_offset_table();
    test_swizzle_tid();
    test_range_rules();
    test_addr64();
    test_exec_and_faults();
    return test_finish(&summary);
}
