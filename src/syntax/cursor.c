#include "syntax/cursor.h"

#include <stdarg.h>
#include <stdio.h>

/* The tables built by the compiler, 16 bytes a row: the classes from the
 * rules the comments in cursor.h give. */
#define ROW(F, b)                                                                                      \
    F(b), F(b + 1), F(b + 2), F(b + 3), F(b + 4), F(b + 5), F(b + 6), F(b + 7), F(b + 8), F(b + 9),   \
        F(b + 10), F(b + 11), F(b + 12), F(b + 13), F(b + 14), F(b + 15)
#define TABLE(F)                                                                                       \
    ROW(F, 0x00), ROW(F, 0x10), ROW(F, 0x20), ROW(F, 0x30), ROW(F, 0x40), ROW(F, 0x50), ROW(F, 0x60), \
        ROW(F, 0x70), ROW(F, 0x80), ROW(F, 0x90), ROW(F, 0xa0), ROW(F, 0xb0), ROW(F, 0xc0),            \
        ROW(F, 0xd0), ROW(F, 0xe0), ROW(F, 0xf0)
#define IN(c, low, high) ((c) >= (low) && (c) <= (high))
#define IS_OPERATOR(c)                                                                                 \
    ((c) == '|' || (c) == '&' || (c) == '=' || (c) == '!' || (c) == '<' || (c) == '>' || (c) == '+' || \
     (c) == '-' || (c) == '^' || (c) == '*' || (c) == '/' || (c) == '%' || (c) == '?')
#define IS_LETTER(c) (IN(c, 'a', 'z') || IN(c, 'A', 'Z') || (c) == '_' || (c) == '.' || (c) == '$')
#define CLASS(c)                                                                                       \
    ((c) == ' ' || (c) == '\t' ? GCN_CHAR_SPACE                                                        \
     : IS_OPERATOR(c)          ? GCN_CHAR_OPERATOR                                                     \
     : IN(c, '0', '9')         ? GCN_CHAR_IDENTIFIER | GCN_CHAR_DIGIT                                  \
     : IS_LETTER(c)            ? GCN_CHAR_IDENTIFIER                                                   \
                               : 0)
const unsigned char gcn_character_class[256] = {TABLE(CLASS)};
/* Each byte in lower case: one load where names are compared ignoring case. */
#define LOWER(c) ((c) | (IN(c, 'A', 'Z') ? 0x20 : 0)) /* 'A' | 0x20 == 'a' */
const unsigned char gcn_lower_case[256] = {TABLE(LOWER)};
#define HEX(c) (IN(c, '0', '9') ? (c) - '0' : IN(c, 'a', 'f') ? (c) - 'a' + 10 : IN(c, 'A', 'F') ? (c) - 'A' + 10 : 16)
const unsigned char gcn_hex_digits[256] = {TABLE(HEX)};
#undef ROW
#undef TABLE
#undef IN
#undef IS_OPERATOR
#undef IS_LETTER
#undef CLASS
#undef LOWER
#undef HEX

static unsigned column_of(const gcn_cursor *cursor, const char *at)
{
    if (at < cursor->text)
        at = cursor->text;
    if (at > cursor->end)
        at = cursor->end;
    return (unsigned)(at - cursor->text) + 1;
}

bool gcn_fail(gcn_cursor *cursor, const char *at, const char *format, ...)
{
    if (!cursor->failed) {
        cursor->failed = true;
        if (cursor->error) {
            va_list arguments;
            va_start(arguments, format);
            const gcn_section_lookup *lookup = gcn_section_lookup_of(cursor->options);
            if (lookup && (lookup->flags & GCN_LOOKUP_QUIET)) /* the lookup asked for no messages */
                cursor->error->message[0] = '\0';
            else
                vsnprintf(cursor->error->message, sizeof cursor->error->message, format, arguments);
            va_end(arguments);
            cursor->error->column = column_of(cursor, at);
        }
    }
    return false;
}

void gcn_warn(gcn_cursor *cursor, const char *at, const char *format, ...)
{
    if (cursor->error && cursor->error->warning_column == 0) {
        va_list arguments;
        va_start(arguments, format);
        vsnprintf(cursor->error->warning, sizeof cursor->error->warning, format, arguments);
        va_end(arguments);
        cursor->error->warning_column = column_of(cursor, at);
    }
}

bool gcn_parse_ranged(gcn_cursor *cursor, int64_t minimum, int64_t maximum, int64_t *value,
                      const char *what)
{
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    if (!gcn_parse_expression(cursor, value))
        return false;
    if (*value < minimum || *value > maximum)
        return gcn_fail(cursor, start, "%s %lld out of range [%lld, %lld]", what,
                        (long long)*value, (long long)minimum, (long long)maximum);
    return true;
}
