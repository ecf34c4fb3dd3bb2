/* Lines found in a file's window, for source.c and, inline, for the
 * plain-line loop (instruction.c); and whether a statement is an
 * instruction, seen from its first word. */
#ifndef GCN_ASM_LINES_H
#define GCN_ASM_LINES_H

#include "asm/internal.h"
#include "asm/scan.h"

/* Whether the frame's file has text past its window. */
static inline bool more_in_file(const asm_frame *frame)
{
    return frame->read_offset < frame->read_end;
}

/* What stops the scan of a line: its end, and what may need cleaning or
 * splitting (NUL, quotes, comment starters, ';'). A line without them is
 * used in place; one with them is cleaned, to the same effect if they were
 * not there, so the control characters 2 and 8 may stop it too (see
 * ordinary_run). */
static const bool line_stops[256] = {
    ['\n'] = true, ['\0'] = true, ['"'] = true, ['\''] = true, ['/'] = true, ['#'] = true, [';'] = true,
    [2] = true, [8] = true,
};

/* How many characters at text are not line_stops: sixteen at a time, the
 * rest one by one. Stops in pairs that differ in one bit are found with
 * one comparison, with that bit set first: '"' and '#', '\'' and '/', and
 * NUL, 2, 8 and '\n' (the bits of '\n'). */
static inline unsigned block_stops(const char *text)
{
    asm_block b = asm_load_block(text);
    return asm_block_bits(((b | 0x01) == '#') | ((b | 0x08) == '/') | ((b | '\n') == '\n') | (b == ';'));
}

static inline size_t ordinary_run(const char *text, size_t length)
{
    size_t i = 0;
    for (; i + 16 <= length; i += 16) {
        unsigned stops = block_stops(text + i);
        if (stops)
            return i + (size_t)__builtin_ctz(stops);
    }
    while (i < length && !line_stops[(uint8_t)text[i]])
        i++;
    return i;
}

/* The stops of a file's text found 64 characters at a time and kept as
 * bits, so that the short lines sharing a chunk cost one scan: chunk is
 * where the bits start (none kept while stops is 0). The text changes
 * only where a file's window is refilled, which clears them, so they stay
 * true whatever a statement does to the reading position. */
typedef struct stop_bitmap {
    size_t chunk;
    uint64_t stops;
} stop_bitmap;

/* How far ahead of the scan the text is asked into the cache: its pages
 * are apart in memory, and the hardware's own prefetch stops at each
 * page's end. Past the text's end it does nothing (a prefetch never
 * faults). */
enum { PREFETCH_AHEAD = 512 };

/* The position of the first stop at or after position (or length). */
static inline size_t next_stop(stop_bitmap *bitmap, const char *text, size_t length, size_t position)
{
    size_t offset = position - bitmap->chunk, chunk = position;
    if (offset < 64 && bitmap->stops) {
        uint64_t stops = bitmap->stops >> offset;
        if (stops)
            return position + (size_t)__builtin_ctzll(stops);
        chunk = bitmap->chunk + 64;
    }
    for (; chunk + 64 <= length; chunk += 64) {
        const char *at = text + chunk;
        __builtin_prefetch(at + PREFETCH_AHEAD);
        uint64_t stops = (uint64_t)block_stops(at) | (uint64_t)block_stops(at + 16) << 16 |
                         (uint64_t)block_stops(at + 32) << 32 | (uint64_t)block_stops(at + 48) << 48;
        if (stops) {
            bitmap->chunk = chunk;
            bitmap->stops = stops;
            return chunk + (size_t)__builtin_ctzll(stops);
        }
    }
    bitmap->stops = 0;
    return chunk + ordinary_run(text + chunk, length - chunk);
}

/* Takes [start, start + whole) as the next line of frame (whole: up to
 * its '\n'), given it is a single line: n is its length without a '\r'. */
static inline void take_line(asm_state *state, asm_frame *frame, const char *start, size_t whole, size_t n)
{
    frame->position += whole + (frame->position + whole < frame->length ? 1 : 0);
    frame->line++;
    state->location.text = start;
    state->location.length = n;
}

/* The length of a line of whole characters without its '\r'; false for
 * what read_joined_line takes: a line too long, or ending in a CLRX '\\'. */
static inline bool single_line_length(const asm_state *state, const char *start, size_t whole, size_t *n)
{
    *n = whole && start[whole - 1] == '\r' ? whole - 1 : whole;
    return *n <= ASM_MAX_LINE && !(*n && start[*n - 1] == '\\' && state->dialect == GCN_DIALECT_CLRX);
}

/* Whether the statement whose first non-blank is at i is an instruction,
 * seen from its first word alone: it neither starts with '.' (a directive)
 * nor ends at ':' (a label) or before '=' (an assignment), and no macro
 * could be named. */
static inline bool asm_is_instruction(const asm_state *state, const char *line, size_t i, size_t end)
{
    if (line[i] == '.' || state->macro_count)
        return false;
    size_t word_end = asm_skip_blank(line, i + asm_word_length(line + i, end - i), end);
    return word_end >= end || (line[word_end] != ':' && line[word_end] != '=');
}

#endif
