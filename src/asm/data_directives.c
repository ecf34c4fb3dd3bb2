/* Directives that lay out bytes: data values, strings, .fill/.skip,
 * alignment and .org. */
#include <string.h>

#include "asm/internal.h"

static const uint8_t nop_word[4] = {0x00, 0x00, 0x80, 0xbf}; /* s_nop 0 */

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
        asm_at_end(state, &cursor, "the values");
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
    state->lookup.flags &= ~(unsigned)GCN_LOOKUP_QUIET;
}

void asm_fixup_data(asm_state *state, const char *line, size_t start, size_t end, unsigned size)
{
    data_values(state, line, start, end, size);
}

void asm_directive_data(asm_state *state, const char *line, size_t start, size_t name_end,
                        size_t end, unsigned size)
{
    (void)start;
    data_values(state, line, name_end, end, size);
}

/* .ascii / .asciz / .string: strings, the last two each with a 0 after. */
void asm_directive_string(asm_state *state, const char *line, size_t start, size_t name_end,
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
        if (!asm_parse_string(state, &cursor, &text))
            break;
        if (terminate)
            asm_buffer_append(&text, "", 1);
        if (!asm_emit(state, text.data ? text.data : "", text.length, column))
            break;
    } while (gcn_accept(&cursor, ','));
    if (!cursor.failed)
        asm_at_end(state, &cursor, "the string");
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
void asm_directive_fill(asm_state *state, const char *line, size_t start, size_t name_end,
                        size_t end, unsigned unused)
{
    (void)unused;
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + name_end, line + end);
    int64_t repeat, size = 1, value = 0;
    unsigned column = (unsigned)start + 1;
    if (!asm_number(state, &cursor, &repeat))
        return;
    if (gcn_accept(&cursor, ',')) {
        gcn_skip_space(&cursor);
        if (*cursor.pos != ',' && !gcn_at_end(&cursor) && !asm_number(state, &cursor, &size))
            return;
        if (gcn_accept(&cursor, ',')) {
            gcn_skip_space(&cursor);
            const char *at = cursor.pos;
            if (!asm_number(state, &cursor, &value))
                return;
            if ((uint64_t)value >> 32 && size > 4)
                asm_report(state, false, asm_column(state, at), "'.fill' value truncated to 32 bits");
        }
    }
    if (!asm_at_end(state, &cursor, "the operands"))
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
void asm_directive_skip(asm_state *state, const char *line, size_t start, size_t name_end,
                        size_t end, unsigned unused)
{
    (void)unused;
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + name_end, line + end);
    int64_t count, value = 0;
    unsigned column = (unsigned)start + 1;
    if (!asm_number(state, &cursor, &count))
        return;
    if (gcn_accept(&cursor, ',') && !asm_number(state, &cursor, &value))
        return;
    if (!asm_at_end(state, &cursor, "the operands"))
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
void asm_directive_align(asm_state *state, const char *line, size_t start, size_t name_end,
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
    if (!asm_number(state, &cursor, &amount))
        return;
    if (gcn_accept(&cursor, ',')) {
        gcn_skip_space(&cursor);
        if (*cursor.pos != ',' && !gcn_at_end(&cursor)) {
            if (!asm_number(state, &cursor, &fill))
                return;
            filled = true;
        }
        if (gcn_accept(&cursor, ',') && !asm_number(state, &cursor, &maximum))
            return;
    }
    if (!asm_at_end(state, &cursor, "the operands"))
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
void asm_directive_org(asm_state *state, const char *line, size_t start, size_t name_end,
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
    if (gcn_accept(&cursor, ',') && !asm_number(state, &cursor, &value))
        return;
    if (!asm_at_end(state, &cursor, "the operands"))
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
