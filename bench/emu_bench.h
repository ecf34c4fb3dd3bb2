/* What the emulator benchmarks share: a machine with one mapped region
 * and a program, one wave run to an instruction limit, CPU time, the
 * median of several runs. */
#ifndef GCN_BENCH_EMU_BENCH_H
#define GCN_BENCH_EMU_BENCH_H

#include <stdint.h>

#include "gcn_emu.h"

typedef struct emu_bench {
    const char *name;            /* for messages and the usage line */
    gcn_arch arch;
    const char *program;         /* clrx dialect, at address 0 */
    uint64_t memory_address;     /* one region of guest memory */
    uint64_t memory_size;
    uint64_t default_instructions;
    /* Fills memory and the wave's registers before a run. */
    void (*setup)(uint8_t *memory, gcn_wave *wave);
} emu_bench;

typedef struct emu_bench_result {
    uint64_t instructions; /* a run's */
    int runs;
    double median;         /* CPU seconds */
} emu_bench_result;

/* Reads [INSTRUCTIONS [RUNS]] (default: bench->default_instructions, 5),
 * runs the program that many times for INSTRUCTIONS wave-instructions
 * each; returns 0 with the result, or the exit status after a message (2:
 * usage, 1: the loop stopped). */
int emu_bench_run(const emu_bench *bench, int argc, char **argv, emu_bench_result *result);

#endif
