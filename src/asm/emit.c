/* Bytes into the current section: the output of .text grown as needed,
 * fills, and where each statement's bytes end. */
#include <string.h>

#include "asm/internal.h"

static bool grow_output(gcn_output *output, size_t more)
{
    if (output->length + more <= output->capacity)
        return true;
    size_t capacity = output->capacity ? output->capacity : 65536;
    while (capacity < output->length + more)
        capacity *= 2;
    if (capacity > ASM_MAX_SECTION_SIZE && output->length + more <= ASM_MAX_SECTION_SIZE)
        capacity = ASM_MAX_SECTION_SIZE; /* what a section may hold */
    uint8_t *bytes = asm_grow(output->bytes, output->length, capacity);
    if (!bytes)
        return false;
    output->bytes = bytes;
    output->capacity = capacity;
    return true;
}

static bool room(asm_state *state, uint64_t length, unsigned column)
{
    asm_section *section = &state->sections[state->section];
    if (length > ASM_MAX_SECTION_SIZE || section->size + length > ASM_MAX_SECTION_SIZE) {
        asm_report(state, true, column, "section '%s' would grow past %llu bytes",
                   state->names.data + section->name, (unsigned long long)ASM_MAX_SECTION_SIZE);
        return false;
    }
    if (state->section == SECTION_TEXT && !grow_output(state->output, (size_t)length)) {
        asm_report(state, true, column, "out of memory");
        return false;
    }
    return true;
}

bool asm_emit(asm_state *state, const void *bytes, size_t length, unsigned column)
{
    if (state->mode == MODE_FIXUP) {
        if (state->section == SECTION_TEXT)
            memcpy(state->output->bytes + state->fixup_position, bytes, length);
        else
            asm_object_patch(state, state->fixup_position, bytes, length);
        state->fixup_position += length;
        return true;
    }
    gcn_output *output = state->output;
    asm_section *section = &state->sections[state->section];
    /* Most statements: code that fits in the output as it is. */
    bool fits = state->section == SECTION_TEXT && output->length + length <= output->capacity &&
                section->size + length <= ASM_MAX_SECTION_SIZE;
    if (!fits && !room(state, length, column))
        return false;
    if (state->section == SECTION_TEXT) {
        memcpy(output->bytes + output->length, bytes, length);
        output->length += length;
    } else if (!asm_object_append(state, bytes, length, column)) {
        return false;
    }
    section->size += length;
    return true;
}

bool asm_emit_words_slowly(asm_state *state, const uint32_t *words, size_t count, unsigned column)
{
    if (state->mode == MODE_FIXUP && state->section == SECTION_TEXT) { /* a fixup's words, in place */
        for (size_t i = 0; i < count; i++)
            asm_store_word(state->output->bytes + state->fixup_position + 4 * i, words[i]);
        state->fixup_position += 4 * count;
        return true;
    }
    uint8_t bytes[4 * GCN_MAX_WORDS];
    for (size_t i = 0; i < count; i++)
        asm_store_word(bytes + 4 * i, words[i]);
    return asm_emit(state, bytes, count * 4, column);
}

bool asm_emit_fill(asm_state *state, uint64_t count, const void *pattern, size_t width, unsigned column)
{
    if (count == 0)
        return true;
    if (!room(state, count, column))
        return false;
    if (state->section == SECTION_TEXT) {
        uint8_t *out = state->output->bytes + state->output->length;
        const uint8_t *p = pattern;
        if (width == 1)
            memset(out, p[0], (size_t)count);
        else
            for (uint64_t i = 0; i < count; i++)
                out[i] = p[i % width];
        state->output->length += (size_t)count;
    } else if (!asm_object_append_fill(state, count, pattern, width, column)) {
        return false;
    }
    state->sections[state->section].size += count;
    return true;
}

void asm_record_statement_end(asm_state *state)
{
    gcn_output *output = state->output;
    if (state->section != SECTION_TEXT || state->mode == MODE_FIXUP)
        return;
    size_t last = output->statement_count ? output->statement_ends[output->statement_count - 1] : 0;
    if (output->length == last)
        return;
    if (output->statement_count == output->statement_capacity) {
        size_t capacity = output->statement_capacity ? output->statement_capacity * 2 : 4096;
        uint32_t *ends = asm_grow(output->statement_ends, output->statement_count * sizeof *ends,
                                  capacity * sizeof *ends);
        if (!ends)
            return;
        output->statement_ends = ends;
        output->statement_capacity = capacity;
    }
    output->statement_ends[output->statement_count++] = (uint32_t)output->length;
}
