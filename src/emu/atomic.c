/* Atomic operations (see atomic.h): the float ones here, the integer ones
 * shared with the scalar atomics (integer_atomics.c). */
#include "emu/atomic.h"

#include "emu/integer_atomics.h"

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

uint64_t emu_atomic(gcn_operation operation, bool wide, uint64_t old, uint64_t data,
                    uint64_t compare)
{
    uint64_t mask = wide ? UINT64_MAX : 0xffffffffu;
    old &= mask, data &= mask, compare &= mask;
    switch (operation) {
    case GCN_OP_ATOMIC_FCMPSWAP:
        return as_double(old, wide) == as_double(compare, wide) ? data : old;
    case GCN_OP_ATOMIC_FMIN:
        return float_min_max(old, data, wide, false);
    case GCN_OP_ATOMIC_FMAX:
        return float_min_max(old, data, wide, true);
    default: {
        uint64_t result;
        return emu_integer_atomic(operation, wide, old, data, compare, &result) ? result : old;
    }
    }
}
