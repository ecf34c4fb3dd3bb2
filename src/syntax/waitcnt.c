/* s_waitcnt's operand: vmcnt(N) expcnt(N) lgkmcnt(N) (CLRX joins them with
 * " & "), or the raw SIMM16. */
#include <string.h>

#include "syntax/generic.h"

/* The counters in text order: the name (with its '('), its length without
 * it, and the field's bits. */
static const struct counter {
    char name[9];
    uint8_t length, shift, mask;
} counters[3] = {{"vmcnt(", 5, 0, 15}, {"expcnt(", 6, 4, 7}, {"lgkmcnt(", 7, 8, 15}};

/* A counter's largest count: not waited for. GCN 1.4 adds two high vmcnt
 * bits at 14-15. */
static unsigned counter_maximum(unsigned which, gcn_arch arch)
{
    return which == 0 && arch >= GCN_ARCH_GCN14 ? 63 : counters[which].mask;
}

static unsigned waitcnt_encode(gcn_arch arch, const unsigned counts[3])
{
    unsigned value = arch >= GCN_ARCH_GCN14 ? (counts[0] & 0x30) << 10 : 0;
    for (unsigned i = 0; i < 3; i++)
        value |= (counts[i] & counters[i].mask) << counters[i].shift;
    return value;
}

void gcn_format_waitcnt(gcn_text *text, gcn_arch arch, gcn_dialect dialect, uint32_t value)
{
    unsigned counts[3], maxima[3];
    bool all = true, any = false;
#pragma GCC unroll 3
    for (unsigned i = 0; i < 3; i++) {
        maxima[i] = counter_maximum(i, arch);
        counts[i] = (value >> counters[i].shift) & counters[i].mask;
        if (i == 0) /* GCN 1.4's high bits */
            counts[0] |= (value >> 10) & maxima[0] & 0x30;
        all &= counts[i] == maxima[i];
    }
#pragma GCC unroll 3
    for (unsigned i = 0; i < 3; i++) {
        if (counts[i] == maxima[i] && !all)
            continue;
        if (any)
            gcn_put(text, dialect == GCN_DIALECT_CLRX ? " & " : " ");
        gcn_put_length(text, counters[i].name, counters[i].length + 1u);
        gcn_put_unsigned(text, counts[i]);
        gcn_put_char(text, ')');
        any = true;
    }
    if (dialect == GCN_DIALECT_CLRX && (value & ~waitcnt_encode(arch, maxima))) {
        gcn_put(text, " :");
        gcn_put_hex(text, value);
    }
}

/* The counter whose "name(" the printers write at `at`, 3 if none: each a
 * comparison with constants. */
static unsigned printed_counter(const char *at, const char *end)
{
    unsigned which = 0;
#pragma GCC unroll 3
    for (; which < 3; which++)
        if (end - at > counters[which].length &&
            memcmp(at, counters[which].name, counters[which].length + 1u) == 0)
            break;
    return which;
}

bool gcn_parse_waitcnt(gcn_cursor *cursor, uint32_t *value)
{
    gcn_arch arch = cursor->options->arch;
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    size_t name;
    gcn_skip_space(cursor);
    unsigned which = printed_counter(cursor->pos, cursor->end);
    if (which == 3 &&
        ((name = gcn_peek_identifier_here(cursor)) == 0 || !gcn_followed_by(cursor, name, '(')))
        return gcn_parse_imm16(cursor, false, value); /* an integer, or an expression */
    unsigned counts[3] = {counter_maximum(0, arch), counters[1].mask, counters[2].mask}, given = 0;
    for (;;) { /* a counter (a name and '(' start it), then the end or a separator */
        const char *start = cursor->pos, *end = cursor->end;
        bool saturate = false; /* name_sat(N): N out of range is the nearest count */
        if (which < 3) {
            cursor->pos += counters[which].length + 1u;
        } else {
            size_t length = gcn_peek_identifier_here(cursor);
            for (unsigned i = 0, n; which == 3 && i < 3; i++) { /* any case, or name_sat */
                n = counters[i].length;
                if (length >= n && gcn_name_is(start, n, counters[i].name, n) &&
                    (length == n || (saturate = gcn_word_is(start + n, length - n, "_sat"))))
                    which = i;
            }
            if (which == 3)
                return gcn_fail(cursor, start, "expected vmcnt, expcnt or lgkmcnt");
            cursor->pos += length;
            if (!gcn_accept(cursor, '('))
                return gcn_fail(cursor, cursor->pos, "expected '(' after %.*s",
                                counters[which].length, counters[which].name);
        }
        int counter_length = counters[which].length;
        const char *counter = counters[which].name, *value_at = cursor->pos, *after;
        uint64_t number;
        int64_t count;
        after = gcn_read_plain_number(value_at, end, &number);
        if (after && after < end && *after == ')') {
            count = (int64_t)number; /* the usual count, a plain number */
            cursor->pos = after + 1;
        } else {
            gcn_skip_space(cursor);
            value_at = cursor->pos;
            if (!gcn_parse_expression(cursor, &count))
                return false;
            if (!gcn_accept(cursor, ')'))
                return gcn_fail(cursor, cursor->pos, "expected ')'");
        }
        unsigned maximum = counter_maximum(which, arch);
        if (count < 0 || count > (int64_t)maximum) {
            if (saturate)
                count = count < 0 ? 0 : maximum;
            else if (llvm)
                return gcn_fail(cursor, value_at, "%.*s(%lld) out of range: at most %u", counter_length, counter,
                                (long long)count, maximum);
            else
                gcn_warn(cursor, value_at, "%.*s(%lld) out of range, truncated to %.*s(%u)", counter_length,
                         counter, (long long)count, counter_length, counter, (unsigned)count & maximum);
        }
        if ((given & (1u << which)) && !llvm) /* llvm-mc takes the last silently */
            gcn_warn(cursor, start, "%.*s was already defined", counter_length, counter);
        given |= 1u << which;
        counts[which] = (unsigned)count & maximum;
        if (gcn_at_end(cursor))
            break;
        if (end - cursor->pos > 2 && memcmp(cursor->pos, "& ", 2) == 0) { /* as CLRX prints it */
            cursor->pos += 2;
        } else if (*cursor->pos == ':' || *cursor->pos == '&' || *cursor->pos == ',') {
            if (*cursor->pos++ == ':')
                return gcn_parse_whole_field(cursor, value);
        }
        gcn_skip_space(cursor);
        which = printed_counter(cursor->pos, end);
    }
    *value = waitcnt_encode(arch, counts);
    return true;
}
