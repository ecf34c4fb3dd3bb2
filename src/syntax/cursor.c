#include "syntax/cursor.h"

#include <stdarg.h>
#include <stdio.h>

/* Built by the compiler from the rules the comments in cursor.h give. */
#define SPACE GCN_CHAR_SPACE
#define OPERATOR GCN_CHAR_OPERATOR
#define LETTER GCN_CHAR_IDENTIFIER
#define DIGIT (GCN_CHAR_IDENTIFIER | GCN_CHAR_DIGIT)
const unsigned char gcn_character_class[256] = {
    [' '] = SPACE, ['\t'] = SPACE,
    ['0' ... '9'] = DIGIT, /* GNU C's range designators, as gcc and clang take them */
    ['|'] = OPERATOR, ['&'] = OPERATOR, ['='] = OPERATOR, ['!'] = OPERATOR, ['<'] = OPERATOR,
    ['>'] = OPERATOR, ['+'] = OPERATOR, ['-'] = OPERATOR, ['^'] = OPERATOR, ['*'] = OPERATOR,
    ['/'] = OPERATOR, ['%'] = OPERATOR, ['?'] = OPERATOR,
    ['_'] = LETTER, ['.'] = LETTER, ['$'] = LETTER, ['a' ... 'z'] = LETTER, ['A' ... 'Z'] = LETTER,
};
#undef SPACE
#undef OPERATOR
#undef LETTER
#undef DIGIT

/* Each byte in lower case: one load where names are compared ignoring case. */
#define LOWER(c) ((c) | ((c) >= 'A' && (c) <= 'Z' ? 0x20 : 0)) /* 'A' | 0x20 == 'a' */
#define ROW(b)                                                                                     \
    LOWER(b), LOWER(b + 1), LOWER(b + 2), LOWER(b + 3), LOWER(b + 4), LOWER(b + 5), LOWER(b + 6), \
        LOWER(b + 7), LOWER(b + 8), LOWER(b + 9), LOWER(b + 10), LOWER(b + 11), LOWER(b + 12),     \
        LOWER(b + 13), LOWER(b + 14), LOWER(b + 15)
const unsigned char gcn_lower_case[256] = {
    ROW(0x00), ROW(0x10), ROW(0x20), ROW(0x30), ROW(0x40), ROW(0x50), ROW(0x60), ROW(0x70),
    ROW(0x80), ROW(0x90), ROW(0xa0), ROW(0xb0), ROW(0xc0), ROW(0xd0), ROW(0xe0), ROW(0xf0),
};
#undef ROW
#undef LOWER

static unsigned column_of(const gcn_cursor *cursor, const char *at)
{
    if (at < cursor->text)
        at = cursor->text;
    if (at > cursor->end)
        at = cursor->end;
    return (unsigned)(at - cursor->text) + 1;
}

/* Whether the symbol lookup asked for no messages (GCN_LOOKUP_QUIET). */
static bool quiet(const gcn_parse_options *options)
{
    return options && options->resolve == gcn_section_resolver && options->resolve_context &&
           (((const gcn_section_lookup *)options->resolve_context)->flags & GCN_LOOKUP_QUIET);
}

bool gcn_fail(gcn_cursor *cursor, const char *at, const char *format, ...)
{
    if (!cursor->failed) {
        cursor->failed = true;
        if (cursor->error) {
            va_list arguments;
            va_start(arguments, format);
            if (quiet(cursor->options))
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
