/* The FLAT/GLOBAL/SCRATCH executor through the library API on GCN 1.1, 1.2
 * and 1.4: the 64-bit VADDR, INST_OFFSET, SADDR and OFF, the apertures to
 * LDS and scratch (the machine's defaults: LDS at 1 << 48, private at
 * 2 << 48), per-lane scratch, the d16 halves, atomics with and without GLC,
 * EXEC, faults, and the counters (out of order; LGKM_CNT for LDS). Expected
 * values by hand from the CLRX GCN ISA pages (the FLAT page). */
#include <stdio.h>
#include <string.h>

#include "support/emu_rig.h"
#include "support/harness.h"

static test_summary summary = {"emu_flat", 0, 0, 0};

#define CHECK_EQ(actual, expected, ...) \
    emu_rig_check(&summary, __LINE__, (uint64_t)(actual), (uint64_t)(expected), __VA_ARGS__)

#define LDS_HIGH 0x10000u     /* high dword of the LDS aperture */
#define PRIVATE_HIGH 0x20000u /* and of the private one */

/* A rig whose v[0:1] lane l = memory + 4l, run to the end. */
static bool run(emu_rig *rig, gcn_arch arch, const char *program, gcn_run_status expected,
                void (*setup)(emu_rig *))
{
    if (!emu_rig_open_checked(rig, &summary, arch, program))
        return false;
    emu_rig_fill(rig);
    emu_rig_vgpr_lanes(rig, 0, EMU_RIG_MEMORY, 4);
    emu_rig_vgpr_lanes(rig, 1, 0, 0);
    if (setup)
        setup(rig);
    CHECK_EQ(emu_rig_run(rig), expected, "%s: how the program ends", gcn_arch_name(arch));
    return true;
}

static void set_vgpr(emu_rig *rig, unsigned index, uint32_t value)
{
    emu_rig_vgpr_lanes(rig, index, value, 0);
}

static uint32_t scratch_u32(emu_rig *rig, unsigned lane, unsigned offset)
{
    const uint8_t *bytes = gcn_wave_scratch(rig->wave, lane) + offset;
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
           (uint32_t)bytes[3] << 24;
}

static void test_global_memory(void)
{
    for (gcn_arch arch = GCN_ARCH_GCN11; arch <= GCN_ARCH_GCN14; arch++) {
        const char *name = gcn_arch_name(arch);
        bool gcn14 = arch == GCN_ARCH_GCN14;
        /* VDST = *(UINT32*)(VADDR + INST_OFFSET): offset 8 on GCN 1.4 only. */
        emu_rig rig;
        if (!run(&rig, arch, gcn14 ? "flat_load_dword v10, v[0:1] offset:8\n"
                                     "flat_load_sbyte v11, v[0:1] offset:1\n"
                                     "flat_load_dwordx2 v[12:13], v[0:1]\n"
                                     "s_waitcnt vmcnt(0)\ns_endpgm\n"
                                   : "flat_load_dword v10, v[0:1]\n"
                                     "flat_load_sbyte v11, v[0:1]\n"
                                     "flat_load_dwordx2 v[12:13], v[0:1]\n"
                                     "s_waitcnt vmcnt(0)\ns_endpgm\n",
                 GCN_RUN_ENDED, NULL))
            continue;
        for (unsigned lane = 0; lane < 64; lane += 9) {
            CHECK_EQ(emu_rig_vgpr(&rig, 10)[lane], 0x1000 + lane + (gcn14 ? 2 : 0), "%s lane %u",
                     name, lane);
            CHECK_EQ(emu_rig_vgpr(&rig, 12)[lane], 0x1000 + lane, "%s x2 dword 0", name);
            CHECK_EQ(emu_rig_vgpr(&rig, 13)[lane], 0x1001 + lane, "%s x2 dword 1", name);
        }
        /* Byte 1 of 0x1000 + l is 0x10; byte 0 of it is l (sign-extended). */
        CHECK_EQ(emu_rig_vgpr(&rig, 11)[0], gcn14 ? 0x10 : 0, "%s sbyte lane 0", name);
        CHECK_EQ(emu_rig_vgpr(&rig, 11)[63], gcn14 ? 0x10 : 63, "%s sbyte lane 63", name);
        emu_rig_close(&rig);
    }
}

static void apertures_setup(emu_rig *rig)
{
    emu_rig_vgpr_lanes(rig, 2, 4, 4);          /* LDS offsets 4 + 4l */
    set_vgpr(rig, 3, LDS_HIGH);
    set_vgpr(rig, 4, 8);                       /* private offset 8, every lane */
    set_vgpr(rig, 5, PRIVATE_HIGH);
    emu_rig_vgpr_lanes(rig, 6, 0x700, 1);
}

static void test_apertures(void)
{
    for (gcn_arch arch = GCN_ARCH_GCN11; arch <= GCN_ARCH_GCN14; arch++) {
        const char *name = gcn_arch_name(arch);
        emu_rig rig;
        if (!run(&rig, arch, "flat_store_dword v[2:3], v6\n"
                             "flat_store_dword v[4:5], v6\n"
                             "flat_load_dword v10, v[2:3]\n"
                             "flat_load_dword v11, v[4:5]\n"
                             "s_waitcnt vmcnt(0) & lgkmcnt(0)\ns_endpgm\n",
                 GCN_RUN_ENDED, apertures_setup))
            continue;
        /* An address in the LDS window goes to LDS offset addr[31:0]. */
        CHECK_EQ(emu_rig_lds_u32(&rig, 4), 0x700, "%s LDS lane 0", name);
        CHECK_EQ(emu_rig_lds_u32(&rig, 4 + 4 * 63), 0x700 + 63, "%s LDS lane 63", name);
        CHECK_EQ(emu_rig_vgpr(&rig, 10)[17], 0x700 + 17, "%s load from LDS", name);
        /* In the private window: the lane's own scratch at addr[31:0]. */
        CHECK_EQ(scratch_u32(&rig, 0, 8), 0x700, "%s scratch lane 0", name);
        CHECK_EQ(scratch_u32(&rig, 40, 8), 0x700 + 40, "%s scratch lane 40", name);
        CHECK_EQ(emu_rig_vgpr(&rig, 11)[40], 0x700 + 40, "%s load from scratch", name);
        CHECK_EQ(emu_rig_diagnostics(&rig), 0, "%s no hazard", name);
        emu_rig_close(&rig);
    }
}

static void global_setup(emu_rig *rig)
{
    rig->state->sgpr[8] = EMU_RIG_MEMORY;
    rig->state->sgpr[9] = 0;
    rig->state->sgpr[3] = 0x10;
    emu_rig_vgpr_lanes(rig, 7, 8, 4);
    emu_rig_vgpr_lanes(rig, 4, 0x900, 1);
    set_vgpr(rig, 6, 1);
    set_vgpr(rig, 20, 0x12345678);
}

static void test_global_and_scratch(void)
{
    /* GCN 1.4. GLOBAL: VADDR + SADDR + INST_OFFSET, 13-bit signed;
     * SCRATCH: the lane's scratch at VADDR or SADDR + INST_OFFSET. */
    emu_rig rig;
    if (!run(&rig, GCN_ARCH_GCN14,
             "global_load_dword v10, v7, s[8:9] offset:-4\n"   /* 8 + 4l - 4: dword l + 1 */
             "global_store_dword v[0:1], v4, off offset:0x100\n"
             "global_atomic_add v11, v[0:1], v6, off offset:0x200 glc\n"
             "scratch_store_dword v7, v4, off offset:-8\n"     /* private 4l */
             "scratch_load_dword v12, off, s3 offset:-4\n"     /* private 0x10 - 4 = 12 */
             "flat_load_short_d16_hi v20, v[0:1] offset:2\n"   /* the high half of 0x1000 + l: 0 */
             "s_waitcnt vmcnt(0)\ns_endpgm\n",
             GCN_RUN_ENDED, global_setup))
        return;
    CHECK_EQ(emu_rig_vgpr(&rig, 10)[5], 0x1006, "global saddr lane 5");
    CHECK_EQ(emu_rig_u32(&rig, 0x100 + 4 * 33), 0x900 + 33, "global store off lane 33");
    CHECK_EQ(emu_rig_vgpr(&rig, 11)[7], 0x1080 + 7, "global atomic add old");
    CHECK_EQ(emu_rig_u32(&rig, 0x200 + 4 * 7), 0x1080 + 7 + 1, "global atomic add");
    CHECK_EQ(scratch_u32(&rig, 0, 0), 0x900, "scratch store lane 0 at 0");
    CHECK_EQ(scratch_u32(&rig, 3, 12), 0x903, "scratch store lane 3 at 12");
    CHECK_EQ(scratch_u32(&rig, 63, 252), 0x900 + 63, "scratch store lane 63 at 252");
    CHECK_EQ(emu_rig_vgpr(&rig, 12)[0], 0, "scratch load saddr lane 0: its own 12");
    CHECK_EQ(emu_rig_vgpr(&rig, 12)[3], 0x903, "scratch load saddr lane 3: its own 12");
    CHECK_EQ(emu_rig_vgpr(&rig, 20)[9], 0x00005678, "flat_load_short_d16_hi keeps the low half");
    emu_rig_close(&rig);
}

static void atomic_setup(emu_rig *rig)
{
    set_vgpr(rig, 0, EMU_RIG_MEMORY + 0x40); /* every lane: one address */
    set_vgpr(rig, 2, 1);
    set_vgpr(rig, 10, 0xeeee);
    set_vgpr(rig, 11, 0xeeee);
    set_vgpr(rig, 4, 0x40000000);            /* fmin data 2.0 */
    emu_rig_set_u32(rig, 0x44, 0x40400000);  /* 3.0 */
}

static void test_atomics(void)
{
    for (gcn_arch arch = GCN_ARCH_GCN11; arch <= GCN_ARCH_GCN14; arch++) {
        const char *name = gcn_arch_name(arch);
        emu_rig rig;
        if (!run(&rig, arch, "flat_atomic_add v10, v[0:1], v2 glc\n"
                             "flat_atomic_add v11, v[0:1], v2\n"
                             "s_waitcnt vmcnt(0)\ns_endpgm\n",
                 GCN_RUN_ENDED, atomic_setup))
            continue;
        /* Lanes in order: lane l sees 0x1010 + l; 128 adds in all. */
        CHECK_EQ(emu_rig_vgpr(&rig, 10)[0], 0x1010, "%s racing add lane 0", name);
        CHECK_EQ(emu_rig_vgpr(&rig, 10)[63], 0x1010 + 63, "%s racing add lane 63", name);
        CHECK_EQ(emu_rig_vgpr(&rig, 11)[5], 0xeeee, "%s no glc: VDST kept", name);
        CHECK_EQ(emu_rig_u32(&rig, 0x40), 0x1010 + 128, "%s memory", name);
        emu_rig_close(&rig);
    }
    /* GCN 1.1 only: FMIN of 3.0 and 2.0. */
    emu_rig rig;
    if (run(&rig, GCN_ARCH_GCN11, "flat_atomic_fmin v10, v[0:1], v4 glc\ns_waitcnt vmcnt(0)\ns_endpgm\n",
            GCN_RUN_ENDED, atomic_setup)) {
        CHECK_EQ(emu_rig_vgpr(&rig, 10)[0], 0x1010, "fmin old");
        emu_rig_close(&rig);
    }
}

static void fault_setup(emu_rig *rig)
{
    emu_rig_vgpr_lanes(rig, 2, 0xfc, 4);        /* private 0xfc + 4l: lane 1 past 256 */
    set_vgpr(rig, 3, PRIVATE_HIGH);
    gcn_state_set_pair(rig->state, GCN_CODE_EXEC_LO, 0x6);
}

static void test_faults_and_counters(void)
{
    for (gcn_arch arch = GCN_ARCH_GCN11; arch <= GCN_ARCH_GCN14; arch++) {
        const char *name = gcn_arch_name(arch);
        emu_rig rig;
        /* EXEC lanes 1 and 2: lane 1 at private 0x100 is past its 256 bytes. */
        if (run(&rig, arch, "flat_store_dword v[2:3], v2\ns_endpgm\n", GCN_RUN_FAULT, fault_setup)) {
            const gcn_fault *fault = gcn_wave_fault(rig.wave);
            CHECK_EQ(fault->lane, 1, "%s fault lane", name);
            CHECK_EQ(fault->address, 0x2000000000100ull, "%s fault address", name);
            emu_rig_close(&rig);
        }
        /* Unmapped global memory. */
        if (run(&rig, arch, "s_nop 0\nflat_load_dword v10, v[4:5]\ns_endpgm\n", GCN_RUN_FAULT, NULL)) {
            const gcn_fault *fault = gcn_wave_fault(rig.wave);
            CHECK_EQ(fault->pc, 4, "%s fault pc", name);
            CHECK_EQ(fault->lane, 0, "%s fault lane 0", name);
            CHECK_EQ(fault->address, 0, "%s fault address 0", name);
            emu_rig_close(&rig);
        }
        /* FLAT completes out of order: after vmcnt(1) either load may be
         * the one left, so reading the older one's register is caught. */
        if (run(&rig, arch, "flat_load_dword v10, v[0:1]\nflat_load_dword v11, v[0:1]\n"
                            "s_waitcnt vmcnt(1)\nflat_store_dword v[0:1], v10\ns_endpgm\n",
                GCN_RUN_ENDED, NULL)) {
            CHECK_EQ(emu_rig_diagnostics(&rig), 1, "%s out of order", name);
            emu_rig_close(&rig);
        }
        /* A load from LDS counts on LGKM_CNT: vmcnt(0) does not cover it. */
        if (run(&rig, arch, "flat_load_dword v10, v[2:3]\ns_waitcnt vmcnt(0)\n"
                            "flat_store_dword v[0:1], v10\ns_endpgm\n",
                GCN_RUN_ENDED, apertures_setup)) {
            CHECK_EQ(emu_rig_diagnostics(&rig), 1, "%s LDS load and vmcnt", name);
            emu_rig_close(&rig);
        }
        if (run(&rig, arch, "flat_load_dword v10, v[2:3]\ns_waitcnt lgkmcnt(0)\n"
                            "flat_store_dword v[0:1], v10\ns_endpgm\n",
                GCN_RUN_ENDED, apertures_setup)) {
            CHECK_EQ(emu_rig_diagnostics(&rig), 0, "%s LDS load and lgkmcnt", name);
            emu_rig_close(&rig);
        }
    }
}

int main(void)
{
    test_global_memory();
    test_apertures();
    test_global_and_scratch();
    test_atomics();
    test_faults_and_counters();
    return test_finish(&summary);
}
