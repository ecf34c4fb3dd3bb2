/* s_waitcnt's operand: vmcnt(N) expcnt(N) lgkmcnt(N) (CLRX joins them with
 * " & "), or the raw SIMM16. GCN 1.4 adds two high vmcnt bits at 14-15. */
#include <string.h>
#include <strings.h>

#include "syntax/generic.h"

typedef struct waitcnt {
    unsigned vmcnt, expcnt, lgkmcnt;
} waitcnt;

static unsigned vmcnt_max(gcn_arch arch) { return arch >= GCN_ARCH_GCN14 ? 63 : 15; }
static unsigned waitcnt_known_bits(gcn_arch arch) { return arch >= GCN_ARCH_GCN14 ? 0xcf7f : 0x0f7f; }

static waitcnt waitcnt_decode(gcn_arch arch, unsigned value)
{
    waitcnt w;
    w.vmcnt = (value & 15) | (arch >= GCN_ARCH_GCN14 ? (value >> 10) & 0x30 : 0);
    w.expcnt = (value >> 4) & 7;
    w.lgkmcnt = (value >> 8) & 15;
    return w;
}

static unsigned waitcnt_encode(gcn_arch arch, waitcnt w)
{
    unsigned value = (w.vmcnt & 15) | (w.expcnt & 7) << 4 | (w.lgkmcnt & 15) << 8;
    if (arch >= GCN_ARCH_GCN14)
        value |= (w.vmcnt & 0x30) << 10;
    return value;
}

void gcn_format_waitcnt(gcn_text *text, gcn_arch arch, gcn_dialect dialect, uint64_t address,
                        uint32_t value)
{
    (void)address;
    waitcnt w = waitcnt_decode(arch, value);
    const char *separator = dialect == GCN_DIALECT_CLRX ? " & " : " ";
    bool all = w.vmcnt == vmcnt_max(arch) && w.expcnt == 7 && w.lgkmcnt == 15;
    bool any = false;
    static const char *const names[3] = {"vmcnt(", "expcnt(", "lgkmcnt("};
    unsigned values[3] = {w.vmcnt, w.expcnt, w.lgkmcnt};
    unsigned maxima[3] = {vmcnt_max(arch), 7, 15};
    for (int i = 0; i < 3; i++) {
        if (values[i] == maxima[i] && !all)
            continue;
        if (any)
            gcn_put(text, separator);
        gcn_put(text, names[i]);
        gcn_put_unsigned(text, values[i]);
        gcn_put_char(text, ')');
        any = true;
    }
    if (dialect == GCN_DIALECT_CLRX && (value & ~waitcnt_known_bits(arch))) {
        gcn_put(text, " :");
        gcn_put_hex(text, value);
    }
}

/* The usual waitcnt, as the printers write it: vmcnt(N), expcnt(N) and
 * lgkmcnt(N), any of them, each once, after one space or " & ", N a
 * plain decimal in range, up to the end of the statement, read in one
 * pass. False, touching nothing, for anything else, which the loop of
 * gcn_parse_waitcnt reads and reports. */
static bool plain_waitcnt(gcn_cursor *cursor, gcn_arch arch, uint32_t *value)
{
    const char *at = cursor->pos, *end = cursor->end;
    waitcnt w = waitcnt_decode(arch, waitcnt_known_bits(arch));
    unsigned given = 0;
    for (;;) {
        unsigned which, count;
        if (end - at >= 6 && memcmp(at, "vmcnt(", 6) == 0)
            which = 0, at += 6;
        else if (end - at >= 7 && memcmp(at, "expcnt(", 7) == 0)
            which = 1, at += 7;
        else if (end - at >= 8 && memcmp(at, "lgkmcnt(", 8) == 0)
            which = 2, at += 8;
        else
            return false;
        if (at >= end || (count = (unsigned)(*at - '0')) > 9)
            return false;
        if (++at < end && (unsigned)(*at - '0') <= 9) { /* two digits, no leading zero */
            if (count == 0)
                return false;
            count = count * 10 + (unsigned)(*at++ - '0');
        }
        unsigned maximum = which == 0 ? vmcnt_max(arch) : which == 1 ? 7 : 15;
        if ((given & 1u << which) || count > maximum || at >= end || *at++ != ')')
            return false;
        given |= 1u << which;
        if (which == 0)
            w.vmcnt = count;
        else if (which == 1)
            w.expcnt = count;
        else
            w.lgkmcnt = count;
        if (at == end)
            break;
        if (end - at >= 3 && memcmp(at, " & ", 3) == 0)
            at += 3;
        else if (*at++ != ' ')
            return false;
    }
    *value = waitcnt_encode(arch, w);
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
    if (name == 0 || !gcn_before_parenthesis(cursor, name)) /* an integer, or an expression */
        return gcn_parse_imm16(cursor, false, value);
    waitcnt w = waitcnt_decode(arch, waitcnt_known_bits(arch));
    unsigned given = 0;
    bool first = true;
    while (!gcn_at_end(cursor)) {
        if (!first && gcn_accept(cursor, ':'))
            return gcn_parse_whole_field(cursor, value);
        if (!first && (gcn_accept(cursor, '&') || gcn_accept(cursor, ',')))
            gcn_skip_space(cursor);
        first = false;
        const char *start = cursor->pos;
        size_t length = gcn_peek_identifier(cursor);
        static const char *const names[3] = {"vmcnt", "expcnt", "lgkmcnt"};
        int which = -1;
        bool saturate = false;
        for (int i = 0; i < 3; i++) {
            size_t n = strlen(names[i]);
            if (length == n && strncasecmp(start, names[i], n) == 0)
                which = i;
            else if (length == n + 4 && strncasecmp(start, names[i], n) == 0 &&
                     strncasecmp(start + n, "_sat", 4) == 0)
                which = i, saturate = true;
        }
        if (which < 0)
            return gcn_fail(cursor, start, "expected vmcnt, expcnt or lgkmcnt");
        cursor->pos += length;
        if (!gcn_accept(cursor, '('))
            return gcn_fail(cursor, cursor->pos, "expected '(' after %s", names[which]);
        gcn_skip_space(cursor);
        const char *value_at = cursor->pos;
        int64_t count;
        if (!gcn_parse_expression(cursor, &count))
            return false;
        if (!gcn_accept(cursor, ')'))
            return gcn_fail(cursor, cursor->pos, "expected ')'");
        unsigned maximum = which == 0 ? vmcnt_max(arch) : which == 1 ? 7 : 15;
        if (count < 0 || count > (int64_t)maximum) {
            if (saturate)
                count = count < 0 ? 0 : maximum;
            else if (llvm)
                return gcn_fail(cursor, value_at, "%s(%lld) out of range: at most %u", names[which],
                                (long long)count, maximum);
            else
                gcn_warn(cursor, value_at, "%s(%lld) out of range, truncated to %s(%u)", names[which],
                         (long long)count, names[which], (unsigned)count & maximum);
        }
        if ((given & (1u << which)) && !llvm) /* llvm-mc takes the last silently */
            gcn_warn(cursor, start, "%s was already defined", names[which]);
        given |= 1u << which;
        unsigned masked = (unsigned)count & maximum;
        if (which == 0) w.vmcnt = masked;
        else if (which == 1) w.expcnt = masked;
        else w.lgkmcnt = masked;
    }
    if (!given)
        return gcn_fail(cursor, cursor->pos, "expected vmcnt, expcnt or lgkmcnt");
    *value = waitcnt_encode(arch, w);
    return true;
}
