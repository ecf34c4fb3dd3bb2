/* s_sendmsg's and s_sendmsghalt's operand: sendmsg(message, operation,
 * stream) by either dialect's names, @N, numbers, or the raw SIMM16. */
#include <string.h>
#include <strings.h>

#include "syntax/generic.h"

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

void gcn_format_sendmsg(gcn_text *text, gcn_arch arch, gcn_dialect dialect, uint64_t address,
                        uint32_t value)
{
    (void)address;
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

bool gcn_parse_sendmsg(gcn_cursor *cursor, uint32_t *value)
{
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    gcn_arch arch = cursor->options->arch;
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    if (!gcn_accept_word_here(cursor, "sendmsg") || !gcn_before_parenthesis(cursor, 0)) {
        cursor->pos = start; /* an integer, or an expression */
        return gcn_parse_imm16(cursor, true, value);
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
        return gcn_parse_whole_field(cursor, value);
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
