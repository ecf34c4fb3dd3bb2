/* s_sendmsg's and s_sendmsghalt's operand: sendmsg(message, operation,
 * stream) by either dialect's names, @N, numbers, or the raw SIMM16. */
#include "syntax/generic.h"

enum { OPERATIONS_NONE, OPERATIONS_GS, OPERATIONS_SYSTEM };

/* The messages and their operations (src/isa/sendmsg_names.def). */
static const struct message {
    uint8_t id, first, last, operations, lowest, clrx_length, llvm_length;
    const char *clrx, *llvm;
} messages[] = {
#define MESSAGE(id, first, last, clrx, llvm, operations, lowest) \
    {id, GCN_ARCH_##first, GCN_ARCH_##last, OPERATIONS_##operations, lowest, sizeof clrx - 1, sizeof llvm - 1, \
     clrx, llvm},
#define OPERATION(...)
#include "isa/sendmsg_names.def"
#undef MESSAGE
#undef OPERATION
};
static const struct operation {
    uint8_t operations, value, clrx_length, llvm_length;
    const char *clrx, *llvm;
} operations[] = {
#define MESSAGE(...)
#define OPERATION(operations, value, clrx, llvm) \
    {OPERATIONS_##operations, value, sizeof clrx - 1, sizeof llvm - 1, clrx, llvm},
#include "isa/sendmsg_names.def"
#undef MESSAGE
#undef OPERATION
};

static const struct message *message_on(unsigned id, gcn_arch arch)
{
    for (size_t i = 0; i < sizeof messages / sizeof messages[0] && messages[i].id <= id; i++) /* in id order */
        if (messages[i].id == id && arch >= messages[i].first && arch <= messages[i].last)
            return &messages[i];
    return NULL;
}

/* The operation printed for value among the message's kind, NULL if none. */
static const struct operation *operation_of(unsigned kind, unsigned value)
{
    for (size_t i = 0; i < sizeof operations / sizeof operations[0]; i++)
        if (operations[i].operations == kind && operations[i].value == value)
            return &operations[i];
    return NULL;
}

/* LLVM's rules: a symbolic form only for a valid message/operation/stream. */
static bool llvm_message_valid(const struct message *message, unsigned op, unsigned stream)
{
    if (!message)
        return false;
    if (message->operations == OPERATIONS_NONE)
        return op == 0 && stream == 0;
    return op >= message->lowest && operation_of(message->operations, op) &&
           (stream == 0 || (message->operations == OPERATIONS_GS && op != 0));
}

void gcn_format_sendmsg(gcn_text *text, gcn_arch arch, gcn_dialect dialect, uint64_t address,
                        uint32_t value)
{
    (void)address;
    unsigned id = value & 15, op = (value >> 4) & 7, stream = (value >> 8) & 3;
    const struct message *message = message_on(id, arch);
    bool llvm = dialect == GCN_DIALECT_LLVM, named = llvm_message_valid(message, op, stream);
    if (llvm && !named && (value & ~0x37fu)) {
        gcn_put_unsigned(text, value);
        return;
    }
    gcn_put(text, "sendmsg(");
    if (llvm && named) {
        gcn_put(text, message->llvm);
        if (message->operations != OPERATIONS_NONE) {
            gcn_put(text, ", ");
            gcn_put(text, operation_of(message->operations, op)->llvm);
        }
    } else if (llvm) { /* (no name): every field */
        gcn_put_unsigned(text, id);
        gcn_put(text, ", ");
        gcn_put_unsigned(text, op);
    } else if (message) {
        gcn_put(text, message->clrx);
    } else {
        gcn_put_char(text, '@');
        gcn_put_unsigned(text, id);
    }
    /* clrxdisasm's form: the operation (its low two bits) and stream for
     * gs and gs_done, for ids with no name but 0, and wherever bits 4-9
     * are set; every bit the text leaves out shows the whole value. */
    bool operation = !llvm && ((message ? message->operations == OPERATIONS_GS : id != 0) || (value & 0x3f0u));
    if (operation) {
        gcn_put(text, ", ");
        gcn_put(text, operation_of(OPERATIONS_GS, op & 3)->clrx);
    }
    /* the stream: llvm-mc's after a GS operation, or its numbers */
    if (llvm ? !named || (message->operations == OPERATIONS_GS && op != 0) : operation && ((op & 3) || stream)) {
        gcn_put(text, ", ");
        gcn_put_unsigned(text, stream);
    }
    gcn_put_char(text, ')');
    if (!llvm && (value & (operation ? 0xfcc0u : 0xfff0u))) {
        gcn_put(text, " :");
        gcn_put_hex(text, value);
    }
}


/* Takes name (length bytes) where the identifier at the cursor (identifier
 * bytes) spells it, or starts it before a '-' (CLRX's emit-cut). */
static inline __attribute__((always_inline)) bool accept_name(gcn_cursor *cursor, size_t identifier, const char *name,
                                                            size_t length)
{
    return (length == identifier || (length > identifier && name[identifier] == '-')) &&
           gcn_accept_word_here(cursor, name);
}

/* One sendmsg field: a name from the rows, @N, or an expression. With
 * named, the message (*named: its row, NULL for a number); else the
 * operation of message_id (the GS operations' names, and the message's own). */
static bool parse_message_field(gcn_cursor *cursor, const struct message **named, unsigned message_id,
                                unsigned *value)
{
    gcn_arch arch = cursor->options->arch;
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    size_t length;
    if (named)
        *named = NULL;
    if (!gcn_accept(cursor, '@') && (length = gcn_peek_identifier(cursor)) != 0) {
        for (size_t i = 0; named && i < sizeof messages / sizeof messages[0]; i++) {
            const struct message *m = &messages[i];
            if (!accept_name(cursor, length, m->clrx, m->clrx_length) &&
                !accept_name(cursor, length, m->llvm, m->llvm_length))
                continue;
            if (arch < m->first || arch > m->last)
                return gcn_fail(cursor, start, "message '%.*s' is not available on %s", (int)length, start,
                                gcn_arch_name(arch));
            *value = m->id;
            *named = m;
            return true;
        }
        const struct message *message = message_on(message_id, arch);
        unsigned own = message ? message->operations : OPERATIONS_GS;
        for (size_t i = 0; !named && i < sizeof operations / sizeof operations[0]; i++) {
            const struct operation *o = &operations[i];
            if ((o->operations == OPERATIONS_GS || o->operations == own) &&
                (accept_name(cursor, length, o->clrx, o->clrx_length) ||
                 accept_name(cursor, length, o->llvm, o->llvm_length))) {
                *value = o->value;
                return true;
            }
        }
        if (!cursor->options->resolve)
            return gcn_fail(cursor, start, named ? "unknown message '%.*s'" : "unknown message operation '%.*s'",
                            (int)length, start);
    }
    int64_t v;
    if (!gcn_parse_ranged(cursor, 0, named ? 15 : 7, &v, named ? "message" : "operation"))
        return false;
    *value = (unsigned)v;
    return true;
}

bool gcn_parse_sendmsg(gcn_cursor *cursor, uint32_t *value)
{
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    if (!gcn_accept_word_here(cursor, "sendmsg") || !gcn_followed_by(cursor, 0, '(')) {
        cursor->pos = start; /* an integer, or an expression */
        return gcn_parse_imm16(cursor, true, value);
    }
    gcn_accept(cursor, '('); /* (followed by it) */
    const char *message_at = cursor->pos;
    unsigned id, op = 0, stream = 0;
    bool op_given = false, stream_given = false;
    const struct message *named;
    if (!parse_message_field(cursor, &named, 0, &id))
        return false;
    const char *op_at = cursor->pos;
    if (gcn_accept(cursor, ',')) {
        gcn_skip_space(cursor);
        op_at = cursor->pos;
        if (!parse_message_field(cursor, NULL, id, &op))
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
    if (llvm && named) { /* llvm-mc checks symbolic messages strictly */
        bool streams = named->operations == OPERATIONS_GS && op != 0;
        if (named->operations != OPERATIONS_NONE && !op_given)
            return gcn_fail(cursor, message_at, "message requires an operation");
        if (named->operations == OPERATIONS_NONE && op_given)
            return gcn_fail(cursor, op_at, "message does not support operations");
        if (!llvm_message_valid(named, op, streams ? 0 : stream))
            return gcn_fail(cursor, op_at, "invalid operation id");
        if (stream_given && !streams)
            return gcn_fail(cursor, op_at, "message operation does not support streams");
    }
    *value = id | op << 4 | stream << 8;
    return true;
}
