/* Every MUBUF and FLAT/GLOBAL/SCRATCH row on every generation that has it
 * (src/isa/mubuf.def, flat.def) runs in the emulator: each instruction,
 * encoded from its row, ends normally and does what its kind says: a load
 * writes its destination, a store changes memory, an atomic with GLC
 * returns the old value (lane 0 is first on the address), and without GLC
 * leaves VDATA alone. */
#include <stdio.h>
#include <string.h>

#include "gcn_emu.h"
#include "isa/isa.h"
#include "isa/profile.h"
#include "support/emu_rig.h"
#include "support/instances.h"
#include "support/harness.h"

static test_summary summary = {"emu_memory_rows", 0, 0, 0};

#define CHECK_EQ(actual, expected, ...) \
    emu_rig_check(&summary, __LINE__, (uint64_t)(actual), (uint64_t)(expected), __VA_ARGS__)

enum { VDATA = 8, VDST = 16, PRESET = 0xdeadbeefu, DATA = 0x12345678u, PATTERN = 0xa5000000u };

/* The instruction of a row: resource s[4:7], SOFFSET 0, VADDR v0 (v2 for
 * SCRATCH), data v8.., destination v16.., no offset. */
static bool encode(const gcn_row *row, unsigned row_index, gcn_arch arch, bool glc, uint32_t *words)
{
    gcn_instruction instruction = {.row = (uint16_t)row_index, .family = row->family,
                                   .arch = (uint8_t)arch, .word_count = 2,
                                   .opcode = (uint16_t)row->opcode[arch]};
    instruction.modifiers = glc ? GCN_MOD_GLC : 0;
    if (row->family == GCN_FAMILY_MUBUF && test_mubuf_operands(&instruction, VDATA, 0, 1, 128) != GCN_OK)
        return false;
    unsigned saddr = (row->flags & (GCN_ROW_GLOBAL | GCN_ROW_SCRATCH)) ? GCN_SADDR_OFF : 0;
    if (row->family == GCN_FAMILY_FLAT &&
        test_flat_operands(&instruction, VDST, (row->flags & GCN_ROW_SCRATCH) ? 2 : 0, VDATA, saddr) != GCN_OK)
        return false;
    size_t count;
    return gcn_encode(&instruction, words, &count) == GCN_OK && count == 2;
}

static void setup(emu_rig *rig)
{
    for (uint32_t i = 0; i < 64; i++)
        emu_rig_set_u32(rig, 4 * i, PATTERN + i);
    emu_rig_resource(rig, 4, EMU_RIG_MEMORY, 0, 0x1000, 4u << 12 | 4u << 15); /* 32 UINT */
    emu_rig_vgpr_lanes(rig, 0, EMU_RIG_MEMORY, 0);
    emu_rig_vgpr_lanes(rig, 1, 0, 0);
    emu_rig_vgpr_lanes(rig, 2, 0, 0);
    for (unsigned i = 0; i < 4; i++) {
        emu_rig_vgpr_lanes(rig, VDATA + i, DATA + i, 0);
        emu_rig_vgpr_lanes(rig, VDST + i, PRESET, 0);
    }
    for (unsigned i = 0; i < 256; i++)
        rig->lds[i] = (uint8_t)(0x40 + i);
}

static void run_row(unsigned row_index, gcn_arch arch, bool glc)
{
    const gcn_row *row = &gcn_rows[row_index];
    const char *name = gcn_arch_name(arch);
    uint32_t words[2];
    if (!encode(row, row_index, arch, glc, words)) {
        test_fail(&summary, "%s %s: does not encode", name, row->name);
        return;
    }
    char program[160];
    snprintf(program, sizeof program, ".int 0x%08x, 0x%08x\ns_waitcnt 0\ns_endpgm\n", words[0], words[1]);
    emu_rig rig;
    if (!emu_rig_open_checked(&rig, &summary, arch, program))
        return;
    setup(&rig);
    CHECK_EQ(emu_rig_run(&rig), GCN_RUN_ENDED, "%s %s%s: ends", name, row->name, glc ? " glc" : "");
    bool flat = row->family == GCN_FAMILY_FLAT, scratch = (row->flags & GCN_ROW_SCRATCH) != 0;
    unsigned destination = flat ? VDST : VDATA;
    uint32_t first = scratch ? 0 : emu_rig_u32(&rig, 0);
    if (scratch) {
        const uint8_t *bytes = gcn_wave_scratch(rig.wave, 0);
        first = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
                (uint32_t)bytes[3] << 24;
    }
    switch ((gcn_operation)row->operation) {
    case GCN_OP_LOAD:
    case GCN_OP_LOAD_FORMAT:
        CHECK_EQ(emu_rig_vgpr(&rig, destination)[0] != PRESET, 1, "%s %s: writes its destination",
                 name, row->name);
        break;
    case GCN_OP_STORE:
    case GCN_OP_STORE_FORMAT:
        CHECK_EQ(first != (scratch ? 0 : PATTERN), 1, "%s %s: changes memory", name, row->name);
        break;
    case GCN_OP_STORE_LDS: /* lane 63's LDS dword, bytes (0x40 + 252..255) & 0xff, is the last */
        CHECK_EQ(first, 0x3f3e3d3cu, "%s %s: the LDS dword", name, row->name);
        break;
    default:
        if (!(row->flags & GCN_ROW_ATOMIC))
            break;
        if (glc)
            CHECK_EQ(emu_rig_vgpr(&rig, destination)[0], PATTERN, "%s %s glc: the old value", name,
                     row->name);
        else
            CHECK_EQ(emu_rig_vgpr(&rig, VDATA)[0], DATA, "%s %s: VDATA kept", name, row->name);
        break;
    }
    emu_rig_close(&rig);
}

int main(void)
{
    unsigned counted[GCN_ARCH_COUNT] = {0};
    for (unsigned index = 0; index < GCN_ROW_COUNT; index++) {
        const gcn_row *row = &gcn_rows[index];
        if (row->family != GCN_FAMILY_MUBUF && row->family != GCN_FAMILY_FLAT)
            continue;
        FOR_EACH_ARCH(arch) {
            if (row->opcode[arch] < 0)
                continue;
            counted[arch]++;
            run_row(index, arch, false);
            if (row->flags & GCN_ROW_ATOMIC)
                run_row(index, arch, true);
        }
    }
    for (gcn_arch arch = GCN_ARCH_GCN10; arch < GCN_ARCH_COUNT; arch++)
        printf("  %s: %u MUBUF and FLAT rows\n", gcn_arch_name(arch), counted[arch]);
    return test_finish(&summary);
}
