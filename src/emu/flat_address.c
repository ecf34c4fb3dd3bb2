/* FLAT, GLOBAL and SCRATCH addressing (see flat_address.h). */
#include "emu/flat_address.h"

emu_segment emu_flat_segment(uint64_t shared_aperture, uint64_t private_aperture,
                             uint64_t address, uint64_t *offset)
{
    uint64_t window = address >> 32;
    if (window == shared_aperture >> 32) {
        *offset = (uint32_t)address;
        return EMU_SEGMENT_LDS;
    }
    if (window == private_aperture >> 32) {
        *offset = (uint32_t)address;
        return EMU_SEGMENT_PRIVATE;
    }
    *offset = address;
    return EMU_SEGMENT_GLOBAL;
}

uint64_t emu_flat_lane_address(emu_flat_kind kind, uint32_t offset, const emu_flat_lane *lane)
{
    uint64_t pair = (uint64_t)lane->vaddr0 | (uint64_t)lane->vaddr1 << 32;
    switch (kind) {
    case EMU_FLAT_GLOBAL: {
        uint64_t signed_offset = (uint64_t)(int64_t)(int32_t)offset;
        if (lane->saddr_off)
            return pair + signed_offset;
        return lane->saddr + lane->vaddr0 + signed_offset;
    }
    case EMU_FLAT_SCRATCH: {
        uint32_t base = lane->saddr_off ? lane->vaddr0 : (uint32_t)lane->saddr;
        return (uint32_t)(base + offset);
    }
    default:
        return pair + (offset & 0xfffu);
    }
}
