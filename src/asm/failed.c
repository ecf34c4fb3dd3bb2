/* A line with an error gives no bytes. Most failing statements emit
 * nothing; a fixup (a statement parsed again at the end of the pass, when
 * a later symbol is known) has already placed its bytes, so its range is
 * noted here and cut out of the output when the assembly ends. */
#include <stdlib.h>

#include "asm/internal.h"

void asm_fixup_failed(asm_state *state, uint64_t address, uint64_t size)
{
    if (state->failed_count && state->failed[state->failed_count - 1].address == address)
        return; /* a second error on the same statement */
    if (state->failed_count == state->failed_capacity) {
        size_t capacity = state->failed_capacity ? state->failed_capacity * 2 : 16;
        struct asm_failed_range *grown =
            asm_grow(state->failed, state->failed_count * sizeof *grown, capacity * sizeof *grown);
        if (!grown)
            return; /* out of memory: the assembly already failed; its bytes stay */
        state->failed = grown;
        state->failed_capacity = capacity;
    }
    state->failed[state->failed_count++] = (struct asm_failed_range){address, size};
}

static int by_address(const void *a, const void *b)
{
    const struct asm_failed_range *x = a, *y = b;
    return x->address < y->address ? -1 : x->address > y->address;
}

void asm_drop_failed(asm_state *state)
{
    gcn_output *output = state->output;
    if (!state->failed_count)
        return;
    qsort(state->failed, state->failed_count, sizeof *state->failed, by_address);
    /* The bytes outside the ranges, moved down in place; each statement
     * end moved down by the bytes cut before it, and a statement left
     * empty dropped. */
    size_t read = 0, write = 0, range = 0, statement = 0, kept = 0;
    uint8_t *bytes = output->bytes;
    for (;;) {
        size_t cut = range < state->failed_count ? (size_t)state->failed[range].address : output->length;
        if (cut > output->length)
            cut = output->length;
        for (; statement < output->statement_count && output->statement_ends[statement] <= cut; statement++) {
            uint32_t end = (uint32_t)(output->statement_ends[statement] - (read - write));
            if (end > (kept ? output->statement_ends[kept - 1] : 0))
                output->statement_ends[kept++] = end;
        }
        if (cut > read) {
            memmove(bytes + write, bytes + read, cut - read);
            write += cut - read;
            read = cut;
        }
        if (range == state->failed_count)
            break;
        size_t after = (size_t)(state->failed[range].address + state->failed[range].size);
        if (after > output->length)
            after = output->length;
        if (after > read)
            read = after;
        range++;
        /* statement ends inside the cut range are dropped with it */
        while (statement < output->statement_count && output->statement_ends[statement] <= read)
            statement++;
    }
    output->length = write;
    output->statement_count = kept;
}
