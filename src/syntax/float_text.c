/* Floating-point operand text: CLRX's float literals (parsed), and the
 * inline float constants both dialects name (printed and parsed). */
#include <stdlib.h>
#include <string.h>

#include "syntax/generic.h"

const char *const gcn_inline_float_texts[9] = {"0.5", "-0.5", "1.0", "-1.0", "2.0",
                                               "-2.0", "4.0", "-4.0", "0.15915494"};

unsigned gcn_inline_code(gcn_arch arch, gcn_dialect dialect, int64_t value, bool wide)
{
    bool llvm = dialect == GCN_DIALECT_LLVM, word = value >= INT32_MIN && value <= (int64_t)UINT32_MAX;
    value = llvm && !wide && word ? (int32_t)(uint32_t)value : value; /* 32 bits read: 0xffffffff is -1 */
    if (value >= -16 && value <= 64)
        return value >= 0 ? (unsigned)(128 + value) : (unsigned)(192 - value);
    for (unsigned i = 0; llvm && (wide || word) && i < 9 && (i < 8 || arch >= GCN_ARCH_GCN12); i++)
        if (wide ? (uint64_t)value == gcn_inline_double_bits[i] : (uint32_t)value == gcn_inline_float_bits[i])
            return GCN_CODE_HALF + i;
    return 0;
}

/* A single-precision value as half precision, rounded to nearest even. */
static uint32_t half_bits(uint32_t single)
{
    uint32_t sign = (single >> 16) & 0x8000u, mantissa = single & 0x7fffffu;
    int exponent = (int)((single >> 23) & 0xff) - 127 + 15;
    if (((single >> 23) & 0xff) == 0xff)
        return sign | 0x7c00u | (mantissa ? 0x200u : 0); /* inf, nan */
    if (exponent >= 31)
        return sign | 0x7c00u;
    if (exponent <= 0) { /* subnormal or zero */
        if (exponent < -10)
            return sign;
        mantissa |= 0x800000u;
        unsigned shift = (unsigned)(14 - exponent);
        uint32_t half = mantissa >> shift, rest = mantissa & ((1u << shift) - 1), middle = 1u << (shift - 1);
        half += rest > middle || (rest == middle && (half & 1));
        return sign | half;
    }
    uint32_t half = (uint32_t)exponent << 10 | mantissa >> 13, rest = mantissa & 0x1fffu;
    half += rest > 0x1000u || (rest == 0x1000u && (half & 1)); /* may carry into the exponent */
    return sign | half;
}

bool gcn_parse_float_text(gcn_cursor *cursor, uint32_t *bits)
{
    const char *p = cursor->pos, *end = cursor->end;
    char buffer[64];
    size_t n = 0;
    bool point = false, exponent = false, digits = false;
    if (p < end && (*p == '-' || *p == '+'))
        buffer[n++] = *p++;
    for (; p < end && n + 1 < sizeof buffer; p++) {
        char c = *p;
        if (c >= '0' && c <= '9')
            digits = true;
        else if (c == '.' && !point && !exponent)
            point = true;
        else if ((c == 'e' || c == 'E') && digits && !exponent) {
            exponent = true;
            if (p + 1 < end && (p[1] == '-' || p[1] == '+'))
                buffer[n++] = *p++;
        } else
            break;
        buffer[n++] = *p;
    }
    if (!digits || (!point && !exponent))
        return false;
    bool half = false;
    if (p < end && (*p == 's' || *p == 'S' || *p == 'h' || *p == 'H'))
        half = (*p++ | 0x20) == 'h';
    if (p < end && gcn_is_identifier_char(*p))
        return false; /* 'l' (double) and others: not yet */
    buffer[n] = '\0';
    float value = strtof(buffer, NULL);
    memcpy(bits, &value, sizeof *bits);
    if (half)
        *bits = half_bits(*bits);
    cursor->pos = p;
    return true;
}
