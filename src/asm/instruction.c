/* Instruction statements: parsed, encoded and written to the output (or
 * kept as a fixup); and the loop over plain lines (one statement, no
 * comment), which takes most lines of a large source with little
 * bookkeeping: the usual instruction is looked up and assembled inline. */
#include <string.h>

#include "asm/internal.h"
#include "asm/lines.h"
#include "asm/scan.h"
#include "codec/codec.h"
#include "isa/mnemonic_hash.h"
#include "syntax/parse.h"

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
 * patched without a parse (branch_fixup, fixups.c). */
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
        state->lookup.flags &= ~(unsigned)GCN_LOOKUP_QUIET;
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
        asm_report_parse_error(state, (unsigned)start + error.column, error.message);
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
__attribute__((noinline)) void asm_instruction(asm_state *state, size_t start, size_t end)
{
    assemble_instruction(state, start, end, false, GCN_ROW_NONE);
}

#if defined(__SSE2__) && defined(__x86_64__)
/* The usual instruction statement, its first non-blank at line + i and
 * 32 bytes readable from there: the row its mnemonic names (as
 * gcn_mnemonic_lookup finds it) in *row, from one read of those bytes.
 * A row's name holds no blank, ':' nor '=', so the first word is the
 * mnemonic, as asm_is_instruction would find it. False where it
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
 * alone at once, the rest through asm_statement(). Out of line, so that the
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
        asm_statement(state, 0, end);
    asm_end_statement(state);
    return label;
}

/* The statement of a plain line (state->clean_text): as asm_process_line
 * would take it. True if it was an instruction or a label alone, which
 * may fail but neither end the source, push a frame nor read lines ahead.
 * Inline in the loop below: the usual line costs no call. */
static inline __attribute__((always_inline)) bool plain_statement(asm_state *state)
{
    const char *line = state->clean_text;
    size_t end = state->clean_length, i = asm_skip_blank(line, 0, end);
    state->statement_line = line;
    state->sequence++;
    state->line_done = false;
    /* Most lines are an instruction (as asm_is_instruction sees it), or a
     * label alone: asm_statement() in short. */
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
        if (asm_is_instruction(state, line, i, end)) {
            state->column_base = (unsigned)i;
            asm_instruction(state, i, end);
            asm_end_statement(state);
            return true;
        }
        if (!state->macro_count)
            return plain_other(state, i);
    }
    asm_statement(state, 0, end);
    asm_end_statement(state);
    return false;
}

/* asm_plain_lines in frame, the top one: a parameter, which the compiler
 * keeps in a register rather than work out again from the frame count. */
static __attribute__((noinline)) void plain_lines_in(asm_state *state, asm_frame *frame)
{
    size_t frames = state->frame_count;
    const char *text = frame->text;
    size_t length = frame->length;
    stop_bitmap bitmap = {0, 0};
    state->plain_end = text + length;
    /* A statement may read lines ahead (a .macro body), open a comment,
     * push a frame, end the source or fail: seen here before the next
     * (after an instruction or a label, only a failure). */
    bool quick = false;
    while (!state->errors &&
           (quick || (!state->ended && state->frame_count == frames && !frame->block_comment))) {
        size_t position = frame->position;
        const char *start = text + position;
        size_t whole = next_stop(&bitmap, text, length, position) - position, n;
        if (position + whole >= length) { /* the end of the text, or of a file's window */
            if (more_in_file(frame)) {
                if (!asm_refill(state, frame))
                    return; /* a line longer than the window: asm_next_line takes it */
                length = frame->length;
                state->plain_end = text + length;
                bitmap.stops = 0;
                continue;
            }
            if (position >= length)
                return;
        } else if (start[whole] != '\n') {
            return;
        }
        if (!single_line_length(state, start, whole, &n))
            return;
        if (!quick) { /* the same for the lines after an instruction or a label */
            state->location.file = frame->file;
            state->location.context = frame->context;
            state->plain = true;
        }
        state->location.line = frame->line;
        take_line(state, frame, start, whole, n);
        state->clean_text = start;
        state->clean_length = n;
        quick = plain_statement(state);
    }
}

void asm_plain_lines(asm_state *state)
{
    size_t frames = state->frame_count;
    if (frames != 0 && state->frames[frames - 1].kind == FRAME_FILE)
        plain_lines_in(state, &state->frames[frames - 1]);
}
