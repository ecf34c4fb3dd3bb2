/* The listing's state, and what its two walks (disassembler.c prints,
 * listing_scan.c collects the branch targets first) share: how they read
 * words and cut the input into instructions, the same in both. Private to
 * src/dis. */
#ifndef GCN_DIS_LISTING_H
#define GCN_DIS_LISTING_H

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "codec/codec.h"
#include "dis/disassembler.h"
#include "syntax/syntax.h"

enum {
    TEXT_SIZE = 320,       /* an instruction's text; longer text prints as data */
    BLOCK_TAIL = GCN_MAX_WORDS * 4, /* bytes an instruction may need */
    SCAN_STEPS = 4096               /* FLAT's bits 14-24, SMEM's 18-25, SOPP's and MUBUF's 7 */
};

/* The usual line (line.c): decodes words (GCN_MAX_WORDS of them) into
 * instruction, then writes its text at at as gcn_write_llvm_generic or
 * gcn_write_clrx does (end NULL where they give none: the general path);
 * in clrx, with a comment, gcn_line_put_comment's before the text. One
 * function per dialect, generation and encoding. */
typedef struct gcn_line {
    char *end;
    gcn_status status;
} gcn_line;
typedef struct gcn_line_comment { /* clrx -e's: the line's offset and bytes */
    gcn_listing *listing;
    uint64_t offset, digits_end;
    const uint8_t *bytes;
} gcn_line_comment;
typedef gcn_line (*gcn_line_writer)(const uint32_t *words, gcn_instruction *instruction, uint64_t address,
                                    char *at, gcn_line_comment *comment);
struct gcn_listing {
    gcn_listing_options options;
    bool decodes; /* the arch is valid: words may be instructions */
    gcn_listing_writer write;
    void *context;
    bool failed;
    bool printing;   /* the scan is over */
    /* The last line was a data word (its last word in data_word): see
     * put_after_data. */
    bool after_data;
    uint32_t data_word;
    uint64_t offset; /* of the block's first byte */
    /* Branch targets, sorted and unique once the scan is over. */
    uint64_t *targets;
    size_t target_count, target_capacity;
    /* While printing: targets[0, unplaced) are those passed without a
     * line to label (inside an instruction); targets[next, count) are
     * still ahead. */
    size_t unplaced, next;
    gcn_text output; /* OUTPUT_SIZE, flushed to the writer when full */
    bool encoding_before, encoding_after; /* -e: where the comment goes */
    const char *pairs; /* -e: hex digit pairs in the dialect's case */
    /* -e: the first 10 of the 12 offset digits, of the offsets that share
     * offset >> 8 (the lines of 256 bytes), written once for them all. */
    uint64_t digits_of;
    char offset_digits[16];
    /* -e's fast path: the comment's opening and those 10 digits. */
    char encoding_prefix[16];
    /* The clrx scan's step at each opcode of each family (listing_scan.c),
     * made at its first block. */
    bool scan_ready;
    struct scan_family {
        uint32_t mask; /* of word 0 >> shift: the index past base */
        uint16_t base;
        uint8_t shift;
    } scan_families[GCN_FAMILY_COUNT];
    uint8_t scan_steps[SCAN_STEPS];
    /* The usual line's writer by word 0's top 9 bits (gcn_line_writers by
     * the encoding of that prefix): one load before the listing's jump. */
    gcn_line_writer writers[512];
};

static inline uint32_t word_at(const uint8_t *bytes)
{
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
           (uint32_t)bytes[3] << 24;
}

/* Decodes the instruction at bytes, of which available whole words are
 * there; returns its size in words (1 if it does not decode, *decoded
 * false). */
static inline size_t decode_at(const gcn_listing *l, const uint8_t *bytes, size_t available,
                               uint32_t words[GCN_MAX_WORDS], gcn_instruction *instruction, bool *decoded)
{
    size_t count = available < GCN_MAX_WORDS ? available : GCN_MAX_WORDS;
    if (count == GCN_MAX_WORDS) { /* all but the input's last words */
        words[0] = word_at(bytes);
        words[1] = word_at(bytes + 4);
        words[2] = word_at(bytes + 8);
    } else {
        for (size_t i = 0; i < count; i++)
            words[i] = word_at(bytes + 4 * i);
    }
    *decoded = l->decodes &&
               gcn_decode_checked(l->options.arch, words, count, instruction) == GCN_OK;
    return *decoded ? instruction->word_count : 1;
}

extern const gcn_line_writer gcn_line_writers[2][GCN_ARCH_COUNT][GCN_ENCODING_COUNT]; /* [dialect][arch][word 0's] */

/* 8 hex digits (%08x with the given pairs), written straight into the room
 * the line made. */
static inline char *put_word_at(char *at, uint32_t value, const char *pairs)
{
    memcpy(at, pairs + 2 * (value >> 24), 2);
    memcpy(at + 2, pairs + 2 * (value >> 16 & 255), 2);
    memcpy(at + 4, pairs + 2 * (value >> 8 & 255), 2);
    memcpy(at + 6, pairs + 2 * (value & 255), 2);
    return at + 8;
}

/* -e's comment for the usual lines (offsets below 2^48), made in two
 * steps: encoding_comment_make writes its opening (a comment's start in
 * clrx, " // " in llvm), the offset and two words into a 48-byte block
 * (SSE2: the two words' digits in one register), from the bytes alone;
 * encoding_comment_put copies the block where the text ends and adds
 * the words past two. The llvm listing makes the block before the call
 * that writes the text, so that its work overlaps that call's
 * mispredicted jump instead of following the text. The opening and the
 * first 10 offset digits are those of the lines before *digits_end,
 * copied in one 16-byte store. */
typedef struct gcn_encoding_comment {
    char text[48];
} gcn_encoding_comment;

static inline __attribute__((always_inline)) void
encoding_comment_make(gcn_listing *l, gcn_encoding_comment *comment, uint64_t offset, const uint8_t *bytes,
                      bool clrx, uint64_t *digits_end)
{
    const char *pairs = clrx ? gcn_lower_hex_pairs : gcn_upper_hex_pairs;
    size_t opening = clrx ? 2 : 4;
    char *at = comment->text;
    if (offset >= *digits_end) { /* the loop's offsets only grow: one test a line */
        *digits_end = (offset | 255) + 1;
        memcpy(l->encoding_prefix, clrx ? "/*  " : " // ", 4);
        memcpy(l->encoding_prefix + opening, pairs + 2 * (offset >> 40), 2);
        put_word_at(l->encoding_prefix + opening + 2, (uint32_t)(offset >> 8), pairs);
    }
    memcpy(at, l->encoding_prefix, 16);
    at += opening + 10;
    memcpy(at, pairs + 2 * (offset & 255), 2);
    memcpy(at + 2, ": ", 2);
    at += 4;
#if defined(__SSE2__)
    /* Each byte's two nibbles side by side, each word's bytes from the
     * highest, then digits: '0' + n, and 'a' - 10 or 'A' - 10 past 9. */
    const __m128i fifteen = _mm_set1_epi8(15), nine = _mm_set1_epi8(9), zero = _mm_set1_epi8('0'),
                  letters = _mm_set1_epi8(clrx ? 'a' - '0' - 10 : 'A' - '0' - 10);
    /* Two words: the loop reads only where three are. */
    __m128i value = _mm_loadl_epi64((const __m128i *)(const void *)bytes);
    __m128i digits = _mm_unpacklo_epi8(_mm_and_si128(_mm_srli_epi16(value, 4), fifteen),
                                       _mm_and_si128(value, fifteen));
    digits = _mm_shufflelo_epi16(digits, _MM_SHUFFLE(0, 1, 2, 3));
    digits = _mm_shufflehi_epi16(digits, _MM_SHUFFLE(0, 1, 2, 3));
    digits = _mm_add_epi8(_mm_add_epi8(digits, zero),
                          _mm_and_si128(_mm_cmpgt_epi8(digits, nine), letters));
    _mm_storel_epi64((__m128i *)(void *)at, digits);
    at[8] = ' ';
    _mm_storel_epi64((__m128i *)(void *)(at + 9), _mm_srli_si128(digits, 8));
#else
    at = put_word_at(at, word_at(bytes), pairs);
    *at++ = ' ';
    put_word_at(at, word_at(bytes + 4), pairs);
#endif
}

/* The comment at at, its instruction count words long: the end. The
 * second word's digits are copied on every line and kept where there is
 * one: no branch on the size, which a mix of sizes mispredicts. */
static inline __attribute__((always_inline)) char *
encoding_comment_put(const gcn_encoding_comment *comment, char *at, const uint8_t *bytes, size_t count, bool clrx)
{
    memcpy(at, comment->text, sizeof comment->text);
    _Static_assert(GCN_MAX_WORDS <= 5, "(count + 2) / 4 is count > 1");
    at += (clrx ? 2 : 4) + 12 + 2 + 8 + 9 * ((count + 2) >> 2); /* gcc branches on count > 1 */
    for (size_t i = 2; i < count; i++) {
        *at++ = ' ';
        at = put_word_at(at, word_at(bytes + 4 * i), clrx ? gcn_lower_hex_pairs : gcn_upper_hex_pairs);
    }
    return at;
}

/* clrx -e's comment at at, the words' count known: the end (inline in
 * each of line.c's cases, so that the line keeps its registers). */
static inline __attribute__((always_inline)) char *gcn_line_put_comment(gcn_line_comment *comment, char *at,
                                                                       size_t words)
{
    gcn_encoding_comment text;
    encoding_comment_make(comment->listing, &text, comment->offset, comment->bytes, true, &comment->digits_end);
    at = encoding_comment_put(&text, at, comment->bytes, words, true);
    memcpy(at, "*/ ", 3);
    return at + 3;
}

/* How much of a block a walk takes now: all of it at the end, else whole
 * instructions only, so that none is cut at the block's end. */
static inline size_t walk_end(size_t length, bool last)
{
    if (last)
        return length - length % 4;
    return length > BLOCK_TAIL ? length - BLOCK_TAIL + 1 : 0;
}

/* Whether the CLRX text gives back every bit, read back where it may
 * not; out of line: such words are rare in code. */
bool gcn_listing_clrx_gives_back(const gcn_instruction *instruction, uint64_t offset);

/* Whether words that start an instruction's encoding are no instruction
 * of the generation (an illegal opcode) and would take more than their
 * first word: that word prints as data (clrxdisasm's text in a comment in
 * clrx), in every mode and dialect, so that the next word may start an
 * instruction (a float literal read as the start of an SMEM instruction
 * must not take the instruction after it along). */
static inline bool illegal_candidate(const gcn_instruction *instruction)
{
    return instruction->row == GCN_ROW_NONE && instruction->word_count > 1;
}

/* The words a decoded instruction takes in the clrx dialect, the same in
 * both walks: all of them (as clrxdisasm does), but one for an illegal
 * opcode, and under exact one where its text would not give back every
 * bit: that word prints as data. */
static inline size_t clrx_words(const gcn_listing *l, const gcn_instruction *instruction,
                                uint64_t offset)
{
    if (illegal_candidate(instruction))
        return 1;
    if (!l->options.exact || instruction->word_count == 1 || !gcn_clrx_may_lose_bits(instruction))
        return instruction->word_count;
    return gcn_listing_clrx_gives_back(instruction, offset) ? instruction->word_count : 1;
}

#endif
