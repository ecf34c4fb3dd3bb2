/* Fixups: statements that used a symbol defined later, kept (with their
 * line) as the pass goes and assembled again at its end, when every label
 * is known; a branch to a label alone is patched without a parse. */
#include <stdlib.h>
#include <string.h>

#include "asm/internal.h"
#include "codec/codec.h"

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

/* A PENDING_BRANCH fixup: its word with the label's offset, as a parse of
 * its line would make it; false, doing nothing but the label's lookup,
 * where that parse has more to say (an undefined label, another section,
 * out of range: its diagnostics). */
static bool branch_fixup(asm_state *state, const asm_pending *p, uint64_t hashed)
{
    int64_t value;
    unsigned section;
    state->undefined_name = NULL;
    const char *name = state->statement_line + p->branch.target_start;
    bool found = hashed ? asm_lookup_hashed(state, name, p->branch.target_length, (uint32_t)hashed, &value,
                                            &section)
                        : asm_lookup(state, name, p->branch.target_length, &value, &section);
    if (!found || section != state->fixup_run->section)
        return false;
    int64_t distance;
    if (gcn_branch_distance(p->address, value, &distance) != GCN_BRANCH_FITS)
        return false;
    uint32_t words[GCN_MAX_WORDS] = {p->branch.word};
    gcn_set_branch_offset((gcn_arch)state->fixup_run->arch, words, (uint16_t)distance);
    asm_emit_words(state, words, 1, (unsigned)p->statement_start + 1);
    return true;
}

/* Fixups: a branch's label slot is asked into the cache this far ahead,
 * its record half as far; the label's hash, made for the first, is kept
 * for the others and the lookup (HASH_RING of them, over twice as many). */
enum { FIXUP_PREFETCH_AHEAD = 16, HASH_RING = 32 };

/* The hash of fixup k's label, with bit 32 set; 0 if it is no branch's
 * label (or a local label's, which the lookup names otherwise). */
static uint64_t branch_label_hash(const asm_state *state, size_t k)
{
    if (k >= state->pending_count)
        return 0;
    const asm_pending *p = &state->pending[k];
    if (p->kind != PENDING_BRANCH)
        return 0;
    const char *name = state->pending_text.data + p->text + p->branch.target_start;
    if (name[0] >= '0' && name[0] <= '9')
        return 0;
    return (uint64_t)1 << 32 | asm_symbol_hash(name, p->branch.target_length);
}

void asm_run_fixups(asm_state *state)
{
    size_t run = 0;
    uint64_t hashes[HASH_RING] = {0};
    for (size_t k = 0; k < state->pending_count && !state->needs_pass && !asm_too_many_errors(state); k++) {
        uint64_t ahead = branch_label_hash(state, k + FIXUP_PREFETCH_AHEAD);
        hashes[(k + FIXUP_PREFETCH_AHEAD) % HASH_RING] = ahead;
        if (ahead)
            asm_symbol_prefetch(state, (uint32_t)ahead, false);
        uint64_t half = hashes[(k + FIXUP_PREFETCH_AHEAD / 2) % HASH_RING];
        if (half)
            asm_symbol_prefetch(state, (uint32_t)half, true);
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
        } else if (p->kind == PENDING_INSTRUCTION || !branch_fixup(state, p, hashes[k % HASH_RING])) {
            asm_instruction(state, p->statement_start, p->statement_end);
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

void asm_check_guesses(asm_state *state)
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
