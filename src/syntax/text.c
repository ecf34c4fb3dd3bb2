#include "syntax/text.h"

#include <string.h>

void gcn_put_length(gcn_text *text, const char *string, size_t length)
{
    if (text->length + length < text->size)
        memcpy(text->data + text->length, string, length);
    text->length += length;
}

void gcn_put(gcn_text *text, const char *string)
{
    gcn_put_length(text, string, strlen(string));
}

void gcn_put_char(gcn_text *text, char c)
{
    if (text->length + 1 < text->size)
        text->data[text->length] = c;
    text->length++;
}

void gcn_put_unsigned(gcn_text *text, uint64_t value)
{
    char digits[24];
    size_t n = sizeof digits;
    do {
        digits[--n] = (char)('0' + value % 10);
        value /= 10;
    } while (value);
    gcn_put_length(text, digits + n, sizeof digits - n);
}

void gcn_put_signed(gcn_text *text, int64_t value)
{
    if (value < 0) {
        gcn_put_char(text, '-');
        gcn_put_unsigned(text, (uint64_t)0 - (uint64_t)value);
    } else {
        gcn_put_unsigned(text, (uint64_t)value);
    }
}

void gcn_put_hex(gcn_text *text, uint64_t value)
{
    static const char hex[] = "0123456789abcdef";
    char digits[16];
    size_t n = sizeof digits;
    do {
        digits[--n] = hex[value & 15];
        value >>= 4;
    } while (value);
    gcn_put_length(text, "0x", 2);
    gcn_put_length(text, digits + n, sizeof digits - n);
}

void gcn_put_pad(gcn_text *text, size_t start, size_t column)
{
    size_t used = text->length - start;
    do {
        gcn_put_char(text, ' ');
    } while (++used < column);
}

int gcn_text_finish(gcn_text *text)
{
    if (text->size == 0)
        return -1;
    if (text->length < text->size) {
        text->data[text->length] = '\0';
        return 0;
    }
    text->data[text->size - 1] = '\0';
    return -1;
}

unsigned gcn_edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
    unsigned previous[64], current[64];
    if (la > 63) la = 63;
    if (lb > 63) lb = 63;
    for (size_t j = 0; j <= lb; j++)
        previous[j] = (unsigned)j;
    for (size_t i = 1; i <= la; i++) {
        current[0] = (unsigned)i;
        for (size_t j = 1; j <= lb; j++) {
            char ca = a[i - 1], cb = b[j - 1];
            if (ca >= 'A' && ca <= 'Z') ca = (char)(ca - 'A' + 'a');
            if (cb >= 'A' && cb <= 'Z') cb = (char)(cb - 'A' + 'a');
            unsigned best = previous[j - 1] + (ca != cb);
            if (previous[j] + 1 < best) best = previous[j] + 1;
            if (current[j - 1] + 1 < best) best = current[j - 1] + 1;
            current[j] = best;
        }
        memcpy(previous, current, sizeof previous);
    }
    return previous[lb];
}
