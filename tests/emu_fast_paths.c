/* The vector-memory fast paths against the per-lane path. MUBUF, GLOBAL and
 * FLAT compute every lane's address first and check a whole wave at once;
 * while the machine watches (gcn_machine_watch) they take the per-lane path
 * instead, which records spans in lane order. So each random program (loads,
 * stores and atomics of every row each generation has, OFFEN/IDXEN/ADDR64,
 * full and partial EXEC, in-range, out-of-range and unmapped addresses,
 * FLAT to LDS and scratch) runs twice on identical machines, once plain and
 * once watching, and every step must leave the same status, fault, registers
 * and counters, and the end the same memory, LDS, scratch and diagnostics.
 * A few fixed stores check first that watching does take the per-lane
 * path. The seed is $GCN_TEST_SEED (support/random.h); the closing lines
 * count what the programs exercised. */
#include <stdio.h>
#include <string.h>

#include "gcn_emu.h"
#include "isa/isa.h"
#include "support/emu_rig.h"
#include "support/instances.h"
#include "support/harness.h"
#include "support/random.h"

static test_summary summary = {"emu_fast_paths", 0, 0, 0};

enum { PROGRAMS = 800, MAX_INSTRUCTIONS = 12, LIMIT = 200, WORDS = 2 * MAX_INSTRUCTIONS + 2 };

/* Two regions with a gap, so that a wave can reach past one into nothing or
 * from one into the other. */
enum { LOW = 0x10000, LOW_SIZE = 0x10000, HIGH = 0x30000, HIGH_SIZE = 0x1000 };

static uint16_t rows[GCN_ARCH_COUNT][256];
static size_t row_counts[GCN_ARCH_COUNT];

/* What the runs executed, by kind: instructions, EXEC lanes, and the spans
 * of guest memory the watching run recorded (one per lane that reached
 * mapped memory, or one per dword where a lane's dwords are apart); a
 * full-EXEC instruction that did not fault and recorded 64 spans or more
 * counts as whole-wave in memory. */
enum { KIND_MUBUF, KIND_GLOBAL, KIND_FLAT, KIND_SCRATCH, KIND_COUNT };
static const char *const kind_names[KIND_COUNT] = {"MUBUF", "GLOBAL", "FLAT", "SCRATCH"};
static unsigned long long kind_instructions[KIND_COUNT], kind_lanes[KIND_COUNT], kind_spans[KIND_COUNT],
    kind_full_exec[KIND_COUNT], kind_whole_wave[KIND_COUNT];
static unsigned long long ended_programs, faulted_programs, other_programs;

static int kind_of(const gcn_row *row)
{
    return row->family == GCN_FAMILY_MUBUF   ? KIND_MUBUF
           : row->flags & GCN_ROW_GLOBAL     ? KIND_GLOBAL
           : row->flags & GCN_ROW_SCRATCH    ? KIND_SCRATCH
                                             : KIND_FLAT;
}

static uint8_t pick_register(test_random *random)
{
    return (uint8_t)(test_random_percent(random, 90) ? test_random_below(random, 24)
                                                     : test_random_below(random, 256));
}

static size_t make_instruction(test_random *random, gcn_arch arch, uint32_t *words, int *kind)
{
    /* MUBUF has most rows: draw the kind first, so that each gets its share. */
    int wanted = (int)test_random_below(random, KIND_COUNT);
    for (unsigned tries = 0;; tries++) {
        uint16_t index = rows[arch][test_random_below(random, (unsigned)row_counts[arch])];
        const gcn_row *row = &gcn_rows[index];
        if (kind_of(row) != wanted && tries < 200)
            continue;
        gcn_instruction instruction = {.row = index, .family = row->family, .arch = (uint8_t)arch,
                                       .word_count = 2, .opcode = (uint16_t)row->opcode[arch]};
        static const uint16_t modifiers[] = {GCN_MOD_GLC, GCN_MOD_SLC, GCN_MOD_TFE, GCN_MOD_LDS,
                                             GCN_MOD_OFFEN, GCN_MOD_IDXEN, GCN_MOD_ADDR64};
        static const unsigned percents[] = {40, 10, 5, 3, 40, 25, 15};
        for (unsigned i = 0; i < 7; i++)
            if (test_random_percent(random, percents[i]))
                instruction.modifiers |= modifiers[i];
        unsigned vaddr = 2 * test_random_below(random, 12); /* pairs: see set_registers */
        if (test_random_percent(random, 5))
            vaddr = pick_register(random);
        unsigned vdata = pick_register(random);
        unsigned vdst = pick_register(random);
        unsigned srsrc = test_random_percent(random, 85) ? 1 : test_random_below(random, 32);
        unsigned soffset = test_random_percent(random, 60) ? 128 + test_random_below(random, 4)
                                                           : test_random_below(random, 24);
        unsigned saddr = test_random_percent(random, 50) ? 0x7f : 2 * test_random_below(random, 6);
        if (row->family == GCN_FAMILY_MUBUF)
            instruction.offset = test_random_percent(random, 50) ? 0 : test_random_below(random, 4096);
        else if (arch >= GCN_ARCH_GCN14)
            instruction.offset = test_random_percent(random, 50) ? 0
                                 : (uint32_t)((int32_t)test_random_below(random, 8192) - 4096);
        else
            instruction.offset = 0;
        if (row->family == GCN_FAMILY_MUBUF) {
            if (test_mubuf_operands(&instruction, vdata, vaddr, srsrc, soffset) != GCN_OK)
                continue;
        } else if (test_flat_operands(&instruction, vdst, vaddr, vdata, saddr) != GCN_OK) {
            continue;
        }
        size_t count;
        if (gcn_encode(&instruction, words, &count) == GCN_OK) {
            *kind = kind_of(row);
            return count;
        }
    }
}

/* Registers and memory: drawn from `random`, the same for both machines
 * when each starts from a copy of the same generator. */
static void set_up(test_random *random, gcn_machine *machine, gcn_wave *wave)
{
    gcn_wave_state *state = gcn_wave_registers(wave);
    /* Half the programs keep their addresses near the start of the low
     * region, so that they run on rather than fault at their first access. */
    bool tame = test_random_percent(random, 50);
    for (unsigned i = 0; i < 24; i++)
        state->sgpr[i] = test_random_percent(random, tame ? 70 : 40) ? 0
                         : test_random_percent(random, 50) ? test_random_below(random, 0x400)
                         : test_random_percent(random, 80) ? LOW + test_random_below(random, 0x400)
                                                           : test_random_word(random);
    for (unsigned i = 1; i < 12; i += 2) /* saddr pairs: mostly 32-bit addresses */
        if (test_random_percent(random, 90))
            state->sgpr[i] = 0;
    /* A resource in s[4:7] over one region (or across its end). */
    static const uint32_t bases[] = {LOW, LOW, LOW, HIGH, LOW + LOW_SIZE - 0x100, 0};
    state->sgpr[4] = tame ? LOW : bases[test_random_below(random, 6)];
    state->sgpr[5] = (test_random_percent(random, 50) ? 0 : test_random_below(random, 64)) << 16 |
                     (test_random_percent(random, 10) ? 1u << 31 : 0);
    static const uint32_t records[] = {0x10000, 0x1000, 0x100, 0xffffffffu, 0};
    /* NUM_RECORDS often just past or short of the highest lane's offset
     * (step * 63 + a few: see the VGPR shapes below). */
    state->sgpr[6] = test_random_percent(random, 30)   ? (63u << test_random_below(random, 4)) + test_random_below(random, 9)
                     : test_random_percent(random, 80) ? records[test_random_below(random, 5)]
                                                       : test_random_word(random);
    state->sgpr[7] = test_random_percent(random, 60) ? 0 : test_random_word(random);
    state->sgpr[GCN_CODE_M0] = test_random_percent(random, 50) ? test_random_below(random, 0x400)
                                                               : test_random_word(random);
    static const uint64_t execs[] = {~0ull, ~0ull, ~0ull, 0xffffffffull, 0x8000000000000001ull, 0};
    unsigned exec_shape = test_random_below(random, 7);
    gcn_state_set_pair(state, GCN_CODE_EXEC_LO, exec_shape < 6 ? execs[exec_shape] : test_random_next(random));
    /* Even VGPRs are addresses or offsets, odd ones the high halves of
     * 64-bit addresses (mostly 0, sometimes an aperture) or data. */
    uint32_t shared = (uint32_t)(gcn_machine_options_of(machine)->shared_aperture >> 32);
    uint32_t private = (uint32_t)(gcn_machine_options_of(machine)->private_aperture >> 32);
    for (unsigned v = 0; v < 32; v++) {
        uint32_t *lanes = gcn_wave_vgpr(wave, v);
        static const unsigned tame_shapes[] = {0, 0, 1, 2, 6, 5, 4};
        unsigned shape = tame ? tame_shapes[test_random_below(random, 7)] : test_random_below(random, 8);
        uint32_t base = test_random_word(random);
        uint32_t step = 1u << test_random_below(random, 4);
        /* The highest lane this far (or less than its access) short of the
         * end of the low region. */
        static const uint32_t shortfalls[] = {0x80, 16, 8, 4, 3, 2, 1};
        uint32_t end = LOW + LOW_SIZE - 63 * step - shortfalls[test_random_below(random, 7)];
        for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++) {
            uint32_t value;
            if (v % 2 == 1 && v < 24 && (tame || shape < 6))
                value = shape < 4 || (tame && shape == 6) ? 0 : shape == 4 || tame ? shared : private;
            else
                value = shape == 0   ? LOW + step * lane
                        : shape == 1 ? step * lane
                        : shape == 2 ? test_random_below(random, 0x200)
                        : shape == 3 ? HIGH + step * lane
                        : shape == 4 ? end + step * lane
                        : shape == 5 ? (test_random_percent(random, 3) ? 0x50000 : LOW + 4 * lane)
                        : shape == 6 ? test_random_below(random, 64) * 4
                                     : base + lane;
            lanes[lane] = value;
        }
    }
    uint8_t *memory = gcn_machine_memory(machine, LOW, LOW_SIZE);
    for (unsigned i = 0; i < LOW_SIZE; i += 4) {
        uint32_t word = test_random_percent(random, 70) ? (uint32_t)test_random_next(random) : i;
        memcpy(memory + i, &word, 4);
    }
    memory = gcn_machine_memory(machine, HIGH, HIGH_SIZE);
    for (unsigned i = 0; i < HIGH_SIZE; i += 4) {
        uint32_t word = (uint32_t)test_random_next(random);
        memcpy(memory + i, &word, 4);
    }
}

typedef struct machine_run {
    gcn_machine *machine;
    gcn_workgroup *workgroup;
    gcn_wave *wave;
} machine_run;

static void run_open(machine_run *run, const gcn_machine_options *options, uint32_t lds_size, const uint32_t *words,
                     size_t count, test_random random, bool watch)
{
    run->machine = gcn_machine_create(options);
    gcn_machine_map(run->machine, LOW, LOW_SIZE, NULL);
    gcn_machine_map(run->machine, HIGH, HIGH_SIZE, NULL);
    gcn_machine_load_program(run->machine, 0, words, count);
    run->workgroup = gcn_workgroup_create(run->machine, lds_size);
    run->wave = gcn_wave_create(run->workgroup);
    set_up(&random, run->machine, run->wave);
    uint32_t lds_bytes;
    uint8_t *lds = gcn_workgroup_lds(run->workgroup, &lds_bytes);
    for (uint32_t i = 0; i < lds_bytes; i++)
        lds[i] = (uint8_t)(i * 37 + 11);
    for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++) {
        uint8_t *scratch = gcn_wave_scratch(run->wave, lane);
        for (uint32_t i = 0; scratch && i < options->scratch_per_lane; i++)
            scratch[i] = (uint8_t)(lane * 7 + i);
    }
    gcn_machine_watch(run->machine, watch);
}

static void run_close(machine_run *run)
{
    gcn_wave_destroy(run->wave);
    gcn_workgroup_destroy(run->workgroup);
    gcn_machine_destroy(run->machine);
}

/* The first difference between the runs (in `difference`), or false. */
static bool differ_registers(const machine_run *fast, const machine_run *slow, char *difference, size_t size)
{
    gcn_run_status a = gcn_wave_status(fast->wave), b = gcn_wave_status(slow->wave);
    if (a != b) {
        snprintf(difference, size, "status %d, per lane %d", (int)a, (int)b);
        return true;
    }
    if (gcn_wave_instructions(fast->wave) != gcn_wave_instructions(slow->wave) ||
        gcn_wave_pc(fast->wave) != gcn_wave_pc(slow->wave)) {
        snprintf(difference, size, "pc %#llx, per lane %#llx", (unsigned long long)gcn_wave_pc(fast->wave),
                 (unsigned long long)gcn_wave_pc(slow->wave));
        return true;
    }
    if (a == GCN_RUN_FAULT) {
        const gcn_fault *x = gcn_wave_fault(fast->wave), *y = gcn_wave_fault(slow->wave);
        if (x->pc != y->pc || x->lane != y->lane || x->has_address != y->has_address ||
            (x->has_address && x->address != y->address) || strcmp(x->message, y->message) != 0) {
            snprintf(difference, size, "fault \"%.160s\" lane %d address %#llx, per lane \"%.160s\" lane %d address %#llx",
                     x->message, x->lane, (unsigned long long)x->address, y->message, y->lane,
                     (unsigned long long)y->address);
            return true;
        }
    }
    const gcn_wave_state *x = gcn_wave_registers(fast->wave), *y = gcn_wave_registers(slow->wave);
    for (unsigned i = 0; i < GCN_SCALAR_SLOTS; i++)
        if (x->sgpr[i] != y->sgpr[i]) {
            snprintf(difference, size, "s%u %#x, per lane %#x", i, x->sgpr[i], y->sgpr[i]);
            return true;
        }
    if (memcmp(x->counter, y->counter, sizeof x->counter) != 0 || x->scc != y->scc || x->pc != y->pc ||
        x->cycles != y->cycles || memcmp(x->written_sgpr, y->written_sgpr, sizeof x->written_sgpr) != 0 ||
        memcmp(x->written_vgpr, y->written_vgpr, sizeof x->written_vgpr) != 0 || x->mode != y->mode) {
        snprintf(difference, size, "counters %u %u %u, per lane %u %u %u (or scc, cycles, written bits)",
                 x->counter[0], x->counter[1], x->counter[2], y->counter[0], y->counter[1], y->counter[2]);
        return true;
    }
    for (unsigned v = 0; v < GCN_VGPR_COUNT; v++) {
        const uint32_t *p = gcn_wave_vgpr(fast->wave, v), *q = gcn_wave_vgpr(slow->wave, v);
        for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
            if (p[lane] != q[lane]) {
                snprintf(difference, size, "v%u lane %u %#x, per lane %#x", v, lane, p[lane], q[lane]);
                return true;
            }
    }
    return false;
}

static bool differ_bytes(const char *what, const uint8_t *p, const uint8_t *q, size_t count, char *difference,
                         size_t size)
{
    for (size_t i = 0; i < count; i++)
        if (p[i] != q[i]) {
            snprintf(difference, size, "%s byte %#zx %#x, per lane %#x", what, i, p[i], q[i]);
            return true;
        }
    return false;
}

static bool differ_memory(const machine_run *fast, const machine_run *slow, uint32_t scratch_size, char *difference, size_t size)
{
    if (differ_bytes("memory", gcn_machine_memory(fast->machine, LOW, LOW_SIZE),
                     gcn_machine_memory(slow->machine, LOW, LOW_SIZE), LOW_SIZE, difference, size) ||
        differ_bytes("memory (high region)", gcn_machine_memory(fast->machine, HIGH, HIGH_SIZE),
                     gcn_machine_memory(slow->machine, HIGH, HIGH_SIZE), HIGH_SIZE, difference, size))
        return true;
    uint32_t lds_size;
    const uint8_t *lds = gcn_workgroup_lds(fast->workgroup, &lds_size);
    if (differ_bytes("LDS", lds, gcn_workgroup_lds(slow->workgroup, &lds_size), lds_size, difference, size))
        return true;
    for (unsigned lane = 0; scratch_size && lane < GCN_WAVE_LANES; lane++)
        if (differ_bytes("scratch", gcn_wave_scratch(fast->wave, lane), gcn_wave_scratch(slow->wave, lane),
                         scratch_size, difference, size))
            return true;
    size_t a, b, dropped_a, dropped_b;
    const gcn_diagnostic *x = gcn_wave_diagnostics(fast->wave, &a, &dropped_a);
    const gcn_diagnostic *y = gcn_wave_diagnostics(slow->wave, &b, &dropped_b);
    if (a != b || dropped_a != dropped_b) {
        snprintf(difference, size, "%zu diagnostics (%zu dropped), per lane %zu (%zu)", a, dropped_a, b, dropped_b);
        return true;
    }
    for (size_t i = 0; i < a; i++)
        if (x[i].pc != y[i].pc || x[i].other_pc != y[i].other_pc || strcmp(x[i].kind, y[i].kind) != 0 ||
            strcmp(x[i].message, y[i].message) != 0) {
            snprintf(difference, size, "diagnostic %zu \"%.160s\", per lane \"%.160s\"", i, x[i].message, y[i].message);
            return true;
        }
    gcn_wave_messages(fast->wave, &a);
    gcn_wave_messages(slow->wave, &b);
    if (a != b) {
        snprintf(difference, size, "%zu messages, per lane %zu", a, b);
        return true;
    }
    return false;
}

static void run_program(test_random *random, gcn_arch arch, unsigned number)
{
    uint32_t words[WORDS];
    int kinds[WORDS]; /* by word: the kind of the instruction starting there, or -1 */
    size_t count = 0;
    unsigned instructions = 1 + test_random_below(random, MAX_INSTRUCTIONS);
    for (unsigned i = 0; i < instructions && count + 3 <= WORDS; i++) {
        kinds[count] = -1;
        if (test_random_percent(random, 15))
            words[count++] = 0xbf8c0000u | (test_random_percent(random, 50) ? 0 : test_random_below(random, 0x10000));
        else
            count += make_instruction(random, arch, words + count, &kinds[count]);
    }
    kinds[count] = -1;
    words[count++] = 0xbf810000u; /* s_endpgm */
    gcn_machine_options options;
    gcn_machine_options_default(&options, arch);
    options.scratch_per_lane = test_random_percent(random, 50) ? 64 : test_random_percent(random, 50) ? 256 : 0;
    options.strict_waitcnt = test_random_percent(random, 20);
    uint32_t lds_size = test_random_percent(random, 50) ? 1024 : GCN_LDS_SIZE;
    test_random setup; /* registers and memory: the same draws for both runs */
    test_random_start(&setup, test_seed(), "emu_fast_paths set_up", (uint64_t)arch, number);
    machine_run fast, slow;
    run_open(&fast, &options, lds_size, words, count, setup, false);
    run_open(&slow, &options, lds_size, words, count, setup, true);
    char difference[512] = "";
    bool differ = false;
    uint64_t steps = 0;
    while (!differ && gcn_wave_status(fast.wave) == GCN_RUN_RUNNING && steps++ < LIMIT) {
        uint64_t pc = gcn_wave_pc(fast.wave);
        int kind = pc / 4 < count ? kinds[pc / 4] : -1;
        uint64_t exec = gcn_state_pair(gcn_wave_registers(fast.wave), GCN_CODE_EXEC_LO);
        gcn_machine_watch_clear(slow.machine);
        gcn_wave_step(fast.wave);
        gcn_wave_step(slow.wave);
        if (kind >= 0) {
            size_t spans;
            bool overflow;
            gcn_machine_watched(slow.machine, &spans, &overflow);
            kind_instructions[kind]++;
            kind_lanes[kind] += (unsigned)__builtin_popcountll(exec);
            kind_full_exec[kind] += exec == ~0ull;
            kind_spans[kind] += spans;
            kind_whole_wave[kind] += exec == ~0ull && spans >= GCN_WAVE_LANES &&
                                     gcn_wave_status(fast.wave) != GCN_RUN_FAULT;
            differ |= overflow;
            if (overflow)
                snprintf(difference, sizeof difference, "more than %d spans in one step", GCN_WATCH_SPANS);
        }
        differ = differ || differ_registers(&fast, &slow, difference, sizeof difference);
    }
    gcn_run_status status = gcn_wave_status(fast.wave);
    ended_programs += status == GCN_RUN_ENDED;
    faulted_programs += status == GCN_RUN_FAULT;
    other_programs += status != GCN_RUN_ENDED && status != GCN_RUN_FAULT;
    if (!differ) {
        differ = differ_memory(&fast, &slow, options.scratch_per_lane, difference, sizeof difference);
        gcn_wave_drain(fast.wave);
        gcn_wave_drain(slow.wave);
        differ = differ || differ_registers(&fast, &slow, difference, sizeof difference) ||
                 differ_memory(&fast, &slow, options.scratch_per_lane, difference, sizeof difference);
    }
    if (differ)
        test_fail(&summary, "%s program %u (seed %llu), after %llu steps, pc %#llx: %s", gcn_arch_name(arch),
                  number, (unsigned long long)test_seed(), (unsigned long long)steps,
                  (unsigned long long)gcn_wave_pc(fast.wave), difference);
    else
        test_pass(&summary);
    run_close(&fast);
    run_close(&slow);
}

/* The comparison means something only if the watching run takes the
 * per-lane path: a store whose lane 10 faults there writes, and records,
 * lanes 0-9 only (the fast paths look at every lane's address first, so
 * they would record the mapped lanes past it too). */
static void check_watching_goes_lane_by_lane(gcn_arch arch, const char *name, uint32_t vaddr_base)
{
    char program[100];
    snprintf(program, sizeof program, "%s\ns_endpgm\n", name);
    emu_rig rig;
    if (!emu_rig_open_checked(&rig, &summary, arch, program))
        return;
    emu_rig_resource(&rig, 4, EMU_RIG_MEMORY, 0, 0xffffffffu, 0);
    emu_rig_vgpr_lanes(&rig, 0, vaddr_base, 4);
    emu_rig_vgpr_lanes(&rig, 1, 0, 0);
    emu_rig_vgpr_lanes(&rig, 2, 0x100, 1);
    gcn_wave_vgpr(rig.wave, 0)[10] = 0x50000; /* unmapped (the buffer's too) */
    gcn_machine_watch(rig.machine, true);
    gcn_run_status status = emu_rig_run(&rig);
    size_t spans;
    gcn_machine_watched(rig.machine, &spans, NULL);
    emu_rig_check(&summary, __LINE__, (uint64_t)status, GCN_RUN_FAULT, "%s %s: status", gcn_arch_name(arch),
                  name);
    emu_rig_check(&summary, __LINE__, (uint64_t)gcn_wave_fault(rig.wave)->lane, 10, "%s %s: fault lane",
                  gcn_arch_name(arch), name);
    emu_rig_check(&summary, __LINE__, spans, 10, "%s %s: spans recorded", gcn_arch_name(arch), name);
    emu_rig_check(&summary, __LINE__, emu_rig_u32(&rig, 4 * 9), 0x109, "%s %s: lane 9's store",
                  gcn_arch_name(arch), name);
    emu_rig_check(&summary, __LINE__, emu_rig_u32(&rig, 4 * 11), 0, "%s %s: lane 11's store",
                  gcn_arch_name(arch), name);
    emu_rig_close(&rig);
}

int main(void)
{
    FOR_EACH_ARCH(arch)
        check_watching_goes_lane_by_lane(arch, "buffer_store_dword v2, v0, s[4:7], 0 offen", 0);
    check_watching_goes_lane_by_lane(GCN_ARCH_GCN11, "flat_store_dword v[0:1], v2", EMU_RIG_MEMORY);
    check_watching_goes_lane_by_lane(GCN_ARCH_GCN14, "global_store_dword v[0:1], v2, off", EMU_RIG_MEMORY);
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
        test_random_start(&random, test_seed(), "emu_fast_paths", (uint64_t)arch, 0);
        /* GCN 1.4 three times over: only it has GLOBAL and SCRATCH. */
        unsigned programs = arch == GCN_ARCH_GCN14 ? 3 * PROGRAMS : PROGRAMS;
        for (unsigned number = 0; number < programs; number++)
            run_program(&random, arch, number);
    }
    printf("emu_fast_paths: programs ended %llu, faulted %llu, other %llu\n", ended_programs, faulted_programs,
           other_programs);
    for (int kind = 0; kind < KIND_COUNT; kind++)
        printf("emu_fast_paths: %s: %llu instructions (%llu with full EXEC, %llu of them whole-wave in memory), "
               "%llu EXEC lanes, %llu spans of guest memory\n",
               kind_names[kind], kind_instructions[kind], kind_full_exec[kind], kind_whole_wave[kind],
               kind_lanes[kind], kind_spans[kind]);
    return test_finish(&summary);
}
