/* Per-lane plumbing the vector memory executors (MUBUF, FLAT/GLOBAL/
 * SCRATCH) share: VGPR ranges, one lane's atomic, and delivering a load's
 * values to its VGPRs through a pending op. */
#ifndef GCN_EMU_BUFFER_LANES_H
#define GCN_EMU_BUFFER_LANES_H

#include "emu/emu.h"

/* Whether VGPRs first..first+count-1 exist; else a fault naming them. */
bool emu_lanes_check_vgprs(emu_step *step, const char *what, unsigned first, unsigned count);

/* Reads VGPRs first..first+count-1 (count <= 4) into data[], their 64
 * lanes each; false after a fault (a range past v255, a strict hazard). */
bool emu_lanes_read(emu_step *step, unsigned first, unsigned count, const uint32_t **data);

/* The dwords an atomic row reads and writes in memory: 1 or 2 (a compare
 * swap's data holds the value and the compare, twice that). */
unsigned emu_lanes_atomic_width(const gcn_row *row);

/* One lane's atomic on the memory at bytes: data[] are the VDATA
 * registers' 64 lanes (the value, then CMPSWAP's compare). Returns the old
 * value. */
uint64_t emu_lanes_atomic(const gcn_row *row, const uint32_t *const *data, unsigned lane,
                          uint8_t *bytes);

/* A whole wave's dword store: dwords 0..count-1 of data[] to spans[lane],
 * lane after lane (racing lanes: the last one's store stays). */
void emu_lanes_store_dwords(uint8_t *const *spans, const uint32_t *const *data, unsigned count);

/* The elements of the lanes of `taken` (the lanes a fast path found in
 * memory) at spans[lane], dwords 0..count-1, into values[dword][lane]: a
 * whole wave of dwords in plain loops, other elements lane by lane. */
void emu_lanes_load(gcn_element element, unsigned count, uint64_t taken, uint8_t *const *spans,
                    uint32_t (*values)[GCN_WAVE_LANES]);

/* The atomic of every lane of `lanes` in lane order on spans[lane], the
 * old values to old[0] (low dwords) and old[1] (high dwords, for 64-bit
 * atomics). */
void emu_lanes_atomics(const gcn_row *row, const uint32_t *const *data, uint64_t lanes,
                       uint8_t *const *spans, uint32_t (*old)[GCN_WAVE_LANES]);

/* Before issuing a load that writes VGPRs first..first+count-1: reports an
 * op in flight that owns them; false after a fault. */
bool emu_lanes_claim(emu_step *step, unsigned first, unsigned count);
/* TFE after a partial (d16) load: the TFE register is written whole, so
 * the op takes every bit, and the half of each data register the load
 * keeps is merged into values from the register as it is now; returns the
 * mask to deliver with. */
uint32_t emu_lanes_whole(emu_step *step, unsigned first, unsigned count, uint64_t exec,
                         uint32_t mask, uint32_t (*values)[GCN_WAVE_LANES]);
/* The load's values[register][lane] for the lanes of exec (bits of mask)
 * into op. */
void emu_lanes_deliver(emu_op *op, gcn_wave *wave, unsigned first, unsigned count, uint64_t exec,
                       uint32_t mask, uint32_t (*values)[GCN_WAVE_LANES]);

#endif
