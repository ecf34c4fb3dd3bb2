/* FLAT, GLOBAL and SCRATCH addressing, as the CLRX GCN ISA pages define it
 * (the FLAT page): the address of one lane, and which memory a FLAT address
 * falls in (the apertures). Pure functions. */
#ifndef GCN_EMU_FLAT_ADDRESS_H
#define GCN_EMU_FLAT_ADDRESS_H

#include <stdbool.h>
#include <stdint.h>

#include "gcn.h"

typedef enum gcn_segment {
    GCN_SEGMENT_GLOBAL,   /* guest memory */
    GCN_SEGMENT_LDS,      /* the workgroup's LDS */
    GCN_SEGMENT_PRIVATE   /* the lane's scratch */
} gcn_segment;

/* The LDS and private apertures: each a 4 GiB window of the flat address
 * space, named by the high 32 bits of its base (the low 32 bits are the
 * offset in LDS or in the lane's scratch), as the hardware's shared and
 * private base registers give them. The defaults are those ROCm sets on
 * GCN 1.4 (LDS at 1 << 48, private at 2 << 48); a scenario may move them. */
typedef struct gcn_apertures {
    uint64_t lds_base;
    uint64_t private_base;
} gcn_apertures;
#define GCN_APERTURE_LDS_DEFAULT 0x0001000000000000ull
#define GCN_APERTURE_PRIVATE_DEFAULT 0x0002000000000000ull

/* The segment a FLAT (segment 0) address falls in; *offset receives the
 * offset in LDS or scratch, or the address itself for global memory. */
gcn_segment gcn_flat_segment(const gcn_apertures *apertures, uint64_t address,
                             uint64_t *offset);

/* The operands of one lane. */
typedef struct gcn_flat_lane {
    uint32_t vaddr0, vaddr1;   /* VGPR[VADDR], VGPR[VADDR+1] */
    uint64_t saddr;            /* GLOBAL: the SGPR pair; SCRATCH: the SGPR */
    bool saddr_off;            /* SADDR is 0x7f (off) */
} gcn_flat_lane;

/* The kind of a FLAT row on GCN 1.4 (segment field); FLAT on GCN 1.1/1.2. */
typedef enum gcn_flat_kind { GCN_FLAT_FLAT, GCN_FLAT_SCRATCH, GCN_FLAT_GLOBAL } gcn_flat_kind;

/* The address of one lane, offset being the instruction's decoded OFFSET
 * (gcn_instruction.offset: 0 before GCN 1.4, sign extended for GLOBAL and
 * SCRATCH):
 * - FLAT: VADDR pair + INST_OFFSET, the offset 12-bit unsigned (bit 12 of
 *   the field is not part of it);
 * - GLOBAL: SADDR off: VADDR pair + INST_OFFSET; else SGPR pair + the
 *   32-bit VGPR[VADDR] (unsigned) + INST_OFFSET, the offset 13-bit signed;
 * - SCRATCH: the lane's private offset, (SADDR off ? VGPR[VADDR] : SGPR) +
 *   INST_OFFSET, 32-bit (it wraps): the caller swizzles it into the wave's
 *   scratch with gcn_scratch_offset. */
uint64_t gcn_flat_lane_address(gcn_flat_kind kind, uint32_t offset, const gcn_flat_lane *lane);

/* Where byte `private_offset` of a lane lies in a wave's scratch: dwords
 * interleaved across the 64 lanes, as the MUBUF page's swizzle formula gives
 * with ELEMSIZE 4, INDEXSTRIDE 64 and the lane id as index (what the
 * hardware does for private memory). */
static inline uint64_t gcn_scratch_offset(uint32_t private_offset, unsigned lane)
{
    return (uint64_t)(private_offset / 4) * 256 + lane * 4u + private_offset % 4;
}

#endif
