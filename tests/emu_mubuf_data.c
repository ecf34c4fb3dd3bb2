/* The data side of the MUBUF executor through the library API: byte and
 * short loads with zero and sign extension, stores, wide loads, the d16
 * halves, the format loads and stores (data and number formats, DST_SEL,
 * d16 on GCN 1.2 and 1.4), the LDS form, TFE, atomics with and without GLC
 * (32/64-bit, float ones, lanes racing on one address), and the counters
 * the waitcnt checker sees. Expected values by hand from the CLRX GCN ISA
 * pages (the FLAT page's operations, which MUBUF mirrors; CLRX's memory
 * handling page for formats and the LDS form). */
#include <stdio.h>
#include <string.h>

#include "support/emu_rig.h"
#include "support/harness.h"

static test_summary summary = {"emu_mubuf_data", 0, 0, 0};

#define CHECK_EQ(actual, expected, ...) \
    emu_rig_check(&summary, __LINE__, (uint64_t)(actual), (uint64_t)(expected), __VA_ARGS__)

/* A rig whose s[4:7] is a raw resource over the whole memory (word3 as
 * given), run to the end; false if it does not open. */
static bool run(emu_rig *rig, gcn_arch arch, const char *program, uint32_t word3,
                void (*setup)(emu_rig *))
{
    if (!emu_rig_open_checked(rig, &summary, arch, program))
        return false;
    emu_rig_fill(rig);
    emu_rig_resource(rig, 4, EMU_RIG_MEMORY, 0, EMU_RIG_MEMORY_SIZE, word3);
    if (setup)
        setup(rig);
    CHECK_EQ(emu_rig_run(rig), GCN_RUN_ENDED, "%s: the program ends", gcn_arch_name(arch));
    return true;
}

static uint32_t lane0(emu_rig *rig, unsigned index)
{
    return emu_rig_vgpr(rig, index)[0];
}

static void set_vgpr(emu_rig *rig, unsigned index, uint32_t value)
{
    emu_rig_vgpr_lanes(rig, index, value, 0);
}

/* ---- byte, short, dword ---- */

static void bytes_setup(emu_rig *rig)
{
    emu_rig_set_u32(rig, 0, 0x01ff7f80); /* bytes 80 7f ff 01 */
    emu_rig_set_u32(rig, 4, 0x0000ff80); /* bytes 80 ff 00 00 */
    set_vgpr(rig, 1, 0x12345678);
}

static void test_extension(void)
{
    static const char program[] =
        "buffer_load_ubyte v10, off, s[4:7], 0\n"          /* *(UINT8*): 0x80 */
        "buffer_load_sbyte v11, off, s[4:7], 0\n"          /* *(INT8*): 0xffffff80 */
        "buffer_load_sbyte v12, off, s[4:7], 0 offset:1\n" /* 0x7f */
        "buffer_load_ushort v13, off, s[4:7], 0 offset:4\n" /* 0xff80 */
        "buffer_load_sshort v14, off, s[4:7], 0 offset:4\n" /* 0xffffff80 */
        "buffer_load_sshort v15, off, s[4:7], 0 offset:3\n" /* aligned to 2: 0x01ff */
        "buffer_load_dword v16, off, s[4:7], 0 offset:6\n"  /* aligned to 4: 0xff80 */
        "buffer_load_dwordx4 v[20:23], off, s[4:7], 0 offset:16\n"
        "s_waitcnt vmcnt(0)\n" /* the stores read v1 and v[20:21] */
        "buffer_store_byte v1, off, s[4:7], 0 offset:32\n"  /* VDATA&0xff */
        "buffer_store_short v1, off, s[4:7], 0 offset:34\n" /* VDATA&0xffff */
        "buffer_store_dwordx2 v[20:21], off, s[4:7], 0 offset:40\n"
        "s_waitcnt vmcnt(0)\ns_endpgm\n";
    FOR_EACH_ARCH(arch) {
        emu_rig rig;
        if (!run(&rig, arch, program, 0, bytes_setup))
            continue;
        const char *name = gcn_arch_name(arch);
        CHECK_EQ(lane0(&rig, 10), 0x80, "%s ubyte", name);
        CHECK_EQ(lane0(&rig, 11), 0xffffff80, "%s sbyte", name);
        CHECK_EQ(lane0(&rig, 12), 0x7f, "%s sbyte positive", name);
        CHECK_EQ(lane0(&rig, 13), 0xff80, "%s ushort", name);
        CHECK_EQ(lane0(&rig, 14), 0xffffff80, "%s sshort", name);
        CHECK_EQ(lane0(&rig, 15), 0x01ff, "%s sshort at 3 reads 2", name);
        CHECK_EQ(lane0(&rig, 16), 0xff80, "%s dword at 6 reads 4", name);
        for (unsigned i = 0; i < 4; i++)
            CHECK_EQ(lane0(&rig, 20 + i), 0x1004 + i, "%s dwordx4 dword %u", name, i);
        CHECK_EQ(emu_rig_u32(&rig, 32), 0x56781078, "%s store_byte and store_short", name);
        CHECK_EQ(emu_rig_u32(&rig, 40), 0x1004, "%s store_dwordx2 dword 0", name);
        CHECK_EQ(emu_rig_u32(&rig, 44), 0x1005, "%s store_dwordx2 dword 1", name);
        emu_rig_close(&rig);
    }
}

static void d16_setup(emu_rig *rig)
{
    bytes_setup(rig);
    for (unsigned i = 20; i < 28; i++)
        set_vgpr(rig, i, 0x12345678);
}

static void test_d16(void)
{
    /* GCN 1.4: VDST = *(UINT16*)VM | (VDST & 0xffff0000) and the like. */
    static const char program[] =
        "buffer_load_short_d16 v20, off, s[4:7], 0 offset:4\n"
        "buffer_load_short_d16_hi v21, off, s[4:7], 0 offset:4\n"
        "buffer_load_ubyte_d16 v22, off, s[4:7], 0\n"
        "buffer_load_sbyte_d16 v23, off, s[4:7], 0\n"
        "buffer_load_ubyte_d16_hi v24, off, s[4:7], 0\n"
        "buffer_load_sbyte_d16_hi v25, off, s[4:7], 0\n"
        "buffer_load_short_d16 v[26:27], off, s[4:7], 0 offset:4 tfe\n" /* the TFE dword whole */
        "buffer_store_byte_d16_hi v1, off, s[4:7], 0 offset:48\n"  /* (VDATA>>16)&0xff */
        "buffer_store_short_d16_hi v1, off, s[4:7], 0 offset:50\n" /* VDATA>>16 */
        "s_waitcnt vmcnt(0)\ns_endpgm\n";
    emu_rig rig;
    if (!run(&rig, GCN_ARCH_GCN14, program, 0, d16_setup))
        return;
    CHECK_EQ(lane0(&rig, 20), 0x1234ff80, "short_d16");
    CHECK_EQ(lane0(&rig, 21), 0xff805678, "short_d16_hi");
    CHECK_EQ(lane0(&rig, 22), 0x12340080, "ubyte_d16");
    CHECK_EQ(lane0(&rig, 23), 0x1234ff80, "sbyte_d16");
    CHECK_EQ(lane0(&rig, 24), 0x00805678, "ubyte_d16_hi");
    CHECK_EQ(lane0(&rig, 25), 0xff805678, "sbyte_d16_hi");
    CHECK_EQ(lane0(&rig, 26), 0x1234ff80, "short_d16 tfe: the high half kept");
    CHECK_EQ(lane0(&rig, 27), 0, "short_d16 tfe: the TFE register 0, both halves");
    CHECK_EQ(emu_rig_u32(&rig, 48), 0x12341034, "byte_d16_hi and short_d16_hi stores");
    emu_rig_close(&rig);
}

/* ---- formats ---- */

static uint32_t float_bits(float value)
{
    uint32_t bits;
    memcpy(&bits, &value, 4);
    return bits;
}

/* DST_SEL x y z w, NUMFORMAT, DATAFORMAT: the bits of dword 3. */
static uint32_t word3(unsigned x, unsigned y, unsigned z, unsigned w, unsigned num, unsigned data)
{
    return x | y << 3 | z << 6 | w << 9 | num << 12 | data << 15;
}

static void format_setup(emu_rig *rig)
{
    emu_rig_set_u32(rig, 0, 0xff804000);           /* 8_8_8_8: X 0, Y 0x40, Z 0x80, W 0xff */
    emu_rig_set_u32(rig, 8, 0xc0003c00);           /* 16_16 halves 1.0, -2.0 */
    emu_rig_set_u32(rig, 12, 0x40003800);          /* and 0.5, 2.0 */
    set_vgpr(rig, 30, 0x3f000000);                 /* 0.5 */
    set_vgpr(rig, 31, 0x477fe000);                 /* 65504.0 */
    set_vgpr(rig, 40, 0xabcdabcd);
    set_vgpr(rig, 41, 0xabcdabcd);
    set_vgpr(rig, 42, 0xabcdabcd);
    set_vgpr(rig, 43, 0x11112222);
    set_vgpr(rig, 44, 0x4000);
}

static void test_formats(void)
{
    FOR_EACH_ARCH(arch) {
        const char *name = gcn_arch_name(arch);
        emu_rig rig;
        /* 8_8_8_8 UNORM with DST_SEL W Z Y X: (1.0, 128/255, 64/255, 0). */
        if (run(&rig, arch, "buffer_load_format_xyzw v[10:13], off, s[4:7], 0\ns_waitcnt vmcnt(0)\ns_endpgm\n",
                word3(7, 6, 5, 4, 0, 10), format_setup)) {
            CHECK_EQ(lane0(&rig, 10), 0x3f800000, "%s unorm W to X", name);
            CHECK_EQ(lane0(&rig, 11), float_bits((float)(128.0 / 255.0)), "%s unorm Z 128/255", name);
            CHECK_EQ(lane0(&rig, 12), float_bits((float)(64.0 / 255.0)), "%s unorm Y 64/255", name);
            CHECK_EQ(lane0(&rig, 13), 0, "%s unorm X 0", name);
            emu_rig_close(&rig);
        }
        /* 16_16 FLOAT, identity: (1.0, -2.0, 0, 1.0); SEL 0 and 1 on 32 UINT. */
        if (run(&rig, arch, "buffer_load_format_xyzw v[10:13], off, s[4:7], 0 offset:8\n"
                            "buffer_load_format_xyzw v[14:17], off, s[8:11], 0 offset:8\n"
                            "s_waitcnt vmcnt(0)\ns_endpgm\n",
                word3(4, 5, 6, 7, 7, 5), format_setup)) {
            CHECK_EQ(lane0(&rig, 10), 0x3f800000, "%s half X", name);
            CHECK_EQ(lane0(&rig, 11), 0xc0000000, "%s half Y", name);
            CHECK_EQ(lane0(&rig, 12), 0, "%s 16_16 has no Z: 0", name);
            CHECK_EQ(lane0(&rig, 13), 0x3f800000, "%s 16_16 has no W: 1.0", name);
            emu_rig_close(&rig);
        }
        /* store_format_xy, 16_16 FLOAT: 0.5 and 65504 as halves 0x3800, 0x7bff. */
        if (run(&rig, arch, "buffer_store_format_xy v[30:31], off, s[4:7], 0 offset:64\ns_endpgm\n",
                word3(4, 5, 6, 7, 7, 5), format_setup)) {
            CHECK_EQ(emu_rig_u32(&rig, 64), 0x7bff3800, "%s store_format_xy 16_16 float", name);
            emu_rig_close(&rig);
        }
        /* USCALED cannot be written: nothing stored, a diagnostic. */
        if (run(&rig, arch, "buffer_store_format_x v30, off, s[4:7], 0 offset:64\ns_endpgm\n",
                word3(4, 5, 6, 7, 2, 4), format_setup)) {
            CHECK_EQ(emu_rig_u32(&rig, 64), 0x1010, "%s uscaled store writes nothing", name);
            CHECK_EQ(emu_rig_diagnostics(&rig), 1, "%s uscaled store: a diagnostic", name);
            emu_rig_close(&rig);
        }
    }
    /* DST_SEL 0 and 1 with 32 UINT: (0, 1, X, X). */
    emu_rig rig;
    if (run(&rig, GCN_ARCH_GCN11, "buffer_load_format_xyzw v[10:13], off, s[4:7], 0 offset:16\n"
                                  "s_waitcnt vmcnt(0)\ns_endpgm\n",
            word3(0, 1, 4, 4, 4, 4), format_setup)) {
        CHECK_EQ(lane0(&rig, 10), 0, "SEL 0");
        CHECK_EQ(lane0(&rig, 11), 1, "SEL 1 of an integer format");
        CHECK_EQ(lane0(&rig, 12), 0x1004, "SEL X");
        CHECK_EQ(lane0(&rig, 13), 0x1004, "SEL X again");
        emu_rig_close(&rig);
    }
    /* d16 on GCN 1.2: one half a register, the high half 0. */
    if (run(&rig, GCN_ARCH_GCN12, "buffer_load_format_d16_xyz v[40:42], off, s[4:7], 0 offset:8\n"
                                  "buffer_store_format_d16_xy v[43:44], off, s[4:7], 0 offset:72\n"
                                  "s_waitcnt vmcnt(0)\ns_endpgm\n",
            word3(4, 5, 6, 7, 7, 12), format_setup)) {
        CHECK_EQ(lane0(&rig, 40), 0x3c00, "gcn1.2 d16 X");
        CHECK_EQ(lane0(&rig, 41), 0xc000, "gcn1.2 d16 Y");
        CHECK_EQ(lane0(&rig, 42), 0x3800, "gcn1.2 d16 Z");
        /* v43 low half 0x2222, v44 low half 0x4000 (2.0) */
        CHECK_EQ(emu_rig_u32(&rig, 72), 0x40002222, "gcn1.2 d16 store: low halves");
        emu_rig_close(&rig);
    }
    /* d16 on GCN 1.4: two halves a register; XYZ keeps the high half of
     * its second register, D16_HI_X writes the high half only. */
    if (run(&rig, GCN_ARCH_GCN14, "buffer_load_format_d16_xyz v[40:41], off, s[4:7], 0 offset:8\n"
                                  "buffer_load_format_d16_hi_x v43, off, s[4:7], 0 offset:8\n"
                                  "buffer_store_format_d16_xy v42, off, s[4:7], 0 offset:72\n"
                                  "s_waitcnt vmcnt(0)\ns_endpgm\n",
            word3(4, 5, 6, 7, 7, 12), format_setup)) {
        CHECK_EQ(lane0(&rig, 40), 0xc0003c00, "gcn1.4 d16 XY packed");
        CHECK_EQ(lane0(&rig, 41), 0xabcd3800, "gcn1.4 d16 Z, high half kept");
        CHECK_EQ(lane0(&rig, 43), 0x3c002222, "gcn1.4 d16_hi_x");
        CHECK_EQ(emu_rig_u32(&rig, 72), 0xabcdabcd, "gcn1.4 d16 store: both halves");
        CHECK_EQ(emu_rig_u32(&rig, 76), 0x1013, "gcn1.4 d16_xy store leaves Z and W");
        emu_rig_close(&rig);
    }
}

/* ---- the LDS form, TFE ---- */

static void lds_setup(emu_rig *rig)
{
    rig->state->sgpr[GCN_CODE_M0] = 0x10100; /* M0&0xffff = 0x100 */
    emu_rig_set_u32(rig, 0, 0x01ff7f80);
    emu_rig_vgpr_lanes(rig, 1, 0, 4);
    set_vgpr(rig, 11, 0x55);
    for (unsigned lane = 0; lane < 64; lane++)
        for (unsigned i = 0; i < 4; i++)
            rig->lds[0x400 + 4 * lane + i] = (uint8_t)(lane >> (8 * i));
}

static void test_lds_and_tfe(void)
{
    FOR_EACH_ARCH(arch) {
        const char *name = gcn_arch_name(arch);
        emu_rig rig;
        /* LDS_ADDR = LDS_BASE + (M0&0xffff) + LANEID*4; a narrower value
         * zero-extended (even SBYTE's). */
        if (!run(&rig, arch, "buffer_load_dword v0, v1, s[4:7], 0 offen offset:8 lds\n"
                             "buffer_load_dword v[10:11], off, s[4:7], 0 tfe\n"
                             "s_waitcnt vmcnt(0)\ns_endpgm\n", 0, lds_setup))
            continue;
        CHECK_EQ(emu_rig_lds_u32(&rig, 0x100), 0x1002, "%s lds lane 0", name);
        CHECK_EQ(emu_rig_lds_u32(&rig, 0x100 + 4 * 63), 0x1002 + 63, "%s lds lane 63", name);
        CHECK_EQ(lane0(&rig, 0), 0, "%s lds: no VGPR written", name);
        CHECK_EQ(lane0(&rig, 10), 0x01ff7f80, "%s tfe data", name);
        CHECK_EQ(lane0(&rig, 11), 0, "%s tfe: 0, the fetch did not fail", name);
        emu_rig_close(&rig);
        if (!run(&rig, arch, "buffer_load_sbyte v0, off, s[4:7], 0 lds\ns_waitcnt vmcnt(0)\ns_endpgm\n",
                 0, lds_setup))
            continue;
        CHECK_EQ(emu_rig_lds_u32(&rig, 0x100 + 4 * 5), 0x80, "%s lds sbyte zero-extended", name);
        emu_rig_close(&rig);
    }
}

static void lds_store_setup(emu_rig *rig)
{
    lds_setup(rig);
    rig->state->sgpr[GCN_CODE_M0] = 0x400;
    emu_rig_resource(rig, 4, EMU_RIG_MEMORY + 0x200, 0, 0x1000, 1u << 23);
    rig->state->sgpr[5] |= 4u << 16; /* STRIDE 4 with TID_ENABLE: lane l at 4l */
}

static void test_store_lds(void)
{
    for (gcn_arch arch = GCN_ARCH_GCN12; arch <= GCN_ARCH_GCN14; arch++) {
        emu_rig rig;
        if (!run(&rig, arch, "buffer_store_lds_dword s[4:7], 0 lds\ns_endpgm\n", 0, lds_store_setup))
            continue;
        CHECK_EQ(emu_rig_u32(&rig, 0x200), 0, "%s store_lds_dword lane 0", gcn_arch_name(arch));
        CHECK_EQ(emu_rig_u32(&rig, 0x200 + 4 * 37), 37, "%s store_lds_dword lane 37",
                 gcn_arch_name(arch));
        emu_rig_close(&rig);
    }
}

/* ---- atomics ---- */

static void atomic_setup(emu_rig *rig)
{
    set_vgpr(rig, 2, 1);
    set_vgpr(rig, 3, 1);
    emu_rig_vgpr_lanes(rig, 4, 0x100, 1);   /* cmpswap data: 0x100 + l */
    set_vgpr(rig, 5, 0x1011);               /* compare */
    set_vgpr(rig, 6, 5);                    /* inc limit */
}

static void test_atomics(void)
{
    static const char program[] =
        "buffer_atomic_add v2, off, s[4:7], 0 offset:0x40 glc\n"  /* racing: old 0x1010 + l */
        "buffer_atomic_add v3, off, s[4:7], 0 offset:0x40\n"      /* no glc: v3 stays 1 */
        "buffer_atomic_cmpswap v[4:5], off, s[4:7], 0 offset:0x44 glc\n"
        "buffer_atomic_inc v6, off, s[4:7], 0 offset:0x80 glc\n"
        "s_waitcnt vmcnt(0)\ns_endpgm\n";
    FOR_EACH_ARCH(arch) {
        const char *name = gcn_arch_name(arch);
        emu_rig rig;
        if (!run(&rig, arch, program, 0, atomic_setup))
            continue;
        /* 64 lanes add 1 with glc, then 64 more without. */
        CHECK_EQ(emu_rig_u32(&rig, 0x40), 0x1010 + 128, "%s racing add", name);
        for (unsigned lane = 0; lane < 64; lane += 21)
            CHECK_EQ(emu_rig_vgpr(&rig, 2)[lane], 0x1010 + lane, "%s add glc lane %u", name, lane);
        CHECK_EQ(emu_rig_vgpr(&rig, 3)[9], 1, "%s add without glc keeps VDATA", name);
        /* Only lane 0 finds 0x1011; the others see its 0x100. */
        CHECK_EQ(emu_rig_u32(&rig, 0x44), 0x100, "%s racing cmpswap: lane 0 wins", name);
        CHECK_EQ(emu_rig_vgpr(&rig, 4)[0], 0x1011, "%s cmpswap lane 0 old", name);
        CHECK_EQ(emu_rig_vgpr(&rig, 4)[1], 0x100, "%s cmpswap lane 1 old", name);
        CHECK_EQ(emu_rig_vgpr(&rig, 5)[1], 0x1011, "%s cmpswap: the compare register kept", name);
        /* inc from 0x1020 with limit 5: 0x1020 >= 5 gives 0, then 1, 2, ...: lane l sees
         * (l - 1) mod 6 after lane 0; 63 increments after the reset leave 63 mod 6 = 3. */
        CHECK_EQ(emu_rig_vgpr(&rig, 6)[0], 0x1020, "%s inc lane 0 old", name);
        CHECK_EQ(emu_rig_vgpr(&rig, 6)[7], 0, "%s inc lane 7 old", name);
        CHECK_EQ(emu_rig_u32(&rig, 0x80), 3, "%s racing inc", name);
        emu_rig_close(&rig);
    }
}

static void wide_setup(emu_rig *rig)
{
    gcn_state_set_pair(rig->state, GCN_CODE_EXEC_LO, 1);
    emu_rig_set_u32(rig, 0x50, 0xffffffff);
    emu_rig_set_u32(rig, 0x54, 1);
    set_vgpr(rig, 2, 1);
    set_vgpr(rig, 3, 0);
    set_vgpr(rig, 4, 0xaaaa);
    set_vgpr(rig, 5, 0xbbbb);
    set_vgpr(rig, 6, 0x1012);
    set_vgpr(rig, 7, 0x1013);
    set_vgpr(rig, 8, 0x40000000);  /* 2.0 */
    set_vgpr(rig, 9, 10);
    emu_rig_set_u32(rig, 0x60, 0x3f800000);
    emu_rig_set_u32(rig, 0x64, 3);
}

static void test_wide_and_float_atomics(void)
{
    FOR_EACH_ARCH(arch) {
        const char *name = gcn_arch_name(arch);
        emu_rig rig;
        if (!run(&rig, arch, "buffer_atomic_add_x2 v[2:3], off, s[4:7], 0 offset:0x50 glc\n"
                             "buffer_atomic_cmpswap_x2 v[4:7], off, s[4:7], 0 offset:0x48 glc\n"
                             "s_waitcnt vmcnt(0)\ns_endpgm\n", 0, wide_setup))
            continue;
        /* 0x1_ffffffff + 1 = 0x2_00000000; old back in v[2:3]. */
        CHECK_EQ(emu_rig_u32(&rig, 0x50), 0, "%s add_x2 low", name);
        CHECK_EQ(emu_rig_u32(&rig, 0x54), 2, "%s add_x2 carries", name);
        CHECK_EQ(lane0(&rig, 2), 0xffffffff, "%s add_x2 old low", name);
        CHECK_EQ(lane0(&rig, 3), 1, "%s add_x2 old high", name);
        /* *VM==VDATA[2:3] ? VDATA[0:1] : *VM */
        CHECK_EQ(emu_rig_u32(&rig, 0x48), 0xaaaa, "%s cmpswap_x2 low", name);
        CHECK_EQ(emu_rig_u32(&rig, 0x4c), 0xbbbb, "%s cmpswap_x2 high", name);
        CHECK_EQ(lane0(&rig, 4), 0x1012, "%s cmpswap_x2 old", name);
        CHECK_EQ(lane0(&rig, 6), 0x1012, "%s cmpswap_x2 compare kept", name);
        emu_rig_close(&rig);
    }
    /* GCN 1.0/1.1: FMAX 1.0 vs 2.0; GCN 1.0: RSUB: *VM = VDATA - *VM. */
    for (gcn_arch arch = GCN_ARCH_GCN10; arch <= GCN_ARCH_GCN11; arch++) {
        emu_rig rig;
        const char *program = arch == GCN_ARCH_GCN10
                                  ? "buffer_atomic_fmax v8, off, s[4:7], 0 offset:0x60 glc\n"
                                    "buffer_atomic_rsub v9, off, s[4:7], 0 offset:0x64 glc\n"
                                    "s_waitcnt vmcnt(0)\ns_endpgm\n"
                                  : "buffer_atomic_fmax v8, off, s[4:7], 0 offset:0x60 glc\n"
                                    "s_waitcnt vmcnt(0)\ns_endpgm\n";
        if (!run(&rig, arch, program, 0, wide_setup))
            continue;
        CHECK_EQ(emu_rig_u32(&rig, 0x60), 0x40000000, "%s fmax", gcn_arch_name(arch));
        CHECK_EQ(lane0(&rig, 8), 0x3f800000, "%s fmax old", gcn_arch_name(arch));
        if (arch == GCN_ARCH_GCN10) {
            CHECK_EQ(emu_rig_u32(&rig, 0x64), 7, "rsub: 10 - 3");
            CHECK_EQ(lane0(&rig, 9), 3, "rsub old");
        }
        emu_rig_close(&rig);
    }
}

/* ---- counters ---- */

static size_t diagnostics_of(gcn_arch arch, const char *program)
{
    emu_rig rig;
    if (!run(&rig, arch, program, 0, NULL))
        return 1000;
    size_t count = emu_rig_diagnostics(&rig);
    emu_rig_close(&rig);
    return count;
}

static void test_counters(void)
{
    FOR_EACH_ARCH(arch) {
        const char *name = gcn_arch_name(arch);
        /* Storing a load's register before a wait: caught; after: quiet. */
        CHECK_EQ(diagnostics_of(arch, "buffer_load_dword v10, off, s[4:7], 0\n"
                                      "buffer_store_dword v10, off, s[4:7], 0 offset:4\ns_endpgm\n"),
                 1, "%s load then store of its register", name);
        CHECK_EQ(diagnostics_of(arch, "buffer_load_dword v10, off, s[4:7], 0\ns_waitcnt vmcnt(0)\n"
                                      "buffer_store_dword v10, off, s[4:7], 0 offset:4\ns_endpgm\n"),
                 0, "%s load, wait, store", name);
        /* MUBUF returns in order: vmcnt(1) leaves only the newer load. */
        CHECK_EQ(diagnostics_of(arch, "buffer_load_dword v10, off, s[4:7], 0\n"
                                      "buffer_load_dword v11, off, s[4:7], 0\ns_waitcnt vmcnt(1)\n"
                                      "buffer_store_dword v10, off, s[4:7], 0 offset:4\ns_endpgm\n"),
                 0, "%s in order: the older load is done", name);
        CHECK_EQ(diagnostics_of(arch, "buffer_load_dword v10, off, s[4:7], 0\n"
                                      "buffer_load_dword v11, off, s[4:7], 0\ns_waitcnt vmcnt(1)\n"
                                      "buffer_store_dword v11, off, s[4:7], 0 offset:4\ns_endpgm\n"),
                 1, "%s in order: the newer load is not", name);
        /* A store's data register reloaded: on GCN 1.0 only EXP_CNT frees it. */
        CHECK_EQ(diagnostics_of(arch, "buffer_store_dword v10, off, s[4:7], 0\ns_waitcnt vmcnt(0)\n"
                                      "buffer_load_dword v10, off, s[4:7], 0\ns_endpgm\n"),
                 arch == GCN_ARCH_GCN10, "%s store data and vmcnt", name);
        CHECK_EQ(diagnostics_of(arch, "buffer_store_dword v10, off, s[4:7], 0\n"
                                      "s_waitcnt vmcnt(0) & expcnt(0)\n"
                                      "buffer_load_dword v10, off, s[4:7], 0\ns_endpgm\n"),
                 0, "%s store data and expcnt", name);
    }
}

int main(void)
{
    test_extension();
    test_d16();
    test_formats();
    test_lds_and_tfe();
    test_store_lds();
    test_atomics();
    test_wide_and_float_atomics();
    test_counters();
    return test_finish(&summary);
}
