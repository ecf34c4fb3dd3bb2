/* Reading one statement: a cursor over its text, with error reporting at
 * the column where something went wrong. */
#ifndef GCN_CURSOR_H
#define GCN_CURSOR_H

#include <stdbool.h>

#include "isa/isa.h"

typedef struct gcn_cursor {
    const char *text; /* start of the statement: columns count from here */
    const char *pos;
    const char *end;
    const gcn_parse_options *options;
    gcn_parse_error *error;
    bool failed;
} gcn_cursor;

void gcn_skip_space(gcn_cursor *cursor);
bool gcn_at_end(gcn_cursor *cursor);                 /* skips space first */
bool gcn_accept(gcn_cursor *cursor, char c);         /* skips space first */
/* Accepts a whole identifier equal to word, ignoring case. */
bool gcn_accept_word(gcn_cursor *cursor, const char *word);
/* Length of the identifier at the cursor (after space), 0 if none. */
size_t gcn_peek_identifier(gcn_cursor *cursor);
bool gcn_is_identifier_char(char c);

/* Records an error at `at` (first error wins) and returns false. */
bool gcn_fail(gcn_cursor *cursor, const char *at, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
/* Records a warning at `at` (first warning wins). */
void gcn_warn(gcn_cursor *cursor, const char *at, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* An integer expression with C operators and precedence (the llvm dialect:
 * llvm-mc's precedence and results); identifiers go to the options'
 * resolver (see gcn_section_resolver); `1b`/`1f` name local labels. */
bool gcn_parse_expression(gcn_cursor *cursor, int64_t *value);
/* The same, and *section receives where the value counts from: 0 for an
 * absolute number, else the section of the labels (or `.`) it is made of. */
bool gcn_parse_address(gcn_cursor *cursor, int64_t *value, unsigned *section);

/* An expression that must lie in [minimum, maximum]; error otherwise. */
bool gcn_parse_ranged(gcn_cursor *cursor, int64_t minimum, int64_t maximum, int64_t *value,
                      const char *what);

#endif
