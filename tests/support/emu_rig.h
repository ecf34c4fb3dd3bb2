/* A machine, workgroup and wave for the memory executor tests: guest
 * memory mapped at EMU_RIG_MEMORY, full LDS, scratch per lane, the
 * program assembled from text (clrx dialect). */
#ifndef GCN_TEST_EMU_RIG_H
#define GCN_TEST_EMU_RIG_H

#include <stdbool.h>
#include <stdint.h>

#include "gcn_emu.h"
#include "harness.h"

#define EMU_RIG_MEMORY 0x10000u
#define EMU_RIG_MEMORY_SIZE 0x10000u
#define EMU_RIG_SCRATCH 256u

typedef struct emu_rig {
    gcn_machine *machine;
    gcn_workgroup *workgroup;
    gcn_wave *wave;
    gcn_wave_state *state;
    uint8_t *memory;  /* EMU_RIG_MEMORY_SIZE bytes at EMU_RIG_MEMORY */
    uint8_t *lds;     /* GCN_LDS_SIZE bytes */
} emu_rig;

/* false (with the assembler's messages on stdout) if anything fails. */
bool emu_rig_open(emu_rig *rig, gcn_arch arch, const char *program);
void emu_rig_close(emu_rig *rig);

/* Runs to the end (at most 10000 instructions) and completes what is in
 * flight; returns how the run ended. With $EMU_RIG_VERBOSE set, a fault's
 * message is printed (for finding why a test's program faulted). */
gcn_run_status emu_rig_run(emu_rig *rig);

/* Little-endian dwords of guest memory (offset from EMU_RIG_MEMORY) and LDS. */
uint32_t emu_rig_u32(const emu_rig *rig, uint32_t offset);
void emu_rig_set_u32(emu_rig *rig, uint32_t offset, uint32_t value);
uint32_t emu_rig_lds_u32(const emu_rig *rig, uint32_t offset);

/* SGPRs first..first+3 = a buffer resource (V#) of base, stride,
 * num_records and dword 3 as given. */
void emu_rig_resource(emu_rig *rig, unsigned first, uint64_t base, uint32_t stride,
                      uint32_t num_records, uint32_t word3);
/* VGPR index, lane l = base + l * step. */
void emu_rig_vgpr_lanes(emu_rig *rig, unsigned index, uint32_t base, uint32_t step);

/* Memory dword i (of the first 4 KiB) = 0x1000 + i. */
void emu_rig_fill(emu_rig *rig);
/* VGPR index's 64 lanes. */
const uint32_t *emu_rig_vgpr(emu_rig *rig, unsigned index);

/* emu_rig_open, or a failed test naming the arch and program. */
bool emu_rig_open_checked(emu_rig *rig, test_summary *summary, gcn_arch arch, const char *program);
/* A pass if actual == expected, else a failure with both and the message. */
void emu_rig_check(test_summary *summary, int line, uint64_t actual, uint64_t expected,
                   const char *format, ...) __attribute__((format(printf, 5, 6)));
/* Every generation, in a for loop: FOR_EACH_ARCH(arch) { ... } */
#define FOR_EACH_ARCH(arch) for (gcn_arch arch = GCN_ARCH_GCN10; arch < GCN_ARCH_COUNT; arch++)

/* The number of diagnostics of the run. */
size_t emu_rig_diagnostics(const emu_rig *rig);

#endif
