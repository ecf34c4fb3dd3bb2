/* Directives of both dialects: data, strings, fill and alignment, .org,
 * sections, symbols, conditions, macros and repeats, .include/.incbin,
 * .error/.warning, .end and the generation (.gpu/.arch). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "asm/internal.h"

static const uint8_t nop_word[4] = {0x00, 0x00, 0x80, 0xbf}; /* s_nop 0 */

/* ---- output ---- */

static bool grow_output(gcn_output *output, size_t more)
{
    if (output->length + more <= output->capacity)
        return true;
    size_t capacity = output->capacity ? output->capacity : 65536;
    while (capacity < output->length + more)
        capacity *= 2;
    if (capacity > ASM_MAX_SECTION_SIZE && output->length + more <= ASM_MAX_SECTION_SIZE)
        capacity = ASM_MAX_SECTION_SIZE; /* what a section may hold */
    uint8_t *bytes = asm_grow(output->bytes, output->length, capacity);
    if (!bytes)
        return false;
    output->bytes = bytes;
    output->capacity = capacity;
    return true;
}

static bool room(asm_state *state, uint64_t length, unsigned column)
{
    asm_section *section = &state->sections[state->section];
    if (length > ASM_MAX_SECTION_SIZE || section->size + length > ASM_MAX_SECTION_SIZE) {
        asm_report(state, true, column, "section '%s' would grow past %llu bytes",
                   state->names.data + section->name, (unsigned long long)ASM_MAX_SECTION_SIZE);
        return false;
    }
    if (state->section == SECTION_TEXT && !grow_output(state->output, (size_t)length)) {
        asm_report(state, true, column, "out of memory");
        return false;
    }
    return true;
}

bool asm_emit(asm_state *state, const void *bytes, size_t length, unsigned column)
{
    if (state->mode == MODE_FIXUP) {
        if (state->section == SECTION_TEXT)
            memcpy(state->output->bytes + state->fixup_position, bytes, length);
        else
            asm_object_patch(state, state->fixup_position, bytes, length);
        state->fixup_position += length;
        return true;
    }
    gcn_output *output = state->output;
    asm_section *section = &state->sections[state->section];
    /* Most statements: code that fits in the output as it is. */
    bool fits = state->section == SECTION_TEXT && output->length + length <= output->capacity &&
                section->size + length <= ASM_MAX_SECTION_SIZE;
    if (!fits && !room(state, length, column))
        return false;
    if (state->section == SECTION_TEXT) {
        memcpy(output->bytes + output->length, bytes, length);
        output->length += length;
    } else if (!asm_object_append(state, bytes, length, column)) {
        return false;
    }
    section->size += length;
    return true;
}

bool asm_emit_words_slowly(asm_state *state, const uint32_t *words, size_t count, unsigned column)
{
    uint8_t bytes[4 * GCN_MAX_WORDS];
    for (size_t i = 0; i < count; i++)
        asm_store_word(bytes + 4 * i, words[i]);
    return asm_emit(state, bytes, count * 4, column);
}

bool asm_emit_fill(asm_state *state, uint64_t count, const void *pattern, size_t width, unsigned column)
{
    if (count == 0)
        return true;
    if (!room(state, count, column))
        return false;
    if (state->section == SECTION_TEXT) {
        uint8_t *out = state->output->bytes + state->output->length;
        const uint8_t *p = pattern;
        if (width == 1)
            memset(out, p[0], (size_t)count);
        else
            for (uint64_t i = 0; i < count; i++)
                out[i] = p[i % width];
        state->output->length += (size_t)count;
    } else if (!asm_object_append_fill(state, count, pattern, width, column)) {
        return false;
    }
    state->sections[state->section].size += count;
    return true;
}

void asm_record_statement_end(asm_state *state)
{
    gcn_output *output = state->output;
    if (state->section != SECTION_TEXT || state->mode == MODE_FIXUP)
        return;
    size_t last = output->statement_count ? output->statement_ends[output->statement_count - 1] : 0;
    if (output->length == last)
        return;
    if (output->statement_count == output->statement_capacity) {
        size_t capacity = output->statement_capacity ? output->statement_capacity * 2 : 4096;
        uint32_t *ends = asm_grow(output->statement_ends, output->statement_count * sizeof *ends,
                                  capacity * sizeof *ends);
        if (!ends)
            return;
        output->statement_ends = ends;
        output->statement_capacity = capacity;
    }
    output->statement_ends[output->statement_count++] = (uint32_t)output->length;
}

/* ---- small parsing helpers ---- */

static size_t skip_blank(const char *text, size_t i, size_t end)
{
    while (i < end && (text[i] == ' ' || text[i] == '\t'))
        i++;
    return i;
}

static size_t name_at(const char *text, size_t i, size_t end)
{
    size_t n = 0;
    while (i + n < end && gcn_is_identifier_char(text[i + n]))
        n++;
    return n;
}

/* Nothing may follow; reports what does. */
static bool at_end(asm_state *state, gcn_cursor *cursor, const char *what)
{
    if (gcn_at_end(cursor))
        return true;
    asm_report(state, true, asm_column(state, cursor->pos), "unexpected '%.*s' after %s",
               (int)(cursor->end - cursor->pos > 40 ? 40 : cursor->end - cursor->pos), cursor->pos, what);
    return false;
}

/* A value needed now (a count, a size, an alignment). */
static bool number(asm_state *state, gcn_cursor *cursor, int64_t *value)
{
    unsigned section;
    return asm_value_needed(state, cursor, value, &section);
}

/* A "string" with C escapes, into out; false after an error. */
static bool parse_string(asm_state *state, gcn_cursor *cursor, asm_buffer *out)
{
    gcn_skip_space(cursor);
    const char *at = cursor->pos, *p = at, *end = cursor->end;
    if (p >= end || *p != '"') {
        asm_report(state, true, asm_column(state, at), "expected a string in double quotes");
        return false;
    }
    for (p++; p < end && *p != '"'; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '\\' && p + 1 < end) {
            char e = *++p;
            switch (e) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'a': c = '\a'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'v': c = '\v'; break;
            case 'e': c = 27; break;
            case 'x':
            case 'X': {
                unsigned v = 0, digits = 0;
                while (p + 1 < end && digits < 2) {
                    char d = p[1];
                    unsigned x = d >= '0' && d <= '9' ? (unsigned)(d - '0')
                               : d >= 'a' && d <= 'f' ? (unsigned)(d - 'a' + 10)
                               : d >= 'A' && d <= 'F' ? (unsigned)(d - 'A' + 10) : 16;
                    if (x == 16)
                        break;
                    v = v * 16 + x;
                    p++;
                    digits++;
                }
                c = (unsigned char)v;
                break;
            }
            default:
                if (e >= '0' && e <= '7') {
                    unsigned v = (unsigned)(e - '0');
                    for (int k = 0; k < 2 && p + 1 < end && p[1] >= '0' && p[1] <= '7'; k++)
                        v = v * 8 + (unsigned)(*++p - '0');
                    c = (unsigned char)v;
                } else {
                    c = (unsigned char)e; /* \\ \" \' and anything else: itself */
                }
            }
        }
        asm_buffer_append(out, &c, 1);
    }
    if (p >= end) {
        asm_report(state, true, asm_column(state, at), "unterminated string");
        return false;
    }
    cursor->pos = p + 1;
    return true;
}

/* ---- data ---- */

/* .byte .short .int .long .quad ...: comma-separated expressions, each
 * stored little-endian; an unknown symbol makes the directive a fixup. */
static void data_values(asm_state *state, const char *line, size_t start, size_t end, unsigned size)
{
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + start, line + end);
    bool fixup = state->mode == MODE_FIXUP;
    bool clrx = state->dialect == GCN_DIALECT_CLRX;
    uint64_t first = asm_position(state);
    size_t diagnostics = state->diagnostic_count, text = state->diagnostic_text.length;
    unsigned errors = state->errors, warnings = state->warnings;
    unsigned stored_errors = state->stored_errors, stored_warnings = state->stored_warnings;
    if (!fixup) {
        state->mode = MODE_FIXUP_ALLOWED;
        state->unknown = false;
        state->local_count = 0;
        state->locals_overflow = false;
    }
    if (gcn_at_end(&cursor)) {
        if (!fixup)
            state->mode = MODE_VALUE_NEEDED;
        return;
    }
    do {
        gcn_skip_space(&cursor);
        const char *at = cursor.pos;
        int64_t value = 0;
        unsigned column = asm_column(state, at);
        if (clrx && (at >= cursor.end || *at == ',')) {
            asm_report(state, false, column, "empty expression, 0 stored");
        } else if (asm_object_data_reference(state, &cursor, size, column)) {
            if (cursor.failed)
                break;
            continue; /* its bytes emitted, the reference recorded */
        } else {
            options.address = asm_position(state);
            cursor.failed = false;
            if (!gcn_parse_expression(&cursor, &value)) {
                asm_report_cursor(state, &cursor);
                break;
            }
        }
        if (size < 8) {
            int64_t minimum = -((int64_t)1 << (size * 8 - 1));
            int64_t maximum = (int64_t)((1ull << (size * 8)) - 1);
            if (value < minimum || value > maximum) {
                if (clrx)
                    asm_report(state, false, column, "value 0x%llx truncated to 0x%llx",
                               (unsigned long long)value,
                               (unsigned long long)((uint64_t)value & (uint64_t)maximum));
                else
                    asm_report(state, true, column, "value %lld does not fit in %u byte%s",
                               (long long)value, size, size == 1 ? "" : "s");
            }
        }
        uint8_t bytes[8];
        for (unsigned i = 0; i < size; i++)
            bytes[i] = (uint8_t)((uint64_t)value >> (8 * i));
        if (!asm_emit(state, bytes, size, column))
            break;
    } while (gcn_accept(&cursor, ','));
    if (!cursor.failed)
        at_end(state, &cursor, "the values");
    if (!fixup && state->unknown) {
        /* Diagnostics wait for the final values. */
        state->diagnostic_count = diagnostics;
        state->diagnostic_text.length = text;
        state->errors = errors;
        state->warnings = warnings;
        state->stored_errors = stored_errors;
        state->stored_warnings = stored_warnings;
        asm_add_pending(state, PENDING_DATA, start, end, first, asm_position(state) - first, size);
    }
    if (!fixup)
        state->mode = MODE_VALUE_NEEDED;
}

void asm_fixup_data(asm_state *state, const char *line, size_t start, size_t end, unsigned size)
{
    data_values(state, line, start, end, size);
}

static void directive_data(asm_state *state, const char *line, size_t start, size_t name_end,
                           size_t end, unsigned size)
{
    (void)start;
    data_values(state, line, name_end, end, size);
}

/* .ascii / .asciz / .string: strings, the last two each with a 0 after. */
static void directive_string(asm_state *state, const char *line, size_t start, size_t name_end,
                             size_t end, unsigned terminate)
{
    (void)start;
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + name_end, line + end);
    if (gcn_at_end(&cursor))
        return;
    asm_buffer text = {0};
    do {
        text.length = 0;
        gcn_skip_space(&cursor);
        unsigned column = asm_column(state, cursor.pos);
        if (!parse_string(state, &cursor, &text))
            break;
        if (terminate)
            asm_buffer_append(&text, "", 1);
        if (!asm_emit(state, text.data ? text.data : "", text.length, column))
            break;
    } while (gcn_accept(&cursor, ','));
    if (!cursor.failed)
        at_end(state, &cursor, "the string");
    asm_buffer_free(&text);
}

/* Code gaps are filled as llvm-mc fills them: s_nop 0, after zeros up to
 * a whole word. */
static bool pad_code(asm_state *state, uint64_t count, unsigned column)
{
    if (!asm_emit_fill(state, count % 4, "", 1, column))
        return false;
    return asm_emit_fill(state, count - count % 4, nop_word, 4, column);
}

/* .fill REPEAT[, SIZE[, VALUE]]: the value's low 4 bytes, zero-extended. */
static void directive_fill(asm_state *state, const char *line, size_t start, size_t name_end,
                           size_t end, unsigned unused)
{
    (void)unused;
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + name_end, line + end);
    int64_t repeat, size = 1, value = 0;
    unsigned column = (unsigned)start + 1;
    if (!number(state, &cursor, &repeat))
        return;
    if (gcn_accept(&cursor, ',')) {
        gcn_skip_space(&cursor);
        if (*cursor.pos != ',' && !gcn_at_end(&cursor) && !number(state, &cursor, &size))
            return;
        if (gcn_accept(&cursor, ',')) {
            gcn_skip_space(&cursor);
            const char *at = cursor.pos;
            if (!number(state, &cursor, &value))
                return;
            if ((uint64_t)value >> 32 && size > 4)
                asm_report(state, false, asm_column(state, at), "'.fill' value truncated to 32 bits");
        }
    }
    if (!at_end(state, &cursor, "the operands"))
        return;
    if (repeat < 0) {
        asm_report(state, false, column, "'.fill' with a negative count does nothing");
        return;
    }
    if (size < 0) {
        asm_report(state, true, column, "'.fill' size must not be negative");
        return;
    }
    if (size > 8) {
        asm_report(state, false, column, "'.fill' size %lld is more than 8, 8 used", (long long)size);
        size = 8;
    }
    uint8_t pattern[8] = {0};
    for (int i = 0; i < 4 && i < size; i++)
        pattern[i] = (uint8_t)((uint64_t)value >> (8 * i));
    if (size == 0 || repeat == 0)
        return;
    if ((uint64_t)repeat > ASM_MAX_SECTION_SIZE / (uint64_t)size) {
        asm_report(state, true, column, "'.fill' of %lld items is too large", (long long)repeat);
        return;
    }
    asm_emit_fill(state, (uint64_t)repeat * (uint64_t)size, pattern, (size_t)size, column);
}

/* .skip/.space SIZE[, BYTE], .zero SIZE */
static void directive_skip(asm_state *state, const char *line, size_t start, size_t name_end,
                           size_t end, unsigned unused)
{
    (void)unused;
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + name_end, line + end);
    int64_t count, value = 0;
    unsigned column = (unsigned)start + 1;
    if (!number(state, &cursor, &count))
        return;
    if (gcn_accept(&cursor, ',') && !number(state, &cursor, &value))
        return;
    if (!at_end(state, &cursor, "the operands"))
        return;
    if (count < 0) {
        asm_report(state, true, column, "negative size %lld", (long long)count);
        return;
    }
    if (value < -128 || value > 255)
        asm_report(state, false, column, "fill value %lld truncated to a byte", (long long)value);
    uint8_t byte = (uint8_t)value;
    asm_emit_fill(state, (uint64_t)count, &byte, 1, column);
}

/* Alignment: .align/.balign (bytes), .p2align (power of two), with fill
 * widths 1, 2 (w) or 4 (l); argument: power << 8 | width. */
enum { ALIGN_POWER = 1 << 8 };
static void directive_align(asm_state *state, const char *line, size_t start, size_t name_end,
                            size_t end, unsigned kind)
{
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + name_end, line + end);
    unsigned width = kind & 0xff;
    bool power = (kind & ALIGN_POWER) != 0;
    int64_t amount, fill = 0, maximum = -1;
    bool filled = false;
    gcn_skip_space(&cursor);
    const char *at = cursor.pos;
    if (!number(state, &cursor, &amount))
        return;
    if (gcn_accept(&cursor, ',')) {
        gcn_skip_space(&cursor);
        if (*cursor.pos != ',' && !gcn_at_end(&cursor)) {
            if (!number(state, &cursor, &fill))
                return;
            filled = true;
        }
        if (gcn_accept(&cursor, ',') && !number(state, &cursor, &maximum))
            return;
    }
    if (!at_end(state, &cursor, "the operands"))
        return;
    unsigned column = asm_column(state, at);
    uint64_t alignment;
    if (power) {
        if (amount < 0 || amount > 30) {
            asm_report(state, true, column, "alignment 2^%lld out of range [2^0, 2^30]", (long long)amount);
            return;
        }
        alignment = 1ull << amount;
    } else {
        if (amount <= 0 || (amount & (amount - 1)) || amount > (1 << 30)) {
            asm_report(state, true, column, "alignment %lld is not a power of 2 up to 2^30",
                       (long long)amount);
            return;
        }
        alignment = (uint64_t)amount;
    }
    asm_object_align(state, alignment);
    uint64_t position = state->sections[state->section].size;
    uint64_t pad = (alignment - position % alignment) % alignment;
    if (pad == 0 || (maximum >= 0 && pad > (uint64_t)maximum))
        return;
    (void)start;
    if (filled) {
        uint8_t pattern[4];
        for (unsigned i = 0; i < width; i++)
            pattern[i] = (uint8_t)((uint64_t)fill >> (8 * i));
        asm_emit_fill(state, pad, pattern, width, column);
    } else if (state->sections[state->section].code) {
        pad_code(state, pad, column);
    } else {
        asm_emit_fill(state, pad, "", 1, column);
    }
}

/* .org ADDRESS[, BYTE]: forward within the section. */
static void directive_org(asm_state *state, const char *line, size_t start, size_t name_end,
                          size_t end, unsigned unused)
{
    (void)unused;
    (void)start;
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + name_end, line + end);
    gcn_skip_space(&cursor);
    const char *at = cursor.pos;
    int64_t target, value = 0;
    unsigned section;
    if (!asm_value_needed(state, &cursor, &target, &section))
        return;
    if (gcn_accept(&cursor, ',') && !number(state, &cursor, &value))
        return;
    if (!at_end(state, &cursor, "the operands"))
        return;
    unsigned column = asm_column(state, at);
    if (section && section != state->section) {
        asm_report(state, true, column, "'.org' target is in another section");
        return;
    }
    uint64_t position = state->sections[state->section].size;
    if (target < 0 || (uint64_t)target < position) {
        asm_report(state, true, column, "'.org' cannot move backwards (from %llu to %lld)",
                   (unsigned long long)position, (long long)target);
        return;
    }
    uint8_t byte = (uint8_t)value;
    asm_emit_fill(state, (uint64_t)target - position, &byte, 1, column);
}

/* ---- sections ---- */

static unsigned find_section(asm_state *state, const char *name, size_t length, unsigned column)
{
    for (unsigned s = 1; s <= state->section_count; s++)
        if (state->sections[s].length == length &&
            memcmp(state->names.data + state->sections[s].name, name, length) == 0)
            return s;
    if (state->section_count == ASM_MAX_SECTIONS) {
        asm_report(state, true, column, "too many sections (limit %d)", ASM_MAX_SECTIONS);
        return 0;
    }
    asm_section *section = &state->sections[++state->section_count];
    section->name = (uint32_t)state->names.length;
    section->length = (uint32_t)length;
    section->size = 0;
    section->code = length >= 5 && memcmp(name, ".text", 5) == 0;
    asm_buffer_append(&state->names, name, length);
    asm_buffer_append(&state->names, "", 1);
    return state->section_count;
}

void asm_reset_sections(asm_state *state)
{
    state->section_count = 0;
    for (unsigned s = 1; s <= ASM_MAX_SECTIONS; s++)
        state->sections[s].size = 0;
    state->section = find_section(state, ".text", 5, 0);
}

static void directive_section(asm_state *state, const char *line, size_t start, size_t name_end,
                              size_t end, unsigned named)
{
    unsigned column = (unsigned)start + 1;
    const char *name = line + start;
    size_t length = name_end - start;
    if (named) { /* .section NAME[, flags...] */
        size_t i = skip_blank(line, name_end, end);
        if (i < end && line[i] == '"') {
            size_t j = i + 1;
            while (j < end && line[j] != '"')
                j++;
            name = line + i + 1;
            length = j - i - 1;
        } else {
            name = line + i;
            length = 0;
            while (i + length < end && line[i + length] != ',' && line[i + length] != ' ' &&
                   line[i + length] != '\t')
                length++;
        }
        column = (unsigned)i + 1;
        if (length == 0) {
            asm_report(state, true, column, "expected a section name");
            return;
        }
    }
    char lower[64];
    if (!named && length < sizeof lower) { /* .TEXT is .text */
        for (size_t i = 0; i < length; i++)
            lower[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
        name = lower;
    }
    unsigned count = state->section_count;
    unsigned section = find_section(state, name, length, column);
    if (section) {
        asm_object_section_flags(state, section, line, named ? (size_t)(name + length - line) + (name > line && name[-1] == '"') : end, end,
                                 state->section_count != count);
        state->section = section;
        asm_statement_options(state);
    }
}

/* ---- symbols ---- */

/* .set/.equ NAME, EXPRESSION and .equiv (not redefinable). */
static void directive_set(asm_state *state, const char *line, size_t start, size_t name_end,
                          size_t end, unsigned constant)
{
    (void)start;
    size_t i = skip_blank(line, name_end, end);
    size_t n = name_at(line, i, end);
    if (n == 0 || (line[i] >= '0' && line[i] <= '9')) {
        asm_report(state, true, (unsigned)i + 1, "expected a symbol name");
        return;
    }
    size_t j = skip_blank(line, i + n, end);
    if (j >= end || line[j] != ',') {
        asm_report(state, true, (unsigned)j + 1, "expected ',' after the symbol name");
        return;
    }
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + j + 1, line + end);
    int64_t value;
    unsigned section;
    if (!asm_value_needed(state, &cursor, &value, &section) || !at_end(state, &cursor, "the value"))
        return;
    asm_object_assignment(state, line + i, n, line + j + 1, end - j - 1);
    asm_define_symbol(state, line + i, n, (unsigned)i + 1, value, section, constant != 0);
}

/* CLRX's .oldmodparam / .nooldmodparam: modifier values of one bit or not. */
static void directive_modifier_values(asm_state *state, const char *line, size_t start,
                                      size_t name_end, size_t end, unsigned old)
{
    (void)line, (void)start, (void)name_end, (void)end;
    if (old)
        state->lookup.flags |= GCN_LOOKUP_CLRX_OLD_MODIFIERS;
    else
        state->lookup.flags &= ~(unsigned)GCN_LOOKUP_CLRX_OLD_MODIFIERS;
}

static void directive_ignored(asm_state *state, const char *line, size_t start, size_t name_end,
                              size_t end, unsigned unused)
{
    (void)state, (void)line, (void)start, (void)name_end, (void)end, (void)unused;
}

/* ---- conditions ---- */

enum {
    IF_VALUE, IF_ZERO, IF_NOT_ZERO, IF_POSITIVE, IF_NOT_NEGATIVE, IF_NEGATIVE, IF_NOT_POSITIVE,
    IF_DEFINED, IF_NOT_DEFINED, IF_BLANK, IF_NOT_BLANK, IF_SAME, IF_DIFFERENT,
    IF_KINDS, ELSE_IF = 1 << 8, ELSE = 2 << 8, END_IF = 3 << 8
};

static bool push_condition(asm_state *state, bool active, unsigned column)
{
    bool parent = asm_active(state);
    if (state->condition_count == state->condition_capacity) {
        size_t capacity = state->condition_capacity ? state->condition_capacity * 2 : 16;
        if (capacity > 1u << 20) {
            asm_report(state, true, column, ".if nested too deeply");
            return false;
        }
        asm_condition *grown = realloc(state->conditions, capacity * sizeof *grown);
        if (!grown) {
            asm_report(state, true, column, "out of memory");
            return false;
        }
        state->conditions = grown;
        state->condition_capacity = capacity;
    }
    asm_condition *c = &state->conditions[state->condition_count++];
    c->parent_active = parent;
    c->active = parent && active;
    c->taken = c->active || !parent;
    c->else_seen = false;
    c->file = state->location.file;
    c->line = state->location.line;
    c->context = asm_persist_context(state, state->location.context);
    return true;
}

/* Trims blanks around [*i, *e). */
static void trim(const char *line, size_t *i, size_t *e)
{
    while (*i < *e && (line[*i] == ' ' || line[*i] == '\t'))
        (*i)++;
    while (*e > *i && (line[*e - 1] == ' ' || line[*e - 1] == '\t'))
        (*e)--;
}

/* The truth of a condition of the given kind over the operands. */
static bool evaluate_condition(asm_state *state, const char *line, size_t name_end, size_t end,
                               unsigned kind, bool *truth)
{
    if (kind == IF_DEFINED || kind == IF_NOT_DEFINED) {
        size_t i = skip_blank(line, name_end, end);
        size_t n = name_at(line, i, end);
        if (n == 0 || skip_blank(line, i + n, end) != end) {
            asm_report(state, true, (unsigned)i + 1, "expected one symbol name");
            return false;
        }
        asm_symbol *symbol = asm_symbol_find(state, line + i, n);
        bool defined = symbol && symbol->defined;
        *truth = kind == IF_DEFINED ? defined : !defined;
        return true;
    }
    if (kind == IF_BLANK || kind == IF_NOT_BLANK) {
        bool blank = skip_blank(line, name_end, end) == end;
        *truth = kind == IF_BLANK ? blank : !blank;
        return true;
    }
    if (kind == IF_SAME || kind == IF_DIFFERENT) {
        size_t i = name_end, comma = name_end;
        bool quoted = false;
        while (comma < end && (line[comma] != ',' || quoted)) {
            if (line[comma] == '"')
                quoted = !quoted;
            comma++;
        }
        if (comma >= end) {
            asm_report(state, true, (unsigned)name_end + 1, "expected two strings separated by ','");
            return false;
        }
        size_t a = i, ae = comma, b = comma + 1, be = end;
        trim(line, &a, &ae);
        trim(line, &b, &be);
        if (ae - a >= 2 && line[a] == '"' && line[ae - 1] == '"')
            a++, ae--;
        if (be - b >= 2 && line[b] == '"' && line[be - 1] == '"')
            b++, be--;
        bool same = ae - a == be - b && memcmp(line + a, line + b, ae - a) == 0;
        *truth = kind == IF_SAME ? same : !same;
        return true;
    }
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + name_end, line + end);
    int64_t value;
    unsigned section;
    if (!asm_value_needed(state, &cursor, &value, &section) || !at_end(state, &cursor, "the condition"))
        return false;
    switch (kind) {
    case IF_VALUE: case IF_NOT_ZERO: *truth = value != 0; break;
    case IF_ZERO: *truth = value == 0; break;
    case IF_POSITIVE: *truth = value > 0; break;
    case IF_NOT_NEGATIVE: *truth = value >= 0; break;
    case IF_NEGATIVE: *truth = value < 0; break;
    case IF_NOT_POSITIVE: *truth = value <= 0; break;
    default: *truth = false;
    }
    return true;
}

static void directive_condition(asm_state *state, const char *line, size_t start, size_t name_end,
                                size_t end, unsigned kind)
{
    unsigned column = (unsigned)start + 1;
    const char *name = line + start;
    int name_length = (int)(name_end - start);
    if ((kind & 0xff00) == 0) { /* .if... */
        bool truth = false;
        if (asm_active(state) && !evaluate_condition(state, line, name_end, end, kind, &truth))
            truth = false;
        push_condition(state, truth, column);
        return;
    }
    if (state->condition_count == 0 ||
        state->condition_count <= state->frames[state->frame_count - 1].condition_depth) {
        asm_report(state, true, column, "'%.*s' without '.if'", name_length, name);
        return;
    }
    asm_condition *c = &state->conditions[state->condition_count - 1];
    if ((kind & 0xff00) == END_IF) {
        if (skip_blank(line, name_end, end) != end)
            asm_report(state, true, (unsigned)name_end + 1, "unexpected text after '.endif'");
        state->condition_count--;
        return;
    }
    if (c->else_seen) {
        asm_report(state, true, column, "'%.*s' after '.else'", name_length, name);
        return;
    }
    if ((kind & 0xff00) == ELSE) {
        c->else_seen = true;
        c->active = c->parent_active && !c->taken;
        c->taken = true;
        return;
    }
    /* .elseif */
    bool truth = false;
    if (c->parent_active && !c->taken && !evaluate_condition(state, line, name_end, end, kind & 0xff, &truth))
        truth = false;
    c->active = c->parent_active && !c->taken && truth;
    c->taken |= c->active;
}

void asm_check_conditions_closed(asm_state *state)
{
    for (size_t i = 0; i < state->condition_count; i++) {
        const asm_condition *c = &state->conditions[i];
        asm_location location = {c->file, c->line, c->context, NULL, 0};
        asm_report_at(state, &location, state->sequence, true, 0, "'.if' without '.endif'");
    }
    state->condition_count = 0;
}

/* ---- macros and repeats ---- */

static void directive_macro(asm_state *state, const char *line, size_t start, size_t name_end,
                            size_t end, unsigned unused)
{
    (void)start, (void)unused;
    asm_macro_define(state, line, name_end, end);
}

static void directive_purge(asm_state *state, const char *line, size_t start, size_t name_end,
                            size_t end, unsigned unused)
{
    (void)start, (void)unused;
    asm_macro_purge(state, line, name_end, end);
}

static void directive_repeat(asm_state *state, const char *line, size_t start, size_t name_end,
                             size_t end, unsigned unused)
{
    (void)unused;
    asm_repeat(state, line, start, name_end, end);
}

static void directive_stray_end(asm_state *state, const char *line, size_t start, size_t name_end,
                                size_t end, unsigned macro)
{
    (void)end;
    asm_report(state, true, (unsigned)start + 1, "'%.*s' without '%s'", (int)(name_end - start),
               line + start, macro ? ".macro" : ".rept");
}

static void directive_exit(asm_state *state, const char *line, size_t start, size_t name_end,
                           size_t end, unsigned unused)
{
    (void)line, (void)name_end, (void)end, (void)unused;
    asm_exit_macro(state, (unsigned)start + 1);
}

/* ---- files ---- */

/* A file name: "quoted" or up to the end. */
static bool file_name(asm_state *state, const char *line, size_t name_end, size_t end, size_t *from,
                      size_t *to, size_t *after)
{
    size_t i = skip_blank(line, name_end, end);
    if (i < end && line[i] == '"') {
        size_t j = i + 1;
        while (j < end && line[j] != '"')
            j++;
        if (j >= end) {
            asm_report(state, true, (unsigned)i + 1, "unterminated file name");
            return false;
        }
        *from = i + 1;
        *to = j;
        *after = j + 1;
    } else {
        size_t j = i;
        while (j < end && line[j] != ',' && line[j] != ' ' && line[j] != '\t')
            j++;
        *from = i;
        *to = j;
        *after = j;
    }
    if (*to == *from) {
        asm_report(state, true, (unsigned)i + 1, "expected a file name");
        return false;
    }
    return true;
}

static void directive_include(asm_state *state, const char *line, size_t start, size_t name_end,
                              size_t end, unsigned unused)
{
    (void)start, (void)unused;
    size_t from, to, after;
    if (!file_name(state, line, name_end, end, &from, &to, &after))
        return;
    if (skip_blank(line, after, end) != end) {
        asm_report(state, true, (unsigned)after + 1, "unexpected text after the file name");
        return;
    }
    asm_push_file(state, line + from, to - from, (unsigned)from);
}

/* .incbin "FILE"[, SKIP[, COUNT]] */
static void directive_incbin(asm_state *state, const char *line, size_t start, size_t name_end,
                             size_t end, unsigned unused)
{
    (void)unused;
    size_t from, to, after;
    if (!file_name(state, line, name_end, end, &from, &to, &after))
        return;
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + after, line + end);
    int64_t skip = 0, count = -1;
    if (gcn_accept(&cursor, ',') && !number(state, &cursor, &skip))
        return;
    if (gcn_accept(&cursor, ',') && !number(state, &cursor, &count))
        return;
    if (!at_end(state, &cursor, "the operands"))
        return;
    char path[4096];
    const char *including = state->files[state->location.file].path;
    const char *slash = strrchr(including, '/');
    if (line[from] != '/' && slash)
        snprintf(path, sizeof path, "%.*s/%.*s", (int)(slash - including), including, (int)(to - from),
                 line + from);
    else
        snprintf(path, sizeof path, "%.*s", (int)(to - from), line + from);
    const char *reason = "?";
    FILE *file = asm_open_regular(path, &reason);
    if (!file) {
        snprintf(path, sizeof path, "%.*s", (int)(to - from), line + from);
        file = asm_open_regular(path, &reason);
    }
    if (!file) {
        asm_report(state, true, (unsigned)from, "cannot include '%s': %s", path, reason);
        return;
    }
    if (skip < 0 || fseek(file, (long)skip, SEEK_SET) != 0) {
        asm_report(state, true, (unsigned)start + 1, "cannot skip %lld bytes of '%s'", (long long)skip, path);
        fclose(file);
        return;
    }
    uint8_t buffer[65536];
    uint64_t left = count < 0 ? UINT64_MAX : (uint64_t)count;
    while (left) {
        size_t n = fread(buffer, 1, left < sizeof buffer ? (size_t)left : sizeof buffer, file);
        if (n == 0)
            break;
        if (!asm_emit(state, buffer, n, (unsigned)from))
            break;
        left -= n;
    }
    if (ferror(file))
        asm_report(state, true, (unsigned)from, "cannot read '%s'", path);
    fclose(file);
}

/* ---- messages, the end, the generation ---- */

static void directive_message(asm_state *state, const char *line, size_t start, size_t name_end,
                              size_t end, unsigned error)
{
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error parse_error;
    asm_cursor(state, &cursor, &options, &parse_error, line + name_end, line + end);
    asm_buffer text = {0};
    if (gcn_at_end(&cursor)) {
        asm_buffer_append(&text, error ? "'.error' directive invoked" : "'.warning' directive invoked", error ? 26 : 28);
    } else if (!parse_string(state, &cursor, &text) || !at_end(state, &cursor, "the message")) {
        asm_buffer_free(&text);
        return;
    }
    asm_report(state, error != 0, (unsigned)start + 1, "%.*s", (int)text.length, text.data ? text.data : "");
    asm_buffer_free(&text);
}

static void directive_err(asm_state *state, const char *line, size_t start, size_t name_end,
                          size_t end, unsigned unused)
{
    (void)line, (void)name_end, (void)end, (void)unused;
    asm_report(state, true, (unsigned)start + 1, "'.err' directive invoked");
}

static void directive_end(asm_state *state, const char *line, size_t start, size_t name_end,
                          size_t end, unsigned unused)
{
    (void)line, (void)start, (void)name_end, (void)end, (void)unused;
    state->ended = true;
}

static void directive_arch(asm_state *state, const char *line, size_t start, size_t name_end,
                           size_t end, unsigned unused)
{
    (void)start, (void)unused;
    size_t i = skip_blank(line, name_end, end), e = end;
    trim(line, &i, &e);
    if (e - i >= 2 && line[i] == '"' && line[e - 1] == '"')
        i++, e--;
    char name[64];
    gcn_arch arch;
    if (e == i || e - i >= sizeof name) {
        asm_report(state, true, (unsigned)i + 1, "expected a GPU or architecture name");
        return;
    }
    memcpy(name, line + i, e - i);
    name[e - i] = '\0';
    if (gcn_arch_from_name(name, &arch) != GCN_OK) {
        asm_report(state, true, (unsigned)i + 1,
                   "unknown GPU or architecture '%s' (gcn1.0..gcn1.4, gfx6..gfx9, tahiti, tonga, gfx900, ...)",
                   name);
        return;
    }
    state->arch = arch;
    asm_statement_options(state);
}

/* ---- the table ---- */

typedef void (*directive_handler)(asm_state *state, const char *line, size_t start, size_t name_end,
                                  size_t end, unsigned argument);
static const struct directive {
    const char *name;
    directive_handler handler;
    unsigned argument;
} directives[] = { /* sorted by name (strcmp) */
    {".2byte", directive_data, 2},
    {".32bit", directive_ignored, 0},
    {".4byte", directive_data, 4},
    {".64bit", directive_ignored, 0},
    {".8byte", directive_data, 8},
    {".align", directive_align, 1},
    {".arch", directive_arch, 0},
    {".ascii", directive_string, 0},
    {".asciz", directive_string, 1},
    {".balign", directive_align, 1},
    {".balignl", directive_align, 4},
    {".balignw", directive_align, 2},
    {".bss", directive_section, 0},
    {".buggyfplit", directive_ignored, 0},
    {".byte", directive_data, 1},
    {".data", directive_section, 0},
    {".else", directive_condition, ELSE},
    {".elseif", directive_condition, ELSE_IF | IF_VALUE},
    {".end", directive_end, 0},
    {".endif", directive_condition, END_IF},
    {".endm", directive_stray_end, 1},
    {".endmacro", directive_stray_end, 1},
    {".endr", directive_stray_end, 0},
    {".endrept", directive_stray_end, 0},
    {".equ", directive_set, 0},
    {".equiv", directive_set, 1},
    {".err", directive_err, 0},
    {".error", directive_message, 1},
    {".exitm", directive_exit, 0},
    {".extern", directive_ignored, 0},
    {".file", directive_ignored, 0},
    {".fill", directive_fill, 0},
    {".gpu", directive_arch, 0},
    {".hword", directive_data, 2},
    {".if", directive_condition, IF_VALUE},
    {".ifb", directive_condition, IF_BLANK},
    {".ifc", directive_condition, IF_SAME},
    {".ifdef", directive_condition, IF_DEFINED},
    {".ifeq", directive_condition, IF_ZERO},
    {".ifge", directive_condition, IF_NOT_NEGATIVE},
    {".ifgt", directive_condition, IF_POSITIVE},
    {".ifle", directive_condition, IF_NOT_POSITIVE},
    {".iflt", directive_condition, IF_NEGATIVE},
    {".ifnb", directive_condition, IF_NOT_BLANK},
    {".ifnc", directive_condition, IF_DIFFERENT},
    {".ifndef", directive_condition, IF_NOT_DEFINED},
    {".ifne", directive_condition, IF_NOT_ZERO},
    {".ifnotdef", directive_condition, IF_NOT_DEFINED},
    {".incbin", directive_incbin, 0},
    {".include", directive_include, 0},
    {".int", directive_data, 4},
    {".irp", directive_repeat, 0},
    {".irpc", directive_repeat, 0},
    {".long", directive_data, 4},
    {".macro", directive_macro, 0},
    {".nobuggyfplit", directive_ignored, 0},
    {".nooldmodparam", directive_modifier_values, 0},
    {".oldmodparam", directive_modifier_values, 1},
    {".org", directive_org, 0},
    {".p2align", directive_align, ALIGN_POWER | 1},
    {".p2alignl", directive_align, ALIGN_POWER | 4},
    {".p2alignw", directive_align, ALIGN_POWER | 2},
    {".purgem", directive_purge, 0},
    {".quad", directive_data, 8},
    {".rawcode", directive_ignored, 0},
    {".rept", directive_repeat, 0},
    {".rodata", directive_section, 0},
    {".section", directive_section, 1},
    {".set", directive_set, 0},
    {".short", directive_data, 2},
    {".skip", directive_skip, 0},
    {".space", directive_skip, 0},
    {".string", directive_string, 1},
    {".text", directive_section, 0},
    {".warning", directive_message, 0},
    {".word", directive_data, 4},
    {".zero", directive_skip, 0},
};
enum { DIRECTIVE_COUNT = sizeof directives / sizeof directives[0] };

static const struct directive *find_directive(const char *name, size_t length)
{
    char lower[24];
    if (length >= sizeof lower)
        return NULL;
    for (size_t i = 0; i < length; i++)
        lower[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
    lower[length] = '\0';
    size_t low = 0, high = DIRECTIVE_COUNT;
    while (low < high) {
        size_t middle = (low + high) / 2;
        int order = strcmp(lower, directives[middle].name);
        if (order == 0)
            return &directives[middle];
        if (order < 0)
            high = middle;
        else
            low = middle + 1;
    }
    return NULL;
}

bool asm_directive(asm_state *state, const char *line, size_t start, size_t name_end, size_t end)
{
    const struct directive *d = find_directive(line + start, name_end - start);
    if (!d)
        return asm_object_directive(state, line, start, name_end, end);
    state->mode = MODE_VALUE_NEEDED;
    d->handler(state, line, start, name_end, end, d->argument);
    return true;
}

bool asm_condition_directive(asm_state *state, const char *line, size_t start, size_t name_end,
                             size_t end)
{
    const struct directive *d = find_directive(line + start, name_end - start);
    if (!d || d->handler != directive_condition)
        return false;
    state->mode = MODE_VALUE_NEEDED;
    d->handler(state, line, start, name_end, end, d->argument);
    return true;
}

const char *asm_nearest_directive(const char *name, size_t length)
{
    const char *best = NULL;
    unsigned best_distance = ~0u;
    for (size_t i = 0; i < DIRECTIVE_COUNT; i++) {
        unsigned d = gcn_edit_distance(name, length, directives[i].name, strlen(directives[i].name));
        if (d < best_distance) {
            best_distance = d;
            best = directives[i].name;
        }
    }
    return best_distance * 3 <= length + 1 ? best : NULL;
}
