/* gcndis -f hex: 32-bit words or llvm-mc byte lists as text, read into
 * bytes for the listing (gcn_read_hex_input in dis/disassembler.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dis/disassembler.h"
#include "syntax/cursor.h"

/* A hex number at text[i..], "0x" optional; its digit count in *digits. */
static size_t hex_token(const char *text, size_t i, size_t end, uint32_t *value, size_t *digits,
                        bool *prefixed)
{
    *prefixed = i + 1 < end && text[i] == '0' && (text[i + 1] == 'x' || text[i + 1] == 'X');
    if (*prefixed)
        i += 2;
    *value = 0;
    *digits = 0;
    for (; i < end && gcn_hex_digit(text[i]) < 16; i++, (*digits)++)
        *value = *value << 4 | gcn_hex_digit(text[i]);
    return i;
}

static bool separator(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == ',';
}

bool gcn_read_hex_input(const char *text, size_t length, uint8_t **bytes, size_t *count, char *error,
                        size_t error_size)
{
    /* At most 4 bytes a token of one digit and its separator: 2 a character. */
    uint8_t *out = length < SIZE_MAX / 4 ? malloc(length * 2 + 8) : NULL;
    if (!out) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    size_t used = 0, line = 0;
    for (size_t start = 0; start < length;) {
        line++;
        const char *newline = memchr(text + start, '\n', length - start);
        size_t end = newline ? (size_t)(newline - text) : length;
        size_t next = newline ? end + 1 : length;
        for (size_t i = start; i < end; i++) /* comments */
            if (text[i] == '#' || (text[i] == '/' && i + 1 < end && text[i + 1] == '/')) {
                end = i;
                break;
            }
        const char *open = memchr(text + start, '[', end - start);
        bool lists = open != NULL; /* [0x04,0x50,...]: only what is inside brackets */
        bool byte_list = false;
        if (!lists) { /* 0x04,0x50,...: every token 0x and one or two digits, commas between */
            bool comma = false, all = true, any = false;
            for (size_t i = start; i < end;) {
                if (separator(text[i])) {
                    comma |= text[i] == ',';
                    i++;
                    continue;
                }
                uint32_t value;
                size_t digits;
                bool prefixed;
                size_t after = hex_token(text, i, end, &value, &digits, &prefixed);
                all &= prefixed && digits >= 1 && digits <= 2 && (after >= end || separator(text[after]));
                any = true;
                i = after > i ? after : i + 1;
            }
            byte_list = any && all && comma;
        }
        bool inside = false;
        for (size_t i = start; i < end;) {
            char c = text[i];
            if (lists && (c == '[' || c == ']')) {
                inside = c == '[';
                i++;
                continue;
            }
            if ((lists && !inside) || separator(c)) {
                i++;
                continue;
            }
            uint32_t value;
            size_t digits;
            bool prefixed;
            size_t after = hex_token(text, i, end, &value, &digits, &prefixed);
            bool bad = digits == 0 || (after < end && !separator(text[after]) && text[after] != ']');
            if (lists || byte_list) {
                if (bad || digits > 2) {
                    snprintf(error, error_size, "line %zu: expected a byte like 0x4f in the list", line);
                    free(out);
                    return false;
                }
                out[used++] = (uint8_t)value;
            } else {
                if (bad || digits > 8) {
                    snprintf(error, error_size, "line %zu: expected a 32-bit hex word", line);
                    free(out);
                    return false;
                }
                for (int b = 0; b < 4; b++)
                    out[used++] = (uint8_t)(value >> (8 * b));
            }
            i = after;
        }
        start = next;
    }
    *bytes = out;
    *count = used;
    return true;
}
