/* Integer expressions with C operators and precedence, evaluated in 64-bit
 * two's complement (wrapping, never undefined). */
#include "syntax/cursor.h"

enum { MAX_DEPTH = 64 };

static bool parse_binary(gcn_cursor *cursor, int level, int depth, uint64_t *value);

static bool parse_number(gcn_cursor *cursor, uint64_t *value)
{
    const char *p = cursor->pos, *start = p;
    unsigned base = 10;
    if (p + 1 < cursor->end && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    } else if (p + 1 < cursor->end && p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
        base = 2;
        p += 2;
    } else if (p[0] == '0') {
        base = 8;
    }
    uint64_t result = 0;
    bool overflow = false, any = base == 8;
    for (; p < cursor->end; p++) {
        unsigned digit;
        char c = *p;
        if (c >= '0' && c <= '9') digit = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') digit = (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') digit = (unsigned)(c - 'A' + 10);
        else if (gcn_is_identifier_char(c)) return gcn_fail(cursor, start, "invalid number");
        else break;
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

static bool parse_unary(gcn_cursor *cursor, int depth, uint64_t *value)
{
    if (depth > MAX_DEPTH)
        return gcn_fail(cursor, cursor->pos, "expression nested too deeply");
    gcn_skip_space(cursor);
    const char *at = cursor->pos;
    if (at >= cursor->end)
        return gcn_fail(cursor, at, "expected an expression");
    char c = *at;
    if (c == '-' || c == '+' || c == '~' || c == '!') {
        cursor->pos++;
        if (!parse_unary(cursor, depth + 1, value))
            return false;
        if (c == '-') *value = (uint64_t)0 - *value;
        else if (c == '~') *value = ~*value;
        else if (c == '!') *value = *value == 0;
        return true;
    }
    if (c == '(') {
        cursor->pos++;
        if (!parse_binary(cursor, 0, depth + 1, value))
            return false;
        if (!gcn_accept(cursor, ')'))
            return gcn_fail(cursor, cursor->pos, "expected ')'");
        return true;
    }
    if (c >= '0' && c <= '9')
        return parse_number(cursor, value);
    if (c == '\'' && at + 2 < cursor->end && at[2] == '\'') {
        *value = (unsigned char)at[1];
        cursor->pos += 3;
        return true;
    }
    size_t length = gcn_peek_identifier(cursor);
    if (length == 1 && c == '.') {
        cursor->pos++;
        *value = cursor->options ? cursor->options->address : 0;
        return true;
    }
    if (length > 0) {
        int64_t resolved;
        const gcn_parse_options *options = cursor->options;
        if (options && options->resolve &&
            options->resolve(options->resolve_context, at, length, &resolved)) {
            cursor->pos += length;
            *value = (uint64_t)resolved;
            return true;
        }
        return gcn_fail(cursor, at, "undefined symbol '%.*s'", (int)length, at);
    }
    return gcn_fail(cursor, at, "expected an expression");
}

/* Binary operators by precedence level, lowest first. */
static int operator_at(const gcn_cursor *cursor, int *level, size_t *length)
{
    const char *p = cursor->pos;
    if (p >= cursor->end)
        return 0;
    char c = p[0], d = p + 1 < cursor->end ? p[1] : '\0';
    *length = 2;
    if (c == '|' && d == '|') { *level = 1; return 'o'; }
    if (c == '&' && d == '&') { *level = 2; return 'a'; }
    if (c == '=' && d == '=') { *level = 6; return 'e'; }
    if (c == '!' && d == '=') { *level = 6; return 'n'; }
    if (c == '<' && d == '<') { *level = 8; return 'l'; }
    if (c == '>' && d == '>') { *level = 8; return 'r'; }
    if (c == '<' && d == '=') { *level = 7; return 'L'; }
    if (c == '>' && d == '=') { *level = 7; return 'G'; }
    *length = 1;
    switch (c) {
    case '|': *level = 3; return '|';
    case '^': *level = 4; return '^';
    case '&': *level = 5; return '&';
    case '<': *level = 7; return '<';
    case '>': *level = 7; return '>';
    case '+': *level = 9; return '+';
    case '-': *level = 9; return '-';
    case '*': *level = 10; return '*';
    case '/': *level = 10; return '/';
    case '%': *level = 10; return '%';
    default: return 0;
    }
}

static bool apply(gcn_cursor *cursor, const char *at, int op, uint64_t a, uint64_t b,
                  uint64_t *result)
{
    int64_t sa = (int64_t)a, sb = (int64_t)b;
    switch (op) {
    case 'o': *result = a || b; break;
    case 'a': *result = a && b; break;
    case 'e': *result = a == b; break;
    case 'n': *result = a != b; break;
    case 'l': *result = b >= 64 ? 0 : a << b; break;
    case 'r': *result = b >= 64 ? (sa < 0 ? UINT64_MAX : 0) : (uint64_t)(sa >> b); break;
    case 'L': *result = sa <= sb; break;
    case 'G': *result = sa >= sb; break;
    case '<': *result = sa < sb; break;
    case '>': *result = sa > sb; break;
    case '|': *result = a | b; break;
    case '^': *result = a ^ b; break;
    case '&': *result = a & b; break;
    case '+': *result = a + b; break;
    case '-': *result = a - b; break;
    case '*': *result = a * b; break;
    case '/':
    case '%':
        if (b == 0)
            return gcn_fail(cursor, at, "division by zero");
        if (sa == INT64_MIN && sb == -1)
            *result = op == '/' ? a : 0;
        else
            *result = (uint64_t)(op == '/' ? sa / sb : sa % sb);
        break;
    default: return false;
    }
    return true;
}

static bool parse_binary(gcn_cursor *cursor, int level, int depth, uint64_t *value)
{
    if (depth > MAX_DEPTH)
        return gcn_fail(cursor, cursor->pos, "expression nested too deeply");
    if (level == 0) { /* conditional: a ? b : c */
        if (!parse_binary(cursor, 1, depth + 1, value))
            return false;
        if (!gcn_accept(cursor, '?'))
            return true;
        uint64_t second, third;
        if (!parse_binary(cursor, 0, depth + 1, &second))
            return false;
        if (!gcn_accept(cursor, ':'))
            return gcn_fail(cursor, cursor->pos, "expected ':' in conditional expression");
        if (!parse_binary(cursor, 0, depth + 1, &third))
            return false;
        *value = *value ? second : third;
        return true;
    }
    if (level > 10)
        return parse_unary(cursor, depth + 1, value);
    if (!parse_binary(cursor, level + 1, depth + 1, value))
        return false;
    for (;;) {
        gcn_skip_space(cursor);
        int found_level;
        size_t length;
        int op = operator_at(cursor, &found_level, &length);
        if (!op || found_level != level)
            return true;
        const char *at = cursor->pos;
        cursor->pos += length;
        uint64_t right;
        if (!parse_binary(cursor, level + 1, depth + 1, &right))
            return false;
        if (!apply(cursor, at, op, *value, right, value))
            return false;
    }
}

bool gcn_parse_expression(gcn_cursor *cursor, int64_t *value)
{
    uint64_t result;
    if (!parse_binary(cursor, 0, 0, &result))
        return false;
    *value = (int64_t)result;
    return true;
}
