/* Modifiers of the memory families. */
#include "isa/encoding.h"
#include "syntax/syntax.h"

/* The GCN_MOD_* flag a modifier word names (glc...nv; SMRD's imm and soe
 * show as operands), 0 if none. */
static unsigned modifier_flag(const char *word, size_t length)
{
    for (size_t i = 0; i < GCN_MODIFIER_COUNT; i++)
        if (gcn_modifiers[i].bit <= GCN_MOD_NV && gcn_word_is(word, length, gcn_modifiers[i].name))
            return gcn_modifiers[i].bit;
    return 0;
}

/* The offset the hardware reads from the field holding value's low bits. */
static int64_t hardware_offset(const gcn_offset_rule *rule, int64_t value)
{
    unsigned width = rule->hardware_width ? rule->hardware_width : rule->clrx_truncate_width;
    if (width == 0)
        return value;
    uint64_t bits = (uint64_t)value & ((1ull << width) - 1);
    if (rule->hardware_signed && (bits >> (width - 1)))
        return (int64_t)bits - (int64_t)(1ull << width);
    return (int64_t)bits;
}

bool gcn_parse_modifiers(gcn_cursor *cursor, unsigned allowed, const gcn_offset_rule *offset_rule,
                         bool llvm_mc, gcn_modifier_state *state, gcn_instruction *instruction,
                         int64_t *offset)
{
    bool clrx = cursor->options->dialect == GCN_DIALECT_CLRX;
    llvm_mc &= !clrx;
    while (!gcn_at_end(cursor)) {
        const char *start = cursor->pos;
        size_t length = gcn_peek_identifier_here(cursor);
        if (length == 0)
            return gcn_fail(cursor, start, "expected a modifier");
        if (offset_rule && (gcn_word_is(start, length, "offset") ||
                            gcn_word_is(start, length, "inst_offset"))) {
            if (llvm_mc && state->flag_seen)
                return gcn_fail(cursor, start, "offset:N must come before glc and slc in LLVM syntax");
            cursor->pos += length;
            if (!gcn_accept(cursor, ':'))
                return gcn_fail(cursor, cursor->pos, "expected ':' after '%.*s'", (int)length, start);
            if (state->offset_seen) { /* CLRX keeps the last one */
                if (!clrx)
                    return gcn_fail(cursor, start, "offset given twice");
                gcn_warn(cursor, start, "offset is already defined");
            }
            state->offset_seen = true;
            gcn_skip_space(cursor);
            const char *value_at = cursor->pos;
            int64_t value;
            if (!gcn_parse_expression(cursor, &value))
                return false;
            if (offset_rule->absent && value != 0)
                return gcn_fail(cursor, start, "%s; %s has none", offset_rule->absent,
                                gcn_arch_name(cursor->options->arch));
            if (value < offset_rule->minimum || value > offset_rule->maximum) {
                if (offset_rule->clrx_truncate_width &&
                    (clrx || (value >= offset_rule->minimum &&
                              value <= offset_rule->llvm_truncate_maximum))) {
                    int64_t kept = value & (int64_t)((1ull << offset_rule->clrx_truncate_width) - 1);
                    gcn_warn(cursor, value_at, "offset %lld out of range, truncated to %u bits: the hardware reads %lld",
                             (long long)value, offset_rule->clrx_truncate_width,
                             (long long)hardware_offset(offset_rule, kept));
                    value = kept;
                } else {
                    return gcn_fail(cursor, value_at, "offset %lld out of range [%lld, %lld]",
                                    (long long)value, (long long)offset_rule->minimum,
                                    (long long)offset_rule->maximum);
                }
            }
            /* CLRX takes some values the field holds only as bits (4096 in
             * a 13-bit signed field): say what the hardware reads. */
            if (clrx && offset_rule->hardware_width && hardware_offset(offset_rule, value) != value)
                gcn_warn(cursor, value_at, "offset %lld does not fit the %u-bit %s field: the "
                         "hardware reads %lld", (long long)value, offset_rule->hardware_width,
                         offset_rule->hardware_signed ? "signed" : "unsigned",
                         (long long)hardware_offset(offset_rule, value));
            *offset = offset_rule->hardware_signed ? hardware_offset(offset_rule, value) : value;
            continue;
        }
        unsigned bit = modifier_flag(start, length);
        bool negated = false; /* llvm-mc: noglc */
        if (!bit && llvm_mc && length > 2 && gcn_lower(start[0]) == 'n' && gcn_lower(start[1]) == 'o') {
            bit = modifier_flag(start + 2, length - 2) & allowed;
            negated = bit != 0;
        }
        if (bit == 0)
            return gcn_fail(cursor, start, "unknown modifier '%.*s'", (int)length, start);
        if (!(allowed & bit))
            return gcn_fail(cursor, start, "modifier '%.*s' is not valid for this instruction on %s",
                            (int)length, start, gcn_arch_name(cursor->options->arch));
        cursor->pos += length;
        if (llvm_mc && !negated && gcn_accept(cursor, ':'))
            return gcn_fail(cursor, start, "'%.*s' takes no value in LLVM syntax", (int)length, start);
        if ((state->seen & bit) && !state->repeats)
            return gcn_fail(cursor, start, "modifier '%.*s' given twice", (int)length, start);
        state->seen |= bit;
        state->flag_seen = true;
        bool on = !negated;
        if (!negated && gcn_accept(cursor, ':')) { /* CLRX: glc:1, addr64:0 */
            int64_t value;
            gcn_skip_space(cursor);
            const char *value_at = cursor->pos;
            if (!gcn_parse_expression(cursor, &value))
                return false;
            /* CLRX takes any nonzero value as 1 (after .oldmodparam: its low bit) */
            if (value != 0 && value != 1 && !clrx)
                return gcn_fail(cursor, value_at, "modifier value must be 0 or 1");
            const gcn_section_lookup *lookup = gcn_section_lookup_of(cursor->options);
            bool one_bit = lookup && (lookup->flags & GCN_LOOKUP_CLRX_OLD_MODIFIERS);
            if (one_bit && (value & ~(int64_t)1))
                gcn_warn(cursor, value_at, "value 0x%llx truncated to 0x%llx",
                         (unsigned long long)value, (unsigned long long)(value & 1));
            on = one_bit ? (value & 1) != 0 : value != 0;
        }
        if (on)
            instruction->modifiers |= (uint16_t)bit;
        else
            instruction->modifiers &= (uint16_t)~bit;
    }
    return true;
}
