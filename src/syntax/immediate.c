/* The 16-bit immediates of SOPP and SOPK as both dialects read them, and
 * CLRX's whole-field form after a text that cannot show every bit. */
#include "syntax/generic.h"

bool gcn_parse_imm16(gcn_cursor *cursor, bool unsigned_only, uint32_t *value)
{
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    int64_t v;
    uint64_t number = 0; /* the usual immediate, a plain number up to the end, read here */
    if (gcn_read_plain_number(start, cursor->end, &number) == cursor->end) {
        v = (int64_t)number;
        cursor->pos = cursor->end;
    } else if (!gcn_parse_expression(cursor, &v)) {
        return false;
    }
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

bool gcn_parse_whole_field(gcn_cursor *cursor, uint32_t *value)
{
    if (cursor->options->dialect == GCN_DIALECT_LLVM)
        return gcn_fail(cursor, cursor->pos - 1, "unexpected ':'");
    return gcn_parse_imm16(cursor, false, value);
}
