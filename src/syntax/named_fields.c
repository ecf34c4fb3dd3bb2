/* The specials whose fields have names in rows: s_sendmsg's and
 * s_sendmsghalt's sendmsg(message, operation, stream), and s_getreg's and
 * s_setreg's hwreg(register, offset, width); by either dialect's names, @N,
 * numbers, or the raw SIMM16. */
#include "isa/generation_sets.h"
#include "syntax/generic.h"

enum { OPERATIONS_NONE, OPERATIONS_GS, OPERATIONS_SYSTEM };

/* A value's name in each dialect ("": none) on a set of generations
 * (src/isa/sendmsg_names.def and hwreg_names.def); group: an operation's,
 * or a message's operations and the lowest llvm-mc takes. */
typedef struct field_name {
    uint8_t value, generations, group, lowest, clrx_length, llvm_length;
    const char *clrx, *llvm;
} field_name;
#define NAME(value, generations, group, lowest, clrx, llvm) \
    {value, generations, group, lowest, sizeof clrx - 1, sizeof llvm - 1, clrx, llvm},
static const field_name messages[] = {
#define MESSAGE(id, generations, clrx, llvm, operations, lowest) \
    NAME(id, generations, OPERATIONS_##operations, lowest, clrx, llvm)
#define OPERATION(...)
#include "isa/sendmsg_names.def"
#undef MESSAGE
#undef OPERATION
}, operations[] = {
#define MESSAGE(...)
#define OPERATION(operations, value, clrx, llvm) NAME(value, ALL, OPERATIONS_##operations, 0, clrx, llvm)
#include "isa/sendmsg_names.def"
#undef MESSAGE
#undef OPERATION
}, registers[] = {
#define HWREG(id, generations, clrx, llvm) NAME(id, generations, 0, 0, clrx, llvm)
#include "isa/hwreg_names.def"
#undef HWREG
};
#define NAMES(names) names, sizeof names / sizeof names[0]

/* The first of count names (in value order) for value on arch (and of
 * group, unless -1), NULL if none. */
static inline const field_name *name_of(const field_name *names, size_t count, int group, unsigned value, gcn_arch arch)
{
    for (size_t i = 0; i < count && names[i].value <= value; i++)
        if (names[i].value == value && ((names[i].generations >> arch) & 1u) && (group < 0 || names[i].group == group))
            return &names[i];
    return NULL;
}

/* LLVM's rules: a symbolic form only for a valid message/operation/stream. */
static bool llvm_message_valid(const field_name *message, unsigned op, unsigned stream, gcn_arch arch)
{
    if (!message)
        return false;
    if (message->group == OPERATIONS_NONE)
        return op == 0 && stream == 0;
    return op >= message->lowest && name_of(NAMES(operations), message->group, op, arch) &&
           (stream == 0 || (message->group == OPERATIONS_GS && op != 0));
}

/* A field's name in the dialect, else its number (CLRX: @N). */
static inline __attribute__((always_inline)) void put_named(gcn_text *text, const field_name *row, gcn_dialect dialect,
                                                            unsigned value)
{
    const char *name = !row ? "" : dialect == GCN_DIALECT_LLVM ? row->llvm : row->clrx;
    if (*name) {
        gcn_put(text, name);
        return;
    }
    if (dialect == GCN_DIALECT_CLRX)
        gcn_put_char(text, '@');
    gcn_put_unsigned(text, value);
}

void gcn_format_sendmsg(gcn_text *text, gcn_arch arch, gcn_dialect dialect, uint32_t value)
{
    unsigned id = value & 15, op = (value >> 4) & 7, stream = (value >> 8) & 3;
    const field_name *message = name_of(NAMES(messages), -1, id, arch);
    bool llvm = dialect == GCN_DIALECT_LLVM, named = llvm_message_valid(message, op, stream, arch);
    if (llvm && !named && (value & ~0x37fu)) {
        gcn_put_unsigned(text, value);
        return;
    }
    gcn_put(text, "sendmsg(");
    put_named(text, llvm && !named ? NULL : message, dialect, id);
    if (llvm && (!named || message->group != OPERATIONS_NONE)) { /* (no name: every field) */
        gcn_put(text, ", ");
        put_named(text, named ? name_of(NAMES(operations), message->group, op, arch) : NULL, dialect, op);
    }
    /* clrxdisasm's form: the operation (its low two bits) and stream for
     * gs and gs_done, for ids with no name but 0, and wherever bits 4-9
     * are set; every bit the text leaves out shows the whole value. */
    bool operation = !llvm && ((message ? message->group == OPERATIONS_GS : id != 0) || (value & 0x3f0u));
    if (operation) {
        gcn_put(text, ", ");
        gcn_put(text, name_of(NAMES(operations), OPERATIONS_GS, op & 3, arch)->clrx);
    }
    /* the stream: llvm-mc's after a GS operation, or its numbers */
    if (llvm ? !named || (message->group == OPERATIONS_GS && op != 0) : operation && ((op & 3) || stream)) {
        gcn_put(text, ", ");
        gcn_put_unsigned(text, stream);
    }
    gcn_put_char(text, ')');
    if (!llvm && (value & (operation ? 0xfcc0u : 0xfff0u))) {
        gcn_put(text, " :");
        gcn_put_hex(text, value);
    }
}

/* hwreg(name, offset, width): CLRX always writes all three, with @N for
 * an id it has no name for; llvm-mc writes hwreg(NAME) for the whole
 * register and the id as a number where it has no name. */
void gcn_format_hwreg(gcn_text *text, gcn_arch arch, gcn_dialect dialect, uint32_t value)
{
    unsigned id = value & 63, offset = (value >> 6) & 31, width = (value >> 11) + 1;
    gcn_put(text, "hwreg(");
    put_named(text, name_of(NAMES(registers), -1, id, arch), dialect, id);
    if (dialect == GCN_DIALECT_CLRX || offset != 0 || width != 32) {
        gcn_put(text, ", ");
        gcn_put_unsigned(text, offset);
        gcn_put(text, ", ");
        gcn_put_unsigned(text, width);
    }
    gcn_put_char(text, ')');
}

/* Takes name (length bytes) at `at` where the identifier there (identifier
 * bytes) spells it, or starts it before a '-' (CLRX's emit-cut). */
static inline bool accept_name(gcn_cursor *cursor, const char *at, size_t identifier, const char *name, size_t length)
{
    if (length != identifier && (length < identifier || name[identifier] != '-'))
        return false;
    cursor->pos = at;
    return gcn_accept_word_here(cursor, name);
}

/* One field named by count names (either dialect's; a CLRX name also after
 * "hwreg_" where prefixed), @N, or an expression in [0, maximum]; *named:
 * the name's row, NULL for a number. group: an operation's message's
 * operations (the GS operations' names also read), -1 for the others. */
static inline __attribute__((always_inline)) bool
parse_named(gcn_cursor *cursor, const field_name *names, size_t count, int group, bool prefixed, int64_t maximum,
            const char *what, const field_name **named, unsigned *value)
{
    gcn_arch arch = cursor->options->arch;
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    size_t length;
    *named = NULL;
    if (!gcn_accept(cursor, '@') && (length = gcn_peek_identifier(cursor)) != 0) {
        size_t skip = prefixed && length > 6 && gcn_word_is(start, 6, "hwreg_") ? 6 : 0;
        for (size_t i = count; i-- > 0;) { /* from the last: emit-cut before emit */
            const field_name *name = &names[i];
            if (group >= 0 && name->group != OPERATIONS_GS && name->group != group)
                continue;
            if (!accept_name(cursor, start + skip, length - skip, name->clrx, name->clrx_length) &&
                !accept_name(cursor, start, length, name->llvm, name->llvm_length))
                continue;
            if (!((name->generations >> arch) & 1u))
                return gcn_fail(cursor, start, "%s '%.*s' is not available on %s", what, (int)length, start,
                                gcn_arch_name(arch));
            *value = name->value;
            *named = name;
            return true;
        }
        cursor->pos = start;
        if (!cursor->options->resolve)
            return gcn_fail(cursor, start, "unknown %s%s '%.*s'", group >= 0 ? "message " : "", what, (int)length,
                            start);
    }
    int64_t v;
    if (!gcn_parse_ranged(cursor, 0, maximum, &v, what))
        return false;
    *value = (unsigned)v;
    return true;
}

bool gcn_parse_sendmsg(gcn_cursor *cursor, uint32_t *value)
{
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    size_t length = gcn_peek_identifier(cursor);
    if (!gcn_word_is(cursor->pos, length, "sendmsg") || !gcn_followed_by(cursor, length, '('))
        return gcn_parse_imm16(cursor, true, value); /* an integer, or an expression */
    cursor->pos += length;
    gcn_accept(cursor, '('); /* (followed by it) */
    const char *message_at = cursor->pos;
    unsigned id = 0, op = 0, stream = 0;
    bool op_given = false, stream_given = false;
    const field_name *named, *operation;
    if (!parse_named(cursor, NAMES(messages), -1, false, 15, "message", &named, &id))
        return false;
    const char *op_at = cursor->pos;
    if (gcn_accept(cursor, ',')) {
        gcn_skip_space(cursor);
        op_at = cursor->pos;
        const field_name *message = named ? named : name_of(NAMES(messages), -1, id, cursor->options->arch);
        if (!parse_named(cursor, NAMES(operations), message ? message->group : OPERATIONS_GS, false, 7, "operation",
                         &operation, &op))
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
        bool streams = named->group == OPERATIONS_GS && op != 0;
        if (named->group != OPERATIONS_NONE && !op_given)
            return gcn_fail(cursor, message_at, "message requires an operation");
        if (named->group == OPERATIONS_NONE && op_given)
            return gcn_fail(cursor, op_at, "message does not support operations");
        if (!llvm_message_valid(named, op, streams ? 0 : stream, cursor->options->arch))
            return gcn_fail(cursor, op_at, "invalid operation id");
        if (stream_given && !streams)
            return gcn_fail(cursor, op_at, "message operation does not support streams");
    }
    *value = id | op << 4 | stream << 8;
    return true;
}

/* hwreg(register, offset, width) or hwreg(register); the register by
 * either dialect's name, @N (CLRX) or a number; or the raw SIMM16. */
bool gcn_parse_hwreg(gcn_cursor *cursor, uint32_t *value)
{
    gcn_skip_space(cursor);
    if (!gcn_accept_word_here(cursor, "hwreg")) {
        int64_t raw;
        if (!gcn_parse_ranged(cursor, 0, 0xffff, &raw, "hwreg value"))
            return false;
        *value = (uint32_t)raw;
        return true;
    }
    if (!gcn_accept(cursor, '('))
        return gcn_fail(cursor, cursor->pos, "expected '(' after hwreg");
    const field_name *named;
    unsigned id = 0;
    if (!parse_named(cursor, NAMES(registers), -1, true, 63, "hwreg register", &named, &id))
        return false;
    int64_t offset = 0, width = 32;
    if (gcn_accept(cursor, ',')) {
        if (!gcn_parse_ranged(cursor, 0, 31, &offset, "hwreg bit offset") ||
            !(gcn_accept(cursor, ',') ||
              gcn_fail(cursor, cursor->pos, "expected ',' before the hwreg width")) ||
            !gcn_parse_ranged(cursor, 1, 32, &width, "hwreg width"))
            return false;
    }
    if (!gcn_accept(cursor, ')'))
        return gcn_fail(cursor, cursor->pos, "expected ')' to close hwreg(");
    *value = (uint32_t)(id | offset << 6 | (width - 1) << 11);
    return true;
}
