/* Fuzz target: random SOPP and SMRD/SMEM programs against random
 * scenarios on the emulator (include/gcn_emu.h). Input: byte 0 picks the
 * generation (bits 0-1), strict_waitcnt (bit 2), scratch (bit 3), the
 * CDBG inputs (bits 4-5); the next 32 bytes the first 16 SGPRs (two bytes
 * each: mostly addresses in or near the two mapped regions, so that loads,
 * stores and atomics land, plus a buffer resource over them); the rest
 * instructions: a selector byte, then the bytes of one SOPP or SMRD/SMEM
 * instruction of a row the generation has (or two raw words). Checks: the
 * run ends with a status within the instruction limit, never a crash, hang,
 * leak or access outside the emulator's memory (the sanitizers); the
 * counters are consistent and drain to zero; a fault names its pc inside
 * or at the edge of the program. */
#include <string.h>

#include "fuzz.h"
#include "gcn_emu.h"
#include "isa/isa.h"

enum { MAX_WORDS = 512, LIMIT = 4096 };

/* The rows of family on arch, as a list to pick from. */
static size_t rows_of(gcn_family family, gcn_arch arch, uint16_t *rows)
{
    size_t count = 0;
    for (uint16_t i = 0; i < GCN_ROW_COUNT; i++)
        if (gcn_rows[i].family == family && gcn_rows[i].opcode[arch] >= 0)
            rows[count++] = i;
    return count;
}

static uint32_t take(const uint8_t **data, const uint8_t *end, unsigned bytes)
{
    uint32_t value = 0;
    for (unsigned i = 0; i < bytes && *data < end; i++)
        value |= (uint32_t)*(*data)++ << (8 * i);
    return value;
}

/* One instruction from the input into words; returns the word count. */
static size_t make_instruction(gcn_arch arch, const uint16_t *sopp, size_t sopp_count,
                               const uint16_t *smem, size_t smem_count, const uint8_t **data,
                               const uint8_t *end, uint32_t *words)
{
    unsigned selector = take(data, end, 1);
    if (selector < 96) { /* SOPP, branches a few words either way */
        const gcn_row *row = &gcn_rows[sopp[selector % sopp_count]];
        uint32_t simm16 = take(data, end, 2);
        if (row->shape == GCN_SHAPE_SOPP_BRANCH)
            simm16 = (uint32_t)(int32_t)(int8_t)(simm16 & 0xff) & 0xffff;
        if (row->operation == GCN_OP_SETHALT || row->operation == GCN_OP_TRAP)
            simm16 &= 0xfe; /* mostly go on */
        words[0] = 0xbf800000u | (uint32_t)row->opcode[arch] << 16 | simm16;
        return 1;
    }
    if (selector < 240) { /* SMRD/SMEM */
        const gcn_row *row = &gcn_rows[smem[selector % smem_count]];
        uint32_t bits = take(data, end, 4);
        unsigned sdata = bits & 0x7f, sbase = (bits >> 7) & 0x3f, offset = (bits >> 13) & 0xff;
        bool imm = bits & (1u << 21), glc = bits & (1u << 22), soe = bits & (1u << 23);
        if (bits & (1u << 24)) { /* mostly small bases and data in s0..s31 */
            sdata &= 31;
            sbase &= 7;
        }
        if (arch <= GCN_ARCH_GCN11) {
            words[0] = 0xc0000000u | (uint32_t)row->opcode[arch] << 22 | sdata << 15 | sbase << 9 |
                       (imm ? 1u << 8 : 0) | offset;
            if (arch == GCN_ARCH_GCN11 && !imm && offset == 0xff) {
                words[1] = take(data, end, 2);
                return 2;
            }
            return 1;
        }
        words[0] = 0xc0000000u | (uint32_t)row->opcode[arch] << 18 | (imm ? 1u << 17 : 0) |
                   (glc ? 1u << 16 : 0) | (arch >= GCN_ARCH_GCN14 && soe ? 1u << 14 : 0) | sdata << 6 | sbase;
        words[1] = offset | (arch >= GCN_ARCH_GCN14 ? (bits >> 25) << 25 : 0);
        return 2;
    }
    words[0] = take(data, end, 4);
    words[1] = take(data, end, 4);
    return 2;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 34)
        return 0;
    const uint8_t *end = data + size;
    gcn_arch arch = (gcn_arch)(data[0] & 3);
    gcn_machine_options options;
    gcn_machine_options_default(&options, arch);
    options.strict_waitcnt = data[0] & 4;
    options.scratch_per_lane = data[0] & 8 ? 64 : 0;
    options.max_diagnostics = 16;
    bool cdbg_sys = data[0] & 16, cdbg_user = data[0] & 32;
    const uint8_t *registers = data + 1;
    const uint8_t *at = data + 33;

    static uint16_t sopp[GCN_ROW_COUNT], smem[GCN_ROW_COUNT];
    size_t sopp_count = rows_of(GCN_FAMILY_SOPP, arch, sopp), smem_count = rows_of(GCN_FAMILY_SMEM, arch, smem);
    uint32_t *words = malloc(MAX_WORDS * sizeof *words);
    size_t count = 0;
    while (at < end && count + 2 <= MAX_WORDS)
        count += make_instruction(arch, sopp, sopp_count, smem, smem_count, &at, end, words + count);

    gcn_machine *machine = gcn_machine_create(&options);
    FUZZ_CHECK(machine, "no machine");
    FUZZ_CHECK(gcn_machine_load_program(machine, 0, words, count) == GCN_OK, "program not loaded");
    uint8_t *low, *high;
    FUZZ_CHECK(gcn_machine_map(machine, 0x1000, 256, &low) == GCN_OK, "map");
    FUZZ_CHECK(gcn_machine_map(machine, 0x10000, 4096, &high) == GCN_OK, "map");
    for (unsigned i = 0; i < 256; i++)
        low[i] = (uint8_t)(i * 7);
    gcn_workgroup *workgroup = gcn_workgroup_create(machine, GCN_LDS_SIZE);
    gcn_wave *wave = gcn_wave_create(workgroup);
    FUZZ_CHECK(wave, "no wave");
    gcn_wave_state *state = gcn_wave_registers(wave);
    state->cdbg_sys = cdbg_sys;
    state->cdbg_user = cdbg_user;
    for (unsigned i = 0; i < 16; i++) {
        uint32_t value = registers[2 * i] | (uint32_t)registers[2 * i + 1] << 8;
        /* Even registers: addresses near the regions; odd ones: high halves, mostly 0. */
        if (i % 2 == 0)
            state->sgpr[i] = (value & 0x8000) ? 0x10000 + (value & 0x1fff) : 0x1000 + (value & 0x1ff);
        else
            state->sgpr[i] = (value & 0xf000) == 0xf000 ? value : 0;
    }
    /* A buffer resource over the low region in s[16:19]. */
    state->sgpr[16] = 0x1000;
    state->sgpr[18] = registers[0];
    gcn_state_set_pair(state, gcn_flat_scratch_code(arch) ? gcn_flat_scratch_code(arch) : 20, 0x10000);

    gcn_run_status status = gcn_wave_run(wave, LIMIT);
    FUZZ_CHECK(status != GCN_RUN_RUNNING, "run ended running");
    FUZZ_CHECK(gcn_wave_instructions(wave) <= LIMIT, "%llu instructions past the limit",
               (unsigned long long)gcn_wave_instructions(wave));
    if (status == GCN_RUN_FAULT) {
        const gcn_fault *fault = gcn_wave_fault(wave);
        FUZZ_CHECK(fault && fault->message[0], "fault without a message");
    }
    for (int c = 0; c < GCN_COUNTER_COUNT; c++)
        FUZZ_CHECK(state->counter[c] <= 63, "counter %d is %u", c, state->counter[c]);
    gcn_wave_drain(wave);
    for (int c = 0; c < GCN_COUNTER_COUNT; c++)
        FUZZ_CHECK(state->counter[c] == 0, "counter %d is %u after the drain", c, state->counter[c]);
    size_t messages, diagnostics;
    gcn_wave_messages(wave, &messages);
    gcn_wave_diagnostics(wave, &diagnostics, NULL);
    FUZZ_CHECK(diagnostics <= 16, "%zu diagnostics kept", diagnostics);
    gcn_wave_destroy(wave);
    gcn_workgroup_destroy(workgroup);
    gcn_machine_destroy(machine);
    free(words);
    return 0;
}
