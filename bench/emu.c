/* The emulator's speed: one wave runs a loop of scalar loads, waits and
 * branches (SOPP and SMEM) for a fixed number of instructions; prints
 * wave-instructions per second, single thread, the median of several
 * runs. A benchmark, not a test.
 *
 *   build/bench/emu [INSTRUCTIONS [RUNS]]   (default 20000000, 5) */
#include <stdio.h>

#include "emu_bench.h"

static const char program[] =
    "loop:\n"
    "s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
    "s_load_dword s6, s[0:1], 0x8\n"
    "s_buffer_load_dwordx4 s[8:11], s[12:15], 0x10\n"
    "s_waitcnt lgkmcnt(0)\n"
    "s_load_dwordx8 s[16:23], s[4:5], 0x20\n"
    "s_cbranch_scc1 skip\n"
    "s_nop 0\n"
    "skip:\n"
    "s_waitcnt lgkmcnt(0)\n"
    "s_cbranch_vccnz loop\n"
    "s_cbranch_execz loop\n"
    "s_branch loop\n";

static void setup(uint8_t *memory, gcn_wave *wave)
{
    memory[0] = 0x00; memory[1] = 0x01; memory[2] = 0x01; /* s[4:5] = 0x10100 */
    gcn_wave_state *state = gcn_wave_registers(wave);
    state->sgpr[0] = 0x10000;
    state->sgpr[12] = 0x10000;
    state->sgpr[14] = 4096;
}

int main(int argc, char **argv)
{
    static const emu_bench bench = {"emu", GCN_ARCH_GCN14, program, 0x10000, 4096, 20000000ull, setup};
    emu_bench_result r;
    int status = emu_bench_run(&bench, argc, argv, &r);
    if (status)
        return status;
    uint64_t instructions = r.instructions;
    double median = r.median;
    double loads = (double)instructions * 4 / 11; /* four loads in each 11-instruction trip */
    printf("emulator: %llu wave-instructions (SOPP and SMEM: loads, waits, branches), median of %d runs: CPU "
           "%.3f s, %.1f million wave-instructions/s, %.1f million scalar loads/s\n",
           (unsigned long long)instructions, r.runs, median, (double)instructions / median / 1e6,
           loads / median / 1e6);
    return 0;
}
