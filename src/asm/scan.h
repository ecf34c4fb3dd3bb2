/* Text scanned sixteen characters at a time (GNU C vectors), for the
 * assembler's hot loops over lines and words. */
#ifndef GCN_ASM_SCAN_H
#define GCN_ASM_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* A comparison of a block gives 0xff in each byte that matches. */
typedef uint8_t asm_block __attribute__((vector_size(16)));

static inline asm_block asm_load_block(const char *text)
{
    asm_block b;
    memcpy(&b, text, sizeof b);
    return b;
}

/* One bit per byte of a comparison's result, in memory order. */
static inline unsigned asm_block_bits(asm_block matches)
{
#ifdef __SSE2__
    return (unsigned)_mm_movemask_epi8((__m128i)matches);
#else
    unsigned bits = 0;
    for (unsigned i = 0; i < 16; i++)
        bits |= (unsigned)(matches[i] & 1) << i;
    return bits;
#endif
}

/* What ends a statement's first word: a blank (or control character), ':'
 * or '='. A statement whose first word ends elsewhere defines no label
 * nor symbol. */
static inline bool asm_is_word_end(uint8_t c)
{
    return c <= ' ' || c == ':' || c == '=';
}

/* The length of the word at text (see asm_is_word_end). */
static inline size_t asm_word_length(const char *text, size_t length)
{
    size_t i = 0;
    for (; i + 16 <= length; i += 16) {
        asm_block b = asm_load_block(text + i);
        unsigned ends = asm_block_bits((b <= ' ') | (b == ':') | (b == '='));
        if (ends)
            return i + (size_t)__builtin_ctz(ends);
    }
    while (i < length && !asm_is_word_end((uint8_t)text[i]))
        i++;
    return i;
}

#endif
