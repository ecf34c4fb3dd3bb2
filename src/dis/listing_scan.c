/* The clrx listing's first walk: the branch targets, which the second
 * walk (disassembler.c) labels. It cuts the input where the printing walk
 * does (clrx_words), decoding only what it must. */
#include "dis/listing.h"

#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"

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

/* A step of the scan: the bytes the word takes (4 or 8) where that needs
 * no decoding, whether it is a SOPP branch (its target in word 0's low 16
 * bits); or decode (a scalar ALU word only if a source is the literal). */
enum { STEP_BYTES = 15, STEP_BRANCH = 16, STEP_DECODE = 32, STEP_ALU = 64 };

/* Whether the scan's literal test (a source code of 255 in bits 0-7 or
 * 8-15 of word 0, tested per word as constants) sees every scalar source
 * of a family's encoding on the generation; where the encoding tables put
 * one elsewhere, the family's words are decoded instead. Checked once per
 * listing, so that the constants cannot drift from the tables. */
static bool literal_test_covers(gcn_arch arch, unsigned family)
{
    for (unsigned shape = 0; shape < GCN_SHAPE_COUNT; shape++) {
        const gcn_profile *profile = &gcn_profiles[shape];
        if (gcn_encodings[profile->encoding].family != family)
            continue;
        for (unsigned i = 0; i < profile->operand_count; i++) {
            const gcn_operand_profile *operand = &profile->operands[i];
            if (operand->syntax != GCN_SYNTAX_SSRC && operand->syntax != GCN_SYNTAX_SSRC_REGISTER &&
                operand->syntax != GCN_SYNTAX_SSRC_INLINE)
                continue;
            const gcn_field_place *place = &gcn_field_places[profile->encoding][arch][operand->field];
            if (operand->field == GCN_FIELD_LITERAL || place->word != 0 || place->mask != 0xff ||
                (place->first != 0 && place->first != 8))
                return false;
        }
    }
    return true;
}

/* The steps of the arch's families, by the bits of word 0 from the
 * lowest of its opcode's to its highest (FLAT's segment below its opcode
 * on GCN 1.4: the bits between are filled for every value): what the
 * scan's switch on the family did, made once. */
static void make_steps(gcn_listing *l)
{
    gcn_arch arch = l->options.arch;
    bool exact = l->options.exact;
    static const gcn_encoding read[GCN_FAMILY_COUNT] = {
        [GCN_FAMILY_SOPP] = GCN_ENCODING_SOPP, [GCN_FAMILY_SMEM] = GCN_ENCODING_SMEM,
        [GCN_FAMILY_MUBUF] = GCN_ENCODING_MUBUF, [GCN_FAMILY_FLAT] = GCN_ENCODING_FLAT};
    unsigned base = 0;
    for (unsigned family = 0; family < GCN_FAMILY_COUNT; family++) {
        struct scan_family *f = &l->scan_families[family];
        uint8_t *steps = l->scan_steps + base;
        *f = (struct scan_family){0, (uint16_t)base, 0};
        base++; /* a family of one step (mask 0) */
        bool decodes = family == GCN_FAMILY_SOPK || (family == GCN_FAMILY_SMEM && arch < GCN_ARCH_GCN12) ||
                       (exact && family != GCN_FAMILY_SOPP && read[family]);
        if (family == GCN_FAMILY_NONE) {
            steps[0] = 4;
            continue;
        }
        if (decodes) {
            steps[0] = STEP_DECODE;
            continue;
        }
        if (!read[family]) { /* SOP2, SOP1, SOPC: one word but for a literal */
            steps[0] = literal_test_covers(arch, family) ? STEP_ALU | 4 : STEP_DECODE;
            continue;
        }
        gcn_opcode_reader reader = gcn_opcode_reader_of(arch, read[family]);
        uint32_t bits = reader.mask << reader.first | reader.high_mask << reader.high_first;
        unsigned low = bits ? (unsigned)__builtin_ctz(bits) : 0, count = (bits >> low) + 1;
        /* (no family of the generation, or one too wide: decoded, to be safe) */
        if (!reader.slots || !bits || base - 1 + count > SCAN_STEPS) {
            steps[0] = STEP_DECODE;
            continue;
        }
        f->mask = count - 1;
        f->shift = (uint8_t)low;
        base += count - 1;
        for (unsigned i = 0; i < count; i++) {
            uint16_t row = gcn_row_of_word(&reader, (uint32_t)i << low);
            if (family == GCN_FAMILY_SOPP) /* one word; a branch by its row's shape */
                steps[i] = row != GCN_ROW_NONE && gcn_rows[row].shape == GCN_SHAPE_SOPP_BRANCH
                               ? STEP_BRANCH | 4 : 4;
            else /* two words, one for an illegal opcode (clrx_words) */
                steps[i] = row != GCN_ROW_NONE ? 8 : 4;
        }
    }
    l->scan_ready = true;
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
    if (stop && !l->scan_ready)
        make_steps(l);
    /* in locals: the stores to targets could be to *l for the compiler */
    gcn_arch arch = l->options.arch;
    const struct scan_family *families = l->scan_families;
    const uint8_t *steps = l->scan_steps;
    uint64_t *targets = l->targets, offset = l->offset;
    size_t count = l->target_count, capacity = l->target_capacity;
    while (at < stop) {
        const uint8_t *here = bytes + at;
        uint32_t word = word_at(here);
        /* the step by the family and opcode, with no branch on them: a
         * random mix of families would mispredict a switch */
        const struct scan_family *f = &families[gcn_family_of_word(arch, word)];
        unsigned step = steps[f->base + ((word >> f->shift) & f->mask)];
        unsigned literal = ((word & 0xff) == GCN_SCALAR_LITERAL) | ((word >> 8 & 0xff) == GCN_SCALAR_LITERAL);
        if (__builtin_expect(step & (STEP_DECODE | literal * STEP_ALU), 0)) {
            uint32_t words[GCN_MAX_WORDS] = {word, word_at(here + 4), word_at(here + 8)};
            gcn_instruction instruction;
            if (gcn_decode_checked(arch, words, GCN_MAX_WORDS, &instruction) != GCN_OK) {
                at += 4;
                continue;
            }
            l->target_count = count;
            if (is_branch(&instruction) && !add_target(l, branch_target(offset + at, &instruction)))
                return false;
            targets = l->targets, count = l->target_count, capacity = l->target_capacity;
            /* as the printing walks: a literal that --exact prints as data
             * is not taken along */
            at += clrx_words(l, &instruction, offset + at) * 4;
            continue;
        }
        /* SOPP's target stored on every line, kept at a branch */
        if (__builtin_expect(count == capacity, 0)) {
            l->target_count = count;
            if (!grow_targets(l))
                return false;
            targets = l->targets, capacity = l->target_capacity;
        }
        targets[count] = gcn_branch_target(offset + at, (uint16_t)word);
        count += (step & STEP_BRANCH) != 0;
        at += step & STEP_BYTES;
    }
    l->target_count = count;
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
