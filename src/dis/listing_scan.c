/* The clrx listing's first walk: the branch targets, which the second
 * walk (disassembler.c) labels. It cuts the input where the printing walk
 * does (clrx_words), decoding only what it must. */
#include "dis/listing.h"

#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"

/* The bytes clrx_words takes at MUBUF, FLAT or SMRD words (three there). */
static size_t clrx_words_decoding(const gcn_listing *l, const uint32_t *words, uint64_t offset)
{
    gcn_instruction instruction;
    return gcn_decode_checked(l->options.arch, words, GCN_MAX_WORDS, &instruction) == GCN_OK
               ? clrx_words(l, &instruction, offset) * 4
               : 4;
}

/* Sorts the targets: a radix sort, 11 bits at a time from the lowest set
 * in any target (offsets are words: bit 2), over the bits the largest
 * has: two passes for a code of up to 16 MB (qsort's calls to a comparison
 * cost more than the rest of the scan). False when memory runs out. */
enum { DIGIT_BITS = 11, DIGITS = 1 << DIGIT_BITS };
static bool sort_targets(gcn_listing *l)
{
    size_t count = l->target_count;
    uint64_t largest = 0, any = 0;
    for (size_t i = 0; i < count; i++) {
        largest = l->targets[i] > largest ? l->targets[i] : largest;
        any |= l->targets[i];
    }
    uint64_t *from = l->targets, *to = malloc(count * sizeof *to);
    size_t *starts = malloc(DIGITS * sizeof *starts);
    if (!to || !starts) {
        free(to);
        free(starts);
        return false;
    }
    for (unsigned shift = any ? (unsigned)__builtin_ctzll(any) : 64; shift < 64 && largest >> shift;
         shift += DIGIT_BITS) {
        memset(starts, 0, DIGITS * sizeof *starts);
        for (size_t i = 0; i < count; i++)
            starts[from[i] >> shift & (DIGITS - 1)]++;
        for (size_t digit = 0, start = 0; digit < DIGITS; digit++) {
            size_t here = starts[digit];
            starts[digit] = start;
            start += here;
        }
        for (size_t i = 0; i < count; i++)
            to[starts[from[i] >> shift & (DIGITS - 1)]++] = from[i];
        uint64_t *sorted = to;
        to = from;
        from = sorted;
    }
    if (from != l->targets) {
        memcpy(l->targets, from, count * sizeof *from);
        to = from;
    }
    free(to);
    free(starts);
    return true;
}

/* Room for more targets, out of line: the scan's loop only stores. */
static __attribute__((noinline)) bool grow_targets(gcn_listing *l)
{
    size_t capacity = l->target_capacity ? l->target_capacity * 2 : 64;
    uint64_t *grown = realloc(l->targets, capacity * sizeof *grown);
    if (!grown)
        return false;
    l->targets = grown;
    l->target_capacity = capacity;
    return true;
}

static inline bool add_target(gcn_listing *l, uint64_t target)
{
    if (l->target_count == l->target_capacity && !grow_targets(l))
        return false;
    l->targets[l->target_count++] = target;
    return true;
}

static inline bool is_branch(const gcn_instruction *instruction)
{
    uint16_t simm16;
    return gcn_branch_offset(instruction, &simm16);
}

static inline uint64_t branch_target(uint64_t offset, const gcn_instruction *instruction)
{
    uint16_t simm16 = 0;
    gcn_branch_offset(instruction, &simm16);
    return gcn_branch_target(offset, simm16);
}

bool gcn_listing_scan(gcn_listing *l, const uint8_t *bytes, size_t length, bool last, size_t *used)
{
    *used = length;
    if (!gcn_listing_needs_scan(l) || l->printing)
        return true;
    size_t end = walk_end(length, last), whole = length - length % 4, at = 0;
    /* Decoding is enough (clrx_words), and a branch always reads back.
     * First the usual instructions, three whole words ahead, with no test
     * of what is left. */
    size_t stop = whole > GCN_MAX_WORDS * 4 ? whole - GCN_MAX_WORDS * 4 + 1 : 0;
    if (stop > end || !l->decodes)
        stop = 0;
    gcn_arch arch = l->options.arch;
    bool exact = l->options.exact;
    /* The loop runs only where the arch is valid (stop). */
    const gcn_opcode_slot *mubuf_slots = stop ? gcn_opcode_slots[GCN_FAMILY_MUBUF][arch] : NULL;
    const gcn_opcode_slot *sopp_slots = stop ? gcn_opcode_slots[GCN_FAMILY_SOPP][arch] : NULL;
    gcn_opcode_reader flat = stop ? gcn_opcode_reader_of(arch, GCN_ENCODING_FLAT) : (gcn_opcode_reader){0};
    const gcn_opcode_slot *smem_slots =
        stop && arch >= GCN_ARCH_GCN12 ? gcn_opcode_slots[GCN_FAMILY_SMEM][arch] : NULL;
    while (at < stop) {
        const uint8_t *here = bytes + at;
        uint32_t words[GCN_MAX_WORDS] = {word_at(here), word_at(here + 4), word_at(here + 8)};
        gcn_instruction instruction;
        switch (gcn_family_of_word(arch, words[0])) {
        case GCN_FAMILY_SOPP: { /* one word; a branch by its row's shape */
            uint16_t row = sopp_slots[gcn_sopp_opcode(words[0])].row;
            if (row && gcn_rows[row - 1].shape == GCN_SHAPE_SOPP_BRANCH &&
                !add_target(l, gcn_branch_target(l->offset + at, (uint16_t)words[0])))
                return false;
            at += 4;
            break;
        }
        case GCN_FAMILY_SMEM:
            if (smem_slots && !exact) /* GCN 1.2 on: two words, one for an illegal opcode */
                at += smem_slots[gcn_smem_opcode(words[0])].row ? 8 : 4;
            else /* SMRD: one word or two (a literal) */
                at += clrx_words_decoding(l, words, l->offset + at);
            break;
        case GCN_FAMILY_MUBUF: /* two words, but see clrx_words */
            if (exact)
                at += clrx_words_decoding(l, words, l->offset + at);
            else /* clrx_words without decoding: one word for an illegal opcode */
                at += mubuf_slots[gcn_mubuf_opcode(words[0])].row ? 8 : 4;
            break;
        case GCN_FAMILY_FLAT:
            if (exact)
                at += clrx_words_decoding(l, words, l->offset + at);
            else
                at += gcn_row_of_word(&flat, words[0]) != GCN_ROW_NONE ? 8 : 4;
            break;
        case GCN_FAMILY_NONE:
            at += 4;
            break;
        case GCN_FAMILY_SOP2:
        case GCN_FAMILY_SOP1:
        case GCN_FAMILY_SOPC:
            /* No branch, and one word unless a source (bits 0-7, 8-15; SOP1's
             * opcode there taken as one too, to be safe) is the literal: one
             * word decoded or not is one word in every mode. */
            if ((words[0] & 0xff) != GCN_SCALAR_LITERAL &&
                (words[0] >> 8 & 0xff) != GCN_SCALAR_LITERAL) {
                at += 4;
                break;
            }
            /* fall through */
        default: /* the generic codec's families: a literal, a branch */
            if (gcn_decode_checked(arch, words, GCN_MAX_WORDS, &instruction) != GCN_OK) {
                at += 4;
                break;
            }
            if (is_branch(&instruction) &&
                !add_target(l, branch_target(l->offset + at, &instruction)))
                return false;
            /* as the printing walks: a literal that --exact prints as data
             * is not taken along */
            at += clrx_words(l, &instruction, l->offset + at) * 4;
            break;
        }
    }
    while (at < end) {
        uint32_t words[GCN_MAX_WORDS];
        gcn_instruction instruction;
        bool decoded;
        size_t size = decode_at(l, bytes + at, (whole - at) / 4, words, &instruction, &decoded);
        if (decoded && is_branch(&instruction) &&
            !add_target(l, branch_target(l->offset + at, &instruction)))
            return false;
        if (decoded)
            size = clrx_words(l, &instruction, l->offset + at);
        at += size * 4;
    }
    if (!last) {
        l->offset += at;
        *used = at;
        return true;
    }
    if (l->target_count > 1 && !sort_targets(l))
        return false;
    size_t unique = 0;
    for (size_t i = 0; i < l->target_count; i++)
        if (unique == 0 || l->targets[unique - 1] != l->targets[i])
            l->targets[unique++] = l->targets[i];
    l->target_count = unique;
    l->printing = true;
    l->offset = 0;
    return true;
}
