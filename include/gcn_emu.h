/* libgcn's emulator: runs SOPP, SMRD/SMEM, MUBUF and FLAT/GLOBAL/SCRATCH
 * code on a 64-lane wave, as the CLRX GCN ISA pages define each
 * instruction's operation.
 *
 * A machine (one generation) owns guest memory, the program and the
 * settings; a workgroup owns its LDS; a wave owns its registers, its
 * per-lane scratch and its memory operations in flight. No global state:
 * machines are independent. A guest address only ever reaches the bytes of
 * regions mapped into the machine (or its LDS and scratch): anything else
 * is a fault with the pc, the lane and the address.
 *
 * Memory results reach their registers only when the program waits for
 * them (s_waitcnt), in an order the hardware allows; reading such a
 * register earlier, or overwriting the data of a store in flight, is a
 * diagnostic naming both pcs (a fault with strict_waitcnt). */
#ifndef GCN_EMU_H
#define GCN_EMU_H

#include "gcn.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gcn_machine gcn_machine;
typedef struct gcn_workgroup gcn_workgroup;
typedef struct gcn_wave gcn_wave;

enum {
    GCN_WAVE_LANES = 64,
    GCN_VGPR_COUNT = 256,
    GCN_SCALAR_SLOTS = 128, /* scalar operand codes 0..127 that name registers */
    GCN_LDS_SIZE = 65536,
    GCN_PERF_COUNTERS = 16
};

/* Scalar operand codes of the special registers (the same on every
 * generation here). FLAT_SCRATCH moves: see gcn_flat_scratch_code. */
enum {
    GCN_CODE_VCC_LO = 106, GCN_CODE_VCC_HI = 107,
    GCN_CODE_TBA_LO = 108, GCN_CODE_TMA_LO = 110,
    GCN_CODE_TTMP0 = 112,
    GCN_CODE_M0 = 124,
    GCN_CODE_EXEC_LO = 126, GCN_CODE_EXEC_HI = 127
};

/* SGPRs a wave can address: 104 on GCN 1.0/1.1, 102 on GCN 1.2/1.4. */
unsigned gcn_sgpr_count(gcn_arch arch);
/* Code of FLAT_SCRATCH_LO (104 on GCN 1.1, 102 on GCN 1.2/1.4), or 0 on
 * GCN 1.0, which has none. */
unsigned gcn_flat_scratch_code(gcn_arch arch);

/* The memory counters behind s_waitcnt. */
typedef enum gcn_counter {
    GCN_COUNTER_VM,   /* vector memory: MUBUF, FLAT to memory */
    GCN_COUNTER_LGKM, /* LDS, GDS, scalar memory, messages */
    GCN_COUNTER_EXP,  /* exports */
    GCN_COUNTER_COUNT
} gcn_counter;

/* Bits of gcn_wave_state.mode the emulator uses. */
enum { GCN_MODE_GPR_INDEX_ENABLE = 1u << 27 }; /* s_set_gpr_idx_off clears it */

/* A wave's registers. The host may read and write every field between
 * steps (gcn_wave_state); the emulator keeps written_* up to date so that
 * a caller can show what a program changed. */
typedef struct gcn_wave_state {
    /* By scalar operand code: s0.. (gcn_sgpr_count), flat_scratch,
     * xnack_mask, vcc (106-107), tba, tma, ttmp0-11, m0 (124), exec
     * (126-127). EXEC and VCC are the 64-bit pairs of their slots. */
    uint32_t sgpr[GCN_SCALAR_SLOTS];
    uint64_t pc;                /* byte address of the next instruction */
    uint8_t scc;
    uint8_t halt;               /* s_sethalt's HALT bit */
    uint8_t kill;               /* s_setkill's KILL bit */
    uint8_t priority;           /* s_setprio: 0..3 */
    uint32_t mode;              /* MODE; bit 27 enables GPR indexing */
    /* VM_CNT, LGKM_CNT, EXP_CNT: counts in flight; the emulator keeps
     * them with its operations in flight (read them, do not write). */
    uint32_t counter[GCN_COUNTER_COUNT];
    uint32_t perf_level[GCN_PERF_COUNTERS]; /* s_incperflevel/s_decperflevel */
    uint64_t cycles;            /* deterministic shader clock (s_memtime) */
    bool cdbg_sys, cdbg_user;   /* COND_DBG_SYS / COND_DBG_USER (branch inputs) */
    /* Registers the program wrote (bit per scalar code / VGPR). */
    uint64_t written_sgpr[GCN_SCALAR_SLOTS / 64];
    uint64_t written_vgpr[GCN_VGPR_COUNT / 64];
} gcn_wave_state;

static inline uint64_t gcn_state_pair(const gcn_wave_state *state, unsigned code)
{
    return state->sgpr[code] | (uint64_t)state->sgpr[code + 1] << 32;
}
static inline void gcn_state_set_pair(gcn_wave_state *state, unsigned code, uint64_t value)
{
    state->sgpr[code] = (uint32_t)value;
    state->sgpr[code + 1] = (uint32_t)(value >> 32);
}

/* How a run or step ended. */
typedef enum gcn_run_status {
    GCN_RUN_RUNNING, /* step: the wave can go on */
    GCN_RUN_ENDED,   /* s_endpgm and its variants */
    GCN_RUN_HALTED,  /* s_sethalt 1, s_sendmsghalt */
    GCN_RUN_FAULT,   /* see gcn_wave_fault */
    GCN_RUN_TRAP,    /* s_trap */
    GCN_RUN_LIMIT,   /* the instruction limit of gcn_wave_run */
    GCN_RUN_BARRIER  /* at s_barrier, waiting for the other waves of its workgroup */
} gcn_run_status;

typedef struct gcn_fault {
    uint64_t pc;
    int lane;          /* -1: no lane (scalar) */
    uint64_t address;  /* guest address, if has_address */
    bool has_address;
    char message[200];
} gcn_fault;

/* A message (s_sendmsg, s_sendmsghalt, s_ttracedata,
 * s_endpgm_ordered_ps_done) as the wave sent it. */
typedef struct gcn_message {
    uint64_t pc;
    uint16_t simm16;
    uint8_t operation; /* gcn_operation of the instruction */
    uint32_t m0;
    uint64_t exec;
} gcn_message;

/* A waitcnt hazard (or another note that is no fault). */
typedef struct gcn_diagnostic {
    uint64_t pc;        /* the instruction that read or wrote */
    uint64_t other_pc;  /* the memory instruction in flight */
    const char *kind;   /* "waitcnt" */
    char message[200];
} gcn_diagnostic;

/* Machine settings; gcn_machine_options_default fills the defaults. */
typedef struct gcn_machine_options {
    gcn_arch arch;
    bool strict_waitcnt;       /* a waitcnt hazard is a fault, not a diagnostic */
    uint32_t scratch_per_lane; /* bytes of private (scratch) memory per lane */
    /* FLAT apertures (GCN 1.1+): a flat address in [base, base + 4 GiB)
     * of one goes to LDS or to the lane's scratch. */
    uint64_t shared_aperture;
    uint64_t private_aperture;
    uint64_t realtime_divider; /* s_memrealtime = cycles / this (default 16) */
    size_t max_diagnostics;    /* kept per wave (default 1000); more are counted */
} gcn_machine_options;

void gcn_machine_options_default(gcn_machine_options *options, gcn_arch arch);

/* NULL if out of memory or the options are invalid. */
gcn_machine *gcn_machine_create(const gcn_machine_options *options);
void gcn_machine_destroy(gcn_machine *machine);
const gcn_machine_options *gcn_machine_options_of(const gcn_machine *machine);

/* Maps size bytes of zeroed guest memory at address (no overlap with
 * another region, no wrap past 2^64). *bytes (may be NULL) receives the
 * host copy, owned by the machine, for the caller to fill and read. */
gcn_status gcn_machine_map(gcn_machine *machine, uint64_t address, uint64_t size, uint8_t **bytes);
/* The region holding address..address+size-1, or NULL. */
uint8_t *gcn_machine_memory(gcn_machine *machine, uint64_t address, uint64_t size);

/* For a tracer: with watching on, the machine records each span of guest
 * memory the instructions read or write (at most GCN_WATCH_SPANS between
 * clears, *overflow (may be NULL) set past them), so that what changed is
 * found without comparing all of memory. gcn_machine_watch also clears. */
enum { GCN_WATCH_SPANS = 1024 }; /* a step asks for at most 64 lanes x 4 dwords */
typedef struct gcn_span {
    uint64_t address, size;
} gcn_span;
void gcn_machine_watch(gcn_machine *machine, bool on);
void gcn_machine_watch_clear(gcn_machine *machine);
const gcn_span *gcn_machine_watched(const gcn_machine *machine, size_t *count, bool *overflow);

/* The program: words at guest address `address` (a copy), decoded as they
 * are first executed. Replaces any earlier program. */
gcn_status gcn_machine_load_program(gcn_machine *machine, uint64_t address, const uint32_t *words,
                                    size_t word_count);
/* The same from assembly text (gcnasm's language) in a dialect; errors go
 * to diagnostics (may be NULL) as gcnasm prints them, named file_name.
 * GCN_ERROR_SYNTAX if the text does not assemble. */
gcn_status gcn_machine_assemble_program(gcn_machine *machine, uint64_t address, const char *text,
                                        size_t length, gcn_dialect dialect, const char *file_name,
                                        void *diagnostics /* FILE *, or NULL */);
/* The program's words and address, for disassembly of a trace. */
const uint32_t *gcn_machine_program(const gcn_machine *machine, uint64_t *address, size_t *word_count);

/* A workgroup: its LDS (lds_size bytes, at most GCN_LDS_SIZE, zeroed). */
gcn_workgroup *gcn_workgroup_create(gcn_machine *machine, uint32_t lds_size);
/* Destroy its waves first (a wave left behind may only be destroyed). */
void gcn_workgroup_destroy(gcn_workgroup *workgroup);
/* Runs the workgroup's waves in turns (64 instructions each, creation
 * order) until each has ended, halted, faulted or trapped, or they have
 * executed max_instructions together (GCN_RUN_LIMIT). A wave at s_barrier
 * waits until every wave still running has reached it. Returns
 * GCN_RUN_ENDED when every wave ended or halted, else the status of the
 * first wave that did not. */
gcn_run_status gcn_workgroup_run(gcn_workgroup *workgroup, uint64_t max_instructions);
uint8_t *gcn_workgroup_lds(gcn_workgroup *workgroup, uint32_t *size);

/* A wave of a workgroup: PC at the start of the program loaded by then
 * (set state->pc otherwise), registers 0, EXEC all lanes on. */
gcn_wave *gcn_wave_create(gcn_workgroup *workgroup);
void gcn_wave_destroy(gcn_wave *wave);

gcn_wave_state *gcn_wave_registers(gcn_wave *wave);
/* VGPR index's 64 lanes (index < GCN_VGPR_COUNT). */
uint32_t *gcn_wave_vgpr(gcn_wave *wave, unsigned index);
/* Lane lane's scratch (scratch_per_lane bytes), NULL if there is none. */
uint8_t *gcn_wave_scratch(gcn_wave *wave, unsigned lane);

/* Executes one instruction. */
gcn_run_status gcn_wave_step(gcn_wave *wave);
/* Executes until the wave ends, halts, faults, traps, reaches a barrier,
 * or has executed max_instructions more (GCN_RUN_LIMIT). */
gcn_run_status gcn_wave_run(gcn_wave *wave, uint64_t max_instructions);
/* Completes every memory operation in flight (as s_waitcnt 0 would). */
void gcn_wave_drain(gcn_wave *wave);

gcn_run_status gcn_wave_status(const gcn_wave *wave);
uint64_t gcn_wave_instructions(const gcn_wave *wave); /* executed so far */
/* PC of the instruction that ended the run (s_endpgm, s_trap, the
 * faulting one), or of the next one to execute. */
uint64_t gcn_wave_pc(const gcn_wave *wave);
const gcn_fault *gcn_wave_fault(const gcn_wave *wave);
const gcn_message *gcn_wave_messages(const gcn_wave *wave, size_t *count);
/* Distinct (pc, other pc, kind) each kept once; *dropped (may be NULL):
 * the reports past max_diagnostics, every time they happened. */
const gcn_diagnostic *gcn_wave_diagnostics(const gcn_wave *wave, size_t *count, size_t *dropped);

/* How the executors plug in (for contributors, not callers): each family
 * has one file of executors under src/emu/, e.g. src/emu/sopp.c, whose
 * function emu_execute_<family> (declared in src/emu/emu.h) switches on the
 * row's generation-independent `operation` (src/isa/isa.h). Operands come
 * through src/emu/operands.h only (the one file that knows today's
 * gcn_instruction fields); registers through src/emu/registers.h (hazard
 * checked); guest memory, LDS and scratch through src/emu/memory.h;
 * results that wait for a counter through src/emu/pending.h (issue an op
 * on VM_CNT or LGKM_CNT, in order or not, fill its result registers or
 * name the store's data registers; emu_check_vgpr_writes first reports a
 * destination still owed to another op). The integer atomic operations
 * are in src/emu/integer_atomics.h. The MUBUF and FLAT/GLOBAL/SCRATCH
 * executors are src/emu/mubuf*.c and flat*.c, with their pure pieces in
 * buffer*.c, format*.c, atomic.c and flat_address.c. */

#ifdef __cplusplus
}
#endif
#endif
