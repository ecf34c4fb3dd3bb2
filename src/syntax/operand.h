/* Register operands: SGPR tuples, special scalar registers, inline
 * constants and VGPR tuples, per generation and dialect. */
#ifndef GCN_OPERAND_H
#define GCN_OPERAND_H

#include "syntax/cursor.h"
#include "syntax/text.h"

/* Codes of the 8-bit scalar operand field. */
enum {
    GCN_CODE_M0 = 124,
    GCN_CODE_NULL = 125,     /* no register; llvm-mc prints "null" from GCN 1.2 on */
    GCN_CODE_EXEC = 126,
    GCN_CODE_ZERO = 128,     /* inline integers 0..64 at 128..192, -1..-16 at 193..208 */
    GCN_CODE_HALF = 240,     /* inline floats 0.5 .. -4.0 at 240..247, 1/(2*pi) at 248 */
    GCN_CODE_VCCZ = 251,
    GCN_CODE_EXECZ = 252,
    GCN_CODE_LDS_DIRECT = 254 /* (255, the literal: GCN_SCALAR_LITERAL) */
};

static inline unsigned gcn_sgpr_count(gcn_arch arch)
{
    return arch >= GCN_ARCH_GCN12 ? 102 : 104;
}

/* Trap temporaries: ttmp0's code, and how many. */
static inline unsigned gcn_ttmp_base(gcn_arch arch)
{
    return arch >= GCN_ARCH_GCN14 ? 108 : 112;
}

static inline unsigned gcn_ttmp_count(gcn_arch arch)
{
    return arch >= GCN_ARCH_GCN14 ? 16 : 12;
}

/* Where a tuple of count scalar registers may start: a pair at an even
 * register, four or more at a multiple of 4 (llvm-mc and clrxasm refuse
 * other SGPR tuples; clrxasm takes any ttmp tuple). */
static inline unsigned gcn_scalar_alignment(unsigned count)
{
    return count >= 4 ? 4 : count;
}

/* The error of a misaligned tuple, the text from at to the cursor. */
bool gcn_fail_misaligned(gcn_cursor *cursor, const char *at, unsigned count);

typedef struct gcn_scalar {
    unsigned code;     /* first register's code, or the constant's code */
    unsigned count;    /* registers in the tuple (1 for constants) */
    bool general;      /* sN or s[a:b] */
    bool constant;     /* an inline constant, not a register */
} gcn_scalar;

/* Prints count registers starting at code (gcn_write_scalar's text); false
 * if no name fits. */
bool gcn_format_scalar(gcn_text *text, gcn_arch arch, gcn_dialect dialect, unsigned code,
                       unsigned count);
/* Parses a scalar register or tuple, or, with constants the operand's dwords
 * (0: none), an inline constant, at the cursor (the caller skips space: it has
 * usually noted the operand's column). Returns false (with an error) if none. */
bool gcn_parse_scalar(gcn_cursor *cursor, unsigned constants, gcn_scalar *scalar);
/* A named scalar register of the generation (vcc, exec_lo, m0...; scc and
 * the like with constant set) as the whole name at p, as gcn_parse_scalar
 * reads it without a register symbol: the end, or NULL. */
const char *gcn_read_named_scalar(const char *p, const char *end, gcn_arch arch,
                                  gcn_scalar *scalar);

/* Where the llvm dialect reads back a scalar operand that llvm-mc 14's
 * disassembler prints but its assembler refuses: llvm-mc's message for
 * count registers from code (data: a load's or store's sdata field), or
 * NULL where llvm-mc assembles it. */
const char *gcn_llvm_refused_scalar(gcn_arch arch, unsigned code, unsigned count, bool data);

/* The room of a register operand written at a raw pointer (gcn_write_...),
 * for a formatter that reserves room for its whole text once. */
enum { GCN_OPERAND_ROOM = 64 };

/* Register numbers 0..255 as text: up to three digits and their count,
 * copied with one four-byte store (the room reserved covers the fourth). */
typedef struct gcn_register_number {
    char digits[3];
    uint8_t length;
} gcn_register_number;
extern const gcn_register_number gcn_register_numbers[256];

/* A register number, below 1000; at has room for four characters. */
static inline __attribute__((always_inline)) char *gcn_write_register_number(char *at, unsigned value)
{
    if (value < 256) {
        memcpy(at, gcn_register_numbers[value].digits, 4);
        return at + gcn_register_numbers[value].length;
    }
    *at++ = (char)('0' + value / 100);
    value %= 100;
    memcpy(at, gcn_decimal_pairs + 2 * value, 2);
    return at + 2;
}

/* s5, ttmp[4:7], v[0:3] (a tuple: prefix[first:last], the prefix padded
 * to four bytes so that it copies with one store) written at at, which has
 * 20 bytes; returns the end. Inline: every register operand's hot path.
 * Both shapes are written and the end picked (no branch on tuple: a random
 * mix of single registers and tuples mispredicts it). */
static inline __attribute__((always_inline)) char *gcn_write_range(char *at, const char prefix[4],
                                                                   size_t prefix_length,
                                                                   unsigned first, unsigned last,
                                                                   bool tuple)
{
    memcpy(at, prefix, 4);
    at += prefix_length;
    *at = '[';
    at = gcn_write_register_number(at + tuple, first);
    char *end = at;
    *end++ = ':';
    end = gcn_write_register_number(end, last);
    *end++ = ']';
    return at + ((end - at) & -(ptrdiff_t)tuple); /* a select: gcc may branch on ?: */
}

static inline __attribute__((always_inline)) char *gcn_write_sgprs(char *at, unsigned first, unsigned count) /* any first + count */
{
    return gcn_write_range(at, "s\0\0", 1, first, first + count - 1, count != 1);
}

/* Scalars but SGPRs, out of line. */
char *gcn_write_other_scalar(char *at, gcn_arch arch, gcn_dialect dialect, unsigned code,
                             unsigned count);

static inline char *gcn_write_scalar(char *at, gcn_arch arch, gcn_dialect dialect, unsigned code,
                                     unsigned count)
{
    if (count == 0)
        count = 1;
    if (code + count <= gcn_sgpr_count(arch))
        return gcn_write_sgprs(at, code, count);
    return gcn_write_other_scalar(at, arch, dialect, code, count);
}
/* A register number after its prefix: decimal without a leading zero,
 * below limit (at most 1000, so three digits at most, unrolled). Returns
 * the end, or NULL for anything else (the full path then reads and
 * reports it). */
static inline __attribute__((always_inline)) const char *
gcn_read_register_number(const char *p, const char *end, unsigned limit, unsigned *value)
{
    unsigned number, digit;
    if (p >= end || (number = (unsigned)(unsigned char)*p - '0') > 9)
        return NULL;
    if (++p < end && (digit = (unsigned)(unsigned char)*p - '0') <= 9) {
        if (number == 0) /* octal to the expression parser */
            return NULL;
        number = number * 10 + digit;
        if (++p < end && (digit = (unsigned)(unsigned char)*p - '0') <= 9) {
            number = number * 10 + digit;
            if (++p < end && (unsigned)(unsigned char)*p - '0' <= 9)
                return NULL;
        }
    }
    if (number >= limit)
        return NULL;
    *value = number;
    return p;
}

/* An inline integer constant, -16..64, as a plain decimal at p (the
 * one-pass readers'): the end and its code, or NULL (for -0 too, which the
 * full paths read). */
static inline __attribute__((always_inline)) const char *
gcn_read_inline_integer(const char *p, const char *end, unsigned *code)
{
    bool negative = p < end && *p == '-';
    unsigned value;
    if (!(p = gcn_read_register_number(p + negative, end, negative ? 17 : 65, &value)) ||
        (negative && value == 0))
        return NULL;
    *code = negative ? GCN_CODE_ZERO + 64 + value : GCN_CODE_ZERO + value;
    return p;
}

/* The usual register text after its prefix, N or [A:B] (plain decimals, no
 * space), in one pass: the end, or NULL for anything else. The registers
 * lie below limit. whole: no name character after N (a caller that checks
 * what follows passes false). Inline: every register operand's hot path. */
static inline __attribute__((always_inline)) const char *
gcn_read_register_range(const char *p, const char *end, unsigned limit, bool whole,
                        unsigned *first, unsigned *count)
{
    unsigned a, b;
    if (p < end && *p == '[') {
        if (!(p = gcn_read_register_number(p + 1, end, limit, &a)) || p >= end || *p != ':' ||
            !(p = gcn_read_register_number(p + 1, end, limit, &b)) || p >= end || *p != ']' ||
            b < a)
            return NULL;
        p++;
    } else {
        if (!(p = gcn_read_register_number(p, end, limit, &a)) ||
            (whole && p < end && gcn_is_identifier_char(*p)))
            return NULL;
        b = a;
    }
    *first = a;
    *count = b - a + 1;
    return p;
}

/* sN, s[A:B], ttmpN or ttmp[A:B] (whole, as gcn_read_register_range reads
 * them) in range for the generation at p: the end, or NULL otherwise. */
static inline __attribute__((always_inline)) const char *
gcn_read_scalar_registers(const char *p, const char *end, gcn_arch arch, gcn_scalar *scalar)
{
    unsigned first, count, letter = p < end ? (unsigned char)*p | 0x20 : 0; /* lower case for letters */
    bool ttmp = letter == 't';
    if ((letter != 's' && (!ttmp || end - p <= 4 || !gcn_word_is(p, 4, "ttmp"))) ||
        !(p = gcn_read_register_range(p + (ttmp ? 4 : 1), end, ttmp ? gcn_ttmp_count(arch) : gcn_sgpr_count(arch),
                                      true, &first, &count)))
        return NULL;
    *scalar = (gcn_scalar){first + (ttmp ? gcn_ttmp_base(arch) : 0), count, !ttmp, false};
    return p;
}

/* Parses vN or v[a:b] at the cursor (the caller skips space, as for
 * gcn_parse_scalar); *count receives the tuple size. */
bool gcn_parse_vgprs(gcn_cursor *cursor, unsigned *first, unsigned *count);

/* Whether the identifier at the cursor starts a register name. */
bool gcn_at_register(gcn_cursor *cursor);

#endif
