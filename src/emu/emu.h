/* The emulator's inside: machine, workgroup and wave, the step that
 * executors receive, and the executors of each family. */
#ifndef GCN_EMU_INTERNAL_H
#define GCN_EMU_INTERNAL_H

#include <stdarg.h>
#include <stdlib.h>

#include "gcn_emu.h"
#include "isa/isa.h"

/* Room for one more element in a growing array of count elements of size
 * bytes, *capacity of them allocated: the array (moved, and *capacity
 * grown, when it was full), or NULL if memory ran out (the array stays). */
static inline void *emu_grow(void *array, size_t count, size_t *capacity, size_t size)
{
    if (count < *capacity)
        return array;
    size_t more = *capacity ? *capacity * 2 : 8;
    void *grown = realloc(array, more * size);
    if (grown)
        *capacity = more;
    return grown;
}

/* One mapped region of guest memory. */
typedef struct emu_region {
    uint64_t address, size;
    uint8_t *bytes;
} emu_region;

/* A program word's decoded instruction, decoded when first executed. */
typedef struct emu_decoded {
    gcn_instruction instruction;
    uint8_t state; /* EMU_DECODED_* */
} emu_decoded;
enum { EMU_DECODED_NOT_YET, EMU_DECODED_OK, EMU_DECODED_BAD, EMU_DECODED_TRUNCATED };

struct gcn_machine {
    gcn_machine_options options;
    emu_region *regions; /* sorted by address, never overlapping */
    size_t region_count, region_capacity;
    size_t last_region;  /* the region the last access hit */
    /* That region again, for the inline check of emu_memory_span (memory.h);
     * empty (size 0) while watching, so that every span is recorded. */
    emu_region hot;
    uint32_t *program;
    emu_decoded *decoded;
    size_t program_words;
    uint64_t program_address;
    /* gcn_machine_watch: the guest spans executors asked for since the
     * last clear (a tracer compares only those). */
    bool watching, watch_overflow;
    size_t watch_count;
    gcn_span watch[GCN_WATCH_SPANS];
};

struct gcn_workgroup {
    gcn_machine *machine;
    uint8_t *lds;
    uint32_t lds_size;
    gcn_wave **waves; /* creation order */
    size_t wave_count, wave_capacity;
};

/* Adds a wave to its workgroup's list (false: out of memory), or takes it off. */
bool emu_workgroup_join(gcn_workgroup *workgroup, gcn_wave *wave);
void emu_workgroup_leave(gcn_workgroup *workgroup, gcn_wave *wave);
/* s_barrier: whether another wave of the workgroup is still running (not
 * ended, halted, faulted or trapped), so that this one must wait. */
bool emu_workgroup_others_running(const gcn_workgroup *workgroup, const gcn_wave *wave);

/* A memory operation in flight (see pending.h). */
typedef struct emu_op {
    uint64_t pc;
    uint16_t row;        /* the instruction's row, for messages */
    uint8_t counter;     /* gcn_counter */
    uint8_t increment;   /* what it added to its counter */
    uint8_t in_order;    /* completes after every older in-order op of its counter */
    uint8_t state;       /* EMU_OP_* */
    uint8_t kind;        /* EMU_TARGET_* */
    uint8_t count;       /* registers of the target */
    uint16_t first;      /* first register (scalar code or VGPR) */
    uint32_t mask;       /* VGPR loads: bits of each dword written */
    uint64_t lanes;      /* VGPR loads: lanes written */
    uint32_t *data;      /* loads: count dwords (x64 lanes for VGPRs) */
} emu_op;
enum { EMU_OP_FREE, EMU_OP_PENDING, EMU_OP_COMPLETED };
enum {
    EMU_TARGET_NONE,       /* nothing to write or protect (cache ops, ...) */
    EMU_TARGET_SGPR_LOAD,  /* writes SGPRs when it completes */
    EMU_TARGET_VGPR_LOAD,  /* writes VGPRs when it completes */
    EMU_TARGET_SGPR_STORE, /* reads SGPRs until it completes */
    EMU_TARGET_VGPR_STORE  /* reads VGPRs until it completes */
};
/* Ops in flight: the counters' maxima bound them (VM 63 + LGKM 15 + EXP 7). */
enum { EMU_MAX_OPS = 96, EMU_OP_VGPR_DWORDS = 8, EMU_OP_DWORDS = EMU_OP_VGPR_DWORDS * GCN_WAVE_LANES };

struct gcn_wave {
    gcn_wave_state state;
    gcn_machine *machine;
    gcn_workgroup *workgroup;
    uint32_t (*vgpr)[GCN_WAVE_LANES];
    uint8_t *scratch;
    gcn_run_status status;
    bool faulted;
    uint64_t instructions;
    uint64_t end_pc;
    gcn_fault fault;
    gcn_message *messages;
    size_t message_count, message_capacity;
    gcn_diagnostic *diagnostics;
    size_t diagnostic_count, diagnostic_capacity, diagnostics_dropped;
    /* Ops tracked for the waitcnt checker, oldest first: in flight, or
     * completed in this run but not yet certainly (see pending.c). */
    emu_op ops[EMU_MAX_OPS];
    uint8_t order[EMU_MAX_OPS];
    unsigned tracked;
    uint32_t *op_data;  /* EMU_MAX_OPS * EMU_OP_DWORDS */
    /* How many tracked ops name each register: nonzero means "look". */
    uint8_t sgpr_hazard[GCN_SCALAR_SLOTS];
    uint8_t vgpr_hazard[GCN_VGPR_COUNT];
};

/* What an executor gets: the instruction at pc. It sets next_pc for a
 * branch (it starts as the address after the instruction). */
typedef struct emu_step {
    gcn_wave *wave;
    gcn_machine *machine;
    const gcn_instruction *instruction;
    const gcn_row *row;
    uint64_t pc, next_pc;
} emu_step;

/* One per family; each switches on step->row->operation and returns
 * GCN_RUN_RUNNING to go on, or how the wave ended. After a fault (see
 * emu_fault) it returns GCN_RUN_FAULT. */
gcn_run_status emu_execute_sopp(emu_step *step);
gcn_run_status emu_execute_smem(emu_step *step);
gcn_run_status emu_execute_mubuf(emu_step *step);
gcn_run_status emu_execute_flat(emu_step *step);

/* Ends the step with a fault at its pc; lane -1 for none. Returns
 * GCN_RUN_FAULT. The first fault of a step wins. */
gcn_run_status emu_fault(emu_step *step, int lane, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
gcn_run_status emu_fault_at(emu_step *step, int lane, uint64_t address, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
/* True once the step faulted (a strict waitcnt hazard, a bad access). */
static inline bool emu_failed(const emu_step *step)
{
    return step->wave->faulted;
}

/* Records a diagnostic (not a fault); duplicates of (pc, other_pc, kind)
 * are kept once. */
void emu_diagnose(gcn_wave *wave, uint64_t pc, uint64_t other_pc, const char *kind,
                  const char *format, ...) __attribute__((format(printf, 5, 6)));

/* Records a message. */
void emu_message(emu_step *step, uint16_t simm16);

#endif
