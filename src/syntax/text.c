#include "syntax/text.h"

#include <string.h>

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

static const char lower_digits[] = "0123456789abcdef", upper_digits[] = "0123456789ABCDEF";

void gcn_put_hex(gcn_text *text, uint64_t value)
{
    gcn_put_length(text, "0x", 2);
    gcn_put_hex_digits(text, value, 1, false);
}

void gcn_put_hex_digits(gcn_text *text, uint64_t value, unsigned digits, bool upper)
{
    const char *alphabet = upper ? upper_digits : lower_digits;
    char buffer[16];
    size_t n = sizeof buffer;
    do {
        buffer[--n] = alphabet[value & 15];
        value >>= 4;
    } while (n > 0 && (value || sizeof buffer - n < digits));
    gcn_put_length(text, buffer + n, sizeof buffer - n);
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
