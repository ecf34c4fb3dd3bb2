/* Atomic operations (see atomic.h). */
#include "emu/atomic.h"

#include <string.h>

static double as_double(uint64_t bits, bool wide)
{
    if (wide) {
        double value;
        memcpy(&value, &bits, sizeof value);
        return value;
    }
    uint32_t low = (uint32_t)bits;
    float value;
    memcpy(&value, &low, sizeof value);
    return value;
}

static bool is_nan(uint64_t bits, bool wide)
{
    double value = as_double(bits, wide);
    return value != value;
}

static bool negative_bit(uint64_t bits, bool wide)
{
    return wide ? bits >> 63 : (bits >> 31) & 1;
}

/* a < b as floats, with -0 below +0; neither is a NaN. */
static bool float_less(uint64_t a, uint64_t b, bool wide)
{
    double x = as_double(a, wide), y = as_double(b, wide);
    if (x == y)
        return negative_bit(a, wide) && !negative_bit(b, wide);
    return x < y;
}

static uint64_t float_min_max(uint64_t old, uint64_t data, bool wide, bool maximum)
{
    bool old_nan = is_nan(old, wide), data_nan = is_nan(data, wide);
    if (old_nan || data_nan)
        return old_nan && !data_nan ? data : old;
    bool data_wins = maximum ? float_less(old, data, wide) : float_less(data, old, wide);
    return data_wins ? data : old;
}

uint64_t gcn_atomic_apply(gcn_operation operation, bool wide, uint64_t old, uint64_t data,
                          uint64_t compare)
{
    uint64_t mask = wide ? UINT64_MAX : 0xffffffffu;
    old &= mask, data &= mask, compare &= mask;
    int64_t old_signed = wide ? (int64_t)old : (int64_t)(int32_t)(uint32_t)old;
    int64_t data_signed = wide ? (int64_t)data : (int64_t)(int32_t)(uint32_t)data;
    uint64_t result;
    switch (operation) {
    case GCN_OP_ATOMIC_SWAP: result = data; break;
    case GCN_OP_ATOMIC_CMPSWAP: result = old == compare ? data : old; break;
    case GCN_OP_ATOMIC_ADD: result = old + data; break;
    case GCN_OP_ATOMIC_SUB: result = old - data; break;
    case GCN_OP_ATOMIC_RSUB: result = data - old; break;
    case GCN_OP_ATOMIC_SMIN: result = old_signed < data_signed ? old : data; break;
    case GCN_OP_ATOMIC_UMIN: result = old < data ? old : data; break;
    case GCN_OP_ATOMIC_SMAX: result = old_signed > data_signed ? old : data; break;
    case GCN_OP_ATOMIC_UMAX: result = old > data ? old : data; break;
    case GCN_OP_ATOMIC_AND: result = old & data; break;
    case GCN_OP_ATOMIC_OR: result = old | data; break;
    case GCN_OP_ATOMIC_XOR: result = old ^ data; break;
    /* *VM = (*VM < VDATA) ? *VM+1 : 0 */
    case GCN_OP_ATOMIC_INC: result = old < data ? old + 1 : 0; break;
    /* *VM = (*VM <= VDATA && *VM!=0) ? *VM-1 : VDATA */
    case GCN_OP_ATOMIC_DEC: result = old <= data && old != 0 ? old - 1 : data; break;
    case GCN_OP_ATOMIC_FCMPSWAP:
        result = as_double(old, wide) == as_double(compare, wide) ? data : old;
        break;
    case GCN_OP_ATOMIC_FMIN: result = float_min_max(old, data, wide, false); break;
    case GCN_OP_ATOMIC_FMAX: result = float_min_max(old, data, wide, true); break;
    default: result = old; break;
    }
    return result & mask;
}
