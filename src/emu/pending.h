/* Results that wait for a counter. A memory executor issues an op on a
 * counter; the op's result (registers and values) reaches the registers
 * only when an s_waitcnt (or the counter's limit, or the end of the
 * program) makes it complete. Stores name the registers whose data they
 * still read. Memory itself is read and written when the op issues.
 *
 * Order: an in-order op completes after every older in-order op of its
 * counter (MUBUF on VM_CNT); an out-of-order one (SMEM on LGKM_CNT, FLAT)
 * may complete at any time. The emulator completes the oldest first (one
 * order the hardware allows), and the checker reasons about every order. */
#ifndef GCN_EMU_PENDING_H
#define GCN_EMU_PENDING_H

#include "emu/emu.h"

/* The largest count each counter holds on a generation (VM 15, 63 on GCN
 * 1.4; LGKM 15; EXP 7). Issuing past it first waits. */
unsigned emu_counter_max(gcn_arch arch, gcn_counter counter);

/* A new op of the instruction at step->pc that adds increment (1 or more)
 * to counter. Never NULL. */
emu_op *emu_issue(emu_step *step, gcn_counter counter, unsigned increment, bool in_order);

/* The op's result: SGPRs first..first+count-1 (count <= 16, first + count
 * <= GCN_SCALAR_SLOTS): returns where the executor writes the count
 * values. */
uint32_t *emu_op_load_sgprs(emu_op *op, gcn_wave *wave, unsigned first, unsigned count);
/* VGPRs first..first+count-1 (count <= EMU_OP_VGPR_DWORDS, first + count
 * <= GCN_VGPR_COUNT) in the lanes of `lanes`; of each dword only the bits
 * of mask are written (0xffff: a D16 low half), merged into the register
 * as it is when the op completes. Returns the values, [register * 64 +
 * lane], zeroed. */
uint32_t *emu_op_load_vgprs(emu_op *op, gcn_wave *wave, unsigned first, unsigned count,
                            uint64_t lanes, uint32_t mask);
/* A store reading SGPRs / VGPRs first..first+count-1 until it completes. */
void emu_op_store_sgprs(emu_op *op, gcn_wave *wave, unsigned first, unsigned count);
void emu_op_store_vgprs(emu_op *op, gcn_wave *wave, unsigned first, unsigned count);

/* s_waitcnt for one counter: lets it drop to at most count. */
void emu_wait(gcn_wave *wave, gcn_counter counter, unsigned count);
/* Completes and forgets every op (the end of the program). */
void emu_drain(gcn_wave *wave);

#endif
