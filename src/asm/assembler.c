/* Whole-file assembly: passes over the source, statements (labels,
 * assignments, directives, macro calls) and the symbol lookup handed to
 * gcn_parse; instructions and the plain-line loop are in instruction.c,
 * the fixups for forward references in fixups.c. */
#include "asm/assembler.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "asm/internal.h"
#include "asm/lines.h"

void gcn_output_free(gcn_output *output)
{
    free(output->bytes);
    free(output->statement_ends);
    memset(output, 0, sizeof *output);
}

unsigned asm_column(const asm_state *state, const char *at)
{
    return (unsigned)(at - state->statement_line) + 1;
}

void asm_cursor(asm_state *state, gcn_cursor *cursor, gcn_parse_options *options,
                gcn_parse_error *error, const char *pos, const char *end)
{
    options->arch = state->arch;
    options->dialect = state->dialect;
    options->address = asm_position(state);
    options->resolve = gcn_section_resolver;
    options->resolve_context = &state->lookup;
    options->register_alias = state->register_count ? asm_register_alias : NULL;
    options->register_context = state;
    state->lookup.section = state->section;
    error->column = error->warning_column = 0;
    error->message[0] = error->warning[0] = '\0';
    cursor->text = state->statement_line;
    cursor->pos = pos;
    cursor->end = end;
    cursor->options = options;
    cursor->error = error;
    cursor->failed = false;
}

/* Reports a parse error at column; an undefined symbol gets the closest
 * defined name as a suggestion. */
void asm_report_parse_error(asm_state *state, unsigned column, const char *message)
{
    size_t found;
    const char *nearest = NULL;
    if (state->undefined_name && strncmp(message, "undefined symbol", 16) == 0 &&
        !asm_too_many_errors(state))
        nearest = asm_nearest_symbol(state, state->undefined_name, state->undefined_length, &found);
    if (nearest)
        asm_report(state, true, column, "%s; did you mean '%.*s'?", message, (int)found, nearest);
    else
        asm_report(state, true, column, "%s", message);
}

void asm_report_cursor(asm_state *state, const gcn_cursor *cursor)
{
    asm_report_parse_error(state, cursor->error->column, cursor->error->message);
}

bool asm_value_needed(asm_state *state, gcn_cursor *cursor, int64_t *value, unsigned *section)
{
    state->mode = MODE_VALUE_NEEDED;
    state->unknown = false;
    state->lookup.flags &= ~(unsigned)GCN_LOOKUP_QUIET;
    state->undefined_name = NULL;
    if (!gcn_parse_address(cursor, value, section)) {
        asm_report_cursor(state, cursor);
        return false;
    }
    if (state->unknown) {
        state->needs_pass = true;
        if (!state->unsettled)
            state->unsettled = "a directive needs the value of a symbol defined later";
    }
    return true;
}

/* ---- statements ---- */

static void assignment(asm_state *state, size_t name, size_t name_length, size_t value, size_t end)
{
    const char *line = state->statement_line;
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + value, line + end);
    size_t at = asm_skip_blank(line, value, end);
    if (name_length == 1 && line[name] == '.') {
        asm_report(state, true, (unsigned)name + 1, "cannot assign to '.'; use .org");
        return;
    }
    if (at < end && line[at] == '%' && state->dialect == GCN_DIALECT_CLRX) {
        size_t text = at + 1, text_end = end;
        while (text_end > text && (line[text_end - 1] == ' ' || line[text_end - 1] == '\t'))
            text_end--;
        if (!asm_define_register(state, line + name, name_length, line + text, text_end - text))
            asm_report(state, true, (unsigned)at + 1, "register symbol too long (63 characters)");
        return;
    }
    int64_t result;
    unsigned section;
    if (!asm_value_needed(state, &cursor, &result, &section))
        return;
    if (!gcn_at_end(&cursor)) {
        asm_report(state, true, asm_column(state, cursor.pos), "unexpected '%.*s' after the value",
                   (int)(cursor.end - cursor.pos > 40 ? 40 : cursor.end - cursor.pos), cursor.pos);
        return;
    }
    asm_object_assignment(state, line + name, name_length, line + value, end - value);
    asm_define_symbol(state, line + name, name_length, (unsigned)name + 1, result, section, false);
}

void asm_statement(asm_state *state, size_t start, size_t end)
{
    const char *line = state->statement_line;
    size_t i = asm_skip_blank(line, start, end);
    if (i >= end)
        return;
    bool active = asm_active(state);
    if (asm_is_instruction(state, line, i, end)) { /* most statements */
        if (active) {
            state->column_base = (unsigned)i;
            asm_instruction(state, i, end);
        }
        return;
    }
    size_t n;
    for (;;) { /* labels: name: */
        n = asm_name_length(line + i, end - i, end - i);
        if (n == 0 || i + n >= end || line[i + n] != ':' ||
            (i + n + 1 < end && line[i + n + 1] == ':'))
            break;
        if (active) {
            bool local = line[i] >= '0' && line[i] <= '9';
            for (size_t k = 0; local && k < n; k++)
                local = line[i + k] >= '0' && line[i + k] <= '9';
            if (line[i] >= '0' && line[i] <= '9' && !local)
                asm_report(state, true, (unsigned)i + 1, "a label cannot start with a digit");
            else
                asm_define_label(state, line + i, n, (unsigned)i + 1);
        }
        i = asm_skip_blank(line, i + n + 1, end);
        if (i >= end)
            return;
    }
    if (!active) {
        if (n > 1 && line[i] == '.')
            asm_condition_directive(state, line, i, i + n, end);
        return;
    }
    state->column_base = (unsigned)i;
    size_t j = asm_skip_blank(line, i + n, end);
    if (n && !(line[i] >= '0' && line[i] <= '9') && j < end && line[j] == '=' &&
        (j + 1 >= end || line[j + 1] != '=')) {
        assignment(state, i, n, j + 1, end);
        return;
    }
    if (n > 1 && line[i] == '.' && asm_directive(state, line, i, i + n, end))
        return;
    if (state->macro_count) {
        asm_macro *macro = asm_macro_find(state, line + i, n);
        if (macro) {
            asm_macro_expand(state, macro, line, i, i + n, end);
            return;
        }
    }
    if (n > 1 && line[i] == '.') {
        const char *nearest = asm_nearest_directive(line + i, n);
        if (nearest)
            asm_report(state, true, (unsigned)i + 1, "unknown directive '%.*s'; did you mean '%s'?",
                       (int)n, line + i, nearest);
        else
            asm_report(state, true, (unsigned)i + 1, "unknown directive '%.*s'", (int)n, line + i);
        return;
    }
    asm_instruction(state, i, end);
}

/* What is left of the line after a statement that pushed a frame (an
 * include, a macro call) runs after that frame, with its columns kept. */
static void defer_rest(asm_state *state, size_t from)
{
    if (state->frame_count >= ASM_MAX_FRAMES)
        return;
    size_t length = state->location.length;
    char *rest = malloc(length + 1);
    if (!rest) {
        asm_report(state, true, 0, "out of memory");
        return;
    }
    memcpy(rest, state->location.text, length);
    memset(rest, ' ', from < length ? from : length);
    asm_frame top = state->frames[state->frame_count - 1];
    asm_frame *frame = &state->frames[state->frame_count - 1];
    memset(frame, 0, sizeof *frame);
    frame->kind = FRAME_REST;
    frame->text = frame->owned = rest;
    frame->length = length;
    frame->file = state->location.file;
    frame->line = state->location.line;
    frame->context = state->location.context;
    frame->condition_depth = top.condition_depth;
    asm_frame *moved = &state->frames[state->frame_count++];
    *moved = top;
    if (top.context == &state->frames[state->frame_count - 2].context_node)
        moved->context = &moved->context_node;
}

void asm_process_line(asm_state *state)
{
    state->statement_line = state->clean_text;
    size_t length = state->clean_length, start = 0;
    for (;;) {
        size_t end = state->plain ? length : asm_statement_end(state, state->clean_text, start, length);
        size_t frames = state->frame_count;
        state->sequence++;
        state->line_done = false;
        asm_statement(state, start, end);
        asm_end_statement(state);
        if (end >= length || state->ended || state->line_done)
            return;
        start = end + 1;
        if (state->frame_count > frames) {
            defer_rest(state, start);
            return;
        }
    }
}

/* ---- passes ---- */


static void start_pass(asm_state *state)
{
    while (state->frame_count)
        asm_pop_frame(state);
    asm_arena_free(&state->arena);
    asm_macros_free(state);
    asm_symbols_start_pass(state);
    asm_discard_diagnostics(state);
    state->arch = state->assembly->arch;
    state->dialect = state->assembly->dialect;
    state->lookup.flags = 0;
    asm_object_start_pass(state);
    state->output->length = 0;
    state->output->statement_count = 0;
    asm_reset_sections(state);
    asm_statement_options(state);
    state->condition_count = 0;
    state->pending_count = 0;
    state->pending_run_count = 0;
    state->pending_text.length = 0;
    state->pending_local_count = 0;
    state->failed_count = 0;
    state->sequence = 0;
    state->expansion_lines = 0;
    state->expansion_exhausted = state->ended = false;
    state->needs_pass = false;
    state->unsettled = NULL;
    state->macro_invocations = 0;
    state->mode = MODE_VALUE_NEEDED;
    state->include_depth = state->expansion_depth = 0;
    memset(&state->location, 0, sizeof state->location);
    asm_frame *frame = asm_push_frame(state, FRAME_FILE);
    asm_context *root = asm_arena_allocate(&state->arena, sizeof *root);
    if (root) {
        memset(root, 0, sizeof *root);
        root->persistent = true;
    }
    asm_enter_file(state, frame, 0); /* its window is had before the first pass */
    frame->context = root;
}

/* Room for the tables a source fills (symbols, their names, fixups and
 * their lines), reserved once from its size: grown by doubling, they are
 * copied (and rehashed) again and again, and fault every page of each copy
 * (see memory.c). Generous, as the pages a table never reaches cost no
 * memory; a source that needs more grows them. */
static void reserve_tables(asm_state *state, size_t length)
{
    if (length < 65536)
        return;
    asm_symbols_reserve(state, length / 256);
    asm_buffer_reserve(&state->names, length / 64); /* the names too long to keep in their symbol */
    asm_buffer_reserve(&state->pending_text, length / 8);
    size_t pending = length / 256;
    asm_pending *reserved = asm_grow(state->pending, 0, pending * sizeof *reserved);
    if (reserved) {
        state->pending = reserved;
        state->pending_capacity = pending;
    }
}

/* Assembles state->files[0], set by the caller (the rest of the state
 * zero), and frees the state. */
static bool assemble(asm_state *state, gcn_assembly *assembly, const char *const *include_directories,
                     size_t include_directory_count, gcn_output *output)
{
    size_t length = state->files[0].length;
    state->assembly = assembly;
    state->output = output;
    state->include_directories = include_directories;
    state->include_directory_count = include_directory_count;
    state->lookup.lookup = asm_lookup;
    state->lookup.context = state;
    state->parse_options.resolve = gcn_section_resolver;
    state->parse_options.resolve_context = &state->lookup;
    state->parse_options.register_context = state;
    /* Room for the code a source of this size usually makes (4 bytes for
     * every 6 characters, plus a margin), so that the output seldom moves.
     * Pages never written cost no memory. */
    size_t expected = length / 6 * 4 + 65536;
    if (expected > ASM_MAX_SECTION_SIZE)
        expected = ASM_MAX_SECTION_SIZE;
    if (output->capacity < expected) {
        uint8_t *bytes = asm_grow(output->bytes, output->length, expected);
        if (bytes) {
            output->bytes = bytes;
            output->capacity = expected;
        }
    }
    reserve_tables(state, length);
    unsigned errors_before = assembly->errors;
    bool set_up = asm_object_setup(state);
    asm_object_literal_setup(state);
    if (!set_up)
        assembly->errors++;
    for (state->pass = 1; set_up; state->pass++) {
        start_pass(state);
        for (;;) {
            asm_plain_lines(state);
            if (!asm_next_line(state))
                break;
            asm_process_line(state);
        }
        asm_check_conditions_closed(state);
        asm_check_guesses(state);
        if (!state->needs_pass)
            asm_run_fixups(state);
        if (!state->needs_pass || state->expansion_exhausted || state->pass == ASM_MAX_PASSES)
            break;
    }
    bool unsettled = state->needs_pass && !state->expansion_exhausted;
    asm_drop_failed(state);
    if (set_up && !unsettled && state->errors == 0)
        asm_object_finish(state);
    asm_flush_diagnostics(state);
    if (unsettled) {
        if (assembly->diagnostics)
            fprintf(assembly->diagnostics, "%s: error: the layout did not settle after %d passes (%s)\n",
                    state->files[0].path, ASM_MAX_PASSES, state->unsettled ? state->unsettled : "?");
        assembly->errors++;
    }
    while (state->frame_count)
        asm_pop_frame(state);
    asm_arena_free(&state->arena);
    asm_macros_free(state);
    asm_symbols_free(state);
    asm_files_free(state);
    asm_object_free(state);
    free(state->conditions);
    free(state->pending);
    free(state->pending_runs);
    free(state->pending_locals);
    free(state->failed);
    free(state->diagnostics);
    asm_buffer_free(&state->pending_text);
    asm_buffer_free(&state->diagnostic_text);
    asm_buffer_free(&state->line);
    asm_buffer_free(&state->clean);
    asm_buffer_free(&state->scratch);
    asm_buffer_free(&state->body);
    asm_buffer_free(&state->expansion);
    free(state);
    return assembly->errors == errors_before;
}

/* A state with room for its files, the first (named for assembly) not yet
 * set; NULL after reporting a failure. */
static asm_state *new_state(gcn_assembly *assembly)
{
    const char *name = assembly->file_name ? assembly->file_name : "<input>";
    asm_state *state = calloc(1, sizeof *state);
    asm_file *files = calloc(4, sizeof *files);
    char *path = strdup(name);
    if (!state || !files || !path) {
        free(state);
        free(files);
        free(path);
        if (assembly->diagnostics)
            fprintf(assembly->diagnostics, "%s: error: out of memory\n", name);
        assembly->errors++;
        return NULL;
    }
    state->files = files;
    state->file_capacity = 4;
    state->file_count = 1;
    files[0].path = path;
    files[0].descriptor = -1;
    return state;
}

bool gcn_assemble_with_includes(gcn_assembly *assembly, const char *const *include_directories,
                                size_t include_directory_count, const char *source, size_t length,
                                gcn_output *output)
{
    asm_state *state = new_state(assembly);
    if (!state)
        return false;
    state->files[0].data = source;
    state->files[0].length = length;
    return assemble(state, assembly, include_directories, include_directory_count, output);
}

bool gcn_assemble_file(gcn_assembly *assembly, const char *const *include_directories,
                       size_t include_directory_count, int descriptor, gcn_output *output)
{
    asm_state *state = new_state(assembly);
    if (!state)
        return false;
    const char *reason;
    if (!asm_take_source(state, descriptor, &reason)) {
        if (assembly->diagnostics)
            fprintf(assembly->diagnostics, "%s: error: cannot read it: %s\n", state->files[0].path, reason);
        assembly->errors++;
        asm_files_free(state);
        free(state);
        return false;
    }
    return assemble(state, assembly, include_directories, include_directory_count, output);
}

bool gcn_assemble(gcn_assembly *assembly, const char *source, size_t length, gcn_output *output)
{
    return gcn_assemble_with_includes(assembly, NULL, 0, source, length, output);
}
