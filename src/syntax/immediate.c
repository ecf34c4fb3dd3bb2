/* The 16-bit immediates of SOPP and SOPK as both dialects read them, and
 * CLRX's whole-field form after a text that cannot show every bit. */
#include "syntax/generic.h"

/* The usual immediate: a decimal number (no leading zero, at most nine
 * digits) or 0x and one to eight hex digits, up to the end of the
 * statement, as gcn_parse_expression reads it. False, touching nothing,
 * for anything else. The caller has seen at < end. */
static inline bool plain_number_to_end(const char *at, const char *end, int64_t *value)
{
    uint64_t number = 0;
    size_t length = (size_t)(end - at);
    if (length > 2 && at[0] == '0' && (at[1] | 0x20) == 'x') {
        if (length > 10)
            return false;
        for (at += 2; at < end; at++) {
            unsigned digit = (unsigned)(*at - '0');
            if (digit > 9) {
                digit = (unsigned)((*at | 0x20) - 'a');
                if (digit > 5)
                    return false;
                digit += 10;
            }
            number = number << 4 | digit;
        }
    } else {
        if (length > 9 || (at[0] == '0' && length > 1))
            return false;
        for (; at < end; at++) {
            unsigned digit = (unsigned)(*at - '0');
            if (digit > 9)
                return false;
            number = number * 10 + digit;
        }
    }
    *value = (int64_t)number;
    return true;
}

bool gcn_parse_imm16(gcn_cursor *cursor, bool unsigned_only, uint32_t *value)
{
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    int64_t v;
    if (start < cursor->end && plain_number_to_end(start, cursor->end, &v))
        cursor->pos = cursor->end;
    else if (!gcn_parse_expression(cursor, &v))
        return false;
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    if (llvm && unsigned_only && (v < 0 || v > 65535))
        return gcn_fail(cursor, start, "value %lld is not a 16-bit unsigned value", (long long)v);
    if (v < -32768 || v > 65535) {
        if (llvm)
            return gcn_fail(cursor, start, "value %lld does not fit in 16 bits", (long long)v);
        gcn_warn(cursor, start, "value %lld truncated to 16 bits: 0x%x", (long long)v,
                 (unsigned)v & 0xffff);
    }
    *value = (unsigned)v & 0xffff;
    return true;
}

/* CLRX prints " :0xVALUE", the whole field, after a form that cannot show
 * every bit; the value given there is what counts. */
bool gcn_parse_whole_field(gcn_cursor *cursor, uint32_t *value)
{
    if (cursor->options->dialect == GCN_DIALECT_LLVM)
        return gcn_fail(cursor, cursor->pos - 1, "unexpected ':'");
    return gcn_parse_imm16(cursor, false, value);
}
