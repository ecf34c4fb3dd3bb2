/* The emulator's speed on vector memory: one GCN 1.4 wave runs a loop over
 * a buffer mixing buffer and global loads, stores and atomics (all 64
 * lanes), a scalar load, waits and branches, for a fixed number of
 * instructions; prints wave-instructions per second and lane accesses (one
 * lane's dword) per second, single thread, CPU time, the median of several
 * runs. A benchmark, not a test.
 *
 *   build/bench/emu_memory [INSTRUCTIONS [RUNS]]   (default 4000000, 5) */
#include <stdio.h>

#include "emu_bench.h"

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

static void setup(uint8_t *memory, gcn_wave *wave)
{
    (void)memory;
    gcn_wave_state *state = gcn_wave_registers(wave);
    state->sgpr[0] = 0x10000;                     /* s[0:1]: the buffer */
    state->sgpr[4] = 0x10000, state->sgpr[6] = 0x10000; /* s[4:7]: raw resource over it */
    for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++) {
        gcn_wave_vgpr(wave, 1)[lane] = 4 * lane;            /* offsets */
        gcn_wave_vgpr(wave, 2)[lane] = 0x10000 + 4 * lane;  /* v[2:3]: addresses */
        gcn_wave_vgpr(wave, 20)[lane] = 1;
    }
}

int main(int argc, char **argv)
{
    static const emu_bench bench = {"emu_memory", GCN_ARCH_GCN14, loop, 0x10000, 0x10000, 4000000ull,
                                    setup};
    emu_bench_result r;
    int status = emu_bench_run(&bench, argc, argv, &r);
    if (status)
        return status;
    uint64_t instructions = r.instructions;
    double median = r.median;
    double lane_dwords = (double)instructions / TRIP * LANE_DWORDS_PER_TRIP;
    printf("emulator, vector memory: %llu wave-instructions (buffer and global loads, stores, atomics, "
           "a scalar load, waits, branches), median of %d runs: CPU %.3f s, %.1f million "
           "wave-instructions/s, %.1f million lane accesses/s\n",
           (unsigned long long)instructions, r.runs, median, (double)instructions / median / 1e6,
           lane_dwords / median / 1e6);
    return 0;
}
