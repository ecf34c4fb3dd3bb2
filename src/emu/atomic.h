/* Every memory atomic of MUBUF and FLAT/GLOBAL as a pure function: the new
 * memory value from the old one and the data, as the operations on the CLRX
 * GCN ISA pages (the FLAT page, its MUBUF twins) define them. The caller
 * returns the old value when GLC is set; lanes on one address are applied
 * one after another in lane order. */
#ifndef GCN_EMU_ATOMIC_H
#define GCN_EMU_ATOMIC_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/isa.h"

/* operation: a GCN_OP_ATOMIC_*; wide: the _X2 form (64 bits, else only the
 * low 32 bits of each value count and of the result). compare: the second
 * half of the data of the compare-swaps (VDATA>>32, or VDATA[2:3]).
 * Float ones: FMIN/FMAX follow IEEE minNum/maxNum (a NaN operand gives the
 * other one, both NaN keep memory) with -0 below +0; FCMPSWAP compares as
 * floats (+0 equals -0, NaN equals nothing). Not an atomic: memory kept. */
uint64_t emu_atomic(gcn_operation operation, bool wide, uint64_t old, uint64_t data,
                    uint64_t compare);

#endif
