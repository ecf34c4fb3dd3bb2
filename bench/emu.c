/* The emulator's speed: one wave runs a loop of scalar loads, waits and
 * branches (SOPP and SMEM: the families it executes today) for a fixed
 * number of instructions; prints wave-instructions per second, single
 * thread, the median of several runs. A benchmark, not a test.
 *
 *   build/bench/emu [INSTRUCTIONS [RUNS]]   (default 20000000, 5) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gcn_emu.h"

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

static double seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now); /* CPU time: the machine is shared */
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    uint64_t instructions = argc > 1 ? strtoull(argv[1], NULL, 10) : 20000000ull;
    int runs = argc > 2 ? atoi(argv[2]) : 5;
    if (runs < 1 || runs > 100 || instructions == 0) {
        fprintf(stderr, "usage: emu [INSTRUCTIONS [RUNS]]\n");
        return 2;
    }
    double times[100];
    uint64_t loads = 0;
    for (int run = 0; run < runs; run++) {
        gcn_machine_options options;
        gcn_machine_options_default(&options, GCN_ARCH_GCN14);
        gcn_machine *machine = gcn_machine_create(&options);
        uint8_t *memory;
        if (!machine || gcn_machine_map(machine, 0x10000, 4096, &memory) != GCN_OK ||
            gcn_machine_assemble_program(machine, 0, program, strlen(program), GCN_DIALECT_CLRX,
                                         "emu.s", stderr) != GCN_OK) {
            fprintf(stderr, "emu: cannot set up the machine\n");
            return 1;
        }
        memory[0] = 0x00; memory[1] = 0x01; memory[2] = 0x01; /* s[4:5] = 0x10100 */
        gcn_workgroup *workgroup = gcn_workgroup_create(machine, GCN_LDS_SIZE);
        gcn_wave *wave = gcn_wave_create(workgroup);
        gcn_wave_state *state = gcn_wave_registers(wave);
        state->sgpr[0] = 0x10000;
        state->sgpr[12] = 0x10000;
        state->sgpr[14] = 4096;
        double start = seconds();
        gcn_run_status status = gcn_wave_run(wave, instructions);
        times[run] = seconds() - start;
        if (status != GCN_RUN_LIMIT || gcn_wave_instructions(wave) != instructions) {
            const gcn_fault *fault = gcn_wave_fault(wave);
            fprintf(stderr, "emu: the loop stopped (status %d%s%s)\n", status, fault ? ": " : "",
                    fault ? fault->message : "");
            return 1;
        }
        loads = instructions * 4 / 11; /* four loads in each 11-instruction trip */
        gcn_wave_destroy(wave);
        gcn_workgroup_destroy(workgroup);
        gcn_machine_destroy(machine);
    }
    qsort(times, (size_t)runs, sizeof *times, compare);
    double median = times[runs / 2];
    printf("emulator: %llu wave-instructions (SOPP and SMEM: loads, waits, branches), median of %d runs: CPU "
           "%.3f s, %.1f million wave-instructions/s, %.1f million scalar loads/s\n",
           (unsigned long long)instructions, runs, median, (double)instructions / median / 1e6,
           (double)loads / median / 1e6);
    return 0;
}
