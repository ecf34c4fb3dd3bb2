/* The generic parser's one-pass path: the usual statement as the printers
 * write it, nothing the full path (generic_parse.c, generic_modifiers.c)
 * would warn about or refuse; anything else is left to it, touching nothing
 * (tests/plain_path.c compares the two). Inline per layout, so that each
 * profile's tests fold; the rarer readers out of line, once (copies would
 * crowd the instruction cache). */
#include <string.h>

#include "isa/generated/layouts.h"
#include "syntax/hooks.h"
#include "syntax/modifier.h"
#include "syntax/modifier_syntax.h"
#include "syntax/parse.h"

/* A name past s and ttmp (vcc, null, tba...) exactly as gcn_write_llvm_memory_other
 * prints it for count registers: the end of the text read, or NULL. Checked
 * by printing the one register the name reads as; out of line, so that the
 * common path keeps no text buffer. */
static __attribute__((noinline)) const char *printed_special(const char *at, const char *end,
                                                            gcn_arch arch, unsigned count,
                                                            bool base, unsigned *code)
{
    gcn_scalar scalar;
    unsigned candidate;
    if (end - at >= 4 && memcmp(at, "null", 4) == 0)
        candidate = GCN_CODE_NULL;
    else if (gcn_read_named_scalar(at, end, arch, &scalar))
        candidate = scalar.code;
    else
        return NULL;
    if (candidate < 102 || candidate >= 128 || (base && (candidate & 1)))
        return NULL;
    char buffer[GCN_OPERAND_ROOM];
    const char *printed = gcn_write_llvm_memory_other(buffer, arch, candidate, count);
    if (!printed)
        return NULL;
    size_t n = (size_t)(printed - buffer), available = (size_t)(end - at);
    if (n > available || memcmp(at, buffer, n) != 0 ||
        (n < available && gcn_is_identifier_char(at[n])))
        return NULL;
    *code = candidate;
    return at + n;
}

/* sN, s[N:M], ttmpN, ttmp[N:M] (ttmp: the prefix) as gcn_write_llvm_memory_other
 * prints them, read without printing: an aligned first register, no
 * leading zeros (no register lies past 999), no space. The end of the text
 * read, or NULL. */
static inline __attribute__((always_inline)) const char *
printed_registers(const char *at, const char *end, gcn_arch arch, bool ttmp, unsigned count, bool base,
                  unsigned *code)
{
    const char *after = at + (ttmp ? 4 : 1);
    bool bracket = *after == '[';
    unsigned first, found;
    if (!(after = gcn_read_register_range(after, end, 1000, false, &first, &found)) ||
        (after < end && gcn_is_identifier_char(*after)))
        return NULL;
    unsigned align = gcn_scalar_alignment(count), candidate = (ttmp ? gcn_ttmp_base(arch) : 0) + first;
    bool fits = ttmp ? candidate < 124 && first + count <= 16 : candidate <= 101 && first + count <= 104;
    if (!fits || bracket != (count > 1) || found != count ||
        (first & (align - 1)) || (base && (candidate & 1))) /* align: 1, 2 or 4 */
        return NULL;
    *code = candidate;
    return after;
}

const char *gcn_read_llvm_memory_printed(const char *at, const char *end, gcn_arch arch, unsigned count,
                                         bool base, unsigned *code)
{
    bool ttmp = end - at >= 5 && memcmp(at, "ttmp", 4) == 0;
    if (ttmp || (end - at >= 2 && at[0] == 's'))
        return printed_registers(at, end, arch, ttmp, count, base, code);
    return printed_special(at, end, arch, count, base, code);
}

/* A register operand past the SGPRs (read_scalar's): a ttmp within the
 * generation's, or a special name (vcc, exec...), for llvm as llvm-mc
 * prints it where it also assembles it (m0 and exec also as data: else the
 * general path decides, and warns); for clrx (and llvm's SMRD) only what
 * its general path reads so. Out of line: rarer. */
static __attribute__((noinline)) const char *read_other_scalar(const char *at, const char *end, gcn_arch arch,
                                                             bool clrx, unsigned count, bool base, unsigned *code)
{
    if (end - at >= 5 && memcmp(at, "ttmp", 4) == 0) {
        at = printed_registers(at, end, arch, true, count, base, code);
        return at && *code - gcn_ttmp_base(arch) + count <= gcn_ttmp_count(arch) ? at : NULL;
    }
    if (!clrx && arch >= GCN_ARCH_GCN12) {
        at = printed_special(at, end, arch, count, base, code);
        return at && !gcn_llvm_refused_scalar(arch, *code, count, true) ? at : NULL;
    }
    /* a name of count registers that fits the 7-bit field, as
     * gcn_parse_scalar reads it without a register symbol (SMRD's llvm:
     * neither m0 nor exec, which llvm-mc refuses as data) */
    gcn_scalar scalar;
    if (!(at = gcn_read_named_scalar(at, end, arch, &scalar)) || scalar.count != count ||
        scalar.code >= 128 || (base && (scalar.code & 1)) ||
        (!clrx && (scalar.code == GCN_CODE_M0 || scalar.code >= GCN_CODE_EXEC)))
        return NULL;
    *code = scalar.code;
    return at;
}

/* An immediate as llvm-mc prints it (gcn_read_plain_number's), at most
 * maximum, followed by space, a comma or the end: the end, out filled;
 * NULL otherwise. */
static inline __attribute__((always_inline)) const char *
read_immediate(const char *at, const char *end, uint32_t maximum, gcn_operand *out)
{
    uint64_t number;
    if (!(at = gcn_read_plain_number(at, end, &number)) || number > maximum ||
        (at < end && *at != ' ' && *at != '\t' && *at != ','))
        return NULL;
    *out = (gcn_operand){GCN_OPERAND_IMMEDIATE, 1, 0, (uint32_t)number};
    return at;
}

/* A scalar register: SGPRs straight (below s102, so that no generation or
 * dialect warns), an even first one for a base; the others out of line. */
static inline __attribute__((always_inline)) const char *
read_scalar(const char *p, const char *end, gcn_arch arch, bool llvm, unsigned count, bool base, unsigned *code)
{
    unsigned found;
    if (p < end && *p == 's')
        return (p = gcn_read_register_range(p + 1, end, 102, false, code, &found)) && found == count &&
                       !(*code % gcn_scalar_alignment(count))
                   ? p
                   : NULL;
    return read_other_scalar(p, end, arch, !llvm, count, base, code);
}

/* The offset operand of the usual statement as a number: llvm-mc's GCN
 * 1.4 -N (a 21-bit field read signed; on a buffer the full path warns),
 * or a number in range on GCN 1.2 and 1.4 alike (clrxdisasm prints GCN
 * 1.4's 21-bit field unsigned, which clrxasm takes back); SMRD's 8 bits
 * (GCN 1.1's literal is the full path's). */
static inline __attribute__((always_inline)) const char *
read_offset(const char *at, const char *end, gcn_arch arch, bool llvm, const gcn_row *row, gcn_operand *out)
{
    if (!llvm || at >= end || *at != '-')
        return read_immediate(at, end,
                              arch < GCN_ARCH_GCN12                  ? 0xff /* no literal */
                              : !llvm && arch == GCN_ARCH_GCN14 ? 0x1fffff
                                                                     : 0xfffff,
                              out);
    if (arch != GCN_ARCH_GCN14 || (row->flags & GCN_ROW_BUFFER_BASE) ||
        !(at = read_immediate(at + 1, end, 0xfffff, out)))
        return NULL;
    out->value = (0x200000u - out->value) & 0x1fffffu;
    return at;
}

typedef struct gcn_plain_modifiers {
    unsigned flags;
    bool offset_after_flag; /* LLVM's FLAT wants the offset first */
    int32_t offset;         /* 0 when not given */
} gcn_plain_modifiers;

/* Whether the length bytes at p (2..16) are those of word: two loads
 * that may overlap, compared with constants when word is a literal. */
static inline __attribute__((always_inline)) bool gcn_same_bytes(const char *p, const char *word,
                                                                 size_t length)
{
    if (length >= 8) {
        uint64_t a, b, c, d;
        memcpy(&a, p, 8), memcpy(&b, word, 8);
        memcpy(&c, p + length - 8, 8), memcpy(&d, word + length - 8, 8);
        return a == b && c == d;
    }
    if (length >= 4) {
        uint32_t a, b, c, d;
        memcpy(&a, p, 4), memcpy(&b, word, 4);
        memcpy(&c, p + length - 4, 4), memcpy(&d, word + length - 4, 4);
        return a == b && c == d;
    }
    uint16_t a, b, c, d;
    memcpy(&a, p, 2), memcpy(&b, word, 2);
    memcpy(&c, p + length - 2, 2), memcpy(&d, word + length - 2, 2);
    return a == b && c == d;
}

/* Whether the room bytes at p start with word (a literal). */
#define GCN_STARTS_WITH(p, room, word) \
    ((room) >= sizeof word - 1 && gcn_same_bytes(p, word, sizeof word - 1))

/* Modifiers from p to end: words in lower case that flags name, and
 * offset:N or inst_offset:N (decimal without a leading zero, in [minimum,
 * maximum], which lie within +-9999), each once, each after one or more
 * spaces. Returns end, or NULL for anything else (the full path then reads
 * and reports it). Out of line (see above). */
static __attribute__((noinline)) const char *read_modifiers(const char *p, const char *end, int32_t minimum,
                                                          int32_t maximum, gcn_plain_modifiers *modifiers)
{
    unsigned flags = 0;
    bool offset_given = false, offset_after_flag = false;
    int32_t offset = 0;
    while (p < end) {
        if (*p != ' ') /* also what follows a word: no ':' value, no longer name */
            return NULL;
        do
            p++;
        while (p < end && *p == ' ');
        if (p == end)
            break;
        size_t room = (size_t)(end - p), length;
        unsigned flag;
        /* By the first letter, then one comparison (two for o and i); WORD:
         * the word at p, if it is there. */
        switch (*p) {
#define WORD(text, bit)                                                                            \
    if (GCN_STARTS_WITH(p, room, text)) {                                                          \
        flag = bit, length = sizeof text - 1;                                                      \
        break;                                                                                     \
    }
        case 'o': WORD("offset:", 0) WORD("offen", GCN_MOD_OFFEN) return NULL;
        case 'g': WORD("glc", GCN_MOD_GLC) return NULL;
        case 's': WORD("slc", GCN_MOD_SLC) return NULL;
        case 't': WORD("tfe", GCN_MOD_TFE) return NULL;
        case 'l': WORD("lds", GCN_MOD_LDS) return NULL;
        case 'n': WORD("nv", GCN_MOD_NV) return NULL;
        case 'a': WORD("addr64", GCN_MOD_ADDR64) return NULL;
        case 'i': WORD("idxen", GCN_MOD_IDXEN) WORD("inst_offset:", 0) return NULL;
        default: return NULL;
#undef WORD
        }
        p += length;
        if (flag) {
            if (flags & flag)
                return NULL;
            flags |= flag;
            continue;
        }
        if (offset_given)
            return NULL;
        bool negative = minimum < 0 && p < end && *p == '-';
        p += negative;
        int32_t value, digit;
        if (p >= end || (unsigned)(value = *p - '0') > 9)
            return NULL;
        /* No leading zero (octal); four digits at most, unrolled. */
        if (++p < end && (unsigned)(digit = *p - '0') <= 9 && value) {
            value = value * 10 + digit;
            if (++p < end && (unsigned)(digit = *p - '0') <= 9) {
                value = value * 10 + digit;
                if (++p < end && (unsigned)(digit = *p - '0') <= 9) {
                    value = value * 10 + digit;
                    if (++p < end && (unsigned)(*p - '0') <= 9)
                        return NULL;
                }
            }
        }
        offset = negative ? -value : value;
        if (offset < minimum || offset > maximum)
            return NULL;
        offset_given = true;
        offset_after_flag = flags != 0;
    }
    modifiers->flags = flags;
    modifiers->offset_after_flag = offset_after_flag;
    modifiers->offset = offset;
    return p;
}

/* VGPRs as plain numbers, or `off` where the operand may be off. */
static __attribute__((noinline)) const char *read_vgpr_operand(const char *p, const char *end, bool off,
                                                             gcn_operand *out)
{
    unsigned first = 0, count = 0;
    if (p < end && *p == 'v') {
        p = gcn_read_register_range(p + 1, end, 256, false, &first, &count);
    } else if (off && GCN_STARTS_WITH(p, (size_t)(end - p), "off")) {
        p += 3; /* the comma must follow; a count of 0 */
    } else {
        return NULL;
    }
    *out = (gcn_operand){GCN_OPERAND_VECTOR, (uint8_t)count, (uint16_t)first, 0};
    return p;
}
/* One operand of the usual statement at p, by its syntax: the end of its
 * text, or NULL for anything else. The choice inline, a constant per
 * profile. */
static inline __attribute__((always_inline)) const char *
read_operand(const char *p, const char *end, gcn_arch arch, bool llvm, const gcn_row *row,
             const gcn_profile *profile, const gcn_operand_profile *operand, gcn_operand *out)
{
    bool scalar_alu = !gcn_modifier_orders[profile->encoding][GCN_DIALECT_CLRX].count;
    unsigned count = operand->dwords, code;
    switch ((gcn_operand_syntax)operand->syntax) {
    case GCN_SYNTAX_SREG:
        if (operand->width == GCN_WIDTH_FLAT_SADDR && GCN_STARTS_WITH(p, (size_t)(end - p), "off")) {
            *out = (gcn_operand){GCN_OPERAND_OFF, 0, GCN_SADDR_OFF, 0};
            return p + 3;
        }
        count = operand->width == GCN_WIDTH_ROW_DATA ? row->data_dwords : count;
        break;
    case GCN_SYNTAX_SSRC:
    case GCN_SYNTAX_SSRC_REGISTER:
    case GCN_SYNTAX_SSRC_INLINE:
    case GCN_SYNTAX_SOFFSET: /* a register, or an inline integer -16..64 as a plain decimal */
        if (p < end && (*p == '-' || (unsigned)(*p - '0') <= 9)) {
            if ((llvm && operand->syntax == GCN_SYNTAX_SSRC_REGISTER) || !(p = gcn_read_inline_integer(p, end, &code)))
                return NULL;
            *out = (gcn_operand){GCN_OPERAND_CONSTANT, 1, (uint16_t)code, 0};
            return scalar_alu && p < end && *p != ',' ? NULL : p; /* 4+1: the full path's */
        }
        break;
    case GCN_SYNTAX_VGPR:
        return read_vgpr_operand(p, end,
                                 operand->width == GCN_WIDTH_ADDRESS || operand->width == GCN_WIDTH_FLAT_ADDRESS,
                                 out);
    case GCN_SYNTAX_SRSRC:
        count = 4;
        break;
    case GCN_SYNTAX_SBASE: /* (the width's rule, BASE, on a known row) */
        count = 2u << (row->flags / GCN_ROW_BUFFER_BASE & 1);
        break;
    case GCN_SYNTAX_SMEM_OFFSET: /* a number, or a register (clrxasm takes only m0 on GCN 1.2's
                                  * stores and atomics: the full path reports the rest) */
        if (p >= end || (unsigned)((*p | 0x20) - 'a') >= 26)
            return read_offset(p, end, arch, llvm, row, out);
        if (!llvm && arch == GCN_ARCH_GCN12 &&
            (row->shape == GCN_SHAPE_SMEM_STORE || row->shape == GCN_SHAPE_SMEM_ATOMIC))
            return NULL;
        break;
    case GCN_SYNTAX_SMEM_PROBE:
        return read_immediate(p, end, 0x7f, out);
    case GCN_SYNTAX_SIMM16: /* SOPK's and SOPP's: a plain number (gcn_parse_imm16's usual one) */
    case GCN_SYNTAX_UIMM16:
    case GCN_SYNTAX_IMM16:
        return read_immediate(p, end, 0xffff, out);
    default:
        return NULL;
    }
    /* a scalar register, the scalar ALU's followed by a comma or the end
     * (s5[0]: the full path's); SOFFSET's special names also past 127 (src_scc,
     * m0 for llvm), as gcn_parse_soffset reads them where it does not warn */
    const char *name = p;
    gcn_scalar named;
    if (!(p = read_scalar(p, end, arch, llvm, count, operand->syntax == GCN_SYNTAX_SBASE, &code)) &&
        operand->syntax == GCN_SYNTAX_SOFFSET && (p = gcn_read_named_scalar(name, end, arch, &named))) {
        code = named.code;
        if (named.count != 1 || code == GCN_CODE_LDS_DIRECT ||
            (llvm && gcn_llvm_refused_scalar(arch, code, 1, false)))
            return NULL;
    }
    if (!p || (scalar_alu && p < end && *p != ','))
        return NULL;
    *out = (gcn_operand){GCN_OPERAND_SCALAR, (uint8_t)count, (uint16_t)code, 0};
    return p;
}

/* The usual statement's modifiers at p, the encoding's checks, the VGPR
 * operands' widths; false for anything the full path would warn about or refuse. */
static inline __attribute__((always_inline)) bool
read_modifiers_and_widths(const char **at, const char *end, gcn_arch arch, bool llvm, const gcn_row *row,
                          const gcn_profile *profile, gcn_instruction *instruction)
{
    gcn_encoding encoding = (gcn_encoding)profile->encoding;
    const gcn_encoding_hook *hook = &gcn_encoding_hooks[encoding];
    gcn_dialect dialect = llvm ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX;
    gcn_operand *out = instruction->operands;
    const char *p = *at;
    gcn_plain_modifiers read;
    unsigned allowed = hook->allowed(row, arch, dialect), syntax = modifier_syntax[encoding];
    int32_t minimum = offset_rules[encoding].minimum, maximum = offset_rules[encoding].maximum;
    if (profile->offset_rule != GCN_OFFSET_FIELD)
        minimum = reading_rules[profile->offset_rule][arch].quiet_minimum,
        maximum = reading_rules[profile->offset_rule][arch].quiet_maximum;
    if (syntax & OFFSET_OPERAND) /* no offset:N, whatever its value */
        minimum = 1, maximum = 0;
    if (p == end) /* none (SMRD/SMEM's usual statement): no call */
        read = (gcn_plain_modifiers){0, false, 0};
    else if (!(p = read_modifiers(p, end, minimum, maximum, &read)) || (read.flags & ~allowed) ||
             (llvm && (syntax & (LLVM_MC_MODIFIERS | OFFSET_OPERAND)) == LLVM_MC_MODIFIERS && read.offset_after_flag))
        return false;
    instruction->modifiers = (uint16_t)(instruction->modifiers | read.flags);
    if ((hook->check && !hook->check(NULL, dialect, row, instruction, NULL, NULL)) ||
        !check_widths(NULL, llvm, row, profile, NULL, instruction))
        return false;
    instruction->offset = (uint32_t)read.offset;
#pragma GCC unroll 4
    for (unsigned i = 0; i < profile->operand_count; i++)
        if ((syntax & OFFSET_OPERAND) && profile->operands[i].syntax == GCN_SYNTAX_SMEM_OFFSET) {
            bool immediate = out[i].kind == GCN_OPERAND_IMMEDIATE;
            instruction->offset = immediate ? out[i].value : out[i].number;
            instruction->modifiers = (uint16_t)(instruction->modifiers | (immediate ? GCN_MOD_IMM : 0));
        }
    *at = p;
    return true;
}

/* Whether the one-pass path reads a profile's statements: every operand
 * one read_operand knows, or none where the encoding has modifiers
 * (buffer_wbinvl1); a constant per profile. */
static inline __attribute__((always_inline)) bool takes(const gcn_profile *profile)
{
    bool modifiers = gcn_modifier_orders[profile->encoding][GCN_DIALECT_CLRX].count != 0,
         all = modifiers || profile->operand_count != 0;
    const uint32_t any_encoding = 1u << GCN_SYNTAX_SREG | 1u << GCN_SYNTAX_SSRC | 1u << GCN_SYNTAX_SSRC_REGISTER |
                                  1u << GCN_SYNTAX_SSRC_INLINE | 1u << GCN_SYNTAX_SIMM16 |
                                  1u << GCN_SYNTAX_UIMM16 | 1u << GCN_SYNTAX_IMM16;
#pragma GCC unroll 4
    for (unsigned i = 0; i < profile->operand_count; i++) {
        gcn_operand_syntax syntax = (gcn_operand_syntax)profile->operands[i].syntax;
        all &= profile->operands[i].field != GCN_FIELD_LITERAL &&
               (((any_encoding >> syntax) & 1u) || (modifiers && syntax >= GCN_SYNTAX_VGPR));
    }
    return all;
}

/* The usual statement in one pass: false, touching nothing the full path
 * reads (the modifiers are restored), for anything else: register
 * symbols, CLRX's size suffixes, a row the dialect lacks, other spacing. */
static inline __attribute__((always_inline)) bool
parse_plain(gcn_cursor *cursor, const gcn_row *row, const gcn_profile *profile, gcn_instruction *instruction)
{
    const gcn_parse_options *options = cursor->options;
    gcn_arch arch = options->arch;
    bool llvm = options->dialect == GCN_DIALECT_LLVM;
    gcn_encoding encoding = (modifier_syntax[profile->encoding] & SMRD_BEFORE_GCN12) && arch < GCN_ARCH_GCN12
                                ? GCN_ENCODING_SMRD
                                : (gcn_encoding)profile->encoding;
    const char *p = cursor->pos, *end = cursor->end;
    if (!row || options->register_alias || (llvm && (row->flags & GCN_ROW_LLVM_ABSENT)) ||
        (p - cursor->text >= 4 && p[-4] == '_' && (p[-3] | 0x20) == 'e')) /* CLRX's _e32, _e64 */
        return false;
    /* no operand, nothing more (buffer_wbinvl1 glc: the full path's) */
    if (profile->operand_count == 0 ? p != end : end - p < 2 || *p != ' ')
        return false;
    if (profile->operand_count && *++p == ' ') /* CLRX's text pads the mnemonic */
        while (p < end && *p == ' ')
            p++;
    gcn_operand *out = instruction->operands;
    bool optional = result_optional(profile, row);
#pragma GCC unroll 4
    for (unsigned i = 0; i < profile->operand_count; i++) {
        /* after ", " (one 16-bit comparison; other spacing is the full path's) */
        const char *next = end - p >= 2 && memcmp(p, ", ", 2) == 0 ? p + 2 : NULL;
        if (i == 2 && optional && !(next && next < end && *next == 'v')) {
            /* the address and the data: the result is there when a third VGPR follows */
            out[2] = out[1], out[1] = out[0];
            out[0] = (gcn_operand){GCN_OPERAND_VECTOR, 0, 0, 0}; /* not given */
            continue;
        }
        if ((i && !(p = next)) || !(p = read_operand(p, end, arch, llvm, row, profile, &profile->operands[i], &out[i])))
            return false;
    }
    uint16_t modifiers = instruction->modifiers;
    if (!gcn_modifier_orders[profile->encoding][GCN_DIALECT_CLRX].count
            ? p != end
            : !read_modifiers_and_widths(&p, end, arch, llvm, row, profile, instruction)) {
        instruction->modifiers = modifiers;
        return false;
    }
    instruction->encoding = (uint8_t)encoding;
    instruction->operand_count = profile->operand_count;
    instruction->literal = 0;
    instruction->word_count = encodings[encoding].words;
    cursor->pos = p;
    return true;
}

/* One parser per layout, out of line (the usual statement calls it
 * straight, gcn_shape_parsers): the one-pass path inline, the full path
 * after it. */
#define PROFILE(family, name, ...)                                                                 \
    static __attribute__((noinline)) bool parse_##family##_##name(gcn_cursor *cursor, const gcn_row *row, \
                                                                 gcn_instruction *instruction)     \
    {                                                                                              \
        const gcn_profile *profile = &profiles[GCN_SHAPE_##family##_##name];                        \
        return (takes(profile) && parse_plain(cursor, row, profile, instruction)) ||               \
               gcn_full_parsers[GCN_SHAPE_##family##_##name](cursor, row, instruction);            \
    }
#include "isa/profiles.def"
#undef PROFILE

const gcn_parser gcn_shape_parsers[GCN_SHAPE_COUNT] = {
#define PROFILE(family, name, ...) [GCN_SHAPE_##family##_##name] = parse_##family##_##name,
#include "isa/profiles.def"
#undef PROFILE
};

bool gcn_parse_plain(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction)
{
    const gcn_profile *profile = row ? &profiles[gcn_shape_layouts[row->shape]] : NULL;
    return profile && takes(profile) && parse_plain(cursor, row, profile, instruction);
}
