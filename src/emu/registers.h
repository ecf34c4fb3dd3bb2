/* Register access for executors: reads and writes that the waitcnt
 * checker sees. A read of a register that a memory operation in flight
 * (or not yet certainly complete) will write, a write of such a register,
 * or a write of the data register of a store in flight, is a diagnostic
 * naming both pcs, or a fault with strict_waitcnt (then emu_failed). */
#ifndef GCN_EMU_REGISTERS_H
#define GCN_EMU_REGISTERS_H

#include "emu/emu.h"

/* The slow paths, taken only when a tracked op names the register. */
void emu_hazard_sgpr(emu_step *step, unsigned code, bool write);
void emu_hazard_vgpr(emu_step *step, unsigned index, bool write);

static inline void emu_mark_sgpr_written(gcn_wave *wave, unsigned code)
{
    wave->state.written_sgpr[code >> 6] |= 1ull << (code & 63);
}
static inline void emu_mark_vgpr_written(gcn_wave *wave, unsigned index)
{
    wave->state.written_vgpr[index >> 6] |= 1ull << (index & 63);
}

/* Scalar register code < GCN_SCALAR_SLOTS. */
static inline uint32_t emu_read_sgpr(emu_step *step, unsigned code)
{
    if (step->wave->sgpr_hazard[code])
        emu_hazard_sgpr(step, code, false);
    return step->wave->state.sgpr[code];
}
static inline uint64_t emu_read_sgpr_pair(emu_step *step, unsigned code)
{
    uint64_t low = emu_read_sgpr(step, code);
    return low | (uint64_t)emu_read_sgpr(step, code + 1) << 32;
}
static inline void emu_write_sgpr(emu_step *step, unsigned code, uint32_t value)
{
    gcn_wave *wave = step->wave;
    if (wave->sgpr_hazard[code])
        emu_hazard_sgpr(step, code, true);
    wave->state.sgpr[code] = value;
    emu_mark_sgpr_written(wave, code);
}

/* Before an op is issued that will write registers first..first+count-1:
 * reports a tracked op that also writes or still reads them. */
static inline void emu_check_sgpr_writes(emu_step *step, unsigned first, unsigned count)
{
    for (unsigned code = first; code < first + count && code < GCN_SCALAR_SLOTS; code++)
        if (step->wave->sgpr_hazard[code])
            emu_hazard_sgpr(step, code, true);
}
static inline void emu_check_vgpr_writes(emu_step *step, unsigned first, unsigned count)
{
    for (unsigned index = first; index < first + count && index < GCN_VGPR_COUNT; index++)
        if (step->wave->vgpr_hazard[index])
            emu_hazard_vgpr(step, index, true);
}

/* A scalar source operand: a register (code < 128) or an inline constant
 * (128..208: 0..64 and -1..-16); other codes read 0. */
uint32_t emu_read_scalar_source(emu_step *step, unsigned code);

/* VGPR index < GCN_VGPR_COUNT: its 64 lanes. */
static inline const uint32_t *emu_read_vgpr(emu_step *step, unsigned index)
{
    if (step->wave->vgpr_hazard[index])
        emu_hazard_vgpr(step, index, false);
    return step->wave->vgpr[index];
}
/* For writing lanes of VGPR index directly (not through a pending result). */
static inline uint32_t *emu_write_vgpr(emu_step *step, unsigned index)
{
    gcn_wave *wave = step->wave;
    if (wave->vgpr_hazard[index])
        emu_hazard_vgpr(step, index, true);
    emu_mark_vgpr_written(wave, index);
    return wave->vgpr[index];
}

static inline uint64_t emu_exec(const emu_step *step)
{
    return gcn_state_pair(&step->wave->state, GCN_CODE_EXEC_LO);
}

/* A register name for messages: "s4", "vcc_lo", "m0", "v7". */
void emu_sgpr_name(gcn_arch arch, unsigned code, char *buffer, size_t size);

#endif
