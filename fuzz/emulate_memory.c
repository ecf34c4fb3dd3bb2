/* Fuzz target: random MUBUF and FLAT/GLOBAL/SCRATCH programs on the
 * emulator (include/gcn_emu.h), the vector memory half of `emulate`.
 * Input: byte 0 picks the generation (bits 0-1), scratch (bit 2),
 * strict_waitcnt (bit 3), moved apertures (bit 4), a small LDS (bit 5); then
 * 24 two-byte register seeds (SGPRs s0-s23, mostly addresses in or near the
 * mapped region, and the VGPRs v0-v31 made from them), EXEC, dword 3 and the
 * stride of the buffer resource in s[4:7]; the rest instructions: a
 * selector byte (an s_waitcnt, or a row of these families the generation
 * has) and its fields. Checks: the run ends with a status within its limit,
 * a fault has a message, the counters drain to zero; and, as every target,
 * no crash, hang, leak or access outside the emulator's memory. */
#include <string.h>

#include "fuzz.h"
#include "gcn_emu.h"
#include "codec/codec.h"
#include "isa/isa.h"

enum { MAX_WORDS = 256, LIMIT = 500 };

static uint32_t take(const uint8_t **data, const uint8_t *end, unsigned bytes)
{
    uint32_t value = 0;
    for (unsigned i = 0; i < bytes && *data < end; i++)
        value |= (uint32_t)*(*data)++ << (8 * i);
    return value;
}

/* One instruction of a MUBUF or FLAT row into words; returns the count (0
 * if its fields do not encode). */
static size_t make_instruction(gcn_arch arch, const uint16_t *rows, size_t row_count,
                               const uint8_t **data, const uint8_t *end, uint32_t *words)
{
    uint16_t index = rows[take(data, end, 1) % row_count];
    const gcn_row *row = &gcn_rows[index];
    gcn_instruction instruction = {.row = index, .family = row->family, .arch = (uint8_t)arch,
                                   .word_count = 2, .opcode = (uint16_t)row->opcode[arch]};
    uint32_t bits = take(data, end, 4);
    instruction.modifiers = (uint16_t)(bits & 0xff);
    if (arch >= GCN_ARCH_GCN12)
        instruction.modifiers &= (uint16_t)~GCN_MOD_ADDR64;
    unsigned vaddr = (bits >> 8 & 0x1f) | (bits >> 31 ? 0xe0 : 0); /* some near v255 */
    unsigned vdata = bits >> 13 & 0x1f;
    unsigned vdst = bits >> 18 & 0x1f;
    unsigned srsrc = bits >> 23 & 1 ? bits >> 24 & 31 : 1;
    unsigned soffset = take(data, end, 1);
    unsigned saddr = bits >> 29 & 1 ? 0x7f : bits >> 24 & 0x7f;
    uint32_t offset = take(data, end, 2);
    if (row->family == GCN_FAMILY_MUBUF) {
        instruction.offset = offset & 0xfff;
    } else if (arch >= GCN_ARCH_GCN14) {
        bool signed_offset = (row->flags & (GCN_ROW_GLOBAL | GCN_ROW_SCRATCH)) != 0;
        instruction.offset = offset & 0x1fff;
        if (signed_offset && (offset & 0x1000))
            instruction.offset |= ~0x1fffu;
        if (!signed_offset)
            saddr = 0;
    }
    if (row->family == GCN_FAMILY_MUBUF) {
        uint32_t values[GCN_MAX_FIELDS] = {0};
        values[GCN_FIELD(MUBUF, vdata)] = vdata;
        values[GCN_FIELD(MUBUF, vaddr)] = vaddr;
        values[GCN_FIELD(MUBUF, srsrc)] = srsrc;
        values[GCN_FIELD(MUBUF, soffset)] = soffset;
        if (gcn_set_fields(&instruction, values) != GCN_OK)
            return 0;
    } else { /* FLAT */
        uint32_t values[GCN_MAX_FIELDS] = {0};
        values[GCN_FIELD(FLAT, vdst)] = vdst;
        values[GCN_FIELD(FLAT, addr)] = vaddr;
        values[GCN_FIELD(FLAT, data)] = vdata;
        values[GCN_FIELD(FLAT, saddr)] = arch >= GCN_ARCH_GCN14 ? saddr : 0;
        if (gcn_set_fields(&instruction, values) != GCN_OK)
            return 0;
    }
    size_t count;
    return gcn_encode(&instruction, words, &count) == GCN_OK ? count : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint16_t rows[GCN_ARCH_COUNT][256];
    static size_t row_counts[GCN_ARCH_COUNT];
    if (!row_counts[GCN_ARCH_GCN10])
        for (uint16_t i = 0; i < GCN_ROW_COUNT; i++) {
            const gcn_row *row = &gcn_rows[i];
            if (row->family == GCN_FAMILY_MUBUF || row->family == GCN_FAMILY_FLAT)
                for (int arch = 0; arch < GCN_ARCH_COUNT; arch++)
                    if (row->opcode[arch] >= 0)
                        rows[arch][row_counts[arch]++] = i;
        }
    if (size < 64)
        return 0;
    const uint8_t *at = data, *end = data + size;
    unsigned head = take(&at, end, 1);
    gcn_arch arch = (gcn_arch)(head & 3);
    gcn_machine_options options;
    gcn_machine_options_default(&options, arch);
    options.scratch_per_lane = head & 4 ? 64 : 0;
    options.strict_waitcnt = head & 8;
    options.max_diagnostics = 8;
    if (head & 16) {
        options.shared_aperture = 0x10000;           /* the mapped region's window */
        options.private_aperture = 0x200000000000ull;
    }
    uint32_t seeds[24];
    for (unsigned i = 0; i < 24; i++)
        seeds[i] = take(&at, end, 2);
    uint64_t exec = take(&at, end, 4) | (uint64_t)take(&at, end, 4) << 32;
    uint32_t word3 = take(&at, end, 4), stride = take(&at, end, 2);

    uint32_t *words = malloc(MAX_WORDS * sizeof *words);
    FUZZ_CHECK(words, "out of memory");
    size_t count = 0;
    while (at < end && count + 3 < MAX_WORDS) {
        if (take(&at, end, 1) < 40)
            words[count++] = 0xbf8c0000u | take(&at, end, 2); /* s_waitcnt */
        else
            count += make_instruction(arch, rows[arch], row_counts[arch], &at, end, words + count);
    }
    words[count++] = 0xbf810000u; /* s_endpgm */

    gcn_machine *machine = gcn_machine_create(&options);
    FUZZ_CHECK(machine, "no machine");
    uint8_t *memory;
    FUZZ_CHECK(gcn_machine_map(machine, 0x10000, 0x2000, &memory) == GCN_OK, "map");
    FUZZ_CHECK(gcn_machine_load_program(machine, 0, words, count) == GCN_OK, "program not loaded");
    gcn_workgroup *workgroup = gcn_workgroup_create(machine, head & 32 ? 256 : GCN_LDS_SIZE);
    gcn_wave *wave = gcn_wave_create(workgroup);
    FUZZ_CHECK(wave, "no wave");
    gcn_wave_state *state = gcn_wave_registers(wave);
    for (unsigned i = 0; i < 24; i++)
        state->sgpr[i] = (seeds[i] & 0x8000) ? seeds[i] << 16 | seeds[i] : 0x10000 + (seeds[i] & 0x1fff);
    state->sgpr[4] = 0x10000;
    state->sgpr[5] = (stride & 0x3fff) << 16 | (stride & 0x8000 ? 1u << 31 : 0);
    state->sgpr[6] = seeds[0];
    state->sgpr[7] = word3;
    state->sgpr[GCN_CODE_M0] = seeds[1] | seeds[2] << 16;
    gcn_state_set_pair(state, GCN_CODE_EXEC_LO, exec);
    /* Even VGPRs: addresses and offsets near the region, a step per lane;
     * odd ones: high halves (mostly 0) or small values. */
    for (unsigned v = 0; v < 32; v++) {
        uint32_t seed = seeds[v % 24], *lanes = gcn_wave_vgpr(wave, v);
        for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
            lanes[lane] = v & 1 ? (seed & 0x100 ? 0 : seed) : 0x10000 + seed % 0x2000 + 4 * lane;
    }

    gcn_run_status status = gcn_wave_run(wave, LIMIT);
    FUZZ_CHECK(status != GCN_RUN_RUNNING, "run ended running");
    FUZZ_CHECK(gcn_wave_instructions(wave) <= LIMIT, "%llu instructions past the limit",
               (unsigned long long)gcn_wave_instructions(wave));
    if (status == GCN_RUN_FAULT)
        FUZZ_CHECK(gcn_wave_fault(wave)->message[0], "fault without a message");
    gcn_wave_drain(wave);
    for (int c = 0; c < GCN_COUNTER_COUNT; c++)
        FUZZ_CHECK(state->counter[c] == 0, "counter %d is %u after the drain", c, state->counter[c]);
    gcn_wave_destroy(wave);
    gcn_workgroup_destroy(workgroup);
    gcn_machine_destroy(machine);
    free(words);
    return 0;
}
