/* The emulator's library API (include/gcn_emu.h): SOPP control flow and
 * SMRD/SMEM on every generation, the waitcnt checker, faults, limits and
 * hostile programs. Every expected value is worked out by hand from the
 * CLRX GCN ISA pages (the SOPP and SMEM pages). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcn_emu.h"
#include "support/harness.h"

static test_summary summary = {"emu_api", 0, 0, 0};

#define CHECK(condition, ...)                           \
    do {                                                \
        if (condition) {                                \
            test_pass(&summary);                        \
        } else {                                        \
            printf("  (tests/emu_api.c:%d) ", __LINE__); \
            test_fail(&summary, __VA_ARGS__);           \
        }                                               \
    } while (0)

typedef struct rig {
    gcn_machine *machine;
    gcn_workgroup *workgroup;
    gcn_wave *wave;
    gcn_wave_state *state;
} rig;

/* A machine of arch running text (clrx dialect), and one wave. */
static bool rig_open(rig *r, gcn_arch arch, const char *text, bool strict)
{
    gcn_machine_options options;
    gcn_machine_options_default(&options, arch);
    options.strict_waitcnt = strict;
    options.scratch_per_lane = 16;
    memset(r, 0, sizeof *r);
    r->machine = gcn_machine_create(&options);
    if (!r->machine)
        return false;
    if (gcn_machine_assemble_program(r->machine, 0, text, strlen(text), GCN_DIALECT_CLRX, "test.s",
                                     stdout) != GCN_OK)
        return false;
    r->workgroup = gcn_workgroup_create(r->machine, GCN_LDS_SIZE);
    r->wave = r->workgroup ? gcn_wave_create(r->workgroup) : NULL;
    r->state = r->wave ? gcn_wave_registers(r->wave) : NULL;
    return r->wave != NULL;
}

static void rig_close(rig *r)
{
    gcn_wave_destroy(r->wave);
    gcn_workgroup_destroy(r->workgroup);
    gcn_machine_destroy(r->machine);
}

static size_t diagnostic_count(rig *r)
{
    size_t count;
    gcn_wave_diagnostics(r->wave, &count, NULL);
    return count;
}

static const char *first_diagnostic(rig *r)
{
    size_t count;
    const gcn_diagnostic *d = gcn_wave_diagnostics(r->wave, &count, NULL);
    return count ? d[0].message : "";
}

/* ---- SOPP ---- */

static void test_branches(void)
{
    static const char *const archs_text[] = {"gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"};
    for (int a = 0; a < GCN_ARCH_COUNT; a++) {
        rig r;
        /* PC = SCC==0 ? RELADDR : PC+4, with SCC=1 falls through to s_endpgm
         * at 0x4: 2 instructions. */
        bool ok = rig_open(&r, (gcn_arch)a, "s_cbranch_scc0 skip\ns_endpgm\nskip: s_trap 3\n", false);
        CHECK(ok, "%s: rig", archs_text[a]);
        if (!ok) { rig_close(&r); continue; }
        r.state->scc = 1;
        gcn_run_status status = gcn_wave_run(r.wave, 100);
        CHECK(status == GCN_RUN_ENDED && gcn_wave_instructions(r.wave) == 2 && gcn_wave_pc(r.wave) == 4,
              "%s: scc0 not taken: status %d, %llu instructions, pc 0x%llx", archs_text[a], status,
              (unsigned long long)gcn_wave_instructions(r.wave), (unsigned long long)gcn_wave_pc(r.wave));
        rig_close(&r);
        /* SCC=0: taken to the s_trap at 0x8 */
        rig_open(&r, (gcn_arch)a, "s_cbranch_scc0 skip\ns_endpgm\nskip: s_trap 3\n", false);
        status = gcn_wave_run(r.wave, 100);
        CHECK(status == GCN_RUN_TRAP && gcn_wave_pc(r.wave) == 8, "%s: scc0 taken: status %d pc 0x%llx",
              archs_text[a], status, (unsigned long long)gcn_wave_pc(r.wave));
        rig_close(&r);
    }
    /* EXEC all on: execz not taken, execnz taken; VCC 0: vccz taken. */
    rig r;
    rig_open(&r, GCN_ARCH_GCN12,
             "s_cbranch_execz bad\ns_cbranch_execnz a\nbad: s_trap 1\na: s_cbranch_vccnz bad\n"
             "s_cbranch_vccz b\ns_trap 2\nb: s_branch c\ns_trap 4\nc: s_endpgm\n", false);
    gcn_run_status status = gcn_wave_run(r.wave, 100);
    CHECK(status == GCN_RUN_ENDED && gcn_wave_instructions(r.wave) == 6,
          "exec/vcc branches: status %d after %llu", status,
          (unsigned long long)gcn_wave_instructions(r.wave));
    rig_close(&r);
    /* CDBG conditions are inputs: sys only -> cdbgsys and or_user taken,
     * cdbguser and and_user not. */
    rig_open(&r, GCN_ARCH_GCN11,
             "s_cbranch_cdbguser bad\ns_cbranch_cdbgsys_and_user bad\ns_cbranch_cdbgsys a\nbad: s_trap 1\n"
             "a: s_cbranch_cdbgsys_or_user b\ns_trap 2\nb: s_endpgm\n", false);
    r.state->cdbg_sys = true;
    status = gcn_wave_run(r.wave, 100);
    CHECK(status == GCN_RUN_ENDED && gcn_wave_instructions(r.wave) == 5, "cdbg: status %d after %llu",
          status, (unsigned long long)gcn_wave_instructions(r.wave));
    rig_close(&r);
}

static void test_sopp_state(void)
{
    rig r;
    rig_open(&r, GCN_ARCH_GCN14,
             "s_setkill 3\ns_setprio 7\ns_incperflevel 0x13\ns_incperflevel 3\ns_decperflevel 5\n"
             "s_set_gpr_idx_mode 0x1f\ns_set_gpr_idx_off\ns_nop 7\ns_sleep 2\ns_icache_inv\n"
             "s_sendmsg sendmsg(gs, emit, 1)\ns_ttracedata\ns_sethalt 0\ns_sethalt 3\ns_endpgm\n", false);
    r.state->sgpr[GCN_CODE_M0] = 0xabcdffffu;
    r.state->mode = 0xffffffffu;
    gcn_run_status status = gcn_wave_run(r.wave, 100);
    CHECK(status == GCN_RUN_HALTED && gcn_wave_pc(r.wave) == 0x34, "sethalt 3: status %d pc 0x%llx",
          status, (unsigned long long)gcn_wave_pc(r.wave));
    CHECK(r.state->kill == 1 && r.state->priority == 3 && r.state->halt == 1, "kill %u prio %u halt %u",
          r.state->kill, r.state->priority, r.state->halt);
    CHECK(r.state->perf_level[3] == 2 && r.state->perf_level[5] == 0xffffffffu, "perf %u %u",
          r.state->perf_level[3], r.state->perf_level[5]);
    /* M0 = (M0 & 0xffff0fff) | ((0x1f & 15) << 12) */
    CHECK(r.state->sgpr[GCN_CODE_M0] == 0xabcdffffu, "m0 0x%08x", r.state->sgpr[GCN_CODE_M0]);
    CHECK(r.state->mode == 0xf7ffffffu, "mode 0x%08x", r.state->mode);
    /* 14 instructions, s_nop 7 adds 7, s_sleep 2 adds 128 */
    CHECK(r.state->cycles == 14 + 7 + 128, "cycles %llu", (unsigned long long)r.state->cycles);
    size_t count;
    const gcn_message *messages = gcn_wave_messages(r.wave, &count);
    CHECK(count == 2 && messages[0].pc == 0x28 && messages[0].m0 == 0xabcdffffu &&
              messages[0].simm16 == 0x122 && messages[1].pc == 0x2c,
          "messages: %zu", count);
    rig_close(&r);
}

/* ---- SMRD/SMEM ---- */

static void test_smem_offsets(void)
{
    /* GCN 1.0/1.1: the immediate counts dwords (offset 2 = byte 8); GCN
     * 1.2/1.4: bytes, OFFSET & ~3 (0xb reads byte 8). */
    static const char *const programs[GCN_ARCH_COUNT] = {
        "s_load_dword s4, s[0:1], 0x2\ns_waitcnt lgkmcnt(0)\ns_endpgm\n",
        "s_load_dword s4, s[0:1], 0x2\ns_waitcnt lgkmcnt(0)\ns_endpgm\n",
        "s_load_dword s4, s[0:1], 0xb\ns_waitcnt lgkmcnt(0)\ns_endpgm\n",
        "s_load_dword s4, s[0:1], 0xb\ns_waitcnt lgkmcnt(0)\ns_endpgm\n",
    };
    for (int a = 0; a < GCN_ARCH_COUNT; a++) {
        rig r;
        rig_open(&r, (gcn_arch)a, programs[a], false);
        uint8_t *memory;
        gcn_machine_map(r.machine, 0x1000, 64, &memory);
        for (int i = 0; i < 64; i++)
            memory[i] = (uint8_t)i;
        r.state->sgpr[0] = 0x1000;
        gcn_run_status status = gcn_wave_run(r.wave, 10);
        CHECK(status == GCN_RUN_ENDED && r.state->sgpr[4] == 0x0b0a0908u, "arch %d: s4 0x%08x status %d",
              a, r.state->sgpr[4], status);
        CHECK(diagnostic_count(&r) == 0, "arch %d: %s", a, first_diagnostic(&r));
        rig_close(&r);
    }
}

static void test_waitcnt_checker(void)
{
    rig r;
    /* s_load to s4, then s_mov... there is no SALU yet: read s4 through an
     * SMEM address (sbase s[4:5]) before the wait. */
    rig_open(&r, GCN_ARCH_GCN12,
             "s_load_dwordx2 s[4:5], s[0:1], 0x0\ns_load_dword s6, s[4:5], 0x0\n"
             "s_waitcnt lgkmcnt(0)\ns_endpgm\n", false);
    uint8_t *memory;
    gcn_machine_map(r.machine, 0x1000, 64, &memory);
    memory[0] = 0x10; memory[1] = 0x10; /* s[4:5] = 0x1010 */
    memory[0x10] = 0x77;
    r.state->sgpr[0] = 0x1000;
    gcn_run_status status = gcn_wave_run(r.wave, 10);
    /* The second load used the old s[4:5] = 0: outside memory, a fault. */
    CHECK(status == GCN_RUN_FAULT, "early read: status %d", status);
    CHECK(diagnostic_count(&r) == 1 &&
              strcmp(first_diagnostic(&r), "s4 is read before an s_waitcnt lgkmcnt covers the "
                                           "s_load_dwordx2 at pc 0x0 that loads it") == 0,
          "diagnostic: %s", first_diagnostic(&r));
    rig_close(&r);

    /* lgkmcnt(1) after two single-dword loads: out of order, so neither is
     * certain; lgkmcnt(0) makes both certain. */
    rig_open(&r, GCN_ARCH_GCN12,
             "s_load_dword s4, s[0:1], 0x0\ns_load_dword s5, s[0:1], 0x4\ns_waitcnt lgkmcnt(1)\n"
             "s_load_dword s6, s[4:5], 0x0\ns_endpgm\n", false);
    gcn_machine_map(r.machine, 0x1000, 64, &memory);
    r.state->sgpr[0] = 0x1000;
    memory[0] = 0x20; memory[1] = 0x10; /* s4 = 0x1020, s5 = 0 */
    status = gcn_wave_run(r.wave, 10);
    CHECK(status == GCN_RUN_ENDED, "lgkmcnt(1): status %d", status);
    CHECK(diagnostic_count(&r) == 2, "lgkmcnt(1): %zu diagnostics (%s)", diagnostic_count(&r),
          first_diagnostic(&r));
    rig_close(&r);

    rig_open(&r, GCN_ARCH_GCN12,
             "s_load_dword s4, s[0:1], 0x0\ns_load_dword s5, s[0:1], 0x4\ns_waitcnt lgkmcnt(0)\n"
             "s_load_dword s6, s[4:5], 0x0\ns_waitcnt lgkmcnt(0)\ns_endpgm\n", true);
    gcn_machine_map(r.machine, 0x1000, 64, &memory);
    r.state->sgpr[0] = 0x1000;
    memory[0] = 0x20; memory[1] = 0x10;
    memory[0x20] = 0x5a;
    status = gcn_wave_run(r.wave, 10);
    CHECK(status == GCN_RUN_ENDED && r.state->sgpr[6] == 0x5a && diagnostic_count(&r) == 0,
          "lgkmcnt(0): status %d s6 0x%x", status, r.state->sgpr[6]);
    rig_close(&r);

    /* strict: the early read is a fault naming both pcs */
    rig_open(&r, GCN_ARCH_GCN14,
             "s_load_dwordx2 s[4:5], s[0:1], 0x0\ns_load_dword s6, s[4:5], 0x0\ns_endpgm\n", true);
    gcn_machine_map(r.machine, 0x1000, 64, &memory);
    r.state->sgpr[0] = 0x1000;
    status = gcn_wave_run(r.wave, 10);
    const gcn_fault *fault = gcn_wave_fault(r.wave);
    CHECK(status == GCN_RUN_FAULT && fault && fault->pc == 8 && strstr(fault->message, "pc 0x0"),
          "strict: status %d %s", status, fault ? fault->message : "");
    rig_close(&r);
}

/* One pair of pcs is kept once however often the loop runs; reports
 * beyond max_diagnostics are counted, each time, not kept. Ten trips of
 * the loop: the reads at 0x18 and 0x20 kept; s6 read at 0x28 (pc 0x10's
 * load) and s10 written at 0x20 while 0x18's load of it is in flight
 * dropped, twice a trip. */
static void test_diagnostic_limit(void)
{
    gcn_machine_options options;
    gcn_machine_options_default(&options, GCN_ARCH_GCN12);
    options.max_diagnostics = 2;
    gcn_machine *machine = gcn_machine_create(&options);
    static const char text[] =
        "l: s_load_dword s4, s[0:1], 0x0\ns_load_dword s5, s[0:1], 0x0\ns_load_dword s6, s[0:1], 0x0\n"
        "s_load_dword s10, s[0:1], s4\ns_load_dword s10, s[0:1], s5\ns_load_dword s11, s[0:1], s6\n"
        "s_waitcnt lgkmcnt(0)\ns_branch l\n";
    gcn_machine_assemble_program(machine, 0, text, strlen(text), GCN_DIALECT_CLRX, "d.s", stdout);
    gcn_machine_map(machine, 0, 64, NULL);
    gcn_workgroup *workgroup = gcn_workgroup_create(machine, 0);
    gcn_wave *wave = gcn_wave_create(workgroup);
    gcn_run_status status = gcn_wave_run(wave, 80);
    size_t count, dropped;
    const gcn_diagnostic *d = gcn_wave_diagnostics(wave, &count, &dropped);
    CHECK(status == GCN_RUN_LIMIT && count == 2 && dropped == 20 && d[0].pc == 0x18 && d[0].other_pc == 0 &&
              d[1].pc == 0x20 && d[1].other_pc == 0x8,
          "diagnostic limit: %zu kept, %zu dropped", count, dropped);
    gcn_wave_destroy(wave);
    gcn_workgroup_destroy(workgroup);
    gcn_machine_destroy(machine);
}

/* ---- faults, limits, hostile programs ---- */

static void test_faults(void)
{
    rig r;
    rig_open(&r, GCN_ARCH_GCN12, "s_load_dword s4, s[0:1], 0x0\ns_endpgm\n", false);
    r.state->sgpr[0] = 0xfffffffcu;
    r.state->sgpr[1] = 0xffff; /* 48-bit address 0xfffffffffffc */
    gcn_run_status status = gcn_wave_run(r.wave, 10);
    const gcn_fault *fault = gcn_wave_fault(r.wave);
    CHECK(status == GCN_RUN_FAULT && fault && fault->pc == 0 && fault->lane == -1 &&
              fault->has_address && fault->address == 0xfffffffffffcull,
          "load outside memory: status %d", status);
    rig_close(&r);

    /* An endless loop ends at the limit, pc at the next instruction. */
    rig_open(&r, GCN_ARCH_GCN10, "l: s_nop 0\ns_branch l\n", false);
    status = gcn_wave_run(r.wave, 1001);
    CHECK(status == GCN_RUN_LIMIT && gcn_wave_instructions(r.wave) == 1001 && gcn_wave_pc(r.wave) == 4,
          "limit: status %d, %llu, pc 0x%llx", status, (unsigned long long)gcn_wave_instructions(r.wave),
          (unsigned long long)gcn_wave_pc(r.wave));
    rig_close(&r);

    /* Running off the end, into a word that is no instruction, a branch
     * backwards out of the program. */
    rig_open(&r, GCN_ARCH_GCN12, "s_nop 0\n", false);
    status = gcn_wave_run(r.wave, 10);
    fault = gcn_wave_fault(r.wave);
    CHECK(status == GCN_RUN_FAULT && fault && fault->pc == 4 &&
              strcmp(fault->message, "pc 0x4 is outside the program (0x0 to 0x4)") == 0,
          "off the end: %s", fault ? fault->message : "");
    rig_close(&r);
    rig_open(&r, GCN_ARCH_GCN12, ".int 0x7e000280\n", false);
    status = gcn_wave_run(r.wave, 10);
    fault = gcn_wave_fault(r.wave);
    CHECK(status == GCN_RUN_FAULT && fault &&
              strcmp(fault->message, "no instruction of gcn1.2 at pc 0x0 (word 0x7e000280)") == 0,
          "not an instruction: %s", fault ? fault->message : "");
    rig_close(&r);
    rig_open(&r, GCN_ARCH_GCN12, "s_branch -0x10000\n", false);
    status = gcn_wave_run(r.wave, 10);
    CHECK(status == GCN_RUN_FAULT, "branch out: %d", status);
    rig_close(&r);

    /* SDATA past the last scalar code: s_load_dwordx16 into ttmp8.. */
    rig_open(&r, GCN_ARCH_GCN12, "s_endpgm\n", false);
    static const uint32_t x16[] = {0xc0121e00u, 0, 0xbf810000u}; /* sdata 120 (ttmp8) */
    gcn_machine_load_program(r.machine, 0, x16, 3);
    status = gcn_wave_run(r.wave, 10);
    fault = gcn_wave_fault(r.wave);
    CHECK(status == GCN_RUN_FAULT && fault &&
              strcmp(fault->message, "s_load_dwordx16: 16 scalar registers from code 120 run past "
                                     "the last one") == 0,
          "x16 past the end: %s", fault ? fault->message : "");
    rig_close(&r);

    /* Mapping: overlap and wrap refused. */
    gcn_machine_options options;
    gcn_machine_options_default(&options, GCN_ARCH_GCN14);
    gcn_machine *machine = gcn_machine_create(&options);
    CHECK(gcn_machine_map(machine, 0x1000, 0x1000, NULL) == GCN_OK, "map");
    CHECK(gcn_machine_map(machine, 0x1fff, 2, NULL) != GCN_OK, "overlap above");
    CHECK(gcn_machine_map(machine, 0xfff, 2, NULL) != GCN_OK, "overlap below");
    CHECK(gcn_machine_map(machine, ~0ull - 3, 8, NULL) != GCN_OK, "wrap");
    CHECK(gcn_machine_map(machine, 0x2000, 4, NULL) == GCN_OK, "adjacent");
    CHECK(gcn_machine_memory(machine, 0x1ffe, 4) == NULL, "span across regions");
    CHECK(gcn_machine_memory(machine, 0x1ffc, 4) != NULL, "span in a region");
    gcn_machine_destroy(machine);
}

/* Random words on every generation: whatever they are, the run ends with
 * a status within its limit (the sanitizers watch the memory). */
static void test_hostile_programs(void)
{
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    unsigned ended_by_status = 0;
    for (unsigned trial = 0; trial < 400; trial++) {
        uint32_t words[64];
        for (unsigned i = 0; i < 64; i++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            uint32_t word = (uint32_t)(seed >> 32);
            /* Mostly SOPP (short branches) and SMRD/SMEM words. */
            switch (word & 3) {
            case 0: words[i] = 0xbf800000u | (word & 0x1f0000u) | ((word >> 8) & 0x0f); break;
            case 1: words[i] = 0xc0000000u | (word & 0x03ffffffu); break;
            case 2: words[i] = 0xc2000000u | (word & 0x01ffffffu); break;
            default: words[i] = word; break;
            }
        }
        gcn_machine_options options;
        gcn_machine_options_default(&options, (gcn_arch)(trial % GCN_ARCH_COUNT));
        options.strict_waitcnt = trial & 4;
        gcn_machine *machine = gcn_machine_create(&options);
        gcn_machine_load_program(machine, 0, words, 64);
        gcn_machine_map(machine, 0, 4096, NULL);
        gcn_workgroup *workgroup = gcn_workgroup_create(machine, 1024);
        gcn_wave *wave = gcn_wave_create(workgroup);
        gcn_run_status status = gcn_wave_run(wave, 500);
        ended_by_status += status != GCN_RUN_RUNNING && gcn_wave_instructions(wave) <= 500;
        gcn_wave_destroy(wave);
        gcn_workgroup_destroy(workgroup);
        gcn_machine_destroy(machine);
    }
    CHECK(ended_by_status == 400, "%u of 400 random programs ended with a status", ended_by_status);
}

/* Two waves of one workgroup share memory; s_barrier holds the first until
 * the second has stored too, so each reads the other's value (without the
 * barrier the first, running its turn first, would read 0). */
static void test_barrier(void)
{
    static const char program[] =
        "s_store_dword s2, s[0:1], 0x0\ns_waitcnt lgkmcnt(0)\ns_barrier\n"
        "s_load_dword s3, s[4:5], 0x0\ns_waitcnt lgkmcnt(0)\ns_endpgm\n";
    for (int with_barrier = 0; with_barrier < 2; with_barrier++) {
        gcn_machine_options options;
        gcn_machine_options_default(&options, GCN_ARCH_GCN12);
        gcn_machine *machine = gcn_machine_create(&options);
        gcn_machine_map(machine, 0x1000, 8, NULL);
        char text[256];
        snprintf(text, sizeof text, "%s", program);
        if (!with_barrier) /* the barrier becomes an s_nop */
            memcpy(strstr(text, "s_barrier"), "s_nop 0  ", 9);
        gcn_machine_assemble_program(machine, 0, text, strlen(text), GCN_DIALECT_CLRX, "b.s", stdout);
        gcn_workgroup *workgroup = gcn_workgroup_create(machine, 0);
        gcn_wave *waves[2];
        for (int w = 0; w < 2; w++) {
            waves[w] = gcn_wave_create(workgroup);
            gcn_wave_state *state = gcn_wave_registers(waves[w]);
            state->sgpr[0] = 0x1000 + 4u * (unsigned)w; /* own slot */
            state->sgpr[2] = 0x10u + (unsigned)w;       /* own value */
            state->sgpr[4] = 0x1004 - 4u * (unsigned)w; /* the other's slot */
        }
        gcn_run_status status = gcn_workgroup_run(workgroup, 1000);
        uint32_t first = gcn_wave_registers(waves[0])->sgpr[3], second = gcn_wave_registers(waves[1])->sgpr[3];
        if (with_barrier)
            CHECK(status == GCN_RUN_ENDED && first == 0x11 && second == 0x10,
                  "barrier: status %d, wave 0 read 0x%x, wave 1 read 0x%x", status, first, second);
        else
            CHECK(status == GCN_RUN_ENDED && first == 0 && second == 0x10,
                  "no barrier: status %d, wave 0 read 0x%x, wave 1 read 0x%x", status, first, second);
        gcn_wave_destroy(waves[0]);
        gcn_wave_destroy(waves[1]);
        gcn_workgroup_destroy(workgroup);
        gcn_machine_destroy(machine);
    }
    /* A budget of 5 instructions stops both waves at the limit. */
    gcn_machine_options options;
    gcn_machine_options_default(&options, GCN_ARCH_GCN14);
    gcn_machine *machine = gcn_machine_create(&options);
    gcn_machine_assemble_program(machine, 0, "l: s_branch l\n", 14, GCN_DIALECT_CLRX, "l.s", stdout);
    gcn_workgroup *workgroup = gcn_workgroup_create(machine, 0);
    gcn_wave *a = gcn_wave_create(workgroup), *b = gcn_wave_create(workgroup);
    gcn_run_status status = gcn_workgroup_run(workgroup, 5);
    CHECK(status == GCN_RUN_LIMIT && gcn_wave_instructions(a) + gcn_wave_instructions(b) == 5 &&
              gcn_wave_status(b) == GCN_RUN_LIMIT,
          "workgroup limit: status %d, %llu + %llu", status, (unsigned long long)gcn_wave_instructions(a),
          (unsigned long long)gcn_wave_instructions(b));
    gcn_workgroup_destroy(workgroup); /* before its waves: they may still be destroyed */
    gcn_wave_destroy(a);
    gcn_wave_destroy(b);
    gcn_machine_destroy(machine);
}

/* gcn_machine_watch: the guest spans each step asked for, for a tracer. */
static void test_watch(void)
{
    rig r;
    const char *text = "s_load_dwordx2 s[4:5], s[0:1], 0x8\ns_store_dword s6, s[0:1], 0x20\ns_endpgm\n";
    if (!rig_open(&r, GCN_ARCH_GCN12, text, false) || gcn_machine_map(r.machine, 0x1000, 64, NULL) != GCN_OK) {
        test_fail(&summary, "watch: no machine");
        rig_close(&r);
        return;
    }
    r.state->sgpr[0] = 0x1000;
    size_t count;
    bool overflow;
    gcn_wave_step(r.wave);
    gcn_machine_watched(r.machine, &count, &overflow);
    CHECK(count == 0 && !overflow, "watch off: %zu spans", count);
    gcn_machine_watch(r.machine, true);
    gcn_wave_step(r.wave); /* s_store_dword: the dword at 0x1020 */
    const gcn_span *spans = gcn_machine_watched(r.machine, &count, &overflow);
    CHECK(count == 1 && !overflow && spans[0].address == 0x1020 && spans[0].size == 4,
          "watch: %zu spans, the first 0x%llx + %llu", count, count ? (unsigned long long)spans[0].address : 0ull,
          count ? (unsigned long long)spans[0].size : 0ull);
    gcn_machine_memory(r.machine, 0x1000, 64); /* the host's own look is not recorded */
    gcn_machine_watched(r.machine, &count, NULL);
    CHECK(count == 1, "watch: gcn_machine_memory recorded (%zu spans)", count);
    gcn_machine_watch_clear(r.machine);
    gcn_machine_watched(r.machine, &count, NULL);
    CHECK(count == 0, "watch: clear leaves %zu spans", count);
    rig_close(&r);
}

int main(void)
{
    test_watch();
    test_diagnostic_limit();
    test_barrier();
    test_hostile_programs();
    test_branches();
    test_sopp_state();
    test_smem_offsets();
    test_waitcnt_checker();
    test_faults();
    return test_finish(&summary);
}
