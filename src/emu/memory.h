/* Guest memory, LDS and scratch for executors. A span is a host pointer to
 * size bytes that lie wholly inside one mapped region (or the LDS, or one
 * lane's scratch), or NULL: no guest address reaches anything else. The
 * executor decides what NULL means (a fault with emu_fault_at, a read of 0
 * or a dropped write where the ISA says so). Guest memory is little-endian
 * bytes: use emu_load32 and the like on spans. */
#ifndef GCN_EMU_MEMORY_H
#define GCN_EMU_MEMORY_H

#include <string.h>

#include "emu/emu.h"

/* The room of a region for accesses of `bytes` bytes: one is wholly in it
 * when address - region->address is below it (an address below the region
 * wraps to a large difference). Regions never wrap the address space. */
static inline uint64_t emu_region_room(const emu_region *region, uint64_t bytes)
{
    return region->size >= bytes ? region->size - bytes + 1 : 0;
}

/* The region the last access hit is checked inline (most accesses of an
 * instruction fall in it); the rest, and every access while the machine
 * watches, go to emu_memory_span_miss. */
uint8_t *emu_memory_span_miss(gcn_machine *machine, uint64_t address, uint64_t size);
static inline uint8_t *emu_memory_span(gcn_machine *machine, uint64_t address, uint64_t size)
{
    const emu_region *hot = &machine->hot;
    uint64_t at = address - hot->address;
    if (address >= hot->address && at < hot->size && size <= hot->size - at)
        return hot->bytes + at;
    return emu_memory_span_miss(machine, address, size);
}
/* The vector memory fast paths' copy of the last region hit, with its room
 * for their accesses of `bytes` bytes (emu_region_room), kept in locals
 * across the lanes of one instruction. */
typedef struct emu_hot_region {
    emu_region region;
    uint64_t room;
} emu_hot_region;
static inline void emu_hot_start(emu_hot_region *hot, const gcn_machine *machine, uint64_t bytes)
{
    hot->region = machine->hot;
    hot->room = emu_region_room(&hot->region, bytes);
}
/* Whether [address, address + bytes) lies in the copy's region. */
static inline bool emu_hot_holds(const emu_hot_region *hot, uint64_t address)
{
    return address - hot->region.address < hot->room;
}
/* The span of `bytes` bytes at address: from the copy, or else looked up
 * (and the copy refreshed, as the lookup moves the machine's). */
static inline uint8_t *emu_hot_span(emu_hot_region *hot, gcn_machine *machine, uint64_t address,
                                    uint64_t bytes)
{
    if (emu_hot_holds(hot, address))
        return hot->region.bytes + (address - hot->region.address);
    uint8_t *span = emu_memory_span_miss(machine, address, bytes);
    emu_hot_start(hot, machine, bytes);
    return span;
}
uint8_t *emu_lds_span(gcn_wave *wave, uint64_t offset, uint64_t size);
uint8_t *emu_scratch_span(gcn_wave *wave, unsigned lane, uint64_t offset, uint64_t size);

static inline uint32_t emu_load32(const uint8_t *bytes)
{
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
           (uint32_t)bytes[3] << 24;
}
static inline void emu_store32(uint8_t *bytes, uint32_t value)
{
    bytes[0] = (uint8_t)value;
    bytes[1] = (uint8_t)(value >> 8);
    bytes[2] = (uint8_t)(value >> 16);
    bytes[3] = (uint8_t)(value >> 24);
}
static inline uint64_t emu_load64(const uint8_t *bytes)
{
    return emu_load32(bytes) | (uint64_t)emu_load32(bytes + 4) << 32;
}
static inline void emu_store64(uint8_t *bytes, uint64_t value)
{
    emu_store32(bytes, (uint32_t)value);
    emu_store32(bytes + 4, (uint32_t)(value >> 32));
}

#endif
