/* Whole-file assembly: passes over the source, statements (labels,
 * assignments, directives, macro calls, instructions), fixups for forward
 * references, and the symbol lookup handed to gcn_parse. */
#include "asm/assembler.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "asm/internal.h"
#include "asm/scan.h"
#include "codec/codec.h"
#include "isa/mnemonic_hash.h"
#include "syntax/parse.h"

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
static void report_parse_error(asm_state *state, unsigned column, const char *message)
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
    report_parse_error(state, cursor->error->column, cursor->error->message);
}

bool asm_value_needed(asm_state *state, gcn_cursor *cursor, int64_t *value, unsigned *section)
{
    state->mode = MODE_VALUE_NEEDED;
    state->unknown = false;
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

/* The run a new fixup belongs to: the last one, or a new one where the
 * fixup's file, context, arch, dialect or section differ from it, or its
 * sequence number is too far past it. NULL when out of memory. */
static asm_pending_run *pending_run(asm_state *state, const asm_context *context)
{
    if (state->pending_run_count) {
        asm_pending_run *last = &state->pending_runs[state->pending_run_count - 1];
        if (last->file == state->location.file && last->context == context &&
            last->arch == (uint8_t)state->arch && last->dialect == (uint8_t)state->dialect &&
            last->section == (uint8_t)state->section && state->sequence - last->sequence <= UINT32_MAX)
            return last;
    }
    if (state->pending_run_count == state->pending_run_capacity) {
        size_t capacity = state->pending_run_capacity ? state->pending_run_capacity * 2 : 16;
        asm_pending_run *grown = asm_grow(state->pending_runs, state->pending_run_count * sizeof *grown,
                                          capacity * sizeof *grown);
        if (!grown)
            return NULL;
        state->pending_runs = grown;
        state->pending_run_capacity = capacity;
    }
    asm_pending_run *run = &state->pending_runs[state->pending_run_count++];
    run->first = (uint32_t)state->pending_count;
    run->file = state->location.file;
    run->context = context;
    run->arch = (uint8_t)state->arch;
    run->dialect = (uint8_t)state->dialect;
    run->section = (uint8_t)state->section;
    run->sequence = state->sequence;
    return run;
}

asm_pending *asm_add_pending(asm_state *state, uint8_t kind, size_t start, size_t end,
                             uint64_t address, uint64_t size, unsigned data_size)
{
    if (state->locals_overflow) { /* too many local labels to remember: another pass */
        state->needs_pass = true;
        state->unsettled = "too many local label references in one statement";
    }
    if (state->pending_count >= ASM_MAX_PENDING ||
        state->pending_text.length > ASM_MAX_PENDING_TEXT) { /* the next pass guesses instead */
        state->needs_pass = true;
        state->unsettled = "too many forward references";
        return NULL;
    }
    if (state->pending_count == state->pending_capacity) {
        size_t capacity = state->pending_capacity ? state->pending_capacity * 2 : 256;
        asm_pending *grown = asm_grow(state->pending, state->pending_count * sizeof *grown,
                                      capacity * sizeof *grown);
        if (!grown) {
            asm_report(state, true, 0, "out of memory");
            return NULL;
        }
        state->pending = grown;
        state->pending_capacity = capacity;
    }
    if (state->pending_local_count + state->local_count > state->pending_local_capacity) {
        size_t capacity = state->pending_local_capacity ? state->pending_local_capacity * 2 : 64;
        while (capacity < state->pending_local_count + state->local_count)
            capacity *= 2;
        asm_local_binding *grown = realloc(state->pending_locals, capacity * sizeof *grown);
        if (!grown) {
            asm_report(state, true, 0, "out of memory");
            return NULL;
        }
        state->pending_locals = grown;
        state->pending_local_capacity = capacity;
    }
    const asm_context *context = state->location.context;
    context = !context || context->persistent ? context : asm_persist_context(state, context);
    asm_pending_run *run = pending_run(state, context);
    if (!run) {
        asm_report(state, true, 0, "out of memory");
        return NULL;
    }
    asm_pending *p = &state->pending[state->pending_count++];
    p->kind = kind & 3;
    p->data_size = data_size & 15;
    p->address = (uint32_t)address;
    p->sequence = (uint32_t)(state->sequence - run->sequence);
    p->line_length = (uint16_t)state->location.length;
    /* A line without comments is kept once, as both; one with them as
     * written, then blanked. */
    p->written_apart = !state->plain &&
                       asm_buffer_append(&state->pending_text, state->location.text, p->line_length);
    p->text = (uint32_t)state->pending_text.length;
    asm_buffer *text_buffer = &state->pending_text;
    if (text_buffer->length + state->clean_length + 1 <= text_buffer->capacity || /* with its '\0' */
        asm_buffer_reserve(text_buffer, state->clean_length + 1)) {
        char *text = state->pending_text.data + state->pending_text.length;
        memcpy(text, state->clean_text, state->clean_length);
        text[state->clean_length] = '\0';
        state->pending_text.length += state->clean_length + 1;
    }
    p->statement_start = (uint16_t)start;
    p->statement_end = (uint16_t)end;
    p->line_number = state->location.line;
    p->local_count = (uint8_t)state->local_count;
    if (kind != PENDING_BRANCH) { /* a branch's: 4 bytes, no local label (branch_label) */
        p->other.size = (uint32_t)size;
        p->other.locals = (uint32_t)state->pending_local_count;
    }
    if (state->local_count)
        memcpy(state->pending_locals + state->pending_local_count, state->locals,
               state->local_count * sizeof *state->locals);
    state->pending_local_count += state->local_count;
    return p;
}

/* ---- instructions ---- */

/* Where an instruction's words go: straight into the output, when they
 * are code that fits there as it is (a little-endian host, an aligned
 * end with room for any instruction), else into spare, for
 * asm_emit_words. */
static inline uint32_t *instruction_words(asm_state *state, bool fixup, uint32_t *spare, bool *direct)
{
    *direct = false;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    gcn_output *output = state->output;
    size_t length = output->length;
    if (!fixup && state->section == SECTION_TEXT && length % 4 == 0 &&
        length + 4 * GCN_MAX_WORDS <= output->capacity &&
        length + 4 * GCN_MAX_WORDS <= ASM_MAX_SECTION_SIZE) {
        *direct = true;
        return (uint32_t *)(output->bytes + length);
    }
#endif
    (void)state;
    (void)fixup;
    return spare;
}

/* The words instruction_words gave, taken into the output. */
static inline void emit_instruction(asm_state *state, const uint32_t *words, size_t count, bool direct,
                                    unsigned column)
{
    if (direct) {
        state->output->length += 4 * count;
        state->sections[SECTION_TEXT].size += 4 * count;
    } else {
        asm_emit_words(state, words, count, column);
    }
}

/* The label of a branch whose one operand is a label alone (not a local label
 * 1f, nor an expression), the symbol of the statement's provisional value,
 * as [*at, *at + length); 0 for any other instruction. Such a fixup is
 * patched without a parse (branch_fixup). */
static size_t branch_label(const asm_state *state, const gcn_instruction *decoded, const char *line,
                           size_t start, size_t end, size_t *at)
{
    const char *name = state->unknown_name; /* set with state->unknown */
    if (decoded->operand_count != 1 || decoded->operands[0].kind != GCN_OPERAND_BRANCH ||
        state->register_count || state->local_count || state->locals_overflow || name <= line + start ||
        name >= line + end)
        return 0;
    /* After the mnemonic and blanks (a name character, not an operator, before them). */
    size_t i = (size_t)(name - line), before = i;
    while (before > start && (line[before - 1] == ' ' || line[before - 1] == '\t'))
        before--;
    if (before == i || !gcn_is_identifier_char(line[before - 1]))
        return 0;
    if (asm_skip_blank(line, i + state->unknown_length, end) != end)
        return 0;
    *at = i;
    return state->unknown_length;
}

/* An instruction statement at [start, end). plain: a plain line's usual
 * statement (asm_plain_statement: never a fixup's), row the row its
 * mnemonic names (as gcn_mnemonic_lookup finds it); else the parser looks
 * it up. Inline in the usual statement's path, with the parser's usual
 * case. */
static inline __attribute__((always_inline)) void assemble_instruction(asm_state *state, size_t start,
                                                                        size_t end, bool plain,
                                                                        uint16_t row)
{
    const char *line = state->statement_line;
    bool fixup = !plain && state->mode == MODE_FIXUP;
    gcn_parse_options *options = &state->parse_options; /* the rest: asm_statement_options */
    options->address = asm_position(state);
    if (!fixup) {
        state->mode = MODE_FIXUP_ALLOWED;
        state->unknown = false;
        state->local_count = 0;
        state->locals_overflow = false;
    }
    state->undefined_name = NULL;
    state->object.literal.found = false;
    gcn_instruction decoded;
    gcn_parse_error error;
    gcn_status status = plain ? gcn_parse_named(options, line + start, end - start, row, &decoded, &error)
                              : gcn_parse_checked(options, line + start, end - start, &decoded, &error);
    uint32_t spare[GCN_MAX_WORDS];
    bool direct;
    uint32_t *words = instruction_words(state, fixup, spare, &direct);
    bool encoded = status == GCN_OK && gcn_encode_checked(&decoded, words) == GCN_OK;
    size_t count = encoded ? decoded.word_count : 0;
    if (!fixup && state->unknown) { /* settled at the end of the pass */
        uint64_t address = asm_position(state);
        if (!encoded) {
            memset(words, 0, sizeof spare);
            count = 1;
        }
        size_t label = 0, length = encoded && !error.warning_column && count == 1
                                       ? branch_label(state, &decoded, line, start, end, &label) : 0;
        asm_pending *pending = asm_add_pending(state, length ? PENDING_BRANCH : PENDING_INSTRUCTION,
                                               start, end, address, count * 4, 0);
        if (pending && length) {
            pending->branch.target_start = (uint16_t)label;
            pending->branch.target_length = (uint16_t)length;
            pending->branch.word = words[0];
        }
        emit_instruction(state, words, count, direct, (unsigned)start + 1);
        state->mode = MODE_VALUE_NEEDED;
        return;
    }
    if (!fixup)
        state->mode = MODE_VALUE_NEEDED;
    if (error.warning_column)
        asm_report(state, false, (unsigned)start + error.warning_column, "%s", error.warning);
    if (status != GCN_OK) {
        report_parse_error(state, (unsigned)start + error.column, error.message);
        return;
    }
    if (!encoded) {
        asm_report(state, true, (unsigned)start + 1, "instruction cannot be encoded");
        return;
    }
    if (fixup && count * 4 != asm_pending_size(state->fixup)) {
        state->needs_pass = true;
        state->unsettled = "an instruction changed its size";
        return;
    }
    emit_instruction(state, words, count, direct, (unsigned)start + 1);
    if (state->object.literal.found) /* a literal an object relocates */
        asm_object_literal_record(state, options->address, count, (unsigned)start + 1);
}

/* The other statements' instructions (and fixups'). */
static __attribute__((noinline)) void instruction(asm_state *state, size_t start, size_t end)
{
    assemble_instruction(state, start, end, false, GCN_ROW_NONE);
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

/* Whether the statement whose first non-blank is at i is an instruction,
 * seen from its first word alone: it neither starts with '.' (a directive)
 * nor ends at ':' (a label) or before '=' (an assignment), and no macro
 * could be named. */
static inline bool is_instruction(const asm_state *state, const char *line, size_t i, size_t end)
{
    if (line[i] == '.' || state->macro_count)
        return false;
    size_t word_end = asm_skip_blank(line, i + asm_word_length(line + i, end - i), end);
    return word_end >= end || (line[word_end] != ':' && line[word_end] != '=');
}

static void statement(asm_state *state, size_t start, size_t end)
{
    const char *line = state->statement_line;
    size_t i = asm_skip_blank(line, start, end);
    if (i >= end)
        return;
    bool active = asm_active(state);
    if (is_instruction(state, line, i, end)) { /* most statements */
        if (active) {
            state->column_base = (unsigned)i;
            instruction(state, i, end);
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
    instruction(state, i, end);
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

#if defined(__SSE2__) && defined(__x86_64__)
/* The usual instruction statement, its first non-blank at line + i and
 * 32 bytes readable from there: the row its mnemonic names (as
 * gcn_mnemonic_lookup finds it) in *row, from one read of those bytes.
 * A row's name holds no blank, ':' nor '=', so the first word is the
 * mnemonic, as is_instruction would find it. False where is_instruction
 * and the parser look instead: a directive, macros, no row (a label, an
 * error, other spellings), ':' or '=' after the name. */
static inline __attribute__((always_inline)) bool usual_instruction(const asm_state *state,
                                                                   const char *line, size_t i,
                                                                   size_t end, uint16_t *row)
{
    if (line[i] == '.' || state->macro_count)
        return false;
    const __m128i *at = (const __m128i *)(const void *)(line + i);
    __m128i low = _mm_loadu_si128(at), high = _mm_loadu_si128(at + 1), space = _mm_set1_epi8(' ');
    unsigned spaces = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(low, space)) |
                      (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(high, space)) << 16;
    /* The statement's end stands for a space. */
    size_t rest = end - i;
    unsigned length = (unsigned)__builtin_ctzll(spaces | (uint64_t)1 << (rest < 32 ? rest : 32));
    if (length >= 32 || (*row = gcn_mnemonic_row_of_halves(low, high, length)) == GCN_ROW_NONE)
        return false;
    /* Past the space: no blank, ':' nor '=' (one test), or blanks, then
     * neither ':' nor '='. */
    size_t next = i + length + 1;
    if (next >= end)
        return true;
    const uint64_t blank_or_mark = (uint64_t)1 << ' ' | (uint64_t)1 << '\t' | (uint64_t)1 << ':' |
                                   (uint64_t)1 << '=';
    unsigned char after = (unsigned char)line[next];
    if (after > '=' || !(blank_or_mark >> after & 1))
        return true;
    /* Spaces (CLRX pads the mnemonic): past them in the 32 bytes read
     * at once, the rest (tabs, more spaces) one at a time. */
    uint64_t others = ~(uint64_t)spaces & ((uint64_t)-2 << length) & 0xffffffffu;
    size_t first = i + (size_t)__builtin_ctzll(others | (uint64_t)1 << 32);
    next = asm_skip_blank(line, first < end ? first : end, end);
    return next >= end || (line[next] != ':' && line[next] != '=');
}
#endif

/* A plain line that is not an instruction, its first word at i: a label
 * alone at once, the rest through statement(). Out of line, so that the
 * instructions' path keeps a small frame. */
static __attribute__((noinline)) bool plain_other(asm_state *state, size_t i)
{
    const char *line = state->statement_line;
    size_t end = state->clean_length;
    size_t n = asm_name_length(line + i, end - i, (size_t)(state->plain_end - line) - i);
    bool label = n && i + n + 1 == end && line[i + n] == ':' && !(line[i] >= '0' && line[i] <= '9');
    if (label)
        asm_define_label(state, line + i, n, (unsigned)i + 1);
    else
        statement(state, 0, end);
    asm_end_statement(state);
    return label;
}

bool asm_plain_statement(asm_state *state)
{
    const char *line = state->clean_text;
    size_t end = state->clean_length, i = asm_skip_blank(line, 0, end);
    state->statement_line = line;
    state->sequence++;
    state->line_done = false;
    /* Most lines are an instruction (as is_instruction sees it), or a label
     * alone: statement() in short. */
    if (i < end && asm_active(state)) {
#if defined(__SSE2__) && defined(__x86_64__)
        uint16_t row;
        if ((size_t)(state->plain_end - line) - i >= 32 && usual_instruction(state, line, i, end, &row)) {
            state->column_base = (unsigned)i;
            assemble_instruction(state, i, end, true, row);
            asm_end_statement(state);
            return true;
        }
#endif
        if (is_instruction(state, line, i, end)) {
            state->column_base = (unsigned)i;
            instruction(state, i, end);
            asm_end_statement(state);
            return true;
        }
        if (!state->macro_count)
            return plain_other(state, i);
    }
    statement(state, 0, end);
    asm_end_statement(state);
    return false;
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
        statement(state, start, end);
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

/* A PENDING_BRANCH fixup: its word with the label's offset, as a parse of
 * its line would make it; false, doing nothing but the label's lookup,
 * where that parse has more to say (an undefined label, another section,
 * out of range: its diagnostics). */
static bool branch_fixup(asm_state *state, const asm_pending *p)
{
    int64_t value;
    unsigned section;
    state->undefined_name = NULL;
    if (!asm_lookup(state, state->statement_line + p->branch.target_start, p->branch.target_length, &value,
                    &section) ||
        section != state->fixup_run->section)
        return false;
    int64_t distance;
    if (gcn_branch_distance(p->address, value, &distance) != GCN_BRANCH_FITS)
        return false;
    uint32_t words[GCN_MAX_WORDS] = {p->branch.word};
    gcn_set_branch_offset((gcn_arch)state->fixup_run->arch, words, (uint16_t)distance);
    asm_emit_words(state, words, 1, (unsigned)p->statement_start + 1);
    return true;
}

/* A branch fixup's label, asked into the cache ahead of its lookup. */
static void prefetch_branch_label(asm_state *state, size_t k, bool record)
{
    if (k >= state->pending_count)
        return;
    const asm_pending *p = &state->pending[k];
    if (p->kind != PENDING_BRANCH)
        return;
    const char *name = state->pending_text.data + p->text + p->branch.target_start;
    if (!(name[0] >= '0' && name[0] <= '9'))
        asm_symbol_prefetch(state, name, p->branch.target_length, record);
}

enum { FIXUP_PREFETCH_AHEAD = 16 }; /* fixups: the slot this far ahead, the record half as far */

static void run_fixups(asm_state *state)
{
    size_t run = 0;
    for (size_t k = 0; k < state->pending_count && !state->needs_pass && !asm_too_many_errors(state); k++) {
        prefetch_branch_label(state, k + FIXUP_PREFETCH_AHEAD, false);
        prefetch_branch_label(state, k + FIXUP_PREFETCH_AHEAD / 2, true);
        while (run + 1 < state->pending_run_count && state->pending_runs[run + 1].first <= k)
            run++;
        const asm_pending_run *r = &state->pending_runs[run];
        const asm_pending *p = &state->pending[k];
        state->fixup = p;
        state->fixup_run = r;
        state->fixup_sequence = r->sequence + p->sequence;
        state->mode = MODE_FIXUP;
        state->fixup_unsafe = false;
        state->arch = (gcn_arch)r->arch;
        state->dialect = (gcn_dialect)r->dialect;
        state->section = r->section;
        asm_statement_options(state);
        state->statement_line = state->pending_text.data + p->text;
        state->fixup_position = p->address;
        if (p->kind == PENDING_DATA) {
            asm_fixup_data(state, state->statement_line, p->statement_start, p->statement_end,
                           p->data_size);
        } else if (p->kind == PENDING_INSTRUCTION || !branch_fixup(state, p)) {
            instruction(state, p->statement_start, p->statement_end);
        }
        if (state->fixup_unsafe) {
            state->needs_pass = true;
            state->unsettled = "a symbol is redefined around a statement that uses a later symbol";
        }
    }
    state->fixup = NULL;
    state->fixup_run = NULL;
    state->mode = MODE_VALUE_NEEDED;
}

static void check_guesses(asm_state *state)
{
    for (size_t i = 0; i < state->guessed_count && !state->needs_pass; i++) {
        const asm_symbol *symbol = &state->symbols[state->guessed[i]];
        const asm_symbol_history *history = &state->symbol_history[state->guessed[i]];
        if (!symbol->defined || symbol->value != history->previous_value ||
            symbol->section != history->previous_section) {
            state->needs_pass = true;
            state->unsettled = "label addresses keep changing";
        }
    }
}

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
        check_guesses(state);
        if (!state->needs_pass)
            run_fixups(state);
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
