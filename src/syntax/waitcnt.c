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

/* The usual waitcnt as the printers write it, in one pass: each counter at
 * most once, after one space or " & ", a plain decimal in range, up to the
 * statement's end. False, touching nothing, for any other text. */
static bool plain_waitcnt(gcn_cursor *cursor, gcn_arch arch, uint32_t *value)
{
    const char *at = cursor->pos, *end = cursor->end;
    unsigned counts[3] = {counter_maximum(0, arch), counters[1].mask, counters[2].mask}, given = 0;
    for (;;) {
        unsigned which, count;
#pragma GCC unroll 3
        for (which = 0; which < 3; which++) /* each a comparison with constants */
            if (end - at > counters[which].length && memcmp(at, counters[which].name, counters[which].length + 1u) == 0)
                break;
        if (which == 3)
            return false;
        at += counters[which].length + 1;
        if (at >= end || (count = (unsigned)(*at - '0')) > 9)
            return false;
        if (++at < end && (unsigned)(*at - '0') <= 9) { /* two digits, no leading zero */
            if (count == 0)
                return false;
            count = count * 10 + (unsigned)(*at++ - '0');
        }
        if ((given & 1u << which) || count > counter_maximum(which, arch) || at >= end || *at++ != ')')
            return false;
        given |= 1u << which;
        counts[which] = count;
        if (at == end)
            break;
        if (end - at >= 3 && memcmp(at, " & ", 3) == 0)
            at += 3;
        else if (*at++ != ' ')
            return false;
    }
    *value = waitcnt_encode(arch, counts);
    cursor->pos = end;
    return true;
}

bool gcn_parse_waitcnt(gcn_cursor *cursor, uint32_t *value)
{
    gcn_arch arch = cursor->options->arch;
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    gcn_skip_space(cursor);
    if (plain_waitcnt(cursor, arch, value))
        return true;
    size_t name = gcn_peek_identifier(cursor);
    if (name == 0 || !gcn_followed_by(cursor, name, '(')) /* an integer, or an expression */
        return gcn_parse_imm16(cursor, false, value);
    unsigned counts[3] = {counter_maximum(0, arch), counters[1].mask, counters[2].mask}, given = 0;
    while (!gcn_at_end(cursor)) { /* (a counter first: a name and '(' start the operand) */
        if (gcn_accept(cursor, ':'))
            return gcn_parse_whole_field(cursor, value);
        if (gcn_accept(cursor, '&') || gcn_accept(cursor, ','))
            gcn_skip_space(cursor);
        const char *start = cursor->pos;
        size_t length = gcn_peek_identifier(cursor);
        unsigned which = 0;
        bool saturate = false; /* name_sat(N): N out of range is the nearest count */
        for (size_t n; which < 3; which++) {
            n = counters[which].length;
            if (length >= n && gcn_name_is(start, n, counters[which].name, n) &&
                (length == n || (saturate = gcn_word_is(start + n, length - n, "_sat"))))
                break;
        }
        if (which == 3)
            return gcn_fail(cursor, start, "expected vmcnt, expcnt or lgkmcnt");
        int counter_length = counters[which].length;
        const char *counter = counters[which].name;
        cursor->pos += length;
        if (!gcn_accept(cursor, '('))
            return gcn_fail(cursor, cursor->pos, "expected '(' after %.*s", counter_length, counter);
        gcn_skip_space(cursor);
        const char *value_at = cursor->pos;
        int64_t count;
        if (!gcn_parse_expression(cursor, &count))
            return false;
        if (!gcn_accept(cursor, ')'))
            return gcn_fail(cursor, cursor->pos, "expected ')'");
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
    }
    *value = waitcnt_encode(arch, counts); /* (the loop read a counter: a name and '(' start it) */
    return true;
}
