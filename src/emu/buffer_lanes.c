/* Per-lane plumbing of the vector memory executors (see buffer_lanes.h). */
#include "emu/buffer_lanes.h"

#include "emu/atomic.h"
#include "emu/format_element.h"
#include "emu/memory.h"
#include "emu/pending.h"
#include "emu/registers.h"

#include <string.h>

bool emu_lanes_check_vgprs(emu_step *step, const char *what, unsigned first, unsigned count)
{
    if (first + count <= GCN_VGPR_COUNT)
        return true;
    emu_fault(step, -1, "%s: %s v%u..v%u run past v255", step->row->name, what, first,
              first + count - 1);
    return false;
}

bool emu_lanes_read(emu_step *step, unsigned first, unsigned count, const uint32_t **data)
{
    if (!emu_lanes_check_vgprs(step, "the data registers", first, count))
        return false;
    for (unsigned i = 0; i < count; i++)
        data[i] = emu_read_vgpr(step, first + i);
    return !emu_failed(step);
}

unsigned emu_lanes_atomic_width(const gcn_row *row)
{
    return (row->flags & GCN_ROW_CMPSWAP) ? row->data_dwords / 2u : row->data_dwords;
}

uint64_t emu_lanes_atomic(const gcn_row *row, const uint32_t *const *data, unsigned lane,
                          uint8_t *bytes)
{
    unsigned width = emu_lanes_atomic_width(row);
    bool compare_swap = (row->flags & GCN_ROW_CMPSWAP) != 0;
    uint64_t value = data[0][lane], compare = compare_swap ? data[width][lane] : 0;
    if (width == 2) {
        value |= (uint64_t)data[1][lane] << 32;
        if (compare_swap)
            compare |= (uint64_t)data[3][lane] << 32;
    }
    uint64_t before = width == 2 ? emu_load64(bytes) : emu_load32(bytes);
    gcn_operation operation = (gcn_operation)row->operation;
    uint64_t after = operation == GCN_OP_ATOMIC_ADD && width == 1 /* the common case, inline */
                         ? (uint32_t)(before + value)
                         : emu_atomic(operation, width == 2, before, value, compare);
    if (width == 2)
        emu_store64(bytes, after);
    else
        emu_store32(bytes, (uint32_t)after);
    return before;
}

void emu_lanes_store_dwords(uint8_t *const *spans, const uint32_t *const *data, unsigned count)
{
    for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
        for (unsigned i = 0; i < count; i++)
            emu_store32(spans[lane] + 4 * i, data[i][lane]);
}

void emu_lanes_load(gcn_element element, unsigned count, uint64_t taken, uint8_t *const *spans,
                    uint32_t (*values)[GCN_WAVE_LANES])
{
    if (taken == UINT64_MAX && element == GCN_ELEMENT_B32) {
        for (unsigned i = 0; i < count; i++)
            for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
                values[i][lane] = emu_load32(spans[lane] + 4 * i);
        return;
    }
    for (; taken; taken &= taken - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(taken);
        for (unsigned i = 0; i < count; i++)
            values[i][lane] = emu_element_load(element, spans[lane] + 4 * i);
    }
}

void emu_lanes_atomics(const gcn_row *row, const uint32_t *const *data, uint64_t lanes,
                       uint8_t *const *spans, uint32_t (*old)[GCN_WAVE_LANES])
{
    if (row->operation == GCN_OP_ATOMIC_ADD && emu_lanes_atomic_width(row) == 1) {
        for (; lanes; lanes &= lanes - 1) { /* the common case, inline */
            unsigned lane = (unsigned)__builtin_ctzll(lanes);
            uint32_t before = emu_load32(spans[lane]);
            emu_store32(spans[lane], before + data[0][lane]);
            old[0][lane] = before;
            old[1][lane] = 0;
        }
        return;
    }
    for (; lanes; lanes &= lanes - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(lanes);
        uint64_t before = emu_lanes_atomic(row, data, lane, spans[lane]);
        old[0][lane] = (uint32_t)before;
        old[1][lane] = (uint32_t)(before >> 32);
    }
}

bool emu_lanes_claim(emu_step *step, unsigned first, unsigned count)
{
    emu_check_vgpr_writes(step, first, count);
    return !emu_failed(step);
}

uint32_t emu_lanes_whole(emu_step *step, unsigned first, unsigned count, uint64_t exec,
                         uint32_t mask, uint32_t (*values)[GCN_WAVE_LANES])
{
    if (mask == 0xffffffffu)
        return mask;
    for (unsigned i = 0; i < count; i++) {
        const uint32_t *now = step->wave->vgpr[first + i];
        for (uint64_t lanes = exec; lanes; lanes &= lanes - 1) {
            unsigned lane = (unsigned)__builtin_ctzll(lanes);
            values[i][lane] = (values[i][lane] & mask) | (now[lane] & ~mask);
        }
    }
    return 0xffffffffu;
}

void emu_lanes_deliver(emu_op *op, gcn_wave *wave, unsigned first, unsigned count, uint64_t exec,
                       uint32_t mask, uint32_t (*values)[GCN_WAVE_LANES])
{
    uint32_t *data = emu_op_load_vgprs(op, wave, first, count, exec, mask);
    for (unsigned i = 0; i < count; i++)
        if (exec == ~0ull) /* every lane: one copy */
            memcpy(&data[i * GCN_WAVE_LANES], values[i], GCN_WAVE_LANES * sizeof *data);
        else
            for (uint64_t lanes = exec; lanes; lanes &= lanes - 1) {
            unsigned lane = (unsigned)__builtin_ctzll(lanes);
            data[i * GCN_WAVE_LANES + lane] = values[i][lane];
        }
}
