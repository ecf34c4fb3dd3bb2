/* The integer atomic operations of the CLRX GCN ISA pages (the FLAT page's
 * "Operation" of each FLAT_ATOMIC_*), shared by the scalar and vector
 * memory executors: the new memory value from the old one and the data. */
#ifndef GCN_EMU_INTEGER_ATOMICS_H
#define GCN_EMU_INTEGER_ATOMICS_H

#include "isa/isa.h"

/* operation: GCN_OP_ATOMIC_* (not the float ones); wide: 64-bit;
 * compare: CMPSWAP's compare value (VDATA>>32 or the upper pair). Returns
 * false for an operation it does not know. */
bool emu_integer_atomic(gcn_operation operation, bool wide, uint64_t old, uint64_t data,
                        uint64_t compare, uint64_t *result);

#endif
