/* FLAT, GLOBAL and SCRATCH addressing, as the CLRX GCN ISA pages define it
 * (the FLAT page): the address of one lane, and which memory a FLAT address
 * falls in (the apertures). Pure functions. */
#ifndef GCN_EMU_FLAT_ADDRESS_H
#define GCN_EMU_FLAT_ADDRESS_H

#include <stdbool.h>
#include <stdint.h>

#include "gcn.h"

typedef enum emu_segment {
    EMU_SEGMENT_GLOBAL,   /* guest memory */
    EMU_SEGMENT_LDS,      /* the workgroup's LDS */
    EMU_SEGMENT_PRIVATE   /* the lane's scratch */
} emu_segment;

/* The segment a FLAT (segment 0) address falls in. The LDS (shared) and
 * private apertures are 4 GiB windows of the flat address space, named by
 * the high 32 bits of their bases (the machine's shared_aperture and
 * private_aperture); the low 32 bits are the offset in LDS or in the lane's
 * scratch. *offset receives it, or the address itself for global memory. */
emu_segment emu_flat_segment(uint64_t shared_aperture, uint64_t private_aperture,
                             uint64_t address, uint64_t *offset);

/* The operands of one lane. */
typedef struct emu_flat_lane {
    uint32_t vaddr0, vaddr1;   /* VGPR[VADDR], VGPR[VADDR+1] */
    uint64_t saddr;            /* GLOBAL: the SGPR pair; SCRATCH: the SGPR */
    bool saddr_off;            /* SADDR is 0x7f (off) */
} emu_flat_lane;

/* The kind of a FLAT row on GCN 1.4 (segment field); FLAT on GCN 1.1/1.2. */
typedef enum emu_flat_kind { EMU_FLAT_FLAT, EMU_FLAT_SCRATCH, EMU_FLAT_GLOBAL } emu_flat_kind;

/* The address of one lane, offset being the instruction's decoded OFFSET
 * (gcn_instruction.offset: 0 before GCN 1.4, sign extended for GLOBAL and
 * SCRATCH):
 * - FLAT: VADDR pair + INST_OFFSET, the offset 12-bit unsigned (bit 12 of
 *   the field is not part of it);
 * - GLOBAL: SADDR off: VADDR pair + INST_OFFSET; else SGPR pair + the
 *   32-bit VGPR[VADDR] (unsigned) + INST_OFFSET, the offset 13-bit signed;
 * - SCRATCH: the lane's private offset, (SADDR off ? VGPR[VADDR] : SGPR) +
 *   INST_OFFSET, 32-bit (it wraps): the caller swizzles it into the wave's
 *   scratch with emu_scratch_offset. */
uint64_t emu_flat_lane_address(emu_flat_kind kind, uint32_t offset, const emu_flat_lane *lane);

#endif
