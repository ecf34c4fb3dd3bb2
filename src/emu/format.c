/* Data and number format conversions (see format.h). Integer arithmetic on
 * the bits where it decides the result, no libm. */
#include "emu/format.h"

#include <string.h>

static const emu_data_format_layout layouts[16] = {
    [EMU_DATA_FORMAT_8] = {1, 1, {8}},
    [EMU_DATA_FORMAT_16] = {2, 1, {16}},
    [EMU_DATA_FORMAT_8_8] = {2, 2, {8, 8}},
    [EMU_DATA_FORMAT_32] = {4, 1, {32}},
    [EMU_DATA_FORMAT_16_16] = {4, 2, {16, 16}},
    [EMU_DATA_FORMAT_10_11_11] = {4, 3, {11, 11, 10}},
    [EMU_DATA_FORMAT_11_11_10] = {4, 3, {10, 11, 11}},
    [EMU_DATA_FORMAT_10_10_10_2] = {4, 4, {2, 10, 10, 10}},
    [EMU_DATA_FORMAT_2_10_10_10] = {4, 4, {10, 10, 10, 2}},
    [EMU_DATA_FORMAT_8_8_8_8] = {4, 4, {8, 8, 8, 8}},
    [EMU_DATA_FORMAT_32_32] = {8, 2, {32, 32}},
    [EMU_DATA_FORMAT_16_16_16_16] = {8, 4, {16, 16, 16, 16}},
    [EMU_DATA_FORMAT_32_32_32] = {12, 3, {32, 32, 32}},
    [EMU_DATA_FORMAT_32_32_32_32] = {16, 4, {32, 32, 32, 32}},
};

const emu_data_format_layout *emu_data_format_layout_of(unsigned data_format)
{
    if (data_format >= 16 || layouts[data_format].bytes == 0)
        return NULL;
    return &layouts[data_format];
}

/* The small float a FLOAT component of this width is: exponent and
 * mantissa bits, signed or not; false if none. */
static bool small_float(unsigned data_format, unsigned bits, unsigned *exponent_bits,
                        unsigned *mantissa_bits, bool *has_sign)
{
    if (bits == 16) {
        *exponent_bits = 5, *mantissa_bits = 10, *has_sign = true;
        return true;
    }
    if ((data_format == EMU_DATA_FORMAT_10_11_11 || data_format == EMU_DATA_FORMAT_11_11_10) &&
        (bits == 11 || bits == 10)) {
        *exponent_bits = 5, *mantissa_bits = bits - 5, *has_sign = false;
        return true;
    }
    return false;
}

bool emu_format_readable(unsigned data_format, unsigned num_format)
{
    const emu_data_format_layout *layout = emu_data_format_layout_of(data_format);
    if (!layout || num_format > 7)
        return false;
    if (num_format != EMU_NUM_FORMAT_FLOAT)
        return true;
    unsigned e, m;
    bool s;
    for (unsigned i = 0; i < layout->count; i++)
        if (layout->bits[i] != 32 && !small_float(data_format, layout->bits[i], &e, &m, &s))
            return false;
    return true;
}

bool emu_format_writable(unsigned data_format, unsigned num_format)
{
    return emu_format_readable(data_format, num_format) &&
           num_format != EMU_NUM_FORMAT_USCALED && num_format != EMU_NUM_FORMAT_SSCALED &&
           num_format != EMU_NUM_FORMAT_SNORM_OGL;
}

/* ---- floats ---- */

static uint32_t float_bits(float value)
{
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
}

static float bits_float(uint32_t bits)
{
    float value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

static unsigned leading_zeros(uint32_t value)
{
    return value ? (unsigned)__builtin_clz(value) : 32;
}

/* binary32 -> a float of exponent_bits and mantissa_bits (IEEE-like: bias
 * 2^(e-1)-1, all-ones exponent for infinity and NaN), round to nearest even. */
static uint32_t narrow_float(uint32_t value, unsigned exponent_bits, unsigned mantissa_bits,
                             bool has_sign)
{
    uint32_t sign = value >> 31, exponent = (value >> 23) & 0xff, mantissa = value & 0x7fffff;
    uint32_t exponent_max = (1u << exponent_bits) - 1;
    int bias = (1 << (exponent_bits - 1)) - 1;
    uint32_t sign_out = has_sign ? sign << (exponent_bits + mantissa_bits) : 0;
    if (exponent == 0xff && mantissa != 0)   /* NaN: quiet, top payload bits kept */
        return sign_out | exponent_max << mantissa_bits | 1u << (mantissa_bits - 1) |
               mantissa >> (23 - mantissa_bits);
    if (!has_sign && sign)                   /* negative (and -0, -inf): 0 */
        return 0;
    if (exponent == 0xff)
        return sign_out | exponent_max << mantissa_bits;
    if (exponent == 0 && mantissa == 0)
        return sign_out;
    /* value = significand * 2^scale */
    uint32_t significand = exponent ? mantissa | 0x800000 : mantissa;
    int scale = exponent ? (int)exponent - 127 - 23 : -126 - 23;
    int top = scale + 31 - (int)leading_zeros(significand);
    int low = top - (int)mantissa_bits;                  /* weight of the last kept bit */
    int low_min = 1 - bias - (int)mantissa_bits;          /* that of a denormal */
    if (low < low_min)
        low = low_min;
    int shift = low - scale;
    uint32_t kept;
    if (shift <= 0) {
        kept = significand << -shift;
    } else if (shift > 25) {
        kept = 0;                                         /* below half the last bit */
    } else {
        kept = significand >> shift;
        uint32_t rest = significand & ((1u << shift) - 1), half = 1u << (shift - 1);
        if (rest > half || (rest == half && (kept & 1)))
            kept++;
    }
    if (kept >> (mantissa_bits + 1)) {                    /* rounding carried */
        kept >>= 1;
        low++;
    }
    uint32_t biased = kept < (1u << mantissa_bits) ? 0 : (uint32_t)(low + (int)mantissa_bits + bias);
    if (biased >= exponent_max)
        return sign_out | exponent_max << mantissa_bits;  /* overflow: infinity */
    return sign_out | biased << mantissa_bits | (kept & ((1u << mantissa_bits) - 1));
}

/* The other way: exact. */
static uint32_t widen_float(uint32_t value, unsigned exponent_bits, unsigned mantissa_bits,
                            bool has_sign)
{
    uint32_t exponent_max = (1u << exponent_bits) - 1;
    int bias = (1 << (exponent_bits - 1)) - 1;
    uint32_t sign = has_sign ? (value >> (exponent_bits + mantissa_bits)) & 1 : 0;
    uint32_t exponent = (value >> mantissa_bits) & exponent_max;
    uint32_t mantissa = value & ((1u << mantissa_bits) - 1);
    if (exponent == exponent_max)
        return sign << 31 | 0x7f800000u | mantissa << (23 - mantissa_bits);
    if (exponent == 0) {
        if (mantissa == 0)
            return sign << 31;
        int top = 31 - (int)leading_zeros(mantissa);
        int unbiased = 1 - bias - (int)mantissa_bits + top;
        return sign << 31 | (uint32_t)(unbiased + 127) << 23 |
               ((mantissa << (23 - top)) & 0x7fffff);
    }
    return sign << 31 | (uint32_t)((int)exponent - bias + 127) << 23 |
           mantissa << (23 - mantissa_bits);
}

uint16_t emu_half_from_float(uint32_t value)
{
    return (uint16_t)narrow_float(value, 5, 10, true);
}

uint32_t emu_float_from_half(uint16_t value)
{
    return widen_float(value, 5, 10, true);
}

/* ---- integers and normalized values ---- */

static int32_t sign_extend(uint32_t value, unsigned bits)
{
    if (bits >= 32)
        return (int32_t)value;
    uint32_t sign = 1u << (bits - 1);
    return (int32_t)((value ^ sign) - sign);
}

/* A double, rounded to the nearest integer, ties to even; |value| < 2^63. */
static int64_t round_even(double value)
{
    bool negative = value < 0;
    double magnitude = negative ? -value : value;
    int64_t whole = (int64_t)magnitude;
    double rest = magnitude - (double)whole;
    if (rest > 0.5 || (rest == 0.5 && (whole & 1)))
        whole++;
    return negative ? -whole : whole;
}

static uint32_t load_component(unsigned data_format, unsigned num_format, uint32_t raw,
                               unsigned bits)
{
    double full = bits >= 32 ? 4294967295.0 : (double)((1u << bits) - 1);
    double half = bits >= 32 ? 2147483647.0 : (double)((1u << (bits - 1)) - 1);
    int32_t value = sign_extend(raw, bits);
    switch (num_format) {
    case EMU_NUM_FORMAT_UNORM:
        return float_bits((float)(raw / full));
    case EMU_NUM_FORMAT_SNORM: {
        double scaled = value / half;        /* the most negative code is -1 too */
        return float_bits((float)(scaled < -1.0 ? -1.0 : scaled));
    }
    case EMU_NUM_FORMAT_USCALED:
        return float_bits((float)raw);
    case EMU_NUM_FORMAT_SSCALED:
        return float_bits((float)value);
    case EMU_NUM_FORMAT_UINT:
        return raw;
    case EMU_NUM_FORMAT_SINT:
        return (uint32_t)value;
    case EMU_NUM_FORMAT_SNORM_OGL:           /* codes MIN..MAX onto -1..1 */
        return float_bits((float)((2.0 * value + 1.0) / full));
    default: {                               /* FLOAT: readable checked the width */
        unsigned e, m;
        bool s;
        if (bits == 32 || !small_float(data_format, bits, &e, &m, &s))
            return raw;
        return widen_float(raw, e, m, s);
    }
    }
}

static uint32_t store_component(unsigned data_format, unsigned num_format, uint32_t value,
                                unsigned bits)
{
    uint32_t mask = bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
    float number = bits_float(value);
    switch (num_format) {
    case EMU_NUM_FORMAT_UNORM: {
        if (number != number || number <= 0.0f)
            return 0;
        double clamped = number >= 1.0f ? 1.0 : (double)number;
        return (uint32_t)round_even(clamped * (double)mask) & mask;
    }
    case EMU_NUM_FORMAT_SNORM: {
        if (number != number)
            return 0;
        double clamped = number > 1.0f ? 1.0 : number < -1.0f ? -1.0 : (double)number;
        double half = bits >= 32 ? 2147483647.0 : (double)((1u << (bits - 1)) - 1);
        return (uint32_t)round_even(clamped * half) & mask;
    }
    case EMU_NUM_FORMAT_UINT:
        return value > mask ? mask : value;
    case EMU_NUM_FORMAT_SINT: {
        if (bits >= 32)
            return value;
        int32_t low = -(1 << (bits - 1)), high = (1 << (bits - 1)) - 1;
        int32_t signed_value = (int32_t)value;
        signed_value = signed_value < low ? low : signed_value > high ? high : signed_value;
        return (uint32_t)signed_value & mask;
    }
    default: {                               /* FLOAT */
        unsigned e, m;
        bool s;
        if (bits == 32 || !small_float(data_format, bits, &e, &m, &s))
            return value;
        return narrow_float(value, e, m, s);
    }
    }
}

/* Bits [position, position + width) of an element, width <= 32. */
static uint32_t get_bits(const uint8_t *element, unsigned position, unsigned width)
{
    uint32_t value = 0;
    for (unsigned i = 0; i < width; i++) {
        unsigned bit = position + i;
        value |= (uint32_t)((element[bit / 8] >> (bit % 8)) & 1) << i;
    }
    return value;
}

static void set_bits(uint8_t *element, unsigned position, unsigned width, uint32_t value)
{
    for (unsigned i = 0; i < width; i++) {
        unsigned bit = position + i;
        uint8_t mask = (uint8_t)(1u << (bit % 8));
        element[bit / 8] = (uint8_t)((element[bit / 8] & ~mask) | (((value >> i) & 1) ? mask : 0));
    }
}

static uint32_t one(unsigned num_format)
{
    return emu_num_format_integer(num_format) ? 1 : 0x3f800000u;
}

bool emu_format_load(unsigned data_format, unsigned num_format, const uint8_t *element,
                     uint32_t values[4])
{
    values[0] = values[1] = values[2] = values[3] = 0;
    if (!emu_format_readable(data_format, num_format))
        return false;
    const emu_data_format_layout *layout = &layouts[data_format];
    values[3] = one(num_format);
    unsigned position = 0;
    for (unsigned i = 0; i < layout->count; i++) {
        unsigned bits = layout->bits[i];
        values[i] = load_component(data_format, num_format, get_bits(element, position, bits), bits);
        position += bits;
    }
    return true;
}

uint32_t emu_format_select(const uint32_t values[4], unsigned dst_sel, unsigned num_format)
{
    if (dst_sel >= 4 && dst_sel <= 7)
        return values[dst_sel - 4];
    return dst_sel == 1 ? one(num_format) : 0;
}

bool emu_format_store(unsigned data_format, unsigned num_format, const uint32_t *values,
                      unsigned count, uint8_t *element)
{
    if (!emu_format_writable(data_format, num_format))
        return false;
    const emu_data_format_layout *layout = &layouts[data_format];
    unsigned position = 0;
    for (unsigned i = 0; i < layout->count; i++) {
        unsigned bits = layout->bits[i];
        if (i < count)
            set_bits(element, position, bits, store_component(data_format, num_format, values[i], bits));
        position += bits;
    }
    return true;
}

uint16_t emu_format_to_d16(uint32_t value, unsigned num_format)
{
    return emu_num_format_integer(num_format) ? (uint16_t)value : emu_half_from_float(value);
}

uint32_t emu_format_from_d16(uint16_t value, unsigned num_format)
{
    if (num_format == EMU_NUM_FORMAT_SINT)
        return (uint32_t)(int32_t)(int16_t)value;
    if (num_format == EMU_NUM_FORMAT_UINT)
        return value;
    return emu_float_from_half(value);
}
