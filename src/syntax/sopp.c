/* SOPP text: s_nop 0x6, s_branch .L168_0 / s_branch 41, s_waitcnt, sendmsg. */
#include <string.h>
#include <strings.h>

#include "syntax/generic.h"
#include "syntax/syntax.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* s_waitcnt fields; GCN 1.4 adds two high vmcnt bits at 14-15. */
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

static unsigned waitcnt_encode(gcn_arch arch, waitcnt w, unsigned stray)
{
    unsigned value = (w.vmcnt & 15) | (w.expcnt & 7) << 4 | (w.lgkmcnt & 15) << 8;
    if (arch >= GCN_ARCH_GCN14)
        value |= (w.vmcnt & 0x30) << 10;
    return value | stray;
}

static void format_waitcnt(gcn_text *text, gcn_arch arch, gcn_dialect dialect, unsigned value)
{
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

/* Messages: CLRX name, LLVM name, first generation that has it, last. */
static const struct message {
    unsigned id;
    const char *clrx, *llvm;
    gcn_arch first, last;
} messages[] = {
    {1, "interrupt", "MSG_INTERRUPT", GCN_ARCH_GCN10, GCN_ARCH_GCN14},
    {2, "gs", "MSG_GS", GCN_ARCH_GCN10, GCN_ARCH_GCN14},
    {3, "gs_done", "MSG_GS_DONE", GCN_ARCH_GCN10, GCN_ARCH_GCN14},
    {4, "savewave", "MSG_SAVEWAVE", GCN_ARCH_GCN12, GCN_ARCH_GCN14},
    {5, "stall_wave_gen", "MSG_STALL_WAVE_GEN", GCN_ARCH_GCN14, GCN_ARCH_GCN14},
    {6, "halt_waves", "MSG_HALT_WAVES", GCN_ARCH_GCN14, GCN_ARCH_GCN14},
    {7, "ordered_ps_done", "MSG_ORDERED_PS_DONE", GCN_ARCH_GCN14, GCN_ARCH_GCN14},
    {8, "early_prim_dealloc", "MSG_EARLY_PRIM_DEALLOC", GCN_ARCH_GCN14, GCN_ARCH_GCN14},
    {9, "gs_alloc_req", "MSG_GS_ALLOC_REQ", GCN_ARCH_GCN14, GCN_ARCH_GCN14},
    {10, "get_doorbell", "MSG_GET_DOORBELL", GCN_ARCH_GCN14, GCN_ARCH_GCN14},
    {15, "system", "MSG_SYSMSG", GCN_ARCH_GCN10, GCN_ARCH_GCN14},
};
enum { MSG_GS = 2, MSG_GS_DONE = 3, MSG_SYSMSG = 15 };

static const char *const gs_ops_clrx[4] = {"nop", "cut", "emit", "emit-cut"};
static const char *const gs_ops_llvm[4] = {"GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"};
static const char *const sys_ops_llvm[5] = {NULL, "SYSMSG_OP_ECC_ERR_INTERRUPT", "SYSMSG_OP_REG_RD",
                                            "SYSMSG_OP_HOST_TRAP_ACK", "SYSMSG_OP_TTRACE_PC"};

static const struct message *message_on(unsigned id, gcn_arch arch)
{
    for (size_t i = 0; i < sizeof messages / sizeof messages[0]; i++)
        if (messages[i].id == id && arch >= messages[i].first && arch <= messages[i].last)
            return &messages[i];
    return NULL;
}

/* LLVM's rules: a symbolic form only for a valid message/operation/stream. */
static bool llvm_message_valid(unsigned id, unsigned op, unsigned stream, gcn_arch arch)
{
    if (!message_on(id, arch))
        return false;
    bool op_valid = id == MSG_GS ? op >= 1 && op <= 3
                  : id == MSG_GS_DONE ? op <= 3
                  : id == MSG_SYSMSG ? op >= 1 && op <= 4
                  : op == 0;
    if (!op_valid)
        return false;
    if (id == MSG_GS || id == MSG_GS_DONE)
        return op == 0 ? stream == 0 : true;
    return stream == 0;
}

static void format_sendmsg(gcn_text *text, gcn_arch arch, gcn_dialect dialect, unsigned value)
{
    unsigned id = value & 15, op = (value >> 4) & 7, stream = (value >> 8) & 3;
    const struct message *message = message_on(id, arch);
    if (dialect == GCN_DIALECT_LLVM) {
        if (llvm_message_valid(id, op, stream, arch)) {
            gcn_put(text, "sendmsg(");
            gcn_put(text, message->llvm);
            if (id == MSG_GS || id == MSG_GS_DONE || id == MSG_SYSMSG) {
                gcn_put(text, ", ");
                gcn_put(text, id == MSG_SYSMSG ? sys_ops_llvm[op] : gs_ops_llvm[op]);
                if (id != MSG_SYSMSG && op != 0) {
                    gcn_put(text, ", ");
                    gcn_put_unsigned(text, stream);
                }
            }
            gcn_put_char(text, ')');
        } else if ((value & ~0x37fu) == 0) {
            gcn_put(text, "sendmsg(");
            gcn_put_unsigned(text, id);
            gcn_put(text, ", ");
            gcn_put_unsigned(text, op);
            gcn_put(text, ", ");
            gcn_put_unsigned(text, stream);
            gcn_put_char(text, ')');
        } else {
            gcn_put_unsigned(text, value);
        }
        return;
    }
    /* clrxdisasm's form: the operation (its low two bits) and stream for
     * gs and gs_done, for ids with no name but 0, and wherever bits 4-9
     * are set; every bit the text leaves out shows the whole value. */
    gcn_put(text, "sendmsg(");
    if (message) {
        gcn_put(text, message->clrx);
    } else {
        gcn_put_char(text, '@');
        gcn_put_unsigned(text, id);
    }
    bool operation = id == MSG_GS || id == MSG_GS_DONE || (!message && id != 0 && id != 15) ||
                     (value & 0x3f0u);
    if (operation) {
        gcn_put(text, ", ");
        gcn_put(text, gs_ops_clrx[op & 3]);
        if ((op & 3) != 0 || stream != 0) {
            gcn_put(text, ", ");
            gcn_put_unsigned(text, stream);
        }
    }
    gcn_put_char(text, ')');
    if (value & (operation ? 0xfcc0u : 0xfff0u)) {
        gcn_put(text, " :");
        gcn_put_hex(text, value);
    }
}

static void format_gpr_idx(gcn_text *text, gcn_dialect dialect, unsigned value)
{
    if (dialect == GCN_DIALECT_CLRX || (value & ~15u)) {
        gcn_put_hex(text, value);
        return;
    }
    static const char *const names[4] = {"SRC0", "SRC1", "SRC2", "DST"};
    gcn_put(text, "gpr_idx(");
    bool any = false;
    for (int i = 0; i < 4; i++) {
        if (!(value & (1u << i)))
            continue;
        if (any)
            gcn_put_char(text, ',');
        gcn_put(text, names[i]);
        any = true;
    }
    gcn_put_char(text, ')');
}

/* The named fields (waitcnt, sendmsg, gpr_idx) in a text of GCN_TEXT_ROOM
 * at at; out of line, so that the usual shapes need no frame. */
static __attribute__((noinline)) char *write_llvm_fields(const gcn_instruction *instruction,
                                                         const gcn_row *row, char *at)
{
    gcn_text text = {at, GCN_TEXT_ROOM, 0};
    gcn_arch arch = (gcn_arch)instruction->arch;
    unsigned value = instruction->simm16;
    gcn_put_mnemonic(&text, GCN_DIALECT_LLVM, row, true);
    if (row->shape == GCN_SHAPE_SOPP_WAITCNT)
        format_waitcnt(&text, arch, GCN_DIALECT_LLVM, value);
    else if (row->shape == GCN_SHAPE_SOPP_SENDMSG)
        format_sendmsg(&text, arch, GCN_DIALECT_LLVM, value);
    else if (row->shape == GCN_SHAPE_SOPP_GPR_IDX)
        format_gpr_idx(&text, GCN_DIALECT_LLVM, value);
    else
        return NULL;
    return at + text.length;
}

/* Two characters as the low bytes of a text word (the first lowest). */
static inline uint64_t pair_bits(const char *pair)
{
    return (uint64_t)(unsigned char)pair[0] | (uint64_t)(unsigned char)pair[1] << 8;
}

/* The LLVM text at at, which has GCN_TEXT_ROOM bytes, the usual shapes
 * through raw writers; NULL where llvm-mc has no text for the word.
 * context: the instruction's row. The shapes with a number (none, imm,
 * branch) are one path with no branch on the random shape or value: the
 * 16-bit value's decimal and hex texts are both made in a word, their
 * leading zeros shifted out, and the one the shape prints stored. */
static inline __attribute__((always_inline)) char *write_llvm_sopp(
    const gcn_instruction *instruction, const void *context, char *at)
{
    const gcn_row *row = context;
    unsigned value = instruction->simm16, index = instruction->row, shape = row->shape;
    if (shape > GCN_SHAPE_SOPP_BRANCH)
        return write_llvm_fields(instruction, row, at);
    unsigned none = shape == GCN_SHAPE_SOPP_NONE, empty = none & (value == 0);
    if (none & !empty & (row->operation != GCN_OP_ENDPGM))
        return NULL; /* LLVM takes no operand here */
    unsigned rest = value % 10000;
    uint64_t decimal = (uint64_t)('0' + value / 10000) |
                       pair_bits(gcn_decimal_pairs + 2 * (rest / 100)) << 8 |
                       pair_bits(gcn_decimal_pairs + 2 * (rest % 100)) << 24;
    unsigned decimal_count = 1u + (value >= 10) + (value >= 100) + (value >= 1000) + (value >= 10000);
    decimal >>= 8 * (5 - decimal_count);
    uint64_t hex = pair_bits(gcn_lower_hex_pairs + 2 * (value >> 8)) |
                   pair_bits(gcn_lower_hex_pairs + 2 * (value & 255)) << 16;
    unsigned hex_count = 1u + (value >= 0x10) + (value >= 0x100) + (value >= 0x1000);
    hex = ('0' | 'x' << 8) | (hex >> 8 * (4 - hex_count)) << 16;
    /* decimal when an inline constant (imm) and for none and branch */
    unsigned use_hex = (shape == GCN_SHAPE_SOPP_IMM) & (value > 64);
    uint64_t mask = -(uint64_t)use_hex;
    uint64_t text = (hex & mask) | (decimal & ~mask);
    size_t length = ((2 + hex_count) & mask) | (decimal_count & ~mask);
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
    text = __builtin_bswap64(text);
#endif
    char *number = gcn_write_llvm_mnemonic(at, index, true);
    memcpy(number, &text, 8);
    /* none with a 0 field: the bare mnemonic */
    return (number + length) - ((length + 1) & -(size_t)empty);
}

char *gcn_write_llvm_sopp(const gcn_instruction *instruction, char *at)
{
    if (instruction->row == GCN_ROW_NONE)
        return NULL;
    return write_llvm_sopp(instruction, &gcn_rows[instruction->row], at);
}

/* The usual CLRX text at at, which has GCN_TEXT_ROOM bytes: a plain
 * immediate or a branch to its label; NULL for the named fields, which
 * gcn_format_sopp prints. context: the branch's address. */
static char *write_clrx_sopp(const gcn_instruction *instruction, const void *context, char *at)
{
    const gcn_row *row = &gcn_rows[instruction->row];
    unsigned value = instruction->simm16;
    switch ((gcn_shape)row->shape) {
    case GCN_SHAPE_SOPP_NONE:
        if (value == 0)
            return gcn_write_llvm_mnemonic(at, instruction->row, false); /* the same name */
        return gcn_write_hex(gcn_write_clrx_mnemonic(at, instruction->row), value);
    case GCN_SHAPE_SOPP_IMM:
        return gcn_write_hex(gcn_write_clrx_mnemonic(at, instruction->row), value);
    case GCN_SHAPE_SOPP_BRANCH: {
        uint64_t target = gcn_branch_target(*(const uint64_t *)context, (uint16_t)value);
        at = gcn_write(gcn_write_clrx_mnemonic(at, instruction->row), ".L");
        return gcn_write(gcn_write_unsigned(at, target), "_0");
    }
    default:
        return NULL;
    }
}

char *gcn_write_clrx_sopp(const gcn_instruction *instruction, uint64_t address, char *at)
{
    return instruction->row == GCN_ROW_NONE ? NULL : write_clrx_sopp(instruction, &address, at);
}

bool gcn_format_sopp(const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address,
                     gcn_text *text)
{
    if (dialect == GCN_DIALECT_LLVM)
        return instruction->row != GCN_ROW_NONE &&
               gcn_write_reserved(text, write_llvm_sopp, instruction, &gcn_rows[instruction->row]);
    if (instruction->row != GCN_ROW_NONE &&
        gcn_write_reserved(text, write_clrx_sopp, instruction, &address))
        return true;
    unsigned value = instruction->simm16;
    gcn_arch arch = (gcn_arch)instruction->arch;
    if (instruction->row == GCN_ROW_NONE) {
        gcn_put_illegal(text, dialect, "SOPP", instruction->opcode, true);
        gcn_put_hex(text, value);
        return true;
    }
    const gcn_row *row = &gcn_rows[instruction->row];
    switch ((gcn_shape)row->shape) {
    case GCN_SHAPE_SOPP_NONE:
        gcn_put_mnemonic(text, dialect, row, value != 0);
        if (value != 0)
            gcn_put_hex(text, value);
        return true;
    case GCN_SHAPE_SOPP_IMM:
        gcn_put_mnemonic(text, dialect, row, true);
        gcn_put_hex(text, value);
        return true;
    case GCN_SHAPE_SOPP_BRANCH: {
        uint64_t target = gcn_branch_target(address, (uint16_t)value);
        gcn_put_mnemonic(text, dialect, row, true);
        gcn_put(text, ".L");
        gcn_put_unsigned(text, target);
        gcn_put(text, "_0");
        return true;
    }
    case GCN_SHAPE_SOPP_WAITCNT:
        gcn_put_mnemonic(text, dialect, row, true);
        format_waitcnt(text, arch, dialect, value);
        return true;
    case GCN_SHAPE_SOPP_SENDMSG:
        gcn_put_mnemonic(text, dialect, row, true);
        format_sendmsg(text, arch, dialect, value);
        return true;
    case GCN_SHAPE_SOPP_GPR_IDX:
        gcn_put_mnemonic(text, dialect, row, true);
        format_gpr_idx(text, dialect, value);
        return true;
    default:
        return false;
    }
}

/* ---- parsing ---- */

/* A 16-bit immediate: -32768..65535. CLRX truncates with a warning. */
/* A 16-bit field that llvm-mc takes only unsigned (s_endpgm, a raw sendmsg). */
static bool parse_unsigned16(gcn_cursor *cursor, unsigned *value)
{
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    int64_t v;
    if (!gcn_parse_expression(cursor, &v))
        return false;
    if (cursor->options->dialect == GCN_DIALECT_LLVM && (v < 0 || v > 65535))
        return gcn_fail(cursor, start, "value %lld is not a 16-bit unsigned value", (long long)v);
    if (v < -32768 || v > 65535)
        gcn_warn(cursor, start, "value %lld truncated to 16 bits: 0x%x", (long long)v,
                 (unsigned)v & 0xffff);
    *value = (unsigned)v & 0xffff;
    return true;
}

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

static bool parse_imm16(gcn_cursor *cursor, unsigned *value)
{
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    int64_t v;
    if (start < cursor->end && plain_number_to_end(start, cursor->end, &v))
        cursor->pos = cursor->end;
    else if (!gcn_parse_expression(cursor, &v))
        return false;
    if (v < -32768 || v > 65535) {
        if (cursor->options->dialect == GCN_DIALECT_LLVM)
            return gcn_fail(cursor, start, "value %lld does not fit in 16 bits", (long long)v);
        gcn_warn(cursor, start, "value %lld truncated to 16 bits: 0x%x", (long long)v,
                 (unsigned)v & 0xffff);
    }
    *value = (unsigned)v & 0xffff;
    return true;
}

/* CLRX prints " :0xVALUE", the whole field, after a form that cannot show
 * every bit; the value given there is what counts. */
static bool parse_whole_field(gcn_cursor *cursor, unsigned *value)
{
    if (cursor->options->dialect == GCN_DIALECT_LLVM)
        return gcn_fail(cursor, cursor->pos - 1, "unexpected ':'");
    return parse_imm16(cursor, value);
}

/* The usual waitcnt, as the printers write it: vmcnt(N), expcnt(N) and
 * lgkmcnt(N), any of them, each once, after one space or " & ", N a
 * plain decimal in range, up to the end of the statement, read in one
 * pass. False, touching nothing, for anything else, which the loop of
 * parse_waitcnt reads and reports. */
static bool plain_waitcnt(gcn_cursor *cursor, gcn_arch arch, unsigned *value)
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
    *value = waitcnt_encode(arch, w, 0);
    cursor->pos = end;
    return true;
}

/* Whether the identifier at the cursor (length bytes) is followed by '('
 * (space between): a named operand such as vmcnt(0) or sendmsg(...). Else
 * it begins an expression (x+1, a symbol named lgkmcnt_sat), as llvm-mc
 * takes it. */
static inline bool before_parenthesis(const gcn_cursor *cursor, size_t length)
{
    const char *p = cursor->pos + length;
    if (p < cursor->end && *p == '(') /* the usual spelling */
        return true;
    while (p < cursor->end && (*p == ' ' || *p == '\t'))
        p++;
    return p < cursor->end && *p == '(';
}

/* The named operands out of line: the usual SOPP statement keeps a small
 * frame. */
static __attribute__((noinline)) bool parse_waitcnt(gcn_cursor *cursor, gcn_arch arch,
                                                    unsigned *value)
{
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    gcn_skip_space(cursor);
    if (plain_waitcnt(cursor, arch, value))
        return true;
    size_t name = gcn_peek_identifier(cursor);
    if (name == 0 || !before_parenthesis(cursor, name)) /* an integer, or an expression */
        return parse_imm16(cursor, value);
    waitcnt w = waitcnt_decode(arch, waitcnt_known_bits(arch));
    unsigned given = 0;
    bool first = true;
    while (!gcn_at_end(cursor)) {
        if (!first && gcn_accept(cursor, ':'))
            return parse_whole_field(cursor, value);
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
    *value = waitcnt_encode(arch, w, 0);
    return true;
}

/* One sendmsg field: a name from the lists, @N, or an expression. */
static bool parse_message_field(gcn_cursor *cursor, int kind, unsigned message_id, unsigned *value,
                                bool *symbolic)
{
    gcn_arch arch = cursor->options->arch;
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    *symbolic = false;
    if (gcn_accept(cursor, '@')) {
        int64_t v;
        if (!gcn_parse_ranged(cursor, 0, kind == 0 ? 15 : 7, &v, kind == 0 ? "message" : "operation"))
            return false;
        *value = (unsigned)v;
        return true;
    }
    size_t length = gcn_peek_identifier(cursor);
    if (length) {
        if (kind == 0) {
            for (size_t i = 0; i < sizeof messages / sizeof messages[0]; i++) {
                const struct message *m = &messages[i];
                bool match = (strlen(m->clrx) == length && strncasecmp(start, m->clrx, length) == 0) ||
                             (strlen(m->llvm) == length && strncasecmp(start, m->llvm, length) == 0) ||
                             (m->id == MSG_SYSMSG &&
                              ((length == 6 && strncasecmp(start, "sysmsg", 6) == 0) ||
                               (length == 10 && strncasecmp(start, "msg_system", 10) == 0)));
                if (!match)
                    continue;
                if (arch < m->first || arch > m->last)
                    return gcn_fail(cursor, start, "message '%.*s' is not available on %s",
                                    (int)length, start, gcn_arch_name(arch));
                cursor->pos += length;
                *value = m->id;
                *symbolic = true;
                return true;
            }
            if (!cursor->options->resolve)
                return gcn_fail(cursor, start, "unknown message '%.*s'", (int)length, start);
            int64_t id; /* a symbol standing for the id */
            if (!gcn_parse_ranged(cursor, 0, 15, &id, "message"))
                return false;
            *value = (unsigned)id;
            return true;
        }
        if (message_id == MSG_SYSMSG) {
            static const char *const sys_ops_clrx[5] = {NULL, "ecc_err", "reg_rd", "host_trap_ack",
                                                        "ttrace_pc"};
            for (unsigned op = 1; op < 5; op++) {
                if ((strlen(sys_ops_llvm[op]) == length &&
                     strncasecmp(start, sys_ops_llvm[op], length) == 0) ||
                    (strlen(sys_ops_clrx[op]) == length &&
                     strncasecmp(start, sys_ops_clrx[op], length) == 0)) {
                    cursor->pos += length;
                    *value = op;
                    *symbolic = true;
                    return true;
                }
            }
        }
        if (length == 4 && strncasecmp(start, "emit", 4) == 0 && start + 8 <= cursor->end &&
            strncasecmp(start + 4, "-cut", 4) == 0 &&
            (start + 8 == cursor->end || !gcn_is_identifier_char(start[8]))) {
            cursor->pos += 8; /* CLRX's emit-cut */
            *value = 3;
            *symbolic = true;
            return true;
        }
        for (unsigned op = 0; op < 4; op++) {
            bool match = strlen(gs_ops_llvm[op]) == length &&
                         strncasecmp(start, gs_ops_llvm[op], length) == 0;
            if (op == 3) {
                if (length == 8 && strncasecmp(start, "emit_cut", 8) == 0)
                    match = true;
            } else if (strlen(gs_ops_clrx[op]) == length &&
                       strncasecmp(start, gs_ops_clrx[op], length) == 0) {
                match = true;
            }
            if (match) {
                cursor->pos += length;
                *value = op;
                *symbolic = true;
                return true;
            }
        }
        if (!cursor->options->resolve)
            return gcn_fail(cursor, start, "unknown message operation '%.*s'", (int)length, start);
    }
    int64_t v;
    if (!gcn_parse_ranged(cursor, 0, kind == 0 ? 15 : 7, &v, kind == 0 ? "message" : "operation"))
        return false;
    *value = (unsigned)v;
    return true;
}

static __attribute__((noinline)) bool parse_sendmsg(gcn_cursor *cursor, unsigned *value)
{
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    gcn_arch arch = cursor->options->arch;
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    if (!gcn_accept_word_here(cursor, "sendmsg") || !before_parenthesis(cursor, 0)) {
        cursor->pos = start; /* an integer, or an expression */
        return parse_unsigned16(cursor, value);
    }
    if (!gcn_accept(cursor, '('))
        return gcn_fail(cursor, cursor->pos, "expected '(' after sendmsg");
    const char *message_at = cursor->pos;
    unsigned id, op = 0, stream = 0;
    bool symbolic, op_symbolic = false, op_given = false, stream_given = false;
    if (!parse_message_field(cursor, 0, 0, &id, &symbolic))
        return false;
    const char *op_at = cursor->pos;
    if (gcn_accept(cursor, ',')) {
        gcn_skip_space(cursor);
        op_at = cursor->pos;
        if (!parse_message_field(cursor, 1, id, &op, &op_symbolic))
            return false;
        op_given = true;
        if (gcn_accept(cursor, ',')) {
            gcn_skip_space(cursor);
            const char *stream_at = cursor->pos;
            int64_t s;
            if (!gcn_parse_expression(cursor, &s))
                return false;
            if (s < 0 || s > 3) {
                if (llvm)
                    return gcn_fail(cursor, stream_at, "invalid message stream id");
                gcn_warn(cursor, stream_at, "stream id %lld out of range, truncated to %u",
                         (long long)s, (unsigned)s & 3);
            }
            stream = (unsigned)s & 3;
            stream_given = true;
        }
    }
    if (!gcn_accept(cursor, ')'))
        return gcn_fail(cursor, cursor->pos, "expected ')' to close sendmsg");
    if (gcn_accept(cursor, ':'))
        return parse_whole_field(cursor, value);
    if (llvm && symbolic) { /* llvm-mc checks symbolic messages strictly */
        bool needs_op = id == MSG_GS || id == MSG_GS_DONE || id == MSG_SYSMSG;
        if (needs_op && !op_given)
            return gcn_fail(cursor, message_at, "message requires an operation");
        if (!needs_op && op_given)
            return gcn_fail(cursor, op_at, "message does not support operations");
        if (!llvm_message_valid(id, op, (id == MSG_GS || id == MSG_GS_DONE) && op ? 0 : stream, arch))
            return gcn_fail(cursor, op_at, "invalid operation id");
        if (stream_given && !((id == MSG_GS || id == MSG_GS_DONE) && op != 0))
            return gcn_fail(cursor, op_at, "message operation does not support streams");
    }
    (void)op_symbolic;
    *value = id | op << 4 | stream << 8;
    return true;
}

static __attribute__((noinline)) bool parse_gpr_idx(gcn_cursor *cursor, unsigned *value)
{
    gcn_skip_space(cursor);
    const char *word = cursor->pos;
    if (!gcn_accept_word_here(cursor, "gpr_idx") || !before_parenthesis(cursor, 0)) {
        cursor->pos = word;
        gcn_skip_space(cursor);
        const char *start = cursor->pos;
        if (!parse_imm16(cursor, value))
            return false;
        if (cursor->options->dialect == GCN_DIALECT_LLVM && *value > 15)
            gcn_warn(cursor, start, "llvm-mc's assembler takes only 4-bit values here");
        return true;
    }
    if (!gcn_accept(cursor, '('))
        return gcn_fail(cursor, cursor->pos, "expected '(' after gpr_idx");
    static const char *const names[4] = {"SRC0", "SRC1", "SRC2", "DST"};
    unsigned mode = 0;
    if (!gcn_accept(cursor, ')')) {
        do {
            const char *start = cursor->pos;
            int found = -1;
            for (int i = 0; i < 4 && found < 0; i++)
                if (gcn_accept_word(cursor, names[i]))
                    found = i;
            if (found < 0)
                return gcn_fail(cursor, start, "expected SRC0, SRC1, SRC2 or DST");
            if (mode & (1u << found))
                return gcn_fail(cursor, start, "duplicate VGPR index mode");
            mode |= 1u << found;
        } while (gcn_accept(cursor, ','));
        if (!gcn_accept(cursor, ')'))
            return gcn_fail(cursor, cursor->pos, "expected ')' to close gpr_idx");
    }
    *value = mode;
    return true;
}

/* The field of a branch to v (in section; 0: an absolute number), the
 * operand at start. */
static inline bool branch_value(gcn_cursor *cursor, const char *start, int64_t v, unsigned section,
                                unsigned *value)
{
    const gcn_parse_options *options = cursor->options;
    /* An absolute number in LLVM is the raw word offset, as llvm-mc takes it. */
    if (options->dialect == GCN_DIALECT_LLVM && section == 0) {
        if (v < -32768 || v > 65535)
            return gcn_fail(cursor, start, "branch offset %lld does not fit in 16 bits", (long long)v);
        *value = (unsigned)v & 0xffff;
        return true;
    }
    /* A label (or, in CLRX, any number) is the target address. */
    unsigned own = options->resolve == gcn_section_resolver && options->resolve_context
                       ? ((const gcn_section_lookup *)options->resolve_context)->section : 0;
    if (section != 0 && section != own)
        return gcn_fail(cursor, start, "branch target is in another section");
    int64_t words = 0;
    switch (gcn_branch_distance(options->address, v, &words)) {
    case GCN_BRANCH_MISALIGNED:
        return gcn_fail(cursor, start, "branch target is not a multiple of 4 bytes");
    case GCN_BRANCH_OUT_OF_RANGE:
        return gcn_fail(cursor, start, "branch target out of range (%lld words away)",
                        (long long)words);
    case GCN_BRANCH_FITS:
        break;
    }
    *value = (unsigned)words & 0xffff;
    return true;
}

static bool parse_branch(gcn_cursor *cursor, unsigned *value)
{
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    int64_t v;
    unsigned section;
    if (!gcn_parse_address(cursor, &v, &section))
        return false;
    return branch_value(cursor, start, v, section, value);
}

/* Whether every byte from at to end (at < end) is an identifier
 * character: a label that ends the statement. With SSE2, the statement's
 * last 16 bytes are classified at once. */
static inline bool identifier_to_end(const char *text, const char *at, const char *end)
{
#if defined(__SSE2__)
    if (end - text >= 16 && end - at <= 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(const void *)(end - 16));
        __m128i letter = _mm_sub_epi8(_mm_or_si128(bytes, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
        __m128i digit = _mm_sub_epi8(bytes, _mm_set1_epi8('0'));
        __m128i identifier = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(letter, _mm_set1_epi8(25)), letter),
                         _mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8(9)), digit)),
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('_')),
                                      _mm_cmpeq_epi8(bytes, _mm_set1_epi8('.'))),
                         _mm_cmpeq_epi8(bytes, _mm_set1_epi8('$'))));
        unsigned other = ~(unsigned)_mm_movemask_epi8(identifier) & 0xffff;
        return (other >> (16 - (end - at))) == 0;
    }
#endif
    (void)text;
    for (const char *p = at; p < end; p++)
        if (!gcn_is_identifier_char(*p))
            return false;
    return true;
}

/* The usual branch operand: a label alone up to the end of the statement,
 * read once and given to the section lookup, as gcn_parse_address would
 * (the same lookup, the same error). BRANCH_OTHER, touching nothing, for
 * anything else. */
enum { BRANCH_OTHER, BRANCH_READ, BRANCH_FAILED };
static inline int parse_label_branch(gcn_cursor *cursor, unsigned *value)
{
    const char *at = cursor->pos, *end = cursor->end;
    while (at < end && (gcn_character_class[(unsigned char)*at] & GCN_CHAR_SPACE))
        at++;
    const gcn_parse_options *options = cursor->options;
    const gcn_section_lookup *lookup = options->resolve_context;
    if (at >= end ||
        (gcn_character_class[(unsigned char)*at] & (GCN_CHAR_IDENTIFIER | GCN_CHAR_DIGIT)) !=
            GCN_CHAR_IDENTIFIER ||
        (*at == '.' && end - at == 1) || options->resolve != gcn_section_resolver || !lookup ||
        !lookup->lookup || !identifier_to_end(cursor->text, at, end))
        return BRANCH_OTHER;
    int64_t v;
    unsigned section = 0;
    /* Past the call only the cursor and at: the name ends the statement. */
    if (!lookup->lookup(lookup->context, at, (size_t)(end - at), &v, &section)) {
        gcn_fail(cursor, at, "undefined symbol '%.*s'", (int)(cursor->end - at), at);
        return BRANCH_FAILED;
    }
    cursor->pos = cursor->end;
    return branch_value(cursor, at, v, section, value) ? BRANCH_READ : BRANCH_FAILED;
}

/* A branch's operand past the usual label: the general expression. */
static __attribute__((noinline)) bool parse_other_branch(gcn_cursor *cursor, const gcn_row *row,
                                                         gcn_instruction *instruction)
{
    unsigned value = 0;
    if (gcn_at_end(cursor))
        return gcn_fail(cursor, cursor->pos, "%s needs a branch target", row->name);
    bool ok = parse_branch(cursor, &value);
    instruction->simm16 = (uint16_t)value;
    return ok;
}

/* A branch's operand; out of line, so that the other SOPP statements keep
 * a small frame. */
static __attribute__((noinline)) bool parse_branch_operand(gcn_cursor *cursor, const gcn_row *row,
                                                           gcn_instruction *instruction)
{
    unsigned value = 0;
    int branch = parse_label_branch(cursor, &value);
    if (branch == BRANCH_OTHER)
        return parse_other_branch(cursor, row, instruction);
    instruction->simm16 = (uint16_t)value;
    return branch == BRANCH_READ;
}

bool gcn_parse_sopp(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction)
{
    if (row && row->shape == GCN_SHAPE_SOPP_BRANCH) /* before this frame */
        return parse_branch_operand(cursor, row, instruction);
    unsigned value = 0;
    bool ok = true;
    if (!row) { /* SOPP_ill_N: an opcode with no instruction, CLRX prints its field */
        ok = parse_imm16(cursor, &value);
        instruction->simm16 = (uint16_t)value;
        return ok;
    }
    switch ((gcn_shape)row->shape) {
    case GCN_SHAPE_SOPP_NONE:
        if (gcn_at_end(cursor))
            break;
        if (cursor->options->dialect == GCN_DIALECT_LLVM && row->operation != GCN_OP_ENDPGM)
            return gcn_fail(cursor, cursor->pos, "%s takes no operand", row->name);
        ok = parse_unsigned16(cursor, &value);
        break;
    case GCN_SHAPE_SOPP_IMM:
        if (gcn_at_end(cursor))
            return gcn_fail(cursor, cursor->pos, "%s needs an immediate operand", row->name);
        ok = parse_imm16(cursor, &value);
        break;
    case GCN_SHAPE_SOPP_BRANCH:
        return parse_branch_operand(cursor, row, instruction);
    case GCN_SHAPE_SOPP_WAITCNT:
        ok = parse_waitcnt(cursor, (gcn_arch)instruction->arch, &value);
        break;
    case GCN_SHAPE_SOPP_SENDMSG:
        ok = parse_sendmsg(cursor, &value);
        break;
    case GCN_SHAPE_SOPP_GPR_IDX:
        ok = parse_gpr_idx(cursor, &value);
        break;
    default:
        return gcn_fail(cursor, cursor->pos, "internal error: bad SOPP shape");
    }
    instruction->simm16 = (uint16_t)value;
    return ok;
}

/* For the generic syntax (generic.h): s_cbranch_i_fork and s_call_b64
 * branch as SOPP does, s_set_gpr_idx_on takes s_set_gpr_idx_mode's mode. */
bool gcn_parse_branch_target(gcn_cursor *cursor, unsigned *value)
{
    return parse_branch(cursor, value);
}

bool gcn_parse_gpr_idx_mode(gcn_cursor *cursor, unsigned *value)
{
    return parse_gpr_idx(cursor, value);
}

void gcn_format_gpr_idx_mode(gcn_text *text, gcn_dialect dialect, unsigned value)
{
    format_gpr_idx(text, dialect, value);
}
