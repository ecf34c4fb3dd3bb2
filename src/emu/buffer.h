/* The buffer resource (V#) and MUBUF buffer addressing, as the CLRX GCN ISA
 * pages define them (the MUBUF page, "Buffer addressing"; CLRX's memory
 * handling page for the field codes). Pure functions of their arguments:
 * the MUBUF executor calls them once per lane and dword. */
#ifndef GCN_EMU_BUFFER_H
#define GCN_EMU_BUFFER_H

#include <stdbool.h>
#include <stdint.h>

#include "gcn.h"

/* DST_SEL codes: 0 and 1 are constants, 4..7 pick X..W (2 and 3 reserved). */
enum { EMU_DST_SEL_0 = 0, EMU_DST_SEL_1 = 1, EMU_DST_SEL_X = 4, EMU_DST_SEL_W = 7 };

typedef struct emu_buffer_resource {
    uint64_t base;          /* bits 0-47 */
    uint32_t stride;        /* bytes: bits 48-61; on GCN 1.2/1.4 with TID_ENABLE,
                               DATA_FORMAT holds stride bits 14-17 */
    uint32_t num_records;   /* bits 64-95 */
    uint8_t dst_sel[4];     /* bits 96-107, X Y Z W */
    uint8_t num_format;     /* bits 108-110 */
    uint8_t data_format;    /* bits 111-114 */
    uint8_t element_size;   /* bytes, 2 << ELEMSIZE (bits 115-116); 4 on GCN 1.4 */
    uint8_t index_stride;   /* 8 << INDEXSTRIDE (bits 117-118) */
    bool cache_swizzle;     /* bit 62: a cache hint, no effect on the address */
    bool swizzle;           /* bit 63 */
    bool tid_enable;        /* bit 119: the lane id is added to the index */
    uint8_t type;           /* bits 126-127 */
} emu_buffer_resource;

/* Reads the four dwords of a V# (from SGPRs, lowest first). */
void emu_buffer_resource_decode(gcn_arch arch, const uint32_t words[4],
                                emu_buffer_resource *resource);

/* What the instruction and its SGPR offset give the address of one lane. */
typedef struct emu_buffer_request {
    uint32_t offset;      /* the instruction's OFFSET field (12 bits) */
    uint32_t soffset;     /* the value of the SOFFSET operand */
    bool offen, idxen;
    bool addr64;          /* GCN 1.0/1.1: VADDR pair is a 64-bit address */
} emu_buffer_request;

typedef struct emu_buffer_address {
    uint64_t address;     /* guest address of the byte */
    uint32_t index;       /* AINDEX */
    uint32_t offset;      /* AOFFSET, with the byte within the access added */
    uint32_t buffer_offset; /* BUFOFFSET */
    bool in_range;        /* false: a read gives 0, a write is dropped */
} emu_buffer_address;

/* The address of byte `delta` of one lane's access: vaddr0 and vaddr1 are
 * VGPR[VADDR] and VGPR[VADDR+1] of the lane (the table: IDXEN alone takes the
 * index from VADDR, OFFEN alone the offset from VADDR, both take the index
 * from VADDR and the offset from VADDR+1; ADDR64 takes the address from the
 * pair). delta is added to AOFFSET, so that every dword of a wide access is
 * swizzled and range checked on its own, as the hardware does per element.
 * Rules the pages leave open, decided here:
 * - ADDR64 ignores OFFEN, IDXEN, TID_ENABLE, STRIDE and swizzle (the pages
 *   allow OFFEN and IDXEN only without it) and is never range checked;
 * - the structured range rule (AINDEX >= NUMRECORDS or AOFFSET >= STRIDE)
 *   applies when STRIDE != 0 and IDXEN or TID_ENABLE is set; every other
 *   access takes the raw rule, BUFOFFSET >= NUMRECORDS - SGPR_OFFSET, with
 *   the subtraction done without wrapping (SGPR_OFFSET > NUMRECORDS: all out);
 * - BUFOFFSET is 32-bit (it wraps); BASE + SGPR_OFFSET + BUFOFFSET is 64-bit.
 * Inline: the MUBUF executor calls it for every lane and dword. */
static inline void emu_buffer_lane_address(const emu_buffer_resource *resource,
                                           const emu_buffer_request *request, uint32_t vaddr0,
                                           uint32_t vaddr1, unsigned lane, uint32_t delta,
                                           emu_buffer_address *result)
{
    if (request->addr64) {
        /* ADDRESS = BASE + VGPR_ADDRESS + OFFSET + SGPR_OFFSET; no range check. */
        uint64_t vgpr_address = (uint64_t)vaddr0 | (uint64_t)vaddr1 << 32;
        result->address = resource->base + vgpr_address + request->offset +
                          request->soffset + delta;
        result->index = 0;
        result->offset = request->offset + delta;
        result->buffer_offset = 0;
        result->in_range = true;
        return;
    }
    /* The IDXEN/OFFEN table: the index is always VADDR, the offset VADDR
     * alone or VADDR+1 after an index. */
    uint32_t vgpr_index = request->idxen ? vaddr0 : 0;
    uint32_t vgpr_offset = request->offen ? (request->idxen ? vaddr1 : vaddr0) : 0;
    uint32_t offset = request->offset + vgpr_offset + delta;           /* AOFFSET */
    uint32_t index = vgpr_index + (resource->tid_enable ? lane : 0);   /* AINDEX */
    uint32_t stride = resource->stride;
    uint32_t buffer_offset;
    if (resource->swizzle) {
        uint32_t element = resource->element_size, index_stride = resource->index_stride;
        uint32_t index_msb = index / index_stride, index_lsb = index % index_stride;
        uint32_t offset_msb = offset / element, offset_lsb = offset % element;
        buffer_offset = offset_lsb + element * index_lsb +
                        index_stride * (index_msb * stride + offset_msb * element);
    } else {
        buffer_offset = index * stride + offset;
    }
    bool structured = stride != 0 && (request->idxen || resource->tid_enable);
    if (structured)
        result->in_range = index < resource->num_records && offset < stride;
    else
        result->in_range = (uint64_t)buffer_offset + request->soffset < resource->num_records;
    result->address = resource->base + request->soffset + buffer_offset;
    result->index = index;
    result->offset = offset;
    result->buffer_offset = buffer_offset;
}

/* "For 32-bit and wider operations, an address are aligned to 4 bytes. For
 * 16-bit operations, an address are aligned to 2 bytes." size: the bytes of
 * one element of the operation (1, 2, 4 or 8). */
static inline uint64_t emu_buffer_align(uint64_t address, unsigned size)
{
    if (size >= 4)
        return address & ~(uint64_t)3;
    if (size == 2)
        return address & ~(uint64_t)1;
    return address;
}

#endif
