/* Untyped elements of vector memory (see format_element.h). */
#include "emu/format_element.h"

unsigned emu_element_bytes(gcn_element element)
{
    switch (element) {
    case GCN_ELEMENT_U8: case GCN_ELEMENT_S8: case GCN_ELEMENT_U8_D16: case GCN_ELEMENT_S8_D16:
    case GCN_ELEMENT_U8_D16_HI: case GCN_ELEMENT_S8_D16_HI: case GCN_ELEMENT_B8_HI:
        return 1;
    case GCN_ELEMENT_U16: case GCN_ELEMENT_S16: case GCN_ELEMENT_B16_D16:
    case GCN_ELEMENT_B16_D16_HI: case GCN_ELEMENT_B16_HI:
        return 2;
    default:
        return 4;
    }
}

uint32_t emu_element_mask(gcn_element element)
{
    switch (element) {
    case GCN_ELEMENT_U8_D16: case GCN_ELEMENT_S8_D16: case GCN_ELEMENT_B16_D16:
        return 0x0000ffffu;
    case GCN_ELEMENT_U8_D16_HI: case GCN_ELEMENT_S8_D16_HI: case GCN_ELEMENT_B16_D16_HI:
        return 0xffff0000u;
    default:
        return 0xffffffffu;
    }
}

uint32_t emu_element_load_narrow(gcn_element element, const uint8_t *bytes)
{
    uint32_t byte = bytes[0];
    uint32_t sbyte = (uint32_t)(int32_t)(int8_t)bytes[0];
    uint32_t half = emu_element_bytes(element) >= 2 ? bytes[0] | (uint32_t)bytes[1] << 8 : 0;
    switch (element) {
    case GCN_ELEMENT_U8: case GCN_ELEMENT_U8_D16: return byte;
    case GCN_ELEMENT_S8: return sbyte;
    case GCN_ELEMENT_S8_D16: return sbyte & 0xffff;
    case GCN_ELEMENT_U16: case GCN_ELEMENT_B16_D16: return half;
    case GCN_ELEMENT_S16: return (uint32_t)(int32_t)(int16_t)half;
    case GCN_ELEMENT_U8_D16_HI: return byte << 16;
    case GCN_ELEMENT_S8_D16_HI: return sbyte << 16;
    case GCN_ELEMENT_B16_D16_HI: return half << 16;
    default:
        return bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
               (uint32_t)bytes[3] << 24;
    }
}

void emu_element_store_narrow(gcn_element element, uint32_t value, uint8_t *bytes)
{
    if (element == GCN_ELEMENT_B8_HI || element == GCN_ELEMENT_B16_HI)
        value >>= 16;
    unsigned count = emu_element_bytes(element);
    for (unsigned i = 0; i < count; i++)
        bytes[i] = (uint8_t)(value >> (8 * i));
}
