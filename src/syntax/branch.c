/* Branch targets (SOPP's branches, s_cbranch_i_fork, s_call_b64): SIMM16
 * is a word offset from the next instruction. CLRX writes the target as a
 * label (.L<address>_0) and reads any target address; llvm-mc writes the
 * raw offset and reads a label as a target, a number as the raw offset. */
#include "syntax/generic.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The field of a branch to v (in section; 0: an absolute number), the
 * operand at start. */
static inline bool branch_value(gcn_cursor *cursor, const char *start, int64_t v, unsigned section,
                                uint32_t *value)
{
    const gcn_parse_options *options = cursor->options;
    /* An absolute number in LLVM is the raw word offset, as llvm-mc takes it. */
    if (options->dialect == GCN_DIALECT_LLVM && section == 0) {
        if (v < -32768 || v > 65535)
            return gcn_fail(cursor, start, "branch offset %lld does not fit in 16 bits", (long long)v);
        *value = (unsigned)v & 0xffff;
        return true;
    }
    /* A label (or, in CLRX, any number) is the target address. */
    const gcn_section_lookup *lookup = gcn_section_lookup_of(options);
    if (section != 0 && section != (lookup ? lookup->section : 0))
        return gcn_fail(cursor, start, "branch target is in another section");
    int64_t words = 0;
    switch (gcn_branch_distance(options->address, v, &words)) {
    case GCN_BRANCH_MISALIGNED:
        return gcn_fail(cursor, start, "branch target is not a multiple of 4 bytes");
    case GCN_BRANCH_OUT_OF_RANGE:
        return gcn_fail(cursor, start, "branch target out of range (%lld words away)",
                        (long long)words);
    case GCN_BRANCH_FITS:
        break;
    }
    *value = (unsigned)words & 0xffff;
    return true;
}

/* Whether every byte from at to end (at < end) is an identifier
 * character: a label that ends the statement. With SSE2, the statement's
 * last 16 bytes are classified at once. */
static inline bool identifier_to_end(const char *text, const char *at, const char *end)
{
#if defined(__SSE2__)
    if (end - text >= 16 && end - at <= 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(const void *)(end - 16));
        __m128i letter = _mm_sub_epi8(_mm_or_si128(bytes, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
        __m128i digit = _mm_sub_epi8(bytes, _mm_set1_epi8('0'));
        __m128i identifier = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(letter, _mm_set1_epi8(25)), letter),
                         _mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8(9)), digit)),
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('_')),
                                      _mm_cmpeq_epi8(bytes, _mm_set1_epi8('.'))),
                         _mm_cmpeq_epi8(bytes, _mm_set1_epi8('$'))));
        unsigned other = ~(unsigned)_mm_movemask_epi8(identifier) & 0xffff;
        return (other >> (16 - (end - at))) == 0;
    }
#endif
    (void)text;
    for (const char *p = at; p < end; p++)
        if (!gcn_is_identifier_char(*p))
            return false;
    return true;
}

/* The usual branch operand first: a label alone up to the end of the
 * statement, read once and given to the section lookup, as
 * gcn_parse_address would (the same lookup, the same error); else the
 * general expression. */
bool gcn_parse_branch(gcn_cursor *cursor, uint32_t *value)
{
    const char *at = cursor->pos, *end = cursor->end;
    while (at < end && (gcn_character_class[(unsigned char)*at] & GCN_CHAR_SPACE))
        at++;
    const gcn_section_lookup *lookup = gcn_section_lookup_of(cursor->options);
    if (at < end &&
        (gcn_character_class[(unsigned char)*at] & (GCN_CHAR_IDENTIFIER | GCN_CHAR_DIGIT)) ==
            GCN_CHAR_IDENTIFIER &&
        !(*at == '.' && end - at == 1) && lookup && lookup->lookup &&
        identifier_to_end(cursor->text, at, end)) {
        int64_t v;
        unsigned section = 0;
        /* Past the call only the cursor and at: the name ends the statement. */
        if (!lookup->lookup(lookup->context, at, (size_t)(end - at), &v, &section))
            return gcn_fail(cursor, at, "undefined symbol '%.*s'", (int)(cursor->end - at), at);
        cursor->pos = cursor->end;
        return branch_value(cursor, at, v, section, value);
    }
    cursor->pos = at; /* past the space */
    int64_t v;
    unsigned section;
    return gcn_parse_address(cursor, &v, &section) && branch_value(cursor, at, v, section, value);
}
