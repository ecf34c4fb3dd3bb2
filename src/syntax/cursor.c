#include "syntax/cursor.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

void gcn_skip_space(gcn_cursor *cursor)
{
    while (cursor->pos < cursor->end && (*cursor->pos == ' ' || *cursor->pos == '\t'))
        cursor->pos++;
}

bool gcn_at_end(gcn_cursor *cursor)
{
    gcn_skip_space(cursor);
    return cursor->pos >= cursor->end;
}

bool gcn_accept(gcn_cursor *cursor, char c)
{
    gcn_skip_space(cursor);
    if (cursor->pos < cursor->end && *cursor->pos == c) {
        cursor->pos++;
        return true;
    }
    return false;
}

bool gcn_is_identifier_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '.' || c == '$';
}

size_t gcn_peek_identifier(gcn_cursor *cursor)
{
    gcn_skip_space(cursor);
    const char *p = cursor->pos;
    if (p >= cursor->end || (*p >= '0' && *p <= '9') || !gcn_is_identifier_char(*p))
        return 0;
    while (p < cursor->end && gcn_is_identifier_char(*p))
        p++;
    return (size_t)(p - cursor->pos);
}

bool gcn_accept_word(gcn_cursor *cursor, const char *word)
{
    size_t length = gcn_peek_identifier(cursor);
    /* strlen first: reading word[length] would run past a shorter word */
    if (length == 0 || strlen(word) != length || strncasecmp(cursor->pos, word, length) != 0)
        return false;
    cursor->pos += length;
    return true;
}

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
