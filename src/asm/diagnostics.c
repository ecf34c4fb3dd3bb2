/* Diagnostics as clang prints them: the includes that led here, then
 * FILE:LINE:COL: error: MESSAGE, the line and a caret under the column,
 * then the macro or repeat expansions it came from. They are stored with
 * the statement's sequence number and printed once the last pass is done,
 * in source order (fixups report at the end of a pass), capped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/internal.h"

enum { SHOWN_LINE_MAX = 400, EXPANSIONS_SHOWN = 6 };

static unsigned error_cap(const asm_state *state)
{
    return state->assembly->max_errors ? state->assembly->max_errors : 100;
}

bool asm_too_many_errors(const asm_state *state)
{
    return state->errors > error_cap(state);
}

static void put(asm_state *state, const char *text, size_t length)
{
    asm_buffer_append(&state->diagnostic_text, text, length);
}

static void put_string(asm_state *state, const char *text)
{
    put(state, text, strlen(text));
}

static void put_format(asm_state *state, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void put_format(asm_state *state, const char *format, ...)
{
    char buffer[512];
    va_list arguments;
    va_start(arguments, format);
    int n = vsnprintf(buffer, sizeof buffer, format, arguments);
    va_end(arguments);
    if (n > 0)
        put(state, buffer, (size_t)n < sizeof buffer ? (size_t)n : sizeof buffer - 1);
}

/* The line, and a caret under column (tabs kept so that it lines up). */
static void put_source(asm_state *state, const char *text, size_t length, unsigned column)
{
    size_t shown = length > SHOWN_LINE_MAX ? SHOWN_LINE_MAX : length;
    for (size_t i = 0; i < shown; i++) {
        char c = text[i];
        put(state, c == '\0' ? " " : &c, 1);
    }
    if (shown < length)
        put_string(state, " ...");
    put(state, "\n", 1);
    if (column == 0 || column - 1 > shown)
        return;
    for (size_t i = 0; i + 1 < column; i++)
        put(state, text[i] == '\t' ? "\t" : " ", 1);
    put(state, "^\n", 2);
}

static const char *file_path(const asm_state *state, uint32_t file)
{
    return file < state->file_count ? state->files[file].path : "?";
}

static void render(asm_state *state, const asm_location *location, bool error, unsigned column,
                   const char *message)
{
    /* Includes, outermost first. */
    const asm_context *chain[ASM_MAX_FRAMES];
    size_t depth = 0;
    for (const asm_context *c = location->context; c && depth < ASM_MAX_FRAMES; c = c->parent)
        chain[depth++] = c;
    for (size_t i = depth; i-- > 0;)
        if (chain[i]->kind == CONTEXT_FILE && chain[i]->parent)
            put_format(state, "In file included from %s:%u:\n", file_path(state, chain[i]->site_file),
                       chain[i]->site_line);
    if (column)
        put_format(state, "%s:%u:%u: ", file_path(state, location->file), location->line, column);
    else
        put_format(state, "%s:%u: ", file_path(state, location->file), location->line);
    put_string(state, error ? "error: " : "warning: ");
    put_string(state, message);
    put(state, "\n", 1);
    if (location->text)
        put_source(state, location->text, location->length, column);
    /* Expansions, innermost first; of a deep recursion the first and the
     * last few. */
    size_t expansions = 0, shown = 0;
    for (size_t i = 0; i < depth; i++)
        expansions += chain[i]->kind != CONTEXT_FILE;
    for (size_t i = 0; i < depth; i++) {
        const asm_context *c = chain[i];
        if (c->kind == CONTEXT_FILE)
            continue;
        shown++;
        if (expansions > EXPANSIONS_SHOWN && shown > EXPANSIONS_SHOWN / 2 &&
            shown <= expansions - EXPANSIONS_SHOWN / 2) {
            if (shown == EXPANSIONS_SHOWN / 2 + 1)
                put_format(state, "note: (%zu more expansions not shown)\n",
                           expansions - EXPANSIONS_SHOWN / 2 * 2);
            continue;
        }
        put_format(state, "%s:%u:%u: note: in expansion of %s '%.*s'\n",
                   file_path(state, c->site_file), c->site_line, c->site_column,
                   c->kind == CONTEXT_MACRO ? "macro" : "directive", (int)c->name_length, c->name);
        put_source(state, c->site_text, c->site_length, c->site_column);
    }
}

static void store(asm_state *state, const asm_location *location, uint64_t sequence, bool error,
                  unsigned column, const char *message)
{
    if (error)
        state->errors++;
    else
        state->warnings++;
    /* Past twice the cap nothing more can be shown (fixups come late). */
    unsigned cap = error_cap(state) * 2;
    if (error ? state->stored_errors >= cap : state->stored_warnings >= cap)
        return;
    if (state->diagnostic_count == state->diagnostic_capacity) {
        size_t capacity = state->diagnostic_capacity ? state->diagnostic_capacity * 2 : 64;
        asm_diagnostic *grown = realloc(state->diagnostics, capacity * sizeof *grown);
        if (!grown)
            return;
        state->diagnostics = grown;
        state->diagnostic_capacity = capacity;
    }
    size_t start = state->diagnostic_text.length;
    render(state, location, error, column, message);
    asm_diagnostic *d = &state->diagnostics[state->diagnostic_count++];
    d->sequence = sequence;
    d->text = start;
    d->length = state->diagnostic_text.length - start;
    d->error = error;
    if (error)
        state->stored_errors++;
    else
        state->stored_warnings++;
}

void asm_vreport(asm_state *state, bool error, unsigned column, const char *format, va_list arguments)
{
    char message[600];
    vsnprintf(message, sizeof message, format, arguments);
    uint64_t sequence = state->sequence;
    const asm_location *location = &state->location;
    asm_location fixup_location;
    if (state->mode == MODE_FIXUP && state->fixup) {
        const asm_pending *p = state->fixup;
        fixup_location.file = state->fixup_run->file;
        fixup_location.line = p->line_number;
        fixup_location.context = state->fixup_run->context;
        fixup_location.text = state->pending_text.data + p->text - (p->written_apart ? p->line_length : 0);
        fixup_location.length = p->line_length;
        location = &fixup_location;
        sequence = state->fixup_sequence;
        if (error && state->fixup_run->section == SECTION_TEXT)
            asm_fixup_failed(state, p->address, asm_pending_size(p));
    }
    store(state, location, sequence, error, column, message);
}

void asm_report(asm_state *state, bool error, unsigned column, const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    asm_vreport(state, error, column, format, arguments);
    va_end(arguments);
}

void asm_report_at(asm_state *state, const asm_location *location, uint64_t sequence, bool error,
                   unsigned column, const char *format, ...)
{
    char message[600];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    store(state, location, sequence, error, column, message);
}

static int by_sequence(const void *a, const void *b)
{
    const asm_diagnostic *x = a, *y = b;
    if (x->sequence != y->sequence)
        return x->sequence < y->sequence ? -1 : 1;
    return x->text < y->text ? -1 : x->text > y->text;
}

void asm_flush_diagnostics(asm_state *state)
{
    FILE *out = state->assembly->diagnostics;
    if (state->diagnostic_count > 1)
        qsort(state->diagnostics, state->diagnostic_count, sizeof *state->diagnostics, by_sequence);
    unsigned cap = error_cap(state), shown_errors = 0, shown_warnings = 0;
    for (size_t i = 0; out && i < state->diagnostic_count; i++) {
        const asm_diagnostic *d = &state->diagnostics[i];
        if (d->error ? shown_errors >= cap : shown_warnings >= cap)
            continue;
        if (d->error)
            shown_errors++;
        else
            shown_warnings++;
        fwrite(state->diagnostic_text.data + d->text, 1, d->length, out);
    }
    if (out && state->errors > cap)
        fprintf(out, "%s: error: too many errors: stopped after the first %u\n", state->files[0].path,
                cap);
    state->assembly->errors += state->errors;
    state->assembly->warnings += state->warnings;
    asm_discard_diagnostics(state);
}

void asm_discard_diagnostics(asm_state *state)
{
    state->diagnostic_count = 0;
    state->diagnostic_text.length = 0;
    state->errors = state->warnings = 0;
    state->stored_errors = state->stored_warnings = 0;
}
