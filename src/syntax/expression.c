/* Integer expressions, evaluated in 64-bit two's complement (wrapping, never
 * undefined). The clrx dialect has C's operators and precedence, plus CLRX's
 * extras (// and %% unsigned division and remainder, >>> shift, <> for !=,
 * <@ <=@ >@ >=@ unsigned comparisons, binary ! for a | ~b). The llvm dialect
 * follows llvm-mc: GNU as precedence, true comparisons give -1 and >> is a
 * logical shift. Each value also carries the section it counts from, so that
 * a label difference is a number and a label plus a number an address. */
#include "syntax/cursor.h"

enum { MAX_DEPTH = 64 }; /* parentheses, unary operators and ?: nested */

typedef struct term {
    uint64_t value;
    unsigned section; /* 0: an absolute number */
} term;

static bool parse_conditional(gcn_cursor *cursor, int depth, term *result);

bool gcn_section_resolver(void *context, const char *name, size_t length, int64_t *value)
{
    const gcn_section_lookup *lookup = context;
    unsigned section;
    return lookup && lookup->lookup && lookup->lookup(lookup->context, name, length, value, &section);
}

/* A symbol the resolver does not know, at [at, at + length): in the llvm
 * dialect `sym@abs32@lo` is a relocation, which only an instruction's
 * 32-bit literal (gcn_parse_reference) or a data word takes; said so
 * rather than that sym is undefined. Always false. */
static __attribute__((noinline, cold)) bool fail_unknown(gcn_cursor *cursor, const char *at, size_t length)
{
    const char *p = at + length;
    if (cursor->options && cursor->options->dialect == GCN_DIALECT_LLVM && p < cursor->end && *p == '@') {
        while (p < cursor->end && (*p == '@' || gcn_is_identifier_char(*p)))
            p++;
        return gcn_fail(cursor, at, "'%.*s': a relocation fits only a SOP1, SOP2 or SOPC literal or a data word",
                        (int)(p - at), at);
    }
    return gcn_fail(cursor, at, "undefined symbol '%.*s'", (int)length, at);
}

static inline __attribute__((always_inline)) bool resolve(gcn_cursor *cursor, const char *name,
                                                          size_t length, term *result)
{
    const gcn_parse_options *options = cursor->options;
    const gcn_section_lookup *lookup = gcn_section_lookup_of(options);
    int64_t value;
    result->section = 0;
    if (lookup) {
        if (!lookup->lookup || !lookup->lookup(lookup->context, name, length, &value, &result->section))
            return false;
    } else if (!options || !options->resolve || !options->resolve(options->resolve_context, name, length, &value)) {
        return false;
    }
    result->value = (uint64_t)value;
    return true;
}

/* `1b` / `1f`: the nearest local label 1 before or after. */
static size_t local_label_length(const gcn_cursor *cursor)
{
    const char *p = cursor->pos;
    while (p < cursor->end && *p >= '0' && *p <= '9')
        p++;
    if (p >= cursor->end || (*p != 'b' && *p != 'f'))
        return 0;
    if (p + 1 < cursor->end && gcn_is_identifier_char(p[1]))
        return 0; /* 0b101, 12bad */
    return (size_t)(p + 1 - cursor->pos);
}

static bool parse_number(gcn_cursor *cursor, uint64_t *value)
{
    const char *p = cursor->pos, *start = p;
    unsigned base = 10;
    if (p + 1 < cursor->end && p[0] == '0' && ((p[1] | 0x20) == 'x' || (p[1] | 0x20) == 'b')) {
        base = (p[1] | 0x20) == 'x' ? 16 : 2; /* 'X' | 0x20 == 'x' */
        p += 2;
    } else if (p[0] == '0') {
        base = 8;
    }
    uint64_t result = 0;
    bool overflow = false, any = base == 8;
    for (; p < cursor->end; p++) {
        unsigned digit = gcn_hex_digit(*p);
        if (digit == 16 && gcn_is_identifier_char(*p))
            return gcn_fail(cursor, start, "invalid number");
        if (digit == 16)
            break;
        if (digit >= base)
            return gcn_fail(cursor, start, "invalid digit in number");
        if (result > (UINT64_MAX - digit) / base)
            overflow = true;
        result = result * base + digit;
        any = true;
    }
    if (!any)
        return gcn_fail(cursor, start, "invalid number");
    if (overflow)
        return gcn_fail(cursor, start, "number does not fit in 64 bits");
    cursor->pos = p;
    *value = result;
    return true;
}

/* 'a', '\n', '\x41', '\101'. */
static bool parse_character(gcn_cursor *cursor, uint64_t *value)
{
    const char *at = cursor->pos, *p = at + 1, *end = cursor->end;
    if (p >= end)
        return gcn_fail(cursor, at, "unterminated character constant");
    unsigned c = (unsigned char)*p++;
    if (c == '\\') {
        if (p >= end)
            return gcn_fail(cursor, at, "unterminated character constant");
        char e = *p++;
        static const char escapes[] = "a\ab\bf\fn\nr\rt\tv\v\\\\''\"\"";
        c = 256;
        for (const char *s = escapes; *s; s += 2)
            if (*s == e)
                c = (unsigned char)s[1];
        bool octal = e >= '0' && e <= '7'; /* \101: up to three octal digits; \x41: one or two hex */
        if (octal || e == 'x' || e == 'X') {
            unsigned base = octal ? 8 : 16, most = octal ? 3 : 2, digits = 0;
            for (p -= octal, c = 0; p < end && digits < most && gcn_hex_digit(*p) < base; p++, digits++)
                c = (c * base + gcn_hex_digit(*p)) & 255;
            c = digits ? c : 256; /* \x alone */
        }
        if (c == 256)
            return gcn_fail(cursor, at, "invalid escape in character constant");
    }
    if (p >= end || *p != '\'')
        return gcn_fail(cursor, at, "unterminated character constant");
    cursor->pos = p + 1;
    *value = c;
    return true;
}

static bool parse_unary(gcn_cursor *cursor, int depth, term *result)
{
    if (depth > MAX_DEPTH)
        return gcn_fail(cursor, cursor->pos, "expression nested too deeply");
    gcn_skip_space(cursor);
    const char *at = cursor->pos;
    char c = at < cursor->end ? *at : '\0'; /* the end: an expression expected, as below */
    bool llvm = cursor->options && cursor->options->dialect == GCN_DIALECT_LLVM;
    if (c == '-' || c == '+' || c == '~' || c == '!' || (c == '@' && !llvm)) {
        cursor->pos++;
        if (!parse_unary(cursor, depth + 1, result))
            return false;
        if (c == '-') result->value = (uint64_t)0 - result->value;
        else if (c == '~') result->value = ~result->value;
        else if (c == '!') result->value = result->value == 0;
        if (c != '+' && c != '@')
            result->section = 0;
        return true;
    }
    if (c == '(') {
        cursor->pos++;
        if (!parse_conditional(cursor, depth + 1, result))
            return false;
        if (!gcn_accept(cursor, ')'))
            return gcn_fail(cursor, cursor->pos, "expected ')'");
        return true;
    }
    result->section = 0;
    if (c == '\'')
        return parse_character(cursor, &result->value);
    bool digit = c >= '0' && c <= '9'; /* a number, or a local label */
    size_t length = digit ? local_label_length(cursor) : gcn_peek_identifier(cursor);
    if (digit && length == 0)
        return parse_number(cursor, &result->value);
    if (length == 1 && c == '.') {
        const gcn_section_lookup *lookup = gcn_section_lookup_of(cursor->options);
        cursor->pos++;
        result->value = cursor->options ? cursor->options->address : 0;
        result->section = lookup ? lookup->section : 0;
        return true;
    }
    if (length == 0)
        return gcn_fail(cursor, at, "expected an expression");
    if (!resolve(cursor, at, length, result))
        return digit ? gcn_fail(cursor, at, "undefined local label '%.*s'", (int)length, at)
                     : fail_unknown(cursor, at, length);
    cursor->pos += length;
    return true;
}

/* Operations; comparisons and logical ones give 0 or 1 (llvm: 0 or -1 for
 * comparisons). */
enum {
    OP_LOGICAL_OR = 1, OP_LOGICAL_AND, OP_COMPARE, OP_COMPARE_UNSIGNED, OP_OR, OP_XOR, OP_AND, OP_OR_NOT,
    OP_SHIFT_LEFT, OP_SHIFT_RIGHT, OP_SHIFT_RIGHT_LOGICAL, OP_ADD, OP_SUBTRACT,
    OP_MULTIPLY, OP_DIVIDE, OP_REMAINDER, OP_DIVIDE_UNSIGNED, OP_REMAINDER_UNSIGNED
};
enum { LESS = 1, EQUAL = 2, GREATER = 4 };

/* The binary operators, longest first: their operation, the relations a
 * comparison is true for, and their precedence level (higher binds tighter)
 * in the llvm and the clrx dialect, 0 where the dialect has none. llvm-mc:
 * || 1, && 2, comparisons 3, + - 4, | ^ & ! 5, * / % << >> 6 (>> logical).
 * C: || 1, && 2, | 3, ^ 4, & 5, equality 6, relational 7, shifts 8, + - 9,
 * * / % 10; CLRX's extras at the level of their C relatives. */
static const struct binary_operator {
    char text[4];
    uint8_t op, relations, llvm_level, clrx_level;
} operators[] = {
    {">>>", OP_SHIFT_RIGHT, 0, 0, 8},                     {"<=@", OP_COMPARE_UNSIGNED, LESS | EQUAL, 0, 7},
    {">=@", OP_COMPARE_UNSIGNED, GREATER | EQUAL, 0, 7},  {"||", OP_LOGICAL_OR, 0, 1, 1},
    {"&&", OP_LOGICAL_AND, 0, 2, 2},                      {"==", OP_COMPARE, EQUAL, 3, 6},
    {"!=", OP_COMPARE, LESS | GREATER, 3, 6},             {"<>", OP_COMPARE, LESS | GREATER, 3, 6},
    {"<<", OP_SHIFT_LEFT, 0, 6, 8},                       {">>", OP_SHIFT_RIGHT_LOGICAL, 0, 6, 0},
    {">>", OP_SHIFT_RIGHT, 0, 0, 8},                      {"<=", OP_COMPARE, LESS | EQUAL, 3, 7},
    {">=", OP_COMPARE, GREATER | EQUAL, 3, 7},            {"<@", OP_COMPARE_UNSIGNED, LESS, 0, 7},
    {">@", OP_COMPARE_UNSIGNED, GREATER, 0, 7},           {"//", OP_DIVIDE_UNSIGNED, 0, 0, 10},
    {"%%", OP_REMAINDER_UNSIGNED, 0, 0, 10},              {"|", OP_OR, 0, 5, 3},
    {"!", OP_OR_NOT, 0, 5, 3},                            {"^", OP_XOR, 0, 5, 4},
    {"&", OP_AND, 0, 5, 5},                               {"<", OP_COMPARE, LESS, 3, 7},
    {">", OP_COMPARE, GREATER, 3, 7},                     {"+", OP_ADD, 0, 4, 9},
    {"-", OP_SUBTRACT, 0, 4, 9},                          {"*", OP_MULTIPLY, 0, 6, 10},
    {"/", OP_DIVIDE, 0, 6, 10},                           {"%", OP_REMAINDER, 0, 6, 10},
};

/* The binary operator at the cursor and its level; NULL if none. */
static const struct binary_operator *operator_at(const gcn_cursor *cursor, int *level)
{
    const char *p = cursor->pos;
    if (p >= cursor->end || !(gcn_character_class[(unsigned char)*p] & GCN_CHAR_OPERATOR))
        return NULL;
    bool llvm = cursor->options && cursor->options->dialect == GCN_DIALECT_LLVM;
    for (const struct binary_operator *o = operators; o < operators + sizeof operators / sizeof *o; o++) {
        size_t n = strlen(o->text);
        *level = llvm ? o->llvm_level : o->clrx_level;
        if (*level && (size_t)(cursor->end - p) >= n && memcmp(p, o->text, n) == 0)
            return o;
    }
    return NULL;
}

static bool apply(gcn_cursor *cursor, const char *at, const struct binary_operator *o, term *left,
                  const term *right)
{
    uint64_t a = left->value, b = right->value, r;
    int64_t sa = (int64_t)a, sb = (int64_t)b;
    uint64_t truth = cursor->options && cursor->options->dialect == GCN_DIALECT_LLVM ? UINT64_MAX : 1;
    unsigned section = 0, op = o->op;
    switch (op) {
    case OP_LOGICAL_OR: r = a || b; break;
    case OP_LOGICAL_AND: r = a && b; break;
    case OP_COMPARE:
    case OP_COMPARE_UNSIGNED:
        r = o->relations & (a == b ? EQUAL : (op == OP_COMPARE ? sa < sb : a < b) ? LESS : GREATER) ? truth : 0;
        break;
    case OP_OR: r = a | b; break;
    case OP_XOR: r = a ^ b; break;
    case OP_AND: r = a & b; break;
    case OP_OR_NOT: r = a | ~b; break;
    case OP_SHIFT_LEFT: r = b >= 64 ? 0 : a << b; break;
    case OP_SHIFT_RIGHT: r = b >= 64 ? (sa < 0 ? UINT64_MAX : 0) : (uint64_t)(sa >> b); break;
    case OP_SHIFT_RIGHT_LOGICAL: r = b >= 64 ? 0 : a >> b; break;
    case OP_ADD:
        r = a + b;
        section = left->section ? (right->section ? 0 : left->section) : right->section;
        break;
    case OP_SUBTRACT:
        r = a - b;
        section = right->section == 0 ? left->section : 0; /* a label difference is a number */
        break;
    case OP_MULTIPLY: r = a * b; break;
    case OP_DIVIDE:
    case OP_REMAINDER:
    case OP_DIVIDE_UNSIGNED:
    case OP_REMAINDER_UNSIGNED:
        if (b == 0)
            return gcn_fail(cursor, at, "division by zero");
        if (op == OP_DIVIDE_UNSIGNED)
            r = a / b;
        else if (op == OP_REMAINDER_UNSIGNED)
            r = a % b;
        else if (sa == INT64_MIN && sb == -1)
            r = op == OP_DIVIDE ? a : 0;
        else
            r = (uint64_t)(op == OP_DIVIDE ? sa / sb : sa % sb);
        break;
    default: return false;
    }
    left->value = r;
    left->section = section;
    return true;
}

/* Precedence climbing: operators of at least min_level. */
static bool parse_binary(gcn_cursor *cursor, int min_level, int depth, term *result)
{
    if (!parse_unary(cursor, depth, result))
        return false;
    for (;;) {
        gcn_skip_space(cursor);
        int level;
        const struct binary_operator *o = operator_at(cursor, &level);
        if (!o || level < min_level)
            return true;
        const char *at = cursor->pos;
        cursor->pos += strlen(o->text);
        term right;
        if (!parse_binary(cursor, level + 1, depth, &right) || !apply(cursor, at, o, result, &right))
            return false;
    }
}

/* a ? b : c, the lowest, right to left. */
static bool parse_conditional(gcn_cursor *cursor, int depth, term *result)
{
    if (!parse_binary(cursor, 1, depth, result))
        return false;
    if (!gcn_accept(cursor, '?'))
        return true;
    term second, third;
    if (!parse_conditional(cursor, depth + 1, &second))
        return false;
    if (!gcn_accept(cursor, ':'))
        return gcn_fail(cursor, cursor->pos, "expected ':' in conditional expression");
    if (!parse_conditional(cursor, depth + 1, &third))
        return false;
    *result = result->value ? second : third;
    return true;
}

/* gcn_parse_address past the plain forms; out of line, so that they keep a
 * small frame. */
static __attribute__((noinline)) bool parse_full_address(gcn_cursor *cursor, int64_t *value,
                                                         unsigned *section)
{
    term result;
    if (!parse_conditional(cursor, 0, &result))
        return false;
    *value = (int64_t)result.value;
    if (section)
        *section = result.section;
    return true;
}

/* The common cases read here: a plain decimal or hex number, maybe negated
 * (register indices, offsets), or a lone symbol but `.` (a branch target),
 * resolved once, that ends the expression, the cursor left where the full
 * parser would (after the space that follows). The full parser reads and
 * reports anything else (octal, 0b, 1b, overflow, an operator next). */
bool gcn_parse_address(gcn_cursor *cursor, int64_t *value, unsigned *section)
{
    gcn_skip_space(cursor);
    const char *at = cursor->pos, *p = at, *end = cursor->end;
    /* What starts an identifier starts no number. */
    bool symbol = p < end && (gcn_character_class[(unsigned char)*p] & (GCN_CHAR_IDENTIFIER | GCN_CHAR_DIGIT)) ==
                                 GCN_CHAR_IDENTIFIER,
         negative = p < end && *p == '-';
    uint64_t number = 0;
    if (symbol) { /* four at a time where four remain: one bound check for them */
        for (p++; end - p >= 4 && gcn_is_identifier_char(p[0]) && gcn_is_identifier_char(p[1]) &&
                  gcn_is_identifier_char(p[2]) && gcn_is_identifier_char(p[3]);)
            p += 4;
        while (p < end && gcn_is_identifier_char(*p))
            p++;
    } else if (!(p = gcn_read_plain_number(p + negative, end, &number)) || (p < end && gcn_is_identifier_char(*p))) {
        return parse_full_address(cursor, value, section);
    }
    const char *after = p;
    while (after < end && (gcn_character_class[(unsigned char)*after] & GCN_CHAR_SPACE))
        after++;
    if ((after < end && (gcn_character_class[(unsigned char)*after] & GCN_CHAR_OPERATOR)) ||
        (symbol && p - at == 1 && *at == '.'))
        return parse_full_address(cursor, value, section);
    term result = {negative ? (uint64_t)0 - number : number, 0};
    if (symbol && !resolve(cursor, at, (size_t)(p - at), &result))
        return fail_unknown(cursor, at, (size_t)(p - at));
    cursor->pos = after;
    *value = (int64_t)result.value;
    if (section)
        *section = result.section;
    return true;
}

bool gcn_parse_expression(gcn_cursor *cursor, int64_t *value)
{
    return gcn_parse_address(cursor, value, NULL);
}

bool gcn_parse_reference(gcn_cursor *cursor, unsigned dwords, int64_t *value)
{
    const gcn_parse_options *options = cursor->options;
    if (!options || options->dialect != GCN_DIALECT_LLVM)
        return false;
    gcn_skip_space(cursor);
    const char *at = cursor->pos, *end = cursor->end;
    size_t length = gcn_peek_identifier_here(cursor);
    if (length == 0 || (length == 1 && *at == '.'))
        return false;
    const char *p = at + length, *variant = p;
    while (p < end && (*p == '@' || gcn_is_identifier_char(*p))) /* @abs32@lo */
        p++;
    size_t variant_length = (size_t)(p - variant);
    const gcn_section_lookup *lookup = gcn_section_lookup_of(options);
    gcn_literal_reference *reference = lookup ? lookup->reference : NULL;
    /* (variant_length && gcn_fail(...)): false either way, a message for a variant only */
    if (!reference)
        return variant_length &&
               gcn_fail(cursor, at, "'%.*s' needs a relocation: only an object (gcnasm -f elf) takes it",
                        (int)(p - at), at);
    if (!variant_length && reference->constant(reference->context, at, length))
        return false; /* a number */
    /* The addend: the rest of the operand, a number; whether a binary '-'
     * lies at its top level (llvm-mc relocates `sym - 4` as an absolute
     * reference). Names in it (entry in `local - entry`): a number only if
     * each is; else the expression parser reads it (a label difference). */
    const char *stop = p, *q = NULL; /* q: the addend's first character, NULL if none */
    int depth = 0;
    bool operand = true, subtracted = false; /* after the symbol */
    for (; stop < end && (*stop != ',' || depth > 0); stop++) {
        char c = *stop;
        if (c == ' ' || c == '\t')
            continue;
        q = q ? q : stop;
        if (gcn_is_identifier_char(c) && !gcn_is_identifier_char(stop[-1]) && (c < '0' || c > '9')) {
            size_t name = 1;
            while (stop + name < end && gcn_is_identifier_char(stop[name]))
                name++;
            if (!reference->constant(reference->context, stop, name))
                return variant_length && gcn_fail(cursor, stop, "the addend of '%.*s' names '%.*s', not a number",
                                                  (int)(p - at), at, (int)name, stop);
        }
        subtracted |= c == '-' && operand && depth == 0;
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        operand = gcn_is_identifier_char(c) || c == ')';
    }
    int64_t addend = 0;
    if (q) {
        gcn_parse_error quiet;
        gcn_cursor rest = {cursor->text, q, stop, options, &quiet, false};
        unsigned section = 0;
        bool number = (*q == '+' || *q == '-') && gcn_parse_address(&rest, &addend, &section) &&
                      section == 0 && gcn_at_end(&rest);
        if (!number) /* (no variant: a label difference, or an error the expression parser reports) */
            return variant_length &&
                   gcn_fail(cursor, q, "expected '+' or '-' and a number after '%.*s'", (int)(p - at), at);
    }
    if (dwords == 2)
        return gcn_fail(cursor, at, "llvm-mc takes no symbol in a 64-bit operand");
    if (reference->found)
        return gcn_fail(cursor, at, "only one literal of an instruction may name a symbol");
    reference->found = true;
    reference->subtracted = subtracted;
    reference->name = at;
    reference->length = length;
    reference->variant = variant_length ? variant : NULL;
    reference->variant_length = variant_length;
    reference->addend = addend;
    reference->column = (unsigned)(at - cursor->text) + 1;
    cursor->pos = stop;
    *value = 0;
    return true;
}
