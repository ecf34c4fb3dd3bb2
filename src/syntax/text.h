/* Appending text to a caller's fixed buffer, without printf. On overflow
 * the length keeps counting so the caller learns the size it needed. */
#ifndef GCN_TEXT_H
#define GCN_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct gcn_text {
    char *data;
    size_t size;   /* capacity including the terminating NUL */
    size_t length; /* characters written or wanted */
} gcn_text;

/* Inline: the disassembler's hot path puts many short pieces, and the
 * compiler then knows a literal's length. The new length is computed
 * before the copy, which may alias the struct, so it is not read again. */
static inline void gcn_put_length(gcn_text *text, const char *string, size_t length)
{
    size_t at = text->length, end = at + length;
    if (end < text->size)
        memcpy(text->data + at, string, length);
    text->length = end;
}

static inline void gcn_put(gcn_text *text, const char *string)
{
    gcn_put_length(text, string, strlen(string));
}

static inline void gcn_put_char(gcn_text *text, char c)
{
    gcn_put_length(text, &c, 1);
}

/* Room a formatter reserves once for a whole instruction's text, which it
 * then writes through a raw pointer with no check a piece (near the end of
 * the text, into a spare buffer of this size). */
enum { GCN_TEXT_ROOM = 256 };

static inline char *gcn_write_length(char *at, const char *string, size_t length)
{
    memcpy(at, string, length);
    return at + length;
}

/* "00" .. "99": two decimal digits at a time. */
extern const char gcn_decimal_pairs[201];
void gcn_put_large_unsigned(gcn_text *text, uint64_t value);

/* Inline for the usual one or two digits (register numbers, fields). */
static inline void gcn_put_unsigned(gcn_text *text, uint64_t value)
{
    if (value < 10)
        gcn_put_char(text, (char)('0' + value));
    else if (value < 100)
        gcn_put_length(text, gcn_decimal_pairs + 2 * value, 2);
    else
        gcn_put_large_unsigned(text, value);
}

/* gcn_write_unsigned from 100000 on (room for 20 digits). */
char *gcn_write_large_unsigned(char *at, uint64_t value);

/* Below 10000 (offsets) with no branch on the digit count, which a random
 * listing mispredicts: the four digits built in one word, the leading zeros
 * shifted out, one store. at has 4 bytes. */
static inline __attribute__((always_inline)) char *gcn_write_small_unsigned(char *at, unsigned value)
{
    uint16_t high, low;
    memcpy(&high, gcn_decimal_pairs + 2 * (value / 100), 2);
    memcpy(&low, gcn_decimal_pairs + 2 * (value % 100), 2);
    unsigned count = 1u + (value >= 10) + (value >= 100) + (value >= 1000);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t digits = ((uint32_t)high | (uint32_t)low << 16) >> (8 * (4 - count));
#else
    uint32_t digits = ((uint32_t)high << 16 | (uint32_t)low) << (8 * (4 - count));
#endif
    memcpy(at, &digits, 4);
    return at + count;
}

/* At most 20 digits, at a raw pointer. */
static inline char *gcn_write_unsigned(char *at, uint64_t value)
{
    if (value < 10000)
        return gcn_write_small_unsigned(at, (unsigned)value);
    if (value < 100000) { /* a 16-bit branch word: a digit and two pairs */
        unsigned rest = (unsigned)value % 10000;
        *at++ = (char)('0' + value / 10000);
        memcpy(at, gcn_decimal_pairs + 2 * (rest / 100), 2);
        return gcn_write_length(at + 2, gcn_decimal_pairs + 2 * (rest % 100), 2);
    }
    return gcn_write_large_unsigned(at, value); /* out of line: no text on the caller's stack */
}

/* name and a value of magnitude below 10000 (" inst_offset:-12"), or
 * nothing for 0, with no branch on the value. at has name_length + 6 bytes. */
static inline __attribute__((always_inline)) char *gcn_write_small_field(char *at, const char *name,
                                                                         size_t name_length, int value)
{
    char *end = gcn_write_length(at, name, name_length);
    *end = '-';
    end = gcn_write_small_unsigned(end + (value < 0), (unsigned)(value < 0 ? -value : value));
    return at + ((end - at) & -(ptrdiff_t)(value != 0)); /* a select: gcc may branch on ?: */
}

/* text (padded to 8 bytes) written whatever set is and kept only when set:
 * a modifier flag's text with no branch on the flag. at has 8 bytes. */
static inline char *gcn_write_if(char *at, const char text[8], size_t length, bool set)
{
    memcpy(at, text, 8);
    return at + (length & -(size_t)set);
}

void gcn_put_hex(gcn_text *text, uint64_t value); /* 0x1f */
/* Hex digits without 0x, zero-padded to at least digits: printf's %0*llx,
 * or %0*llX with upper. */
void gcn_put_hex_digits(gcn_text *text, uint64_t value, unsigned digits, bool upper);
/* "00" .. "ff" and "00" .. "FF": two hex digits at a time. */
extern const char gcn_lower_hex_pairs[513], gcn_upper_hex_pairs[513];

/* gcn_put_hex at a raw pointer (at most 18 characters): its digits counted
 * from the highest set bit, written from the last pair back. */
static inline __attribute__((always_inline)) char *gcn_write_hex(char *at, uint64_t value)
{
    unsigned count = value ? (unsigned)(67 - __builtin_clzll(value)) / 4 : 1;
    char *end = at + 2 + count, *pair = end;
    memcpy(at, "0x", 2);
    for (; pair - at > 3; value >>= 8) {
        pair -= 2;
        memcpy(pair, gcn_lower_hex_pairs + 2 * (value & 255), 2);
    }
    if (pair - at == 3)
        pair[-1] = gcn_lower_hex_pairs[2 * (value & 15) + 1];
    return end;
}
/* Pads with spaces to column (at least one space). */
void gcn_put_pad(gcn_text *text, size_t start, size_t column);
/* Edit distance between two names, ignoring case, counting at most 63
 * characters of each: how "did you mean" picks its suggestion. */
unsigned gcn_edit_distance(const char *a, size_t a_length, const char *b, size_t b_length);
/* NUL-terminates; returns 0 or -1 when the text did not fit. */
int gcn_text_finish(gcn_text *text);

#endif
