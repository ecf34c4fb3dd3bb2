#include "syntax/operand.h"
#include "syntax/generic.h"

#include <string.h>

#include "isa/generation_sets.h"

/* Named scalar registers (a table beside the rows). */
static const struct special {
    const char *name;
    uint8_t code;
    uint8_t count;
    uint8_t arches;
    uint8_t length; /* of the name */
    bool constant;  /* read only where an inline constant may stand */
} specials[] = {
#define SCALAR_REGISTER(name, code, count, generations) {name, code, count, generations, sizeof name - 1, false},
#define SCALAR_CONDITION(name, code) {name, code, 1, ALL, sizeof name - 1, true},
#include "isa/scalar_registers.def"
#undef SCALAR_REGISTER
#undef SCALAR_CONDITION
};

#define NUMBER_TEXT(n) {{(char)((n) >= 100 ? '0' + (n) / 100 : (n) >= 10 ? '0' + (n) / 10 : '0' + (n)), \
                          (char)((n) >= 100 ? '0' + (n) / 10 % 10 : (n) >= 10 ? '0' + (n) % 10 : 0), \
                          (char)((n) >= 100 ? '0' + (n) % 10 : 0)},                                    \
                         (n) >= 100 ? 3 : (n) >= 10 ? 2 : 1}
#define NUMBERS4(n) NUMBER_TEXT(n), NUMBER_TEXT((n) + 1), NUMBER_TEXT((n) + 2), NUMBER_TEXT((n) + 3)
#define NUMBERS16(n) NUMBERS4(n), NUMBERS4((n) + 4), NUMBERS4((n) + 8), NUMBERS4((n) + 12)
#define NUMBERS64(n) NUMBERS16(n), NUMBERS16((n) + 16), NUMBERS16((n) + 32), NUMBERS16((n) + 48)
const gcn_register_number gcn_register_numbers[256] = {
    NUMBERS64(0), NUMBERS64(64), NUMBERS64(128), NUMBERS64(192)
};

char *gcn_write_other_scalar(char *at, gcn_arch arch, gcn_dialect dialect, unsigned code,
                             unsigned count)
{
    unsigned base = gcn_ttmp_base(arch);
    if (code >= base && code + count <= base + gcn_ttmp_count(arch))
        return gcn_write_range(at, "ttmp", 4, code - base, code - base + count - 1, count != 1);
    if (count == 1 && code >= GCN_CODE_ZERO && code <= 208) { /* no special has these codes */
        bool negative = code > 192;
        *at = '-';
        return gcn_write_register_number(at + negative, negative ? code - 192 : code - 128);
    }
    if (count == 1 && code >= GCN_CODE_HALF && gcn_is_inline_constant(arch, code)) {
        const char *text = gcn_inline_float_texts[code - GCN_CODE_HALF];
        return gcn_write_length(at, text, strlen(text));
    }
    for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++) {
        if (specials[i].code == code && specials[i].count == count &&
            (specials[i].arches & (1u << arch))) {
            /* the CLRX entry's name: without src_ */
            size_t skip = dialect == GCN_DIALECT_CLRX && strncmp(specials[i].name, "src_", 4) == 0 ? 4 : 0;
            return gcn_write_length(at, specials[i].name + skip, specials[i].length - skip);
        }
    }
    return NULL;
}

bool gcn_format_scalar(gcn_text *text, gcn_arch arch, gcn_dialect dialect, unsigned code,
                       unsigned count)
{
    char spare[GCN_OPERAND_ROOM]; /* (also near the end of the text) */
    char *end = gcn_write_scalar(spare, arch, dialect, code, count);
    if (end)
        gcn_put_length(text, spare, (size_t)(end - spare));
    return end != NULL;
}

/* Parses "N" or "[A:B]" (or "[A]") after a register prefix. With wrapped,
 * also CLRX's [A:B] with B < A <= 255, a VGPR tuple wrapping past v255 as
 * clrxdisasm prints it (v[255:0]); *wrapped says which. */
static bool parse_index_range(gcn_cursor *cursor, const char *start, unsigned *first,
                              unsigned *count, bool *wrapped)
{
    const char *p = cursor->pos;
    if (p < cursor->end && *p >= '0' && *p <= '9') {
        unsigned value = 0;
        while (p < cursor->end && *p >= '0' && *p <= '9') {
            value = value * 10 + (unsigned)(*p - '0');
            if (value > 100000)
                return gcn_fail(cursor, start, "register number too large");
            p++;
        }
        if (p < cursor->end && gcn_is_identifier_char(*p))
            return gcn_fail(cursor, start, "invalid register name");
        cursor->pos = p;
        *first = value;
        *count = 1;
        return true;
    }
    if (!gcn_accept(cursor, '['))
        return gcn_fail(cursor, start, "invalid register name");
    int64_t a, b;
    if (!gcn_parse_expression(cursor, &a))
        return false;
    b = a;
    if (gcn_accept(cursor, ':') && !gcn_parse_expression(cursor, &b))
        return false;
    if (!gcn_accept(cursor, ']'))
        return gcn_fail(cursor, cursor->pos, "expected ']' to close the register range");
    bool wrap = wrapped && b < a && a <= 255 && b >= 0;
    if (!wrap && (a < 0 || b < a || b > 100000))
        return gcn_fail(cursor, start, "invalid register range");
    if (wrapped)
        *wrapped = wrap;
    *first = (unsigned)a;
    *count = (unsigned)(b + (wrap ? 256 : 0) - a + 1);
    return true;
}

static bool starts_with_index(const char *p, const char *end)
{
    return p < end && ((*p >= '0' && *p <= '9') || *p == '[');
}

/* The register text a register symbol at the cursor stands for. */
static const char *register_alias(gcn_cursor *cursor, size_t length, size_t *text_length)
{
    const gcn_parse_options *options = cursor->options;
    if (!options || !options->register_alias || length == 0)
        return NULL;
    return options->register_alias(options->register_context, cursor->pos, length, text_length);
}

/* Parses a register symbol's text in place of its name: scalar registers
 * (or constants) if scalar, else VGPRs; an error in the text is reported at
 * the name. */
static bool parse_alias(gcn_cursor *cursor, size_t length, const char *alias, size_t alias_length,
                        unsigned constants, gcn_scalar *scalar, unsigned *first, unsigned *count)
{
    const char *start = cursor->pos;
    gcn_parse_error error = {0};
    gcn_parse_options options = *cursor->options;
    options.register_alias = NULL; /* one level: a symbol does not name another */
    gcn_cursor inner = {alias, alias, alias + alias_length, &options, &error, false};
    gcn_skip_space(&inner);
    bool read = scalar ? gcn_parse_scalar(&inner, constants, scalar) : gcn_parse_vgprs(&inner, first, count);
    if (!read || !gcn_at_end(&inner))
        return gcn_fail(cursor, start, "register symbol '%.*s' (%.*s): %s", (int)length, start,
                        (int)alias_length, alias, inner.failed ? error.message : "not a register");
    cursor->pos = start + length;
    return true;
}

bool gcn_at_register(gcn_cursor *cursor)
{
    size_t length = gcn_peek_identifier(cursor);
    const char *p = cursor->pos, *end = cursor->end;
    if (length == 0)
        return false;
    if ((*p == 's' || *p == 'S' || *p == 'v' || *p == 'V') && starts_with_index(p + 1, end))
        return true;
    if (length >= 4 && gcn_word_is(p, 4, "ttmp") && starts_with_index(p + 4, end))
        return true;
    for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++)
        if (!specials[i].constant && gcn_name_is(p, length, specials[i].name, specials[i].length))
            return true;
    size_t alias_length;
    return register_alias(cursor, length, &alias_length) != NULL;
}

/* Inline float constants written as numbers (not -0.15915494). */
static bool parse_float_constant(gcn_cursor *cursor, gcn_scalar *scalar)
{
    const char *p = cursor->pos;
    size_t n = p < cursor->end && *p == '-';
    while (p + n < cursor->end && ((p[n] >= '0' && p[n] <= '9') || p[n] == '.'))
        n++;
    if (memchr(p, '.', n) == NULL)
        return false;
    for (unsigned i = 0; i < 9; i++) {
        if (strlen(gcn_inline_float_texts[i]) == n && memcmp(p, gcn_inline_float_texts[i], n) == 0) {
            *scalar = (gcn_scalar){GCN_CODE_HALF + i, 1, false, true};
            cursor->pos = p + n;
            return true;
        }
    }
    return false;
}

/* gcn_parse_scalar past the plain sN and ttmpN forms; out of line, so that
 * the common path saves no registers. */
static __attribute__((noinline)) bool parse_named_scalar(gcn_cursor *cursor, unsigned constants,
                                                         gcn_scalar *scalar)
{
    gcn_arch arch = cursor->options->arch;
    size_t length = gcn_peek_identifier(cursor);
    const char *start = cursor->pos;
    memset(scalar, 0, sizeof *scalar);
    size_t alias_length;
    const char *alias = register_alias(cursor, length, &alias_length);
    if (alias)
        return parse_alias(cursor, length, alias, alias_length, constants, scalar, NULL, NULL);
    bool ttmp = length >= 4 && gcn_word_is(start, 4, "ttmp") && starts_with_index(start + 4, cursor->end);
    if (ttmp || (length && (*start == 's' || *start == 'S') && starts_with_index(start + 1, cursor->end))) {
        const char *prefix = ttmp ? "ttmp" : "s";
        unsigned limit = ttmp ? gcn_ttmp_count(arch) : gcn_sgpr_count(arch);
        cursor->pos = start + strlen(prefix);
        if (!parse_index_range(cursor, start, &scalar->code, &scalar->count, NULL))
            return false;
        if (scalar->code + scalar->count > limit)
            return gcn_fail(cursor, start, "%s out of range: %s has %s0..%s%u", ttmp ? "TTMP register" : "SGPR",
                            gcn_arch_name(arch), prefix, prefix, limit - 1);
        scalar->general = !ttmp;
        scalar->code += ttmp ? gcn_ttmp_base(arch) : 0;
        return true;
    }
    const char *named = length ? gcn_read_named_scalar(start, cursor->end, arch, scalar) : NULL;
    if (named && (constants || !scalar->constant)) {
        cursor->pos = named;
        return true;
    }
    if (!constants && length)
        return gcn_fail(cursor, start, "expected a scalar register, found '%.*s'", (int)length, start);
    if (!constants)
        return gcn_fail(cursor, start, "expected a scalar register");
    if (parse_float_constant(cursor, scalar))
        return true;
    int64_t value; /* a number, or a symbol standing for one */
    if (!gcn_parse_expression(cursor, &value))
        return false;
    unsigned code = gcn_inline_code(arch, cursor->options->dialect, value, constants == 2);
    if (!code)
        return gcn_fail(cursor, start, "constant %lld is not an inline constant (-16..64)", (long long)value);
    *scalar = (gcn_scalar){code, 1, false, true};
    return true;
}

const char *gcn_read_named_scalar(const char *p, const char *end, gcn_arch arch,
                                  gcn_scalar *scalar)
{
    size_t length = 0;
    while (p + length < end && gcn_is_identifier_char(p[length]))
        length++;
    if (length == 0)
        return NULL;
    char first = (char)(p[0] | 0x20); /* the names are lower case, each starts with a letter */
    for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++) {
        if (specials[i].name[0] == first && (specials[i].arches & (1u << arch)) &&
            gcn_name_is(p, length, specials[i].name, specials[i].length)) {
            *scalar = (gcn_scalar){specials[i].code, specials[i].count, false, specials[i].constant};
            return p + length;
        }
    }
    return NULL;
}

bool gcn_parse_scalar(gcn_cursor *cursor, unsigned constants, gcn_scalar *scalar)
{
    const gcn_parse_options *options = cursor->options;
    const char *p;
    if (!options->register_alias && /* sN, s[A:B], ttmpN, ttmp[A:B] */
        (p = gcn_read_scalar_registers(cursor->pos, cursor->end, options->arch, scalar))) {
        cursor->pos = p;
        return true;
    }
    return parse_named_scalar(cursor, constants, scalar);
}

/* gcn_parse_vgprs past the plain vN form; out of line, so that the common
 * path saves no registers. */
static __attribute__((noinline)) bool parse_other_vgprs(gcn_cursor *cursor, unsigned *first,
                                                        unsigned *count)
{
    const char *start = cursor->pos;
    if (start >= cursor->end || (*start != 'v' && *start != 'V') ||
        !starts_with_index(start + 1, cursor->end)) {
        size_t length = gcn_peek_identifier(cursor), alias_length;
        const char *alias = register_alias(cursor, length, &alias_length);
        if (alias)
            return parse_alias(cursor, length, alias, alias_length, false, NULL, first, count);
        if (length)
            return gcn_fail(cursor, start, "expected a vector register, found '%.*s'", (int)length,
                            start);
        return gcn_fail(cursor, start, "expected a vector register");
    }
    cursor->pos = start + 1;
    bool wrapped = false;
    if (!parse_index_range(cursor, start, first, count,
                           cursor->options->dialect == GCN_DIALECT_CLRX ? &wrapped : NULL))
        return false;
    if (*first + *count > 256 && !wrapped)
        return gcn_fail(cursor, start, "VGPR out of range: v0..v255");
    return true;
}

bool gcn_parse_vgprs(gcn_cursor *cursor, unsigned *first, unsigned *count)
{
    const char *at = cursor->pos, *end = cursor->end, *p;
    unsigned a, n;
    if (at < end && ((unsigned char)*at | 0x20) == 'v' &&
        (p = gcn_read_register_range(at + 1, end, 256, true, &a, &n))) { /* vN, v[A:B] */
        *first = a;
        *count = n;
        cursor->pos = p;
        return true;
    }
    return parse_other_vgprs(cursor, first, count);
}

const char *gcn_llvm_refused_scalar(gcn_arch arch, unsigned code, unsigned count, bool data)
{
    static const char *const unavailable = "register not available on this GPU";
    static const char *const invalid = "invalid operand for instruction";
    if (arch < GCN_ARCH_GCN12)
        return NULL;
    if (code < 102) /* SGPRs: s102 and s103 are flat_scratch on GCN 1.2 and 1.4 */
        return code + count > 102 ? unavailable : NULL;
    unsigned ttmp = gcn_ttmp_base(arch), ttmps = gcn_ttmp_count(arch);
    if (code >= ttmp && code < ttmp + ttmps)
        return code + count > ttmp + ttmps ? unavailable : NULL;
    if (code == GCN_CODE_NULL)
        return "'null' operand is not supported on this GPU";
    if ((arch == GCN_ARCH_GCN12 && code >= 104 && code < 106) || /* xnack_mask: not on tonga */
        (arch == GCN_ARCH_GCN12 && code >= 235 && code < 240))   /* src_shared_base...: GCN 1.4 */
        return unavailable;
    if (code == GCN_CODE_LDS_DIRECT)
        return invalid;
    /* A named register: one, or an aligned pair (vcc, exec, tba...). */
    if (count > 2 || (count == 2 && (code & 1)))
        return invalid;
    if (data && (code == GCN_CODE_M0 || code == GCN_CODE_EXEC || code == GCN_CODE_EXEC + 1))
        return invalid;
    return NULL;
}

bool gcn_fail_misaligned(gcn_cursor *cursor, const char *at, unsigned count)
{
    return gcn_fail(cursor, at, "misaligned register tuple '%.*s': it must start at a multiple of %u",
                    (int)(cursor->pos - at), at, gcn_scalar_alignment(count));
}
