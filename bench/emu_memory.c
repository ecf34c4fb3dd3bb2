/* The emulator's speed on vector memory: one GCN 1.4 wave runs a loop over
 * a buffer mixing buffer and global loads, stores and atomics (all 64
 * lanes), a scalar load, waits and branches, for a fixed number of
 * instructions; prints wave-instructions per second and lane accesses (one
 * lane's dword) per second, single thread, CPU time, the median of several
 * runs. A benchmark, not a test.
 *
 *   build/bench/emu_memory [INSTRUCTIONS [RUNS]]   (default 4000000, 5) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gcn_emu.h"

/* 11 instructions a trip; the six vector memory ones move 1 + 4 + 1 + 1 +
 * 1 + 1 = 9 dwords a lane. */
static const char loop[] =
    "loop:\n"
    "buffer_load_dword v10, v1, s[4:7], 0 offen\n"
    "buffer_load_dwordx4 v[12:15], v1, s[4:7], 0 offen offset:16\n"
    "global_load_dword v11, v[2:3], off\n"
    "s_waitcnt vmcnt(0)\n"
    "buffer_store_dword v10, v1, s[4:7], 0 offen offset:1024\n"
    "global_atomic_add v16, v[2:3], v20, off offset:2048 glc\n"
    "buffer_atomic_add v20, v1, s[4:7], 0 offen offset:3072\n"
    "s_load_dword s8, s[0:1], 0x0\n"
    "s_waitcnt vmcnt(0) & lgkmcnt(0)\n"
    "s_cbranch_scc1 loop\n"
    "s_branch loop\n";
enum { TRIP = 11, LANE_DWORDS_PER_TRIP = 64 * 9 };

static double cpu_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now); /* CPU time: the machine is shared */
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* One run's CPU seconds, or a negative number if the loop stopped. */
static double run_once(uint64_t instructions)
{
    gcn_machine_options options;
    gcn_machine_options_default(&options, GCN_ARCH_GCN14);
    gcn_machine *machine = gcn_machine_create(&options);
    uint8_t *memory;
    if (!machine || gcn_machine_map(machine, 0x10000, 0x10000, &memory) != GCN_OK ||
        gcn_machine_assemble_program(machine, 0, loop, strlen(loop), GCN_DIALECT_CLRX,
                                     "emu_memory.s", stderr) != GCN_OK)
        return -1;
    gcn_workgroup *workgroup = gcn_workgroup_create(machine, GCN_LDS_SIZE);
    gcn_wave *wave = gcn_wave_create(workgroup);
    gcn_wave_state *state = gcn_wave_registers(wave);
    state->sgpr[0] = 0x10000;                     /* s[0:1]: the buffer */
    state->sgpr[4] = 0x10000, state->sgpr[6] = 0x10000; /* s[4:7]: raw resource over it */
    for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++) {
        gcn_wave_vgpr(wave, 1)[lane] = 4 * lane;            /* offsets */
        gcn_wave_vgpr(wave, 2)[lane] = 0x10000 + 4 * lane;  /* v[2:3]: addresses */
        gcn_wave_vgpr(wave, 20)[lane] = 1;
    }
    double start = cpu_seconds();
    gcn_run_status status = gcn_wave_run(wave, instructions);
    double elapsed = cpu_seconds() - start;
    if (status != GCN_RUN_LIMIT) {
        const gcn_fault *fault = gcn_wave_fault(wave);
        fprintf(stderr, "emu_memory: the loop stopped (status %d%s%s)\n", status, fault ? ": " : "",
                fault ? fault->message : "");
        elapsed = -1;
    }
    gcn_wave_destroy(wave);
    gcn_workgroup_destroy(workgroup);
    gcn_machine_destroy(machine);
    return elapsed;
}

int main(int argc, char **argv)
{
    uint64_t instructions = argc > 1 ? strtoull(argv[1], NULL, 10) : 4000000ull;
    int runs = argc > 2 ? atoi(argv[2]) : 5;
    if (runs < 1 || runs > 100 || instructions == 0) {
        fprintf(stderr, "usage: emu_memory [INSTRUCTIONS [RUNS]]\n");
        return 2;
    }
    double times[100];
    for (int run = 0; run < runs; run++)
        if ((times[run] = run_once(instructions)) < 0)
            return 1;
    qsort(times, (size_t)runs, sizeof *times, by_value);
    double median = times[runs / 2];
    double lane_dwords = (double)instructions / TRIP * LANE_DWORDS_PER_TRIP;
    printf("emulator, vector memory: %llu wave-instructions (buffer and global loads, stores, atomics, "
           "a scalar load, waits, branches), median of %d runs: CPU %.3f s, %.1f million "
           "wave-instructions/s, %.1f million lane accesses/s\n",
           (unsigned long long)instructions, runs, median, (double)instructions / median / 1e6,
           lane_dwords / median / 1e6);
    return 0;
}
