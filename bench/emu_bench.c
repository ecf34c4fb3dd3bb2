/* The emulator benchmarks' common loop (bench/emu_bench.h). */
#include "emu_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* One run's CPU seconds, or a negative number if it could not run to the limit. */
static double run_once(const emu_bench *bench, uint64_t instructions)
{
    gcn_machine_options options;
    gcn_machine_options_default(&options, bench->arch);
    gcn_machine *machine = gcn_machine_create(&options);
    gcn_workgroup *workgroup = NULL;
    gcn_wave *wave = NULL;
    uint8_t *memory;
    double elapsed = -1;
    if (!machine || gcn_machine_map(machine, bench->memory_address, bench->memory_size, &memory) != GCN_OK ||
        gcn_machine_assemble_program(machine, 0, bench->program, strlen(bench->program),
                                     GCN_DIALECT_CLRX, bench->name, stderr) != GCN_OK ||
        !(workgroup = gcn_workgroup_create(machine, GCN_LDS_SIZE)) || !(wave = gcn_wave_create(workgroup))) {
        fprintf(stderr, "%s: cannot set up the machine\n", bench->name);
    } else {
        bench->setup(memory, wave);
        double start = cpu_seconds();
        gcn_run_status status = gcn_wave_run(wave, instructions);
        elapsed = cpu_seconds() - start;
        if (status != GCN_RUN_LIMIT || gcn_wave_instructions(wave) != instructions) {
            const gcn_fault *fault = gcn_wave_fault(wave);
            fprintf(stderr, "%s: the loop stopped (status %d%s%s)\n", bench->name, status,
                    fault ? ": " : "", fault ? fault->message : "");
            elapsed = -1;
        }
    }
    gcn_wave_destroy(wave);
    gcn_workgroup_destroy(workgroup);
    gcn_machine_destroy(machine);
    return elapsed;
}

int emu_bench_run(const emu_bench *bench, int argc, char **argv, emu_bench_result *result)
{
    uint64_t *instructions = &result->instructions;
    int *runs = &result->runs;
    double *median = &result->median;
    *instructions = argc > 1 ? strtoull(argv[1], NULL, 10) : bench->default_instructions;
    *runs = argc > 2 ? atoi(argv[2]) : 5;
    if (*runs < 1 || *runs > 100 || *instructions == 0) {
        fprintf(stderr, "usage: %s [INSTRUCTIONS [RUNS]]\n", bench->name);
        return 2;
    }
    double times[100];
    for (int run = 0; run < *runs; run++)
        if ((times[run] = run_once(bench, *instructions)) < 0)
            return 1;
    qsort(times, (size_t)*runs, sizeof *times, by_value);
    *median = times[*runs / 2];
    return 0;
}
