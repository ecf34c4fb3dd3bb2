/* FLAT, GLOBAL and SCRATCH addressing (see flat_address.h). */
#include "emu/flat_address.h"

gcn_segment gcn_flat_segment(const gcn_apertures *apertures, uint64_t address,
                             uint64_t *offset)
{
    uint64_t window = address >> 32;
    if (window == apertures->lds_base >> 32) {
        *offset = (uint32_t)address;
        return GCN_SEGMENT_LDS;
    }
    if (window == apertures->private_base >> 32) {
        *offset = (uint32_t)address;
        return GCN_SEGMENT_PRIVATE;
    }
    *offset = address;
    return GCN_SEGMENT_GLOBAL;
}

uint64_t gcn_flat_lane_address(gcn_flat_kind kind, uint32_t offset, const gcn_flat_lane *lane)
{
    uint64_t pair = (uint64_t)lane->vaddr0 | (uint64_t)lane->vaddr1 << 32;
    switch (kind) {
    case GCN_FLAT_GLOBAL: {
        uint64_t signed_offset = (uint64_t)(int64_t)(int32_t)offset;
        if (lane->saddr_off)
            return pair + signed_offset;
        return lane->saddr + lane->vaddr0 + signed_offset;
    }
    case GCN_FLAT_SCRATCH: {
        uint32_t base = lane->saddr_off ? lane->vaddr0 : (uint32_t)lane->saddr;
        return (uint32_t)(base + offset);
    }
    default:
        return pair + (offset & 0xfffu);
    }
}
