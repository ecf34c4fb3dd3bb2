/* SMRD/SMEM's operands as the printer writes them (syntax/scalar_memory.h),
 * read for the generic one-pass parser (generic_modifiers.c) and for the
 * llvm dialect's full path (smem.c): registers as llvm-mc 14's disassembler
 * prints them (sN, s[N:M], ttmpN, null, tba), CLRX's names, the offset. */
#include <string.h>

#include "isa/generated/layouts.h"
#include "syntax/scalar_memory.h"

#define CODE_M0 124u
#define CODE_NULL 125u /* what llvm-mc prints for it */

/* A name past s and ttmp (vcc, null, tba...) exactly as gcn_put_llvm_memory_register
 * prints it for some field value of count registers: the end of the text
 * read, or NULL. The only candidate is the register the name reads as
 * (each name prints one value), checked by printing it; out of line, so
 * that the common path keeps no text buffer. */
static __attribute__((noinline)) const char *printed_special(const char *at, const char *end,
                                                            gcn_arch arch, unsigned count,
                                                            bool base, unsigned *code)
{
    gcn_scalar scalar;
    unsigned candidate;
    if (end - at >= 4 && memcmp(at, "null", 4) == 0)
        candidate = CODE_NULL;
    else if (gcn_read_named_scalar(at, end, arch, &scalar))
        candidate = scalar.code;
    else
        return NULL;
    if (candidate < 102 || candidate >= 128 || (base && (candidate & 1)))
        return NULL;
    char buffer[32];
    gcn_text text = {buffer, sizeof buffer, 0};
    if (!gcn_put_llvm_memory_register(&text, arch, candidate, count) || gcn_text_finish(&text) != 0)
        return NULL;
    size_t n = text.length, available = (size_t)(end - at);
    if (n > available || memcmp(at, buffer, n) != 0 ||
        (n < available && gcn_is_identifier_char(at[n])))
        return NULL;
    *code = candidate;
    return at + n;
}

/* A register index as llvm-mc prints it: one to three digits without a
 * leading zero (no register lies past 999); -1 if none. */
static inline __attribute__((always_inline)) int printed_index(const char **at, const char *end)
{
    const char *p = *at;
    unsigned first, second, third;
    if (p >= end || (first = (unsigned)(*p - '0')) > 9)
        return -1;
    if (++p == end || (second = (unsigned)(*p - '0')) > 9) {
        *at = p;
        return (int)first;
    }
    if (first == 0)
        return -1;
    if (++p == end || (third = (unsigned)(*p - '0')) > 9) {
        *at = p;
        return (int)(first * 10 + second);
    }
    if (++p < end && (unsigned)(*p - '0') <= 9)
        return -1;
    *at = p;
    return (int)(first * 100 + second * 10 + third);
}

/* CLRX (and llvm on SMRD): a special name (vcc, xnack_mask, m0..., in any case) of count
 * registers that fits the 7-bit field, as parse_scalar_register reads it
 * without a register symbol: the end of the text read, or NULL (the
 * general path then reports it). Out of line: rare. */
static __attribute__((noinline)) const char *clrx_special(const char *at, const char *end,
                                                         gcn_arch arch, unsigned count, bool base,
                                                         unsigned *code)
{
    gcn_scalar scalar;
    const char *after = gcn_read_named_scalar(at, end, arch, &scalar);
    if (!after || scalar.count != count || scalar.code >= 128 || (base && (scalar.code & 1)))
        return NULL;
    *code = scalar.code;
    return after;
}

/* The length of the register prefix llvm-mc prints at at ('s' or "ttmp"),
 * 0 if none; *first_code receives the code of its register 0. */
static inline size_t printed_prefix(const char *at, const char *end, gcn_arch arch,
                                    unsigned *first_code)
{
    *first_code = 0;
    if (end - at >= 2 && at[0] == 's')
        return 1;
    if (end - at >= 5 && memcmp(at, "ttmp", 4) == 0) {
        *first_code = gcn_ttmp_base(arch);
        return 4;
    }
    return 0;
}

/* sN, s[N:M], ttmpN, ttmp[N:M] past their prefix as gcn_put_llvm_memory_register
 * prints them, read without printing: an aligned first register, no
 * leading zeros, no space. The end of the text read, or NULL. */
static inline __attribute__((always_inline)) const char *
printed_registers(const char *after, const char *end, size_t prefix, unsigned first_code,
                  unsigned count, bool base, unsigned *code)
{
    bool bracket = *after == '[';
    after += bracket;
    int low = printed_index(&after, end), high = low;
    if (low < 0)
        return NULL;
    if (bracket) {
        if (after >= end || *after++ != ':' || (high = printed_index(&after, end)) < 0 ||
            after >= end || *after++ != ']')
            return NULL;
    }
    if (after < end && gcn_is_identifier_char(*after))
        return NULL;
    unsigned align = count >= 4 ? 4 : count, first = (unsigned)low;
    unsigned candidate = first_code + first;
    bool fits = prefix == 1 ? candidate <= 101 && first + count <= 104
                            : candidate < 124 && first + count <= 16;
    if (!fits || bracket != (count > 1) || (unsigned)high != first + count - 1 ||
        (first & (align - 1)) || (base && (candidate & 1))) /* align: 1, 2 or 4 */
        return NULL;
    *code = candidate;
    return after;
}

/* A register operand as llvm-mc prints it with an 's' or "ttmp" prefix,
 * or a special name (vcc, exec...); for clrx only the registers its
 * general path reads so (the last below s102, or within the generation's
 * ttmps). */
static inline __attribute__((always_inline)) const char *
read_registers(const char *at, const char *end, gcn_arch arch, bool clrx, unsigned count, bool base,
                unsigned *code)
{
    unsigned first_code;
    size_t prefix = printed_prefix(at, end, arch, &first_code);
    if (!prefix) { /* vcc, exec, null... as each dialect's general path reads them */
        if (clrx)
            return clrx_special(at, end, arch, count, base, code);
        /* (SMRD's llvm names only at their own width, as llvm-mc assembles
         * them, and neither m0 nor exec, which it refuses as data) */
        if (arch < GCN_ARCH_GCN12)
            return (at = clrx_special(at, end, arch, count, base, code)) && *code != CODE_M0 && *code < 126
                       ? at
                       : NULL;
        at = printed_special(at, end, arch, count, base, code);
        /* what llvm-mc may refuse (m0 and exec also as data): the general
         * path decides, and warns */
        return at && !gcn_llvm_refused_scalar(arch, *code, count, true) ? at : NULL;
    }
    if (!(at = printed_registers(at + prefix, end, prefix, first_code, count, base, code)))
        return NULL;
    /* Past s101 or the generation's ttmps: clrx's general path reads it;
     * llvm's warns (llvm-mc refuses such a tuple) */
    if (*code + count > 102 && *code - first_code + count > (prefix == 1 ? 102 : gcn_ttmp_count(arch)))
        return NULL;
    return at;
}

/* An immediate offset as llvm-mc prints it: 0, decimal without a leading
 * zero, or 0x and up to six hex digits, at most maximum, followed by
 * space, a comma or the end. NULL otherwise. */
static inline __attribute__((always_inline)) const char *
read_number(const char *at, const char *end, uint32_t maximum,
                                         uint32_t *value)
{
    uint32_t number = 0;
    const char *digits;
    if (end - at > 2 && at[0] == '0' && (at[1] == 'x' || at[1] == 'X')) {
        for (digits = at += 2; at < end && at - digits < 6; at++) {
            unsigned digit = (unsigned)(*at - '0');
            if (digit > 9) {
                unsigned letter = (unsigned)((*at | 0x20) - 'a');
                if (letter > 5)
                    break;
                digit = letter + 10;
            }
            number = number << 4 | digit;
        }
    } else if (at < end && *at == '0') {
        digits = at++;
    } else {
        for (digits = at; at < end && (unsigned)(*at - '0') <= 9 && at - digits < 7; at++)
            number = number * 10 + (uint32_t)(*at - '0');
    }
    if (at == digits || number > maximum || (at < end && *at != ' ' && *at != '\t' && *at != ','))
        return NULL;
    *value = number;
    return at;
}


/* GCN 1.2/1.4 LLVM: a register as llvm-mc's disassembler prints some field
 * value: sN, s[N:M], ttmpN... past their prefix, or a special name. */
const char *gcn_read_llvm_memory_printed(const char *at, const char *end, gcn_arch arch, unsigned count,
                                         bool base, unsigned *code)
{
    unsigned first_code;
    size_t prefix = printed_prefix(at, end, arch, &first_code);
    if (prefix)
        return printed_registers(at + prefix, end, prefix, first_code, count, base, code);
    return printed_special(at, end, arch, count, base, code);
}

/* The offset operand of the usual statement: a register (clrxasm takes
 * only m0 on GCN 1.2's stores and atomics: the full path reports the
 * rest), llvm-mc's GCN 1.4 -N (a 21-bit field read signed; on a buffer
 * the full path warns), or a number in range on GCN 1.2 and 1.4 alike
 * (clrxdisasm prints GCN 1.4's 21-bit field unsigned, which clrxasm takes
 * back); SMRD's 8 bits (GCN 1.1's literal is the full path's). */
static inline __attribute__((always_inline)) const char *
read_offset(const char *at, const char *end, gcn_arch arch, bool llvm, const gcn_row *row, gcn_operand *out)
{
    uint32_t offset;
    unsigned code;
    if (at < end && (unsigned)((*at | 0x20) - 'a') < 26) {
        if ((!llvm && arch == GCN_ARCH_GCN12 &&
             (row->shape == GCN_SHAPE_SMEM_STORE || row->shape == GCN_SHAPE_SMEM_ATOMIC)) ||
            !(at = read_registers(at, end, arch, !llvm, 1, false, &code)))
            return NULL;
        *out = (gcn_operand){GCN_OPERAND_SCALAR, 1, (uint16_t)code, 0};
        return at;
    }
    if (llvm && at < end && *at == '-') {
        if (arch != GCN_ARCH_GCN14 || (row->flags & GCN_ROW_BUFFER_BASE) ||
            !(at = read_number(at + 1, end, 0xfffff, &offset)))
            return NULL;
        offset = (0x200000u - offset) & 0x1fffffu;
    } else if (!(at = read_number(at, end,
                                  arch < GCN_ARCH_GCN12                  ? 0xff /* no literal */
                                  : !llvm && arch == GCN_ARCH_GCN14 ? 0x1fffff
                                                                         : 0xfffff,
                                  &offset))) {
        return NULL;
    }
    *out = (gcn_operand){GCN_OPERAND_IMMEDIATE, 1, 0, offset};
    return at;
}

/* The operands by their syntax; inline twice, its dialect's tests folded. */
static inline __attribute__((always_inline)) const char *
read_operands(const char *at, const char *end, gcn_arch arch, bool llvm, const gcn_row *row,
              const gcn_profile *profile, gcn_operand *out)
{
#pragma GCC unroll 4
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand_profile *operand = &profile->operands[i];
        uint32_t value;
        unsigned code;
        if (i && !(end - at >= 2 && memcmp(at, ", ", 2) == 0))
            return NULL;
        at += i ? 2 : 0;
        if (operand->syntax == GCN_SYNTAX_SMEM_OFFSET) {
            at = read_offset(at, end, arch, llvm, row, &out[i]);
        } else if (operand->syntax == GCN_SYNTAX_SMEM_PROBE) {
            if ((at = read_number(at, end, 0x7f, &value)))
                out[i] = (gcn_operand){GCN_OPERAND_IMMEDIATE, 1, 0, value};
        } else { /* (the widths' rules, ROW_DATA and BASE, on a known row) */
            bool base = operand->syntax == GCN_SYNTAX_SBASE;
            unsigned count = base ? 2u << (row->flags / GCN_ROW_BUFFER_BASE & 1)
                             : operand->width == GCN_WIDTH_ROW_DATA ? row->data_dwords
                                                                     : operand->dwords;
            if ((at = read_registers(at, end, arch, !llvm, count, base, &code)))
                out[i] = (gcn_operand){GCN_OPERAND_SCALAR, (uint8_t)count, (uint16_t)code, 0};
        }
        if (!at)
            return NULL;
    }
    return at;
}

/* The profiles copied, so that each layout's reader below knows its own
 * as constants. */
static const gcn_profile profiles[GCN_SHAPE_COUNT] = {
#include "isa/profile_rows.h"
};

/* One reader per layout and dialect (a loop over a profile not known
 * here would cost more than the operands' reading). */
const char *gcn_read_memory_operands(const char *at, const char *end, gcn_arch arch, bool llvm, const gcn_row *row,
                                     const gcn_profile *profile, gcn_operand *out)
{
    (void)profile;
    switch (gcn_shape_layouts[row->shape]) {
#define LAYOUT(shape)                                                                              \
    case shape:                                                                                    \
        return llvm ? read_operands(at, end, arch, true, row, &profiles[shape], out)              \
                    : read_operands(at, end, arch, false, row, &profiles[shape], out);
        LAYOUT(GCN_LAYOUT_SMEM_LOAD)
        LAYOUT(GCN_LAYOUT_SMEM_TIME)
        LAYOUT(GCN_LAYOUT_SMEM_PROBE)
        LAYOUT(GCN_LAYOUT_SMEM_DISCARD)
#undef LAYOUT
    default:
        return NULL;
    }
}
