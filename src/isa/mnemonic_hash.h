/* The mnemonic hash, shared by the lookup (rows.c, parse.c) and the
 * generator of its tables (src/isa/generate/mnemonic_slots.c): a name as
 * four 8-byte words, zero past its end, hashed and compared whole. */
#ifndef GCN_MNEMONIC_HASH_H
#define GCN_MNEMONIC_HASH_H

#include <string.h>

#include "isa/isa.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Slots of the open-addressing table: a third full at most. */
#define GCN_MNEMONIC_SLOT_BITS 11
#define GCN_MNEMONIC_SLOTS (1u << GCN_MNEMONIC_SLOT_BITS)
/* No mnemonic is longer (the generator checks): four words. */
#define GCN_MNEMONIC_MAX_LENGTH 32
#define GCN_MNEMONIC_WORDS 4

/* Generated (rows.c): the row of each slot (GCN_ROW_NONE: empty), and each
 * row's name as words. */
extern const uint16_t gcn_mnemonic_slots[GCN_MNEMONIC_SLOTS];
extern const uint64_t gcn_mnemonic_words[][GCN_MNEMONIC_WORDS];
/* 32 bytes 0xff, then 32 bytes 0: 32 bytes from 32 - n keep the first n. */
extern const unsigned char gcn_mnemonic_keep[64];

/* Eight bytes as a little-endian number on any host, so that the
 * checked-in tables hold everywhere. */
static inline uint64_t gcn_load8(const char *p)
{
    uint64_t value;
    memcpy(&value, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    value = __builtin_bswap64(value);
#endif
    return value;
}

/* A name of at most GCN_MNEMONIC_MAX_LENGTH bytes as words. */
static inline void gcn_mnemonic_words_of(const char *name, size_t length,
                                         uint64_t words[GCN_MNEMONIC_WORDS])
{
    char bytes[GCN_MNEMONIC_MAX_LENGTH] = {0};
    memcpy(bytes, name, length);
    for (size_t i = 0; i < GCN_MNEMONIC_WORDS; i++)
        words[i] = gcn_load8(bytes + 8 * i);
}

/* The hash of a name from its words folded in two: words 0 ^ 2 and 1 ^ 3. */
static inline unsigned gcn_mnemonic_hash_folded(uint64_t even, uint64_t odd)
{
    uint64_t mixed = (even * 0x9e3779b97f4a7c15u + odd) * 0xff51afd7ed558ccdu;
    return (unsigned)(mixed >> (64 - GCN_MNEMONIC_SLOT_BITS));
}

static inline unsigned gcn_mnemonic_hash(const uint64_t words[GCN_MNEMONIC_WORDS])
{
    return gcn_mnemonic_hash_folded(words[0] ^ words[2], words[1] ^ words[3]);
}

#if defined(__SSE2__) && defined(__x86_64__)
/* The row named by the 32 bytes low, high whose first length bytes are
 * the name (the rest is cleared here), or GCN_ROW_NONE. */
static inline __attribute__((always_inline)) uint16_t gcn_mnemonic_row_of_halves(__m128i low, __m128i high,
                                                                              unsigned length)
{
    const unsigned char *keep = gcn_mnemonic_keep + 32 - length;
    low = _mm_and_si128(low, _mm_loadu_si128((const __m128i *)(const void *)keep));
    high = _mm_and_si128(high, _mm_loadu_si128((const __m128i *)(const void *)(keep + 16)));
    __m128i folded = _mm_xor_si128(low, high);
    unsigned slot = gcn_mnemonic_hash_folded(
        (uint64_t)_mm_cvtsi128_si64(folded),
        (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(folded, folded)));
    for (;; slot = (slot + 1) % GCN_MNEMONIC_SLOTS) {
        uint16_t row = gcn_mnemonic_slots[slot];
        if (row == GCN_ROW_NONE)
            return row;
        const __m128i *name = (const __m128i *)(const void *)gcn_mnemonic_words[row];
        __m128i same = _mm_and_si128(_mm_cmpeq_epi8(low, _mm_loadu_si128(name)),
                                     _mm_cmpeq_epi8(high, _mm_loadu_si128(name + 1)));
        if (_mm_movemask_epi8(same) == 0xffff)
            return row;
    }
}
#endif

/* gcn_mnemonic_lookup past its inline case (rows.c). */
uint16_t gcn_mnemonic_lookup_other(const char *text, size_t rest);

/* gcn_mnemonic_lookup's usual case, the row in *row: 16 or 32 bytes at
 * once, kept in registers, a space in them. False where it takes
 * gcn_mnemonic_lookup_other (shorter texts, longer names, other hosts). */
static inline __attribute__((always_inline)) bool gcn_mnemonic_lookup_usual(const char *text, size_t rest,
                                                                         uint16_t *row)
{
#if defined(__SSE2__) && defined(__x86_64__)
    if (rest >= 16) {
        __m128i spaces = _mm_set1_epi8(' ');
        __m128i low = _mm_loadu_si128((const __m128i *)(const void *)text), high = _mm_setzero_si128();
        unsigned found = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(low, spaces));
        if (rest >= 32) {
            high = _mm_loadu_si128((const __m128i *)(const void *)(text + 16));
            found |= (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(high, spaces)) << 16;
            if (!found) {
                *row = GCN_ROW_NONE;
                return true;
            }
        }
        if (found) {
            *row = gcn_mnemonic_row_of_halves(low, high, (unsigned)__builtin_ctz(found));
            return true;
        }
    }
#endif
    (void)text;
    (void)rest;
    (void)row;
    return false;
}

/* The row named by the statement's mnemonic at text (rest bytes, up to
 * the first space or the end), or GCN_ROW_NONE, also where it is longer
 * than any name (the caller then reads it the long way). A name followed
 * by NUL bytes matches too: the caller takes the row's length. */
static inline __attribute__((always_inline)) uint16_t gcn_mnemonic_lookup(const char *text, size_t rest)
{
    uint16_t row;
    return gcn_mnemonic_lookup_usual(text, rest, &row) ? row : gcn_mnemonic_lookup_other(text, rest);
}

#endif
