/* Reading one statement: a cursor over its text, with error reporting at
 * the column where something went wrong. */
#ifndef GCN_CURSOR_H
#define GCN_CURSOR_H

#include <stdbool.h>
#include <string.h>

#include "isa/isa.h"

typedef struct gcn_cursor {
    const char *text; /* start of the statement: columns count from here */
    const char *pos;
    const char *end;
    const gcn_parse_options *options;
    gcn_parse_error *error;
    bool failed;
} gcn_cursor;

/* Character classes, one table lookup per character on the hot path. */
enum {
    GCN_CHAR_SPACE = 1,      /* ' ' and '\t' */
    GCN_CHAR_IDENTIFIER = 2, /* letters, digits, '_', '.', '$' */
    GCN_CHAR_DIGIT = 4,      /* '0'..'9' */
    GCN_CHAR_OPERATOR = 8    /* starts a binary operator or ?: */
};
extern const unsigned char gcn_character_class[256];

static inline bool gcn_is_identifier_char(char c)
{
    return gcn_character_class[(unsigned char)c] & GCN_CHAR_IDENTIFIER;
}

/* Most calls find no space: they only test, and store nothing. */
static inline void gcn_skip_space(gcn_cursor *cursor)
{
    const char *p = cursor->pos, *end = cursor->end;
    if (p >= end || !(gcn_character_class[(unsigned char)*p] & GCN_CHAR_SPACE))
        return;
    do
        p++;
    while (p < end && (gcn_character_class[(unsigned char)*p] & GCN_CHAR_SPACE));
    cursor->pos = p;
}

/* Skips space first. */
static inline bool gcn_at_end(gcn_cursor *cursor)
{
    gcn_skip_space(cursor);
    return cursor->pos >= cursor->end;
}

/* Skips space first. */
static inline bool gcn_accept(gcn_cursor *cursor, char c)
{
    gcn_skip_space(cursor);
    if (cursor->pos < cursor->end && *cursor->pos == c) {
        cursor->pos++;
        return true;
    }
    return false;
}

/* Length of the identifier at the cursor, 0 if none: for a caller that
 * has just skipped space. */
static inline size_t gcn_peek_identifier_here(const gcn_cursor *cursor)
{
    const char *start = cursor->pos, *p = start, *end = cursor->end;
    if (p >= end || (gcn_character_class[(unsigned char)*p] & (GCN_CHAR_IDENTIFIER | GCN_CHAR_DIGIT))
                        != GCN_CHAR_IDENTIFIER)
        return 0;
    while (p < end && gcn_is_identifier_char(*p))
        p++;
    return (size_t)(p - start);
}

/* The same after space. */
static inline size_t gcn_peek_identifier(gcn_cursor *cursor)
{
    gcn_skip_space(cursor);
    return gcn_peek_identifier_here(cursor);
}

extern const unsigned char gcn_lower_case[256];

static inline unsigned char gcn_lower(char c)
{
    return gcn_lower_case[(unsigned char)c];
}

/* Each byte's value as a hex digit; 16 for any other. */
extern const unsigned char gcn_hex_digits[256];

static inline unsigned gcn_hex_digit(char c)
{
    return gcn_hex_digits[(unsigned char)c];
}

/* A number as the printers write it at p: 0, a decimal without a leading
 * zero (up to 19 digits), or 0x and 1 to 16 hex digits. The end, or NULL;
 * what follows is the caller's to check (octal, 0b and longer numbers are
 * the expression parser's). */
static inline __attribute__((always_inline)) const char *gcn_read_plain_number(const char *p, const char *end,
                                                                               uint64_t *value)
{
    const char *digits = p, *stop;
    uint64_t number = 0;
    if (end - p > 2 && p[0] == '0' && (p[1] | 0x20) == 'x') {
        for (digits = p += 2, stop = end - p > 16 ? p + 16 : end; p < stop && gcn_hex_digit(*p) < 16; p++)
            number = number << 4 | gcn_hex_digit(*p);
    } else if (p < end && *p == '0') {
        p++; /* a lone 0; more digits would be octal */
    } else {
        for (stop = end - p > 19 ? p + 19 : end; p < stop && (unsigned)(*p - '0') <= 9; p++)
            number = number * 10 + (unsigned)(*p - '0');
    }
    if (p == digits)
        return NULL;
    *value = number;
    return p;
}

/* Whether the length bytes at text spell word (word_length bytes, in lower
 * case), ignoring the case of text: a name match without strncasecmp. */
static inline bool gcn_name_is(const char *text, size_t length, const char *word,
                               size_t word_length)
{
    if (length != word_length)
        return false;
    for (size_t i = 0; i < length; i++)
        if (gcn_lower(text[i]) != (unsigned char)word[i])
            return false;
    return true;
}

/* The same for a word in lower case; strlen folds for a literal. */
static inline bool gcn_word_is(const char *text, size_t length, const char *word)
{
    return gcn_name_is(text, length, word, strlen(word));
}

/* Accepts a whole identifier equal to word (an identifier), ignoring case,
 * at the cursor: for a caller that has just skipped space. */
static inline bool gcn_accept_word_here(gcn_cursor *cursor, const char *word)
{
    const char *p = cursor->pos, *end = cursor->end;
    for (; *word; word++, p++)
        if (p >= end || gcn_lower(*p) != gcn_lower(*word))
            return false;
    if (p < end && gcn_is_identifier_char(*p))
        return false;
    cursor->pos = p;
    return true;
}

/* The lookup of options that resolve symbols by gcn_section_resolver, or NULL. */
static inline const gcn_section_lookup *gcn_section_lookup_of(const gcn_parse_options *options)
{
    return options && options->resolve == gcn_section_resolver ? options->resolve_context : NULL;
}

/* Records an error at `at` (first error wins) and returns false. */
bool gcn_fail(gcn_cursor *cursor, const char *at, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
/* Records a warning at `at` (first warning wins). */
void gcn_warn(gcn_cursor *cursor, const char *at, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* An integer expression (the dialects' operators: expression.c); names go to
 * the options' resolver (see gcn_section_resolver). */
bool gcn_parse_expression(gcn_cursor *cursor, int64_t *value);
/* A literal naming a symbol an object relocates (llvm dialect; a 64-bit
 * operand, dwords 2, takes none): true when read (the section lookup's
 * reference filled, *value 0); false after an error or, the cursor
 * untouched, for any other operand. */
bool gcn_parse_reference(gcn_cursor *cursor, unsigned dwords, int64_t *value);
/* The same, and *section receives where the value counts from: 0 for an
 * absolute number, else the section of the labels (or `.`) it is made of. */
bool gcn_parse_address(gcn_cursor *cursor, int64_t *value, unsigned *section);

/* An expression that must lie in [minimum, maximum]; error otherwise. */
bool gcn_parse_ranged(gcn_cursor *cursor, int64_t minimum, int64_t maximum, int64_t *value,
                      const char *what);

/* gcn_parse for a caller that guarantees its arguments (the assembler's
 * loop): clears error's warning_column, sets column and message on failure. */
gcn_status gcn_parse_checked(const gcn_parse_options *options, const char *text, size_t length,
                             gcn_instruction *instruction, gcn_parse_error *error);

#endif
