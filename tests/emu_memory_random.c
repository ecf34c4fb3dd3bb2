/* Random MUBUF and FLAT/GLOBAL/SCRATCH programs (every row each generation
 * has, random registers, modifiers, offsets and waits) against random
 * registers around two mapped regions: every run ends with a status within
 * its limit, a fault carries a message and a lane or none, the counters
 * stay in range and drain to zero. Under make test-sanitize this is also
 * the check that no guest address reaches host memory outside the
 * emulator's own. The seed is $GCN_TEST_SEED (support/random.h). */
#include <stdio.h>
#include <string.h>

#include "gcn_emu.h"
#include "isa/isa.h"
#include "support/emu_rig.h"
#include "support/instances.h"
#include "support/harness.h"
#include "support/random.h"

static test_summary summary = {"emu_memory_random", 0, 0, 0};

enum { PROGRAMS = 500, MAX_INSTRUCTIONS = 12, LIMIT = 200 };

static uint16_t rows[GCN_ARCH_COUNT][256];
static size_t row_counts[GCN_ARCH_COUNT];

/* A register number: mostly low, sometimes anywhere (past the end too). */
static uint8_t pick_register(test_random *random)
{
    return (uint8_t)(test_random_percent(random, 80) ? test_random_below(random, 24)
                                                     : test_random_below(random, 256));
}

static size_t make_instruction(test_random *random, gcn_arch arch, uint32_t *words)
{
    for (;;) {
        uint16_t index = rows[arch][test_random_below(random, (unsigned)row_counts[arch])];
        const gcn_row *row = &gcn_rows[index];
        gcn_instruction instruction = {.row = index, .family = row->family, .arch = (uint8_t)arch,
                                       .word_count = 2, .opcode = (uint16_t)row->opcode[arch]};
        static const uint16_t modifiers[] = {GCN_MOD_GLC, GCN_MOD_SLC, GCN_MOD_TFE, GCN_MOD_LDS,
                                             GCN_MOD_OFFEN, GCN_MOD_IDXEN, GCN_MOD_ADDR64, GCN_MOD_NV};
        static const unsigned percents[] = {40, 20, 10, 3, 30, 30, 15, 10};
        for (unsigned i = 0; i < 8; i++)
            if (test_random_percent(random, percents[i]))
                instruction.modifiers |= modifiers[i];
        unsigned vaddr = pick_register(random), vdata = pick_register(random);
        unsigned vdst = pick_register(random);
        unsigned srsrc = test_random_percent(random, 80) ? 1 : test_random_below(random, 32);
        unsigned soffset = test_random_percent(random, 50) ? 128 + test_random_below(random, 4)
                                                           : test_random_below(random, 256);
        unsigned saddr = test_random_percent(random, 50) ? 0x7f : test_random_below(random, 128);
        if (row->family == GCN_FAMILY_MUBUF)
            instruction.offset = test_random_below(random, 4096);
        else if (arch >= GCN_ARCH_GCN14)
            instruction.offset = (uint32_t)((int32_t)test_random_below(random, 8192) - 4096);
        if (row->family == GCN_FAMILY_MUBUF) {
            if (test_mubuf_operands(&instruction, vdata, vaddr, srsrc, soffset) != GCN_OK)
                continue;
        } else if (test_flat_operands(&instruction, vdst, vaddr, vdata, saddr) != GCN_OK) {
            continue;
        }
        size_t count;
        if (gcn_encode(&instruction, words, &count) == GCN_OK)
            return count;
    }
}

static void set_registers(test_random *random, gcn_wave *wave, gcn_wave_state *state)
{
    for (unsigned i = 0; i < 24; i++)
        state->sgpr[i] = test_random_percent(random, 60) ? 0x10000 + test_random_below(random, 0x400)
                                                         : test_random_word(random);
    /* A resource over the region in s[4:7], with random fields in dword 3. */
    state->sgpr[4] = 0x10000;
    state->sgpr[5] = test_random_below(random, 64) << 16 | (test_random_percent(random, 20) ? 1u << 31 : 0);
    state->sgpr[6] = test_random_below(random, 0x2000);
    state->sgpr[7] = test_random_word(random);
    state->sgpr[GCN_CODE_M0] = test_random_word(random);
    gcn_state_set_pair(state, GCN_CODE_EXEC_LO, test_random_percent(random, 50)
                                                     ? ~0ull
                                                     : test_random_next(random));
    for (unsigned v = 0; v < 24; v++) {
        uint32_t *lanes = gcn_wave_vgpr(wave, v);
        unsigned shape = test_random_below(random, 4);
        uint32_t base = test_random_word(random);
        for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
            lanes[lane] = shape == 0   ? 0x10000 + 4 * lane
                          : shape == 1 ? test_random_below(random, 0x200)
                          : shape == 2 ? (v % 2 ? (test_random_percent(random, 90) ? 0 : 0x10000) : 0x10000 + lane)
                                       : base + lane;
    }
}

static void run_program(test_random *random, gcn_arch arch, unsigned number)
{
    uint32_t words[2 * MAX_INSTRUCTIONS + 2];
    size_t count = 0;
    unsigned instructions = 1 + test_random_below(random, MAX_INSTRUCTIONS);
    for (unsigned i = 0; i < instructions; i++) {
        if (test_random_percent(random, 20))
            words[count++] = 0xbf8c0000u | test_random_below(random, 0x10000); /* s_waitcnt */
        else
            count += make_instruction(random, arch, words + count);
        if (count + 2 > sizeof words / sizeof words[0] - 1)
            break;
    }
    words[count++] = 0xbf810000u; /* s_endpgm */
    gcn_machine_options options;
    gcn_machine_options_default(&options, arch);
    options.scratch_per_lane = test_random_percent(random, 50) ? 64 : 0;
    options.strict_waitcnt = test_random_percent(random, 20);
    gcn_machine *machine = gcn_machine_create(&options);
    uint8_t *memory;
    gcn_machine_map(machine, 0x10000, 0x10000, &memory);
    gcn_machine_load_program(machine, 0, words, count);
    gcn_workgroup *workgroup = gcn_workgroup_create(machine, test_random_percent(random, 50) ? 1024 : GCN_LDS_SIZE);
    gcn_wave *wave = gcn_wave_create(workgroup);
    gcn_wave_state *state = gcn_wave_registers(wave);
    set_registers(random, wave, state);
    gcn_run_status status = gcn_wave_run(wave, LIMIT);
    bool ok = status != GCN_RUN_RUNNING && gcn_wave_instructions(wave) <= LIMIT;
    if (status == GCN_RUN_FAULT) {
        const gcn_fault *fault = gcn_wave_fault(wave);
        ok &= fault->message[0] != 0 && fault->lane >= -1 && fault->lane < GCN_WAVE_LANES;
    }
    for (int c = 0; c < GCN_COUNTER_COUNT; c++)
        ok &= state->counter[c] <= 63;
    gcn_wave_drain(wave);
    for (int c = 0; c < GCN_COUNTER_COUNT; c++)
        ok &= state->counter[c] == 0;
    if (ok)
        test_pass(&summary);
    else
        test_fail(&summary, "%s program %u (seed %llu): status %d, %llu instructions, counters %u %u %u",
                  gcn_arch_name(arch), number, (unsigned long long)test_seed(), (int)status,
                  (unsigned long long)gcn_wave_instructions(wave), state->counter[0],
                  state->counter[1], state->counter[2]);
    gcn_wave_destroy(wave);
    gcn_workgroup_destroy(workgroup);
    gcn_machine_destroy(machine);
}

int main(void)
{
    for (uint16_t i = 0; i < GCN_ROW_COUNT; i++) {
        const gcn_row *row = &gcn_rows[i];
        if (row->family != GCN_FAMILY_MUBUF && row->family != GCN_FAMILY_FLAT)
            continue;
        FOR_EACH_ARCH(arch)
            if (row->opcode[arch] >= 0)
                rows[arch][row_counts[arch]++] = i;
    }
    FOR_EACH_ARCH(arch) {
        test_random random;
        test_random_start(&random, test_seed(), "emu_memory_random", (uint64_t)arch, 0);
        for (unsigned number = 0; number < PROGRAMS; number++)
            run_program(&random, arch, number);
    }
    return test_finish(&summary);
}
