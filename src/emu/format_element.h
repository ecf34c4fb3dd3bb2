/* The untyped elements of the vector memory loads and stores (a row's
 * gcn_element: dwords, bytes and shorts with zero or sign extension, the
 * d16 halves), shared by the MUBUF and FLAT executors, as the operations on
 * the CLRX GCN ISA pages (the FLAT page) give them. */
#ifndef GCN_EMU_FORMAT_ELEMENT_H
#define GCN_EMU_FORMAT_ELEMENT_H

#include <stdint.h>

#include "isa/isa.h"

/* Bytes one register's element takes in memory: 1, 2 or 4. */
unsigned emu_element_bytes(gcn_element element);

/* The bits of the destination register a load writes: 0xffff for the
 * *_D16 loads (VDST&0xffff0000 kept), 0xffff0000 for *_D16_HI, else all. */
uint32_t emu_element_mask(gcn_element element);

/* A load's register value from the element's bytes (little-endian), in
 * the bits of emu_element_mask: VDST = *(UINT8*), *(INT8*) sign extended,
 * ((UINT16)*(INT8*)VM) for SBYTE_D16, (...)<<16 for the _HI forms. */
uint32_t emu_element_load_narrow(gcn_element element, const uint8_t *bytes);
static inline uint32_t emu_element_load(gcn_element element, const uint8_t *bytes)
{
    if (element == GCN_ELEMENT_B32) /* the common case, without a call */
        return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
               (uint32_t)bytes[3] << 24;
    return emu_element_load_narrow(element, bytes);
}

/* A store's bytes from the register value: VDATA&0xff, VDATA&0xffff,
 * (VDATA>>16)&0xff for BYTE_D16_HI, VDATA>>16 for SHORT_D16_HI. */
void emu_element_store_narrow(gcn_element element, uint32_t value, uint8_t *bytes);
static inline void emu_element_store(gcn_element element, uint32_t value, uint8_t *bytes)
{
    if (element == GCN_ELEMENT_B32) { /* the common case, without a call */
        bytes[0] = (uint8_t)value, bytes[1] = (uint8_t)(value >> 8);
        bytes[2] = (uint8_t)(value >> 16), bytes[3] = (uint8_t)(value >> 24);
        return;
    }
    emu_element_store_narrow(element, value, bytes);
}

#endif
