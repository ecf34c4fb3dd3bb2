/* The generic parser's full path for an encoding with modifiers (MUBUF's,
 * FLAT's; SMRD/SMEM's operands by its hooks): register operands by their
 * syntax, the modifiers the encoding and the dialect take, CLRX's key=value
 * forms for the fields the row does not show; then the operands' widths,
 * once the modifiers are known. What only one encoding checks is its hook
 * (syntax/hooks.h). */
#include <string.h>

#include "syntax/hooks.h"
#include "syntax/modifier.h"
#include "syntax/modifier_syntax.h"

/* Out of line: the comma is there in the common case. llvm-mc takes
 * operands without commas between them. */
static __attribute__((noinline)) bool comma_missing(gcn_cursor *cursor)
{
    return (cursor->options->dialect == GCN_DIALECT_LLVM && !gcn_at_end(cursor)) ||
           gcn_fail(cursor, cursor->pos, "expected ','");
}

static bool parse_operand(gcn_cursor *cursor, const gcn_operand_profile *profile, gcn_operand *out,
                          operand_text *text)
{
    gcn_skip_space(cursor);
    text->at = cursor->pos;
    unsigned first = 0, count = 0;
    /* MUBUF's address may be off (CLRX: left out), as may an address of
     * one VGPR beside an saddr (SCRATCH's) */
    bool off = profile->syntax == GCN_SYNTAX_VGPR &&
               (profile->width == GCN_WIDTH_ADDRESS || (profile->width == GCN_WIDTH_FLAT_ADDRESS && profile->dwords == 1)) &&
               gcn_accept_word_here(cursor, "off");
    switch ((gcn_operand_syntax)profile->syntax) {
    case GCN_SYNTAX_VGPR:
        text->omitted = !off && profile->width == GCN_WIDTH_ADDRESS && cursor->options->dialect == GCN_DIALECT_CLRX &&
                        gcn_at_register(cursor) && *cursor->pos != 'v' && *cursor->pos != 'V';
        if (!off && !text->omitted && !gcn_parse_vgprs(cursor, &first, &count))
            return false; /* (count 0: off, or left out) */
        *out = (gcn_operand){GCN_OPERAND_VECTOR, (uint8_t)count, (uint16_t)first, 0};
        return true;
    case GCN_SYNTAX_SREG: /* FLAT's saddr (the only one in these profiles) */
        if (!gcn_parse_saddr(cursor, profile->dwords, &first))
            return false;
        *out = (gcn_operand){(uint8_t)(first == GCN_SADDR_OFF ? GCN_OPERAND_OFF : GCN_OPERAND_SCALAR),
                             (uint8_t)(first == GCN_SADDR_OFF ? 0 : profile->dwords), (uint16_t)first, 0};
        return true;
    case GCN_SYNTAX_SRSRC:
        if (!gcn_parse_srsrc(cursor, &first))
            return false;
        *out = (gcn_operand){GCN_OPERAND_SCALAR, 4, (uint16_t)(first * 4), 0};
        return true;
    case GCN_SYNTAX_SOFFSET:
        if (!gcn_parse_soffset(cursor, &first))
            return false;
        *out = (gcn_operand){gcn_is_inline_constant(cursor->options->arch, first) ? GCN_OPERAND_CONSTANT
                                                                                 : GCN_OPERAND_SCALAR,
                             1, (uint16_t)first, 0};
        return true;
    default:
        return gcn_fail(cursor, cursor->pos, "unexpected operand");
    }
}

const char *gcn_find_modifier(const char *start, const char *end, const char *name)
{
    const char *found = start;
    size_t length = strlen(name);
    for (const char *p = start; p + length <= end; p++) {
        if ((p == start || !gcn_is_identifier_char(p[-1])) && gcn_name_is(p, length, name, length) &&
            (p + length == end || !gcn_is_identifier_char(p[length])))
            found = p;
    }
    return found;
}

/* Where CLRX's field list (the first `name=`) starts, or end. */
static const char *fields_start(const gcn_cursor *cursor)
{
    const char *equals = memchr(cursor->pos, '=', (size_t)(cursor->end - cursor->pos));
    if (!equals)
        return cursor->end;
    const char *p = equals;
    while (p > cursor->pos && (p[-1] == ' ' || p[-1] == '\t'))
        p--;
    while (p > cursor->pos && gcn_is_identifier_char(p[-1]))
        p--;
    return p;
}

/* Where a field lies on the generation: its own place, or where it has
 * none, a later generation's if those bits are reserved here (CLRX's seg=
 * and saddr= set them in GCN 1.1/1.2's FLAT); NULL where neither. */
static const gcn_field_place *field_place(gcn_encoding encoding, gcn_arch arch, unsigned field)
{
    const gcn_field_place *place = &gcn_field_places[encoding][arch][field];
    unsigned last = modifier_syntax[encoding] & CLRX_LATER_FIELDS ? GCN_ARCH_COUNT : arch + 1u;
    for (unsigned later = arch + 1u; place->kind == GCN_PLACE_ABSENT && later < last; later++) {
        place = &gcn_field_places[encoding][later][field];
        if ((place->mask << place->first) & ~gcn_encoding_reserved[encoding][arch][place->word])
            return NULL;
    }
    return place->kind == GCN_PLACE_ABSENT ? NULL : place;
}

/* The field a CLRX key at the cursor names among those the row does not
 * show (GCN_MAX_FIELDS: reserved=, where the encoding takes it; GCN 1.1's
 * SMRD literal=), or -1; *first_key: the first such key, for the message. */
static int find_field_key(gcn_cursor *cursor, gcn_encoding encoding, uint32_t shown, gcn_arch arch,
                          const char **first_key)
{
    size_t length = gcn_peek_identifier(cursor);
    const char *start = cursor->pos;
    int found = modifier_syntax[encoding] & CLRX_RESERVED_KEY && gcn_word_is(start, length, "reserved")
                    ? GCN_MAX_FIELDS
                : encoding == GCN_ENCODING_SMRD && arch == GCN_ARCH_GCN11 && gcn_word_is(start, length, "literal")
                    ? GCN_MEMORY_LITERAL_KEY
                    : -1;
    *first_key = NULL;
    for (unsigned field = 0; field < GCN_MAX_FIELDS; field++) {
        const char *key = (shown >> field) & 1u || !field_place(encoding, arch, field)
                              ? NULL
                              : gcn_clrx_field_key(encoding, field);
        *first_key = *first_key ? *first_key : key;
        if (key && found < 0 && gcn_word_is(start, length, key))
            found = (int)field;
    }
    return found;
}

/* CLRX: one field the row shows no operand or modifier for (vaddr=0x12),
 * kept in reserved[] where it lies, or reserved=N, the bits no field covers
 * but those CLRX keeps silent (seen: those given before). */
static bool parse_field(gcn_cursor *cursor, gcn_encoding encoding, uint32_t shown, uint32_t *seen,
                        gcn_instruction *instruction)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    const char *first_key;
    size_t length = gcn_peek_identifier(cursor);
    const char *start = cursor->pos;
    int found = find_field_key(cursor, encoding, shown, arch, &first_key);
    if (found < 0 && !first_key && !(modifier_syntax[encoding] & CLRX_RESERVED_KEY))
        return gcn_fail(cursor, start, "expected a modifier");
    if (found < 0)
        return gcn_fail(cursor, start, "expected a modifier or a field (%s=...)",
                        first_key ? first_key : "reserved");
    const char *name = found == GCN_MAX_FIELDS           ? "reserved"
                       : found == GCN_MEMORY_LITERAL_KEY ? "literal"
                                                         : gcn_clrx_field_key(encoding, (unsigned)found);
    if (*seen & (1u << found))
        return gcn_fail(cursor, start, "%s given twice", name);
    *seen |= 1u << found;
    cursor->pos += length;
    if (!gcn_accept(cursor, '='))
        return gcn_fail(cursor, cursor->pos, "expected '=' after %s", name);
    gcn_skip_space(cursor);
    const char *value_at = cursor->pos;
    int64_t value;
    uint64_t bits;
    if (found == GCN_MEMORY_LITERAL_KEY) {
        if (!gcn_parse_ranged(cursor, 0, 0xffffffffll, &value, name))
            return false;
        instruction->literal = (uint32_t)value;
        return true;
    }
    if (found == GCN_MAX_FIELDS) {
        const uint32_t *mask = gcn_encoding_reserved[encoding][arch];
        bits = (uint64_t)mask[1] << 32 | mask[0];
        if (!gcn_parse_expression(cursor, &value))
            return false;
        if ((uint64_t)value & ~(bits & ~gcn_clrx_silent_reserved[encoding][arch]))
            return gcn_fail(cursor, value_at, "reserved=%#llx sets bits that are not reserved %s bits on %s",
                            (unsigned long long)value, gcn_encodings[encoding].name, gcn_arch_name(arch));
        gcn_warn(cursor, start, "reserved %s bits set", gcn_encodings[encoding].name);
    } else {
        const gcn_field_place *place = field_place(encoding, arch, (unsigned)found);
        if (!gcn_parse_ranged(cursor, 0, place->mask, &value, name))
            return false;
        unsigned shift = place->first + 32u * place->word;
        bits = (uint64_t)place->mask << shift;
        value = (int64_t)((uint64_t)value << shift);
    }
    instruction->reserved[0] = (instruction->reserved[0] & ~(uint32_t)bits) | ((uint32_t)value & (uint32_t)bits);
    instruction->reserved[1] = (instruction->reserved[1] & ~(uint32_t)(bits >> 32)) |
                               ((uint32_t)((uint64_t)value >> 32) & (uint32_t)(bits >> 32));
    return true;
}

bool gcn_parse_hidden_fields(gcn_cursor *cursor, gcn_encoding encoding, uint32_t shown, gcn_instruction *instruction)
{
    uint32_t seen = 0;
    const char *first_key;
    while (!gcn_at_end(cursor) && cursor->options->dialect == GCN_DIALECT_CLRX &&
           find_field_key(cursor, encoding, shown, cursor->options->arch, &first_key) >= 0)
        if (!parse_field(cursor, encoding, shown, &seen, instruction))
            return false;
    return true;
}

/* What the modifiers read so far held, for a statement whose modifiers come
 * in pieces (between CLRX's fields). */
typedef struct modifier_state {
    unsigned seen;     /* the flags given, also as 0 (glc:0, noglc) */
    bool offset_seen;
    bool flag_seen;    /* a flag before offset:N, which llvm-mc's FLAT refuses */
    bool repeats;      /* a flag may be given again (CLRX's SMEM: the last value) */
} modifier_state;

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

/* The modifiers up to the cursor's end: glc, slc, tfe, lds, offen, idxen,
 * addr64, nv and offset:N (also inst_offset:N), in any order, CLRX's also
 * with values (glc:1). llvm_mc: the LLVM dialect reads them as llvm-mc 14
 * does: offset:N before the flags, the flags without a value, noglc and
 * noslc (the flag given as 0). */
static bool parse_modifiers(gcn_cursor *cursor, unsigned allowed, const gcn_offset_rule *offset_rule,
                            bool llvm_mc, modifier_state *state, gcn_instruction *instruction,
                            int64_t *offset)
{
    bool clrx = cursor->options->dialect == GCN_DIALECT_CLRX;
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

/* Whether another VGPR follows, after a comma or (LLVM) without one: a
 * FLAT atomic's third, where the first was its result. */
static bool vgpr_follows(const gcn_cursor *cursor, bool llvm)
{
    gcn_cursor probe = *cursor;
    if (!gcn_accept(&probe, ',') && !llvm)
        return false;
    gcn_skip_space(&probe);
    const char *p = probe.pos;
    return p + 1 < probe.end && (*p == 'v' || *p == 'V') && ((p[1] >= '0' && p[1] <= '9') || p[1] == '[');
}

/* Any spacing, register symbols, expressions, CLRX's fields, every error
 * and warning; before GCN 1.2 SMEM's profiles make SMRD's words. */
bool gcn_parse_full_modifiers(gcn_cursor *cursor, const gcn_row *row, const gcn_profile *profile,
                              gcn_instruction *instruction)
{
    gcn_arch arch = cursor->options->arch;
    gcn_dialect dialect = cursor->options->dialect;
    bool llvm = dialect == GCN_DIALECT_LLVM;
    gcn_encoding encoding = (gcn_encoding)profile->encoding;
    const gcn_encoding_hook *hook = &gcn_encoding_hooks[encoding];
    unsigned syntax = modifier_syntax[encoding];
    instruction->encoding = (syntax & SMRD_BEFORE_GCN12) && arch < GCN_ARCH_GCN12 ? GCN_ENCODING_SMRD : encoding;
    instruction->word_count = gcn_encodings[instruction->encoding].words;
    unsigned suffix = gcn_size_suffix(cursor); /* (llvm-mc ignores _e32; _e64 refused before) */
    operand_text texts[GCN_PROFILE_MAX_OPERANDS] = {{NULL, false}};
    gcn_operand *operands = instruction->operands;
    bool memory = syntax & OFFSET_OPERAND; /* SMRD/SMEM: its hooks */
    gcn_memory_parse fields;
    if (memory && !gcn_memory_start(cursor, llvm ? 0 : suffix, &fields))
        return false;
    /* the fields CLRX's keys may not name: the operands', the modifiers'
     * (but SMRD/SMEM's imm, soe and offset: its offset operand shows imm),
     * the opcode's (FLAT's segment on GCN 1.4); SMRD's fields before GCN 1.2 */
    gcn_encoding keyed = (gcn_encoding)instruction->encoding;
    const gcn_profile *keyed_profile =
        keyed == encoding ? profile : &gcn_profiles[gcn_smrd_shape(row ? row->shape : GCN_SHAPE_SMEM_LOAD)];
    uint32_t shown = 1u << gcn_encoding_opcode_field[keyed], imm = 0;
    unsigned high = gcn_encoding_opcode_high_field[keyed][0];
    if (high != GCN_NO_FIELD && gcn_field_places[keyed][arch][high].kind != GCN_PLACE_ABSENT)
        shown |= 1u << high;
    for (unsigned field = 0; field < GCN_MAX_FIELDS; field++) {
        unsigned modifier = gcn_field_modifiers[keyed][field];
        if (memory && (modifier == GCN_MODIFIER_IMM + 1 || modifier == GCN_MODIFIER_SOE + 1 ||
                       modifier == GCN_MODIFIER_OFFSET + 1))
            imm |= modifier == GCN_MODIFIER_IMM + 1 ? 1u << field : 0;
        else if (modifier)
            shown |= 1u << field;
    }
    bool optional = result_optional(profile, row), scalar_refused = false;
    for (unsigned i = 0; i < profile->operand_count && !(memory && fields.key_form); i++) {
        const gcn_operand_profile *keyed_operand = &keyed_profile->operands[i];
        shown |= 1u << keyed_operand->field | (keyed_operand->syntax == GCN_SYNTAX_SMEM_OFFSET ? imm : 0);
        if (profile->operands[i].syntax == GCN_SYNTAX_SMEM_OFFSET && gcn_memory_offset_left_out(cursor, &fields))
            break; /* (0) */
        if (i == 2 && optional && !vgpr_follows(cursor, llvm)) {
            /* the address and the data: no result (count 0) */
            operands[2] = operands[1], texts[2] = texts[1];
            operands[1] = operands[0], texts[1] = texts[0];
            operands[0] = (gcn_operand){GCN_OPERAND_VECTOR, 0, 0, 0};
            continue;
        }
        if (i && !texts[i - 1].omitted && !gcn_accept(cursor, ',') && !comma_missing(cursor))
            return false;
        if (memory ? !gcn_parse_memory_operand(cursor, row, &profile->operands[i], keyed_operand->field, &fields)
                   : !parse_operand(cursor, &profile->operands[i], &operands[i], &texts[i]))
            return false;
        /* (FLAT's saddr: its own rules, gcn_parse_saddr) */
        scalar_refused |= !memory && operands[i].kind != GCN_OPERAND_VECTOR &&
                          profile->operands[i].syntax != GCN_SYNTAX_SREG &&
                          operands[i].number + operands[i].count > 102;
    }
    instruction->operand_count = profile->operand_count;
    /* The llvm dialect reads back what llvm-mc prints but refuses to assemble
     * (s[100:103], null): with a warning that names llvm-mc's message, for the
     * first such operand. */
    for (unsigned i = 0; llvm && scalar_refused && i < profile->operand_count; i++) {
        const gcn_operand *operand = &operands[i];
        const char *message =
            operand->kind == GCN_OPERAND_SCALAR || operand->kind == GCN_OPERAND_CONSTANT
                ? gcn_llvm_refused_scalar(arch, operand->number, operand->count, false)
                : NULL;
        if (!message)
            continue;
        const char *at = texts[i].at;
        size_t length = 0;
        while (at + length < cursor->end && at[length] != ',' && at[length] != ' ')
            length++;
        gcn_warn(cursor, at, "llvm-mc prints '%.*s' but does not assemble it (%s)", (int)length, at,
                 message);
        break;
    }
    bool llvm_mc = llvm && (syntax & LLVM_MC_MODIFIERS);
    if (llvm_mc && !gcn_at_end(cursor))
        gcn_accept(cursor, ','); /* llvm-mc takes a comma before the modifiers */

    /* the modifiers; CLRX's fields after them or between them */
    unsigned allowed = memory ? gcn_memory_modifiers_allowed(row, arch, dialect, true)
                              : hook->allowed(row, arch, dialect);
    const gcn_offset_rule *rule = (llvm && !allowed) || (memory && !(allowed & GCN_MOD_SOE)) ? NULL
                                  : profile->offset_rule == GCN_OFFSET_FIELD
                                      ? &offset_rules[encoding]
                                      : &reading_rules[profile->offset_rule][arch].full[dialect];
    int64_t offset = 0;
    modifier_state state = {0, false, false, memory && !llvm}; /* CLRX's "glc glc" (its vectors) */
    uint32_t fields_seen = 0;
    gcn_skip_space(cursor);
    const char *flags_at = cursor->pos;
    const char *flags_end = llvm || (syntax & CLRX_FIELDS_BETWEEN) ? cursor->end : fields_start(cursor);
    for (bool modifiers = true;;) {
        if (modifiers) { /* up to CLRX's next field */
            gcn_cursor flags = *cursor;
            flags.end = llvm ? cursor->end : fields_start(cursor);
            bool ok = parse_modifiers(&flags, allowed, rule, llvm_mc, &state, instruction, &offset);
            cursor->pos = flags.pos;
            cursor->failed = flags.failed;
            if (!ok)
                return false;
        }
        if (gcn_at_end(cursor))
            break;
        if (!parse_field(cursor, keyed, shown, &fields_seen, instruction))
            return false;
        modifiers = syntax & CLRX_FIELDS_BETWEEN; /* MUBUF: fields only, after the first */
    }
    if (memory)
        return gcn_memory_finish(cursor, row, instruction, &fields, fields_seen, flags_at, flags_end,
                                 state.offset_seen ? &offset : NULL);
    instruction->offset = (uint32_t)offset;
    bool late = syntax & CHECKS_AFTER_WIDTHS;
    return (late || hook->check(cursor, dialect, row, instruction, flags_at, flags_end)) &&
           check_widths(cursor, llvm, row, profile, texts, instruction) &&
           (!late || hook->check(cursor, dialect, row, instruction, flags_at, flags_end));
}
