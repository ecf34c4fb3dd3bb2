#include "syntax/text.h"

#define DECIMAL_PAIRS(d) d "0" d "1" d "2" d "3" d "4" d "5" d "6" d "7" d "8" d "9"
const char gcn_decimal_pairs[] = DECIMAL_PAIRS("0") DECIMAL_PAIRS("1") DECIMAL_PAIRS("2")
    DECIMAL_PAIRS("3") DECIMAL_PAIRS("4") DECIMAL_PAIRS("5") DECIMAL_PAIRS("6") DECIMAL_PAIRS("7")
    DECIMAL_PAIRS("8") DECIMAL_PAIRS("9");
#define LOWER_PAIRS(d) DECIMAL_PAIRS(d) d "a" d "b" d "c" d "d" d "e" d "f"
#define UPPER_PAIRS(d) DECIMAL_PAIRS(d) d "A" d "B" d "C" d "D" d "E" d "F"
const char gcn_lower_hex_pairs[] = LOWER_PAIRS("0") LOWER_PAIRS("1") LOWER_PAIRS("2") LOWER_PAIRS("3")
    LOWER_PAIRS("4") LOWER_PAIRS("5") LOWER_PAIRS("6") LOWER_PAIRS("7") LOWER_PAIRS("8")
    LOWER_PAIRS("9") LOWER_PAIRS("a") LOWER_PAIRS("b") LOWER_PAIRS("c") LOWER_PAIRS("d")
    LOWER_PAIRS("e") LOWER_PAIRS("f");
const char gcn_upper_hex_pairs[] = UPPER_PAIRS("0") UPPER_PAIRS("1") UPPER_PAIRS("2") UPPER_PAIRS("3")
    UPPER_PAIRS("4") UPPER_PAIRS("5") UPPER_PAIRS("6") UPPER_PAIRS("7") UPPER_PAIRS("8")
    UPPER_PAIRS("9") UPPER_PAIRS("A") UPPER_PAIRS("B") UPPER_PAIRS("C") UPPER_PAIRS("D")
    UPPER_PAIRS("E") UPPER_PAIRS("F");

/* The digits straight into the text where it has room for 20, else into a
 * spare copied in (the length counts on past the end). */
void gcn_put_large_unsigned(gcn_text *text, uint64_t value)
{
    char spare[20], *start = text->length + 20 < text->size ? text->data + text->length : spare;
    size_t length = (size_t)(gcn_write_unsigned(start, value) - start);
    if (start == spare)
        gcn_put_length(text, spare, length);
    else
        text->length += length;
}

/* Below 10^8 (offsets, branch targets, labels): the part above the last
 * four digits and those four, by 32-bit divisions by constants, no loop. */
char *gcn_write_large_unsigned(char *at, uint64_t value)
{
    if (value < 100000000) {
        uint32_t high = (uint32_t)value / 10000, low = (uint32_t)value % 10000;
        if (high < 100) { /* six digits: the usual label of a large listing */
            memcpy(at, gcn_decimal_pairs + 2 * high, 2);
            at += 2;
        } else {
            at = gcn_write_unsigned(at, high);
        }
        memcpy(at, gcn_decimal_pairs + 2 * (low / 100), 2);
        memcpy(at + 2, gcn_decimal_pairs + 2 * (low % 100), 2);
        return at + 4;
    }
    /* the digits above the last eight, then those eight as four pairs */
    uint32_t low = (uint32_t)(value % 100000000);
    at = gcn_write_unsigned(at, value / 100000000);
    for (uint32_t scale = 1000000; scale; scale /= 100, at += 2)
        memcpy(at, gcn_decimal_pairs + 2 * (low / scale % 100), 2);
    return at;
}

void gcn_put_hex(gcn_text *text, uint64_t value)
{
    gcn_put_length(text, "0x", 2);
    gcn_put_hex_digits(text, value, 1, false);
}

void gcn_put_hex_digits(gcn_text *text, uint64_t value, unsigned digits, bool upper)
{
    const char *pairs = upper ? gcn_upper_hex_pairs : gcn_lower_hex_pairs;
    unsigned needed = value ? (unsigned)(67 - __builtin_clzll(value)) / 4 : 1;
    unsigned count = digits > 16 ? 16 : digits > needed ? digits : needed;
    if (text->length + count < text->size) {
        char *end = text->data + text->length + count;
        unsigned left = count;
        for (; left >= 2; left -= 2, value >>= 8) {
            end -= 2;
            memcpy(end, pairs + 2 * (value & 255), 2);
        }
        if (left)
            end[-1] = pairs[2 * (value & 15) + 1];
    }
    text->length += count;
}

void gcn_put_pad(gcn_text *text, size_t start, size_t column)
{
    size_t used = text->length - start;
    size_t spaces = used + 1 < column ? column - used : 1;
    if (text->length + spaces < text->size)
        memset(text->data + text->length, ' ', spaces);
    text->length += spaces;
}

int gcn_text_finish(gcn_text *text)
{
    if (text->size == 0)
        return -1;
    bool fits = text->length < text->size;
    text->data[fits ? text->length : text->size - 1] = '\0';
    return fits ? 0 : -1;
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
