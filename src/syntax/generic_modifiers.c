/* The generic parser's profiles of an encoding with modifiers (MUBUF's,
 * FLAT's; SMRD/SMEM's usual statement, its operands and full path by its
 * hooks): register operands by their syntax (VGPR tuples whose width
 * follows a rule, SRSRC, SOFFSET, FLAT's saddr), the modifiers the encoding
 * and the dialect take, CLRX's key=value forms for the fields the row does
 * not show; then the operands' widths, once the modifiers are known. What
 * only one encoding checks is its hook (syntax/hooks.h). */
#include <string.h>

#include "syntax/hooks.h"
#include "syntax/modifier.h"

/* The offset modifier by encoding: its range, and what each dialect does
 * past it (CLRX keeps the field's bits with a warning; llvm-mc 14 masks
 * MUBUF's to 12 bits up to 0xffff). */
static const gcn_offset_rule offset_rules[GCN_ENCODING_COUNT] = {
    [GCN_ENCODING_MUBUF] = {0, 4095, 12, 0xffff, 0, false, NULL},
    /* CLRX's GCN 1.4 sN offset:X (soe): 21 bits */
    [GCN_ENCODING_SMEM] = {-0x100000, 0x1fffff, 21, 0, 0, false, NULL},
};

/* The offset where the hardware reads the field otherwise than unsigned
 * (FLAT's profiles), by reading, generation and dialect: the rule of the
 * full path, and the range the one-pass path takes (no warning in either
 * dialect). Before GCN 1.4 FLAT has no offset: CLRX keeps 13 reserved bits
 * with a warning; llvm-mc's disassembler prints them on GCN 1.2 (as it
 * prints 13 bits on GCN 1.4), which its assembler refuses past 0 and 4095:
 * read back with a warning (FLAT's hook); on GCN 1.1 an error. CLRX
 * truncates the FLAT segment's to 12 bits (4096..8191 kept for bit 12,
 * which the hardware ignores) and takes GLOBAL's and SCRATCH's 13 bits
 * signed or unsigned. */
typedef struct reading_rule {
    int16_t quiet_minimum, quiet_maximum;
    gcn_offset_rule full[2]; /* by dialect */
} reading_rule;
#define BEFORE_GCN14(llvm_maximum, absent)                                                         \
    {0, 0, {{0, 8191, 13, 0, 0, false, NULL}, {0, llvm_maximum, 0, 0, 0, false, absent}}}
#define NO_FLAT_OFFSET "FLAT offsets exist from gcn1.4 on"
static const reading_rule reading_rules[][GCN_ARCH_COUNT] = {
    [GCN_OFFSET_UNSIGNED_12] = {[GCN_ARCH_GCN10] = BEFORE_GCN14(0, NO_FLAT_OFFSET),
                                [GCN_ARCH_GCN11] = BEFORE_GCN14(0, NO_FLAT_OFFSET),
                                [GCN_ARCH_GCN12] = BEFORE_GCN14(8191, NULL),
                                [GCN_ARCH_GCN14] = {0, 4095, {{0, 8191, 12, 0, 12, false, NULL}, {0, 8191, 0, 0, 0, false, NULL}}}},
    [GCN_OFFSET_SIGNED_13] = {[GCN_ARCH_GCN14] = {-4096, 4095, {{-4096, 8191, 13, 0, 13, true, NULL},
                                                                {-4096, 4095, 0, 0, 0, false, NULL}}}},
};
#undef BEFORE_GCN14
#undef NO_FLAT_OFFSET

const gcn_offset_rule *gcn_offset_rule_of(const gcn_profile *profile, gcn_arch arch, gcn_dialect dialect)
{
    return profile->offset_rule == GCN_OFFSET_FIELD ? &offset_rules[profile->encoding]
                                                    : &reading_rules[profile->offset_rule][arch].full[dialect];
}

/* How an encoding's modifiers read beyond the flags and the offset:
 * llvm-mc 14's syntax, offset:N before glc and slc, the flags without a
 * value, noglc and noslc, a comma before the modifiers (FLAT, SMEM; llvm-mc
 * reads MUBUF's so too, which this parser does not follow yet); CLRX's
 * fields between the modifiers (FLAT, SMEM) or after them, reserved= among
 * them (MUBUF, SMEM), a later generation's field in reserved bits (FLAT's
 * seg= and saddr= before GCN 1.4); the encoding's checks after the operands' widths, where they
 * only warn (FLAT), or before, where they refuse pairs of modifiers
 * (MUBUF). */
/* SMRD/SMEM: the offset is an operand (an immediate sets imm), never
 * offset:N in the one-pass path; before GCN 1.2 the words are SMRD's (the
 * text reads the row's SMEM profile); the full path's operands, CLRX's
 * keys (between the modifiers) and the words by its hooks
 * (scalar_memory.h). */
enum {
    LLVM_MC_MODIFIERS = 1,
    CLRX_FIELDS_BETWEEN = 2,
    CLRX_RESERVED_KEY = 4,
    CHECKS_AFTER_WIDTHS = 8,
    OFFSET_OPERAND = 16,
    SMRD_BEFORE_GCN12 = 32,
    CLRX_LATER_FIELDS = 64
};
static const uint8_t modifier_syntax[GCN_ENCODING_COUNT] = {
    [GCN_ENCODING_MUBUF] = CLRX_RESERVED_KEY,
    [GCN_ENCODING_FLAT] = LLVM_MC_MODIFIERS | CLRX_FIELDS_BETWEEN | CHECKS_AFTER_WIDTHS | CLRX_LATER_FIELDS,
    [GCN_ENCODING_SMEM] = LLVM_MC_MODIFIERS | CLRX_FIELDS_BETWEEN | CLRX_RESERVED_KEY | OFFSET_OPERAND | SMRD_BEFORE_GCN12,
};

/* Whether the profile's first operand is a result that only glc returns
 * (a FLAT atomic's; CLRX's FLAT_ill_N may name it or not): written with
 * glc, left out without (llvm-mc leaves it out then; CLRX may write it).
 * Constant per profile but the row's test. */
static inline __attribute__((always_inline)) bool result_optional(const gcn_profile *profile,
                                                                    const gcn_row *row)
{
    return profile->operand_count > 2 && profile->operands[0].width == GCN_WIDTH_FLAT_RESULT &&
           profile->operands[2].syntax == GCN_SYNTAX_VGPR && (!row || (row->flags & GCN_ROW_ATOMIC));
}
static inline __attribute__((always_inline)) bool result_only_with_glc(const gcn_profile *profile,
                                                                         const gcn_row *row)
{
    return row && result_optional(profile, row);
}

/* The longest statement the one-pass path reads. */
enum { GCN_PLAIN_STATEMENT_MAX = 4096 };

/* Where an operand was, and whether the text gave `off` or (CLRX) nothing. */
typedef struct operand_text {
    const char *at;
    bool off, omitted;
} operand_text;

/* Out of line: the comma is there in the common case. llvm-mc takes
 * operands without commas between them. */
static __attribute__((noinline)) bool comma_missing(gcn_cursor *cursor)
{
    if (cursor->options->dialect == GCN_DIALECT_LLVM && !gcn_at_end(cursor))
        return true;
    return gcn_fail(cursor, cursor->pos, "expected ','");
}

static bool parse_operand(gcn_cursor *cursor, const gcn_operand_profile *profile, gcn_operand *out,
                          operand_text *text)
{
    gcn_skip_space(cursor);
    text->at = cursor->pos;
    unsigned first = 0, count = 0;
    switch ((gcn_operand_syntax)profile->syntax) {
    case GCN_SYNTAX_VGPR:
        if (profile->width == GCN_WIDTH_ADDRESS) {
            if (gcn_accept_word_here(cursor, "off")) {
                text->off = true;
                *out = (gcn_operand){GCN_OPERAND_VECTOR, 0, 0, 0};
                return true;
            }
            if (cursor->options->dialect == GCN_DIALECT_CLRX && gcn_at_register(cursor) &&
                *cursor->pos != 'v' && *cursor->pos != 'V') {
                text->omitted = true; /* CLRX: an address may be left out */
                *out = (gcn_operand){GCN_OPERAND_VECTOR, 0, 0, 0};
                return true;
            }
        }
        /* an address of one VGPR beside an saddr may be off (SCRATCH's) */
        if (profile->width == GCN_WIDTH_FLAT_ADDRESS && profile->dwords == 1 &&
            gcn_accept_word_here(cursor, "off")) {
            text->off = true;
            *out = (gcn_operand){GCN_OPERAND_VECTOR, 0, 0, 0};
            return true;
        }
        if (!gcn_parse_vgprs(cursor, &first, &count))
            return false;
        *out = (gcn_operand){GCN_OPERAND_VECTOR, (uint8_t)count, (uint16_t)first, 0};
        return true;
    case GCN_SYNTAX_SREG: /* FLAT's saddr (the only one in these profiles) */
        if (!gcn_parse_saddr(cursor, profile->dwords, &first))
            return false;
        text->off = first == GCN_SADDR_OFF;
        *out = (gcn_operand){(uint8_t)(text->off ? GCN_OPERAND_OFF : GCN_OPERAND_SCALAR),
                             (uint8_t)(text->off ? 0 : profile->dwords), (uint16_t)first, 0};
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

/* The llvm dialect reads back what llvm-mc prints but refuses to assemble
 * (s[100:103], null): with a warning that names llvm-mc's message, for the
 * first such operand. */
static __attribute__((noinline)) void warn_llvm_refused(gcn_cursor *cursor, const gcn_profile *profile,
                                                       const gcn_instruction *instruction,
                                                       const operand_text *texts)
{
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand *operand = &instruction->operands[i];
        if (operand->kind != GCN_OPERAND_SCALAR && operand->kind != GCN_OPERAND_CONSTANT)
            continue;
        const char *message = gcn_llvm_refused_scalar(cursor->options->arch, operand->number,
                                                      operand->count, false);
        if (!message)
            continue;
        const char *at = texts[i].at;
        size_t length = 0;
        while (at + length < cursor->end && at[length] != ',' && at[length] != ' ')
            length++;
        gcn_warn(cursor, at, "llvm-mc prints '%.*s' but does not assemble it (%s)", (int)length, at,
                 message);
        return;
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
 * show (GCN_MAX_FIELDS: reserved=, where the encoding takes it), or -1;
 * *first_key: the first such key, for the message. */
static int find_field_key(gcn_cursor *cursor, gcn_encoding encoding, uint32_t shown, gcn_arch arch,
                          const char **first_key)
{
    size_t length = gcn_peek_identifier(cursor);
    const char *start = cursor->pos;
    int found = modifier_syntax[encoding] & CLRX_RESERVED_KEY && gcn_word_is(start, length, "reserved")
                    ? GCN_MAX_FIELDS
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

bool gcn_at_field_key(gcn_cursor *cursor, gcn_encoding encoding, uint32_t shown)
{
    const char *first_key;
    return cursor->options->dialect == GCN_DIALECT_CLRX &&
           find_field_key(cursor, encoding, shown, cursor->options->arch, &first_key) >= 0;
}

/* CLRX: one field the row shows no operand or modifier for (vaddr=0x12),
 * kept in reserved[] where it lies, or reserved=N, the bits no field covers
 * but those CLRX keeps silent (seen: those given before). */
bool gcn_parse_field(gcn_cursor *cursor, gcn_encoding encoding, uint32_t shown, uint32_t *seen,
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
    const char *name = found == GCN_MAX_FIELDS ? "reserved" : gcn_clrx_field_key(encoding, (unsigned)found);
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

/* The VGPR operands' counts by their width rules, once the modifiers are
 * known (CLRX counts tfe's register in the data, llvm-mc does not; FLAT's
 * address by its saddr); each operand then holds the count the instruction
 * reads. A FLAT atomic's result, where not given (count 0), only without
 * glc. */
static bool check_widths(gcn_cursor *cursor, const gcn_row *row, const gcn_profile *profile,
                         const operand_text *texts, gcn_instruction *instruction)
{
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    gcn_arch arch = (gcn_arch)instruction->arch;
    unsigned modifiers = instruction->modifiers, saddr = GCN_SADDR_OFF, slot = row ? (unsigned)(row - gcn_rows) + 1 : 0;
    bool optional = result_optional(profile, row), given = true;
    for (unsigned i = 0; i < profile->operand_count; i++)
        if (profile->operands[i].width == GCN_WIDTH_FLAT_SADDR)
            saddr = instruction->operands[i].number; /* GCN_SADDR_OFF for off */
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand_profile *operand = &profile->operands[i];
        gcn_operand *out = &instruction->operands[i];
        const operand_text *text = &texts[i];
        unsigned width = gcn_operand_width_beside(operand, slot, arch, modifiers, saddr), found = out->count;
        if (operand->syntax != GCN_SYNTAX_VGPR)
            continue;
        switch ((gcn_width_rule)operand->width) {
        case GCN_WIDTH_DATA:
        case GCN_WIDTH_FLAT_DATA:
        case GCN_WIDTH_FLAT_RESULT: {
            bool result = operand->width == GCN_WIDTH_FLAT_RESULT && optional;
            unsigned written = width - (llvm && (modifiers & GCN_MOD_TFE));
            given &= !result || found;
            if (found != written && (!result || found))
                return gcn_fail(cursor, text->at, "%s takes %u vector register%s as %s, found %u",
                                row ? row->name : "this opcode", written, written == 1 ? "" : "s",
                                result ? "result" : "data", found);
            break;
        }
        case GCN_WIDTH_ADDRESS:
            if (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_ADDR64)) {
                if (text->off || text->omitted)
                    return gcn_fail(cursor, text->at, "a VGPR address is required with offen, idxen or addr64");
                if (found != width)
                    return gcn_fail(cursor, text->at, "expected %u vector register%s as address, found %u",
                                    width, width == 1 ? "" : "s", found);
            } else if (!text->off && !text->omitted) {
                if (llvm)
                    return gcn_fail(cursor, text->at, "the address must be 'off' without offen, idxen or addr64");
                if (found != 1)
                    return gcn_fail(cursor, text->at, "expected 1 vector register as address, found %u", found);
            }
            break;
        default: /* FLAT's: two VGPRs, or GLOBAL's and SCRATCH's one fewer beside an saddr (0: off) */
            if (text->off && width && llvm) /* CLRX: v0 */
                return gcn_fail(cursor, text->at, "vaddr and saddr are both off");
            if (!text->off && !width)
                return gcn_fail(cursor, text->at, "SCRATCH takes vaddr or saddr, not both: one must be off");
            if (!text->off && found != width)
                return gcn_fail(cursor, text->at, "expected %u vector register%s as address, found %u",
                                width, width == 1 ? "" : "s", found);
            out->kind = width ? GCN_OPERAND_VECTOR : GCN_OPERAND_OFF;
            break;
        }
        out->count = (uint8_t)width;
    }
    if (row && optional) {
        bool glc = (modifiers & GCN_MOD_GLC) != 0;
        if (glc && !given)
            return gcn_fail(cursor, texts[0].at, "glc returns the old value: name vdst first (vdst, vaddr, vdata)");
        if (llvm && !glc && given)
            return gcn_fail(cursor, texts[0].at, "an atomic without glc returns nothing: drop vdst or add glc");
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

/* The statement past the usual one: any spacing, register symbols,
 * expressions, CLRX's fields, every error and warning. */
static __attribute__((noinline)) bool parse_full(gcn_cursor *cursor, const gcn_row *row,
                                                 const gcn_profile *profile, gcn_instruction *instruction)
{
    gcn_arch arch = cursor->options->arch;
    gcn_dialect dialect = cursor->options->dialect;
    bool llvm = dialect == GCN_DIALECT_LLVM;
    gcn_encoding encoding = (gcn_encoding)profile->encoding;
    const gcn_encoding_hook *hook = &gcn_encoding_hooks[encoding];
    unsigned syntax = modifier_syntax[encoding];
    /* CLRX's size suffix (the lookup took it off): llvm-mc ignores _e32, refuses _e64. */
    const char *name_end = cursor->pos, *name = name_end;
    if (llvm && row && name_end - cursor->text > 4 && gcn_word_is(name_end - 4, 4, "_e64")) {
        while (name > cursor->text && gcn_is_identifier_char(name[-1]))
            name--;
        if ((size_t)(name_end - name) == (size_t)row->name_length + 4)
            return gcn_fail(cursor, name, "e64 variant of %s is not supported", row->name);
    }
    if (llvm && (!row || (row->flags & GCN_ROW_LLVM_ABSENT)))
        return gcn_fail(cursor, cursor->text, "%s is not known to LLVM (CLRX syntax only)",
                        row ? row->name : "this opcode");
    operand_text texts[GCN_PROFILE_MAX_OPERANDS] = {{NULL, false, false}};
    gcn_operand *operands = instruction->operands;
    bool memory = syntax & OFFSET_OPERAND; /* SMRD/SMEM: its hooks */
    gcn_memory_parse fields;
    if (memory && !gcn_memory_start(cursor, row, &fields))
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
        if (memory) { /* the offset may be left out (0) */
            bool offset = profile->operands[i].syntax == GCN_SYNTAX_SMEM_OFFSET;
            if (offset && gcn_memory_offset_left_out(cursor, false, &fields))
                break;
            if (i && !gcn_accept(cursor, ',') && !comma_missing(cursor))
                return false;
            if (offset && gcn_memory_offset_left_out(cursor, true, &fields))
                break;
            if (!gcn_parse_memory_operand(cursor, row, &profile->operands[i], keyed_operand->field, &fields))
                return false;
            continue;
        }
        if (i == 2 && optional && !vgpr_follows(cursor, llvm)) {
            /* the address and the data: no result (count 0) */
            operands[2] = operands[1], texts[2] = texts[1];
            operands[1] = operands[0], texts[1] = texts[0];
            operands[0] = (gcn_operand){GCN_OPERAND_VECTOR, 0, 0, 0};
            continue;
        }
        if (i && !texts[i - 1].omitted && !gcn_accept(cursor, ',') && !comma_missing(cursor))
            return false;
        if (!parse_operand(cursor, &profile->operands[i], &operands[i], &texts[i]))
            return false;
        /* (FLAT's saddr: its own rules, gcn_parse_saddr) */
        scalar_refused |= operands[i].kind != GCN_OPERAND_VECTOR && profile->operands[i].syntax != GCN_SYNTAX_SREG &&
                          operands[i].number + operands[i].count > 102;
    }
    instruction->operand_count = profile->operand_count;
    if (llvm && scalar_refused)
        warn_llvm_refused(cursor, profile, instruction, texts);
    bool llvm_mc = llvm && (syntax & LLVM_MC_MODIFIERS);
    if (llvm_mc && !gcn_at_end(cursor))
        gcn_accept(cursor, ','); /* llvm-mc takes a comma before the modifiers */

    /* the modifiers; CLRX's fields after them or between them */
    unsigned allowed = memory ? gcn_memory_modifiers_allowed(row, arch, dialect) : hook->allowed(row, arch, dialect);
    const gcn_offset_rule *rule = (llvm && !allowed) || (memory && !(allowed & GCN_MOD_SOE))
                                      ? NULL
                                      : gcn_offset_rule_of(profile, arch, dialect);
    int64_t offset = 0;
    gcn_modifier_state state = {0, false, false, memory && !llvm}; /* CLRX's "glc glc" (its vectors) */
    uint32_t fields_seen = 0;
    gcn_skip_space(cursor);
    const char *flags_at = cursor->pos;
    const char *flags_end = llvm || (syntax & CLRX_FIELDS_BETWEEN) ? cursor->end : fields_start(cursor);
    for (bool modifiers = true;;) {
        if (modifiers) { /* up to CLRX's next field */
            gcn_cursor flags = *cursor;
            flags.end = llvm ? cursor->end : fields_start(cursor);
            bool ok = gcn_parse_modifiers(&flags, allowed, rule, llvm_mc, &state, instruction, &offset);
            cursor->pos = flags.pos;
            cursor->failed = flags.failed;
            if (!ok)
                return false;
        }
        if (gcn_at_end(cursor))
            break;
        bool literal = memory && gcn_parse_memory_literal_key(cursor, instruction, &fields);
        if (cursor->failed || (!literal && !gcn_parse_field(cursor, keyed, shown, &fields_seen, instruction)))
            return false;
        modifiers = syntax & CLRX_FIELDS_BETWEEN; /* MUBUF: fields only, after the first */
    }
    if (memory)
        return gcn_memory_finish(cursor, row, instruction, &fields, fields_seen, flags_at, flags_end,
                                 state.offset_seen ? &offset : NULL);
    instruction->offset = (uint32_t)offset;
    bool late = syntax & CHECKS_AFTER_WIDTHS;
    return (late || hook->check(cursor, dialect, row, instruction, flags_at, flags_end)) &&
           check_widths(cursor, row, profile, texts, instruction) &&
           (!late || hook->check(cursor, dialect, row, instruction, flags_at, flags_end));
}

/* The modifiers' reader out of line, once for every profile's parser: a
 * copy in each would not stay in the instruction cache beside the
 * others. */
static __attribute__((noinline)) const char *read_modifiers(const char *p, const char *end, int32_t minimum,
                                                          int32_t maximum, gcn_plain_modifiers *read)
{
    return gcn_read_plain_modifiers(p, end, ~0u, minimum, maximum, read);
}
/* ", ": the next operand's start, or NULL (for other spacing too, which
 * the full path takes). */
static inline const char *after_comma(const char *p, const char *end)
{
    return end - p >= 2 && memcmp(p, ", ", 2) == 0 ? p + 2 : NULL; /* one 16-bit comparison */
}

/* One operand of the usual statement at p, by its syntax: registers as
 * plain numbers, `off`, SOFFSET an SGPR, a TTMP or an inline integer;
 * NULL for anything else, or what the full path would warn about. Each
 * syntax's reader out of line, once for every profile's parser (a copy
 * in each would not stay in the instruction cache beside the others);
 * the choice among them inline, a constant per profile. */
static __attribute__((noinline)) const char *read_vgpr_operand(const char *p, const char *end, bool off,
                                                             gcn_operand *out)
{
    unsigned first = 0, count = 0;
    if (p < end && *p == 'v') {
        p = gcn_read_register_range(p + 1, end, 256, false, &first, &count);
    } else if (off && GCN_STARTS_WITH(p, (size_t)(end - p), "off")) {
        p += 3; /* the comma must follow; a count of 0 */
    } else {
        return NULL;
    }
    *out = (gcn_operand){GCN_OPERAND_VECTOR, (uint8_t)count, (uint16_t)first, 0};
    return p;
}
/* FLAT's saddr: off, or SGPRs the usual way (a pair aligned) */
static __attribute__((noinline)) const char *read_saddr_operand(const char *p, const char *end, gcn_arch arch,
                                                              unsigned dwords, gcn_operand *out)
{
    gcn_scalar scalar;
    if (GCN_STARTS_WITH(p, (size_t)(end - p), "off")) {
        *out = (gcn_operand){GCN_OPERAND_OFF, 0, GCN_SADDR_OFF, 0};
        return p + 3;
    }
    if (!(p = gcn_read_scalar_registers(p, end, arch, false, &scalar)) || scalar.count != dwords ||
        (scalar.count == 2 && (scalar.code & 1)))
        return NULL;
    *out = (gcn_operand){GCN_OPERAND_SCALAR, (uint8_t)scalar.count, (uint16_t)scalar.code, 0};
    return p;
}
static __attribute__((noinline)) const char *read_srsrc_operand(const char *p, const char *end, gcn_arch arch,
                                                              gcn_operand *out)
{
    gcn_scalar scalar;
    if (!(p = gcn_read_scalar_registers(p, end, arch, false, &scalar)) || scalar.count != 4 || scalar.code % 4)
        return NULL;
    *out = (gcn_operand){GCN_OPERAND_SCALAR, 4, (uint16_t)scalar.code, 0};
    return p;
}
static __attribute__((noinline)) const char *read_soffset_operand(const char *p, const char *end, gcn_arch arch,
                                                                bool llvm, gcn_operand *out)
{
    gcn_scalar scalar;
    unsigned code;
    const char *after = gcn_read_scalar_registers(p, end, arch, false, &scalar);
    if (after) { /* an SGPR or a TTMP: the usual one */
        *out = (gcn_operand){GCN_OPERAND_SCALAR, (uint8_t)scalar.count, (uint16_t)scalar.code, 0};
        return scalar.count == 1 ? after : NULL;
    }
    if (p < end && (*p == '-' || (unsigned)(*p - '0') <= 9)) {
        if (!(p = gcn_read_inline_integer(p, end, &code)))
            return NULL;
        *out = (gcn_operand){GCN_OPERAND_CONSTANT, 1, (uint16_t)code, 0};
        return p;
    }
    if (!(after = gcn_read_named_scalar(p, end, arch, &scalar)) || scalar.count != 1 ||
        (llvm && gcn_llvm_refused_scalar(arch, scalar.code, 1, false)))
        return NULL; /* what llvm-mc refuses: the full path warns */
    *out = (gcn_operand){gcn_is_inline_constant(arch, scalar.code) ? GCN_OPERAND_CONSTANT : GCN_OPERAND_SCALAR, 1,
                         (uint16_t)scalar.code, 0};
    return after;
}
static inline __attribute__((always_inline)) const char *
read_operand(const char *p, const char *end, gcn_arch arch, bool llvm, const gcn_operand_profile *profile,
             gcn_operand *out)
{
    switch ((gcn_operand_syntax)profile->syntax) {
    case GCN_SYNTAX_VGPR:
        return read_vgpr_operand(p, end,
                                 profile->width == GCN_WIDTH_ADDRESS || profile->width == GCN_WIDTH_FLAT_ADDRESS,
                                 out);
    case GCN_SYNTAX_SREG:
        return profile->width == GCN_WIDTH_FLAT_SADDR ? read_saddr_operand(p, end, arch, profile->dwords, out)
                                                      : NULL;
    case GCN_SYNTAX_SRSRC:
        return read_srsrc_operand(p, end, arch, out);
    case GCN_SYNTAX_SOFFSET:
        return read_soffset_operand(p, end, arch, llvm, out);
    default:
        return NULL;
    }
}

/* The usual statement in one pass: operands after ", ", modifiers as
 * gcn_read_plain_modifiers reads them, nothing the full path would warn
 * about or refuse. False, touching nothing the full path reads, for
 * anything else. Inline per profile, so that its operands' tests fold. */
static inline __attribute__((always_inline)) bool
parse_plain(gcn_cursor *cursor, const gcn_row *row, const gcn_profile *profile, gcn_instruction *instruction)
{
    const gcn_parse_options *options = cursor->options;
    gcn_arch arch = options->arch;
    gcn_dialect dialect = options->dialect;
    bool llvm = dialect == GCN_DIALECT_LLVM;
    gcn_encoding encoding = (gcn_encoding)profile->encoding;
    const gcn_encoding_hook *hook = &gcn_encoding_hooks[encoding];
    const char *p = cursor->pos, *end = cursor->end;
    if (options->register_alias || end - p < 2 || *p != ' ' || !profile->operand_count ||
        end - cursor->text > GCN_PLAIN_STATEMENT_MAX)
        return false;
    if (*++p == ' ') /* CLRX's text pads the mnemonic */
        while (p < end && *p == ' ')
            p++;
    gcn_operand *out = instruction->operands;
    unsigned i = 0;
    if (result_only_with_glc(profile, row)) {
        /* the result, then the address, or the address, then the data: the
         * result is there when another VGPR follows */
        if (!(p = read_operand(p, end, arch, llvm, &profile->operands[0], &out[0])) ||
            !(p = after_comma(p, end)) || !(p = read_operand(p, end, arch, llvm, &profile->operands[1], &out[1])))
            return false;
        const char *next = after_comma(p, end);
        if (next && next < end && *next == 'v') {
            i = 2;
        } else {
            out[2] = out[1], out[1] = out[0];
            out[0] = (gcn_operand){GCN_OPERAND_VECTOR, 0, 0, 0}; /* not given */
            i = 3;
        }
    }
    if (hook->read_operands) { /* SMRD/SMEM's */
        if (!(p = hook->read_operands(p, end, arch, llvm, row, profile, out)))
            return false;
    } else {
#pragma GCC unroll 4
        for (; i < profile->operand_count; i++)
            if ((i && !(p = after_comma(p, end))) ||
                !(p = read_operand(p, end, arch, llvm, &profile->operands[i], &out[i])))
                return false;
    }
    gcn_plain_modifiers read;
    unsigned allowed = hook->allowed(row, arch, dialect), syntax = modifier_syntax[encoding];
    int32_t minimum = offset_rules[encoding].minimum, maximum = offset_rules[encoding].maximum;
    if (profile->offset_rule != GCN_OFFSET_FIELD)
        minimum = reading_rules[profile->offset_rule][arch].quiet_minimum,
        maximum = reading_rules[profile->offset_rule][arch].quiet_maximum;
    if (syntax & OFFSET_OPERAND) /* no offset:N, whatever its value */
        minimum = 1, maximum = 0;
    if (p == end) /* none (SMRD/SMEM's usual statement): no call */
        read = (gcn_plain_modifiers){0, false, 0};
    else if (!(p = read_modifiers(p, end, minimum, maximum, &read)) || (read.flags & ~allowed) ||
        (llvm && (syntax & (LLVM_MC_MODIFIERS | OFFSET_OPERAND)) == LLVM_MC_MODIFIERS && read.offset_after_flag))
        return false;
    instruction->modifiers = (uint16_t)(instruction->modifiers | read.flags);
    if (hook->check && !hook->check(NULL, dialect, row, instruction, NULL, NULL))
        return false;
    unsigned modifiers = instruction->modifiers, saddr = GCN_SADDR_OFF;
#pragma GCC unroll 4
    for (i = 0; i < profile->operand_count; i++)
        if (profile->operands[i].width == GCN_WIDTH_FLAT_SADDR)
            saddr = out[i].number; /* GCN_SADDR_OFF for off */
    if (result_only_with_glc(profile, row)) {
        bool given = out[0].count != 0, glc = (modifiers & GCN_MOD_GLC) != 0;
        if (glc ? !given : llvm && given)
            return false;
        if (!given)
            out[0].count = (uint8_t)gcn_operand_width(&profile->operands[0], row, arch, modifiers);
    }
#pragma GCC unroll 4
    for (i = 0; i < profile->operand_count; i++) {
        const gcn_operand_profile *operand = &profile->operands[i];
        unsigned width = gcn_operand_width_beside(operand, row ? (unsigned)(row - gcn_rows) + 1 : 0, arch, modifiers, saddr), found = out[i].count;
        if (operand->syntax != GCN_SYNTAX_VGPR)
            continue;
        switch ((gcn_width_rule)operand->width) {
        case GCN_WIDTH_DATA:
            if (found != width - (llvm && (modifiers & GCN_MOD_TFE)))
                return false;
            break;
        case GCN_WIDTH_ADDRESS:
            if (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_ADDR64)) {
                if (found != width) /* 0 for off */
                    return false;
            } else if (found && (llvm || found != 1)) {
                return false;
            }
            break;
        case GCN_WIDTH_FLAT_ADDRESS: /* 0: off, beside an saddr */
            if (found != width)
                return false;
            out[i].kind = width ? GCN_OPERAND_VECTOR : GCN_OPERAND_OFF;
            break;
        default:
            if (found != width)
                return false;
            break;
        }
        out[i].count = (uint8_t)width;
    }
    instruction->operand_count = profile->operand_count;
    instruction->offset = (uint32_t)read.offset;
#pragma GCC unroll 4
    for (i = 0; i < profile->operand_count; i++)
        if ((syntax & OFFSET_OPERAND) && profile->operands[i].syntax == GCN_SYNTAX_SMEM_OFFSET) {
            bool immediate = out[i].kind == GCN_OPERAND_IMMEDIATE;
            instruction->offset = immediate ? out[i].value : out[i].number;
            instruction->modifiers = (uint16_t)(instruction->modifiers | (immediate ? GCN_MOD_IMM : 0));
        }
    cursor->pos = p;
    return true;
}

/* The statement's operands and modifiers: the usual one in one pass, any
 * other the full way. Inline per profile (the parsers below). */
static inline __attribute__((always_inline)) bool
parse_profile(gcn_cursor *cursor, const gcn_row *row, const gcn_profile *profile, gcn_instruction *instruction)
{
    const char *name_end = cursor->pos;
    bool size_suffix = name_end - cursor->text >= 4 && name_end[-4] == '_' && (name_end[-3] | 0x20) == 'e';
    gcn_encoding encoding = (modifier_syntax[profile->encoding] & SMRD_BEFORE_GCN12) &&
                                    instruction->arch < GCN_ARCH_GCN12
                                ? GCN_ENCODING_SMRD
                                : (gcn_encoding)profile->encoding;
    instruction->encoding = encoding;
    instruction->word_count = gcn_encodings[encoding].words;
    if (row && !size_suffix &&
        !(cursor->options->dialect == GCN_DIALECT_LLVM && (row->flags & GCN_ROW_LLVM_ABSENT))) {
        if (profile->operand_count == 0 && name_end == cursor->end)
            return true; /* buffer_wbinvl1: no operand, no modifier */
        uint16_t modifiers = instruction->modifiers;
        if (parse_plain(cursor, row, profile, instruction))
            return true;
        instruction->modifiers = modifiers;
    }
    return parse_full(cursor, row, profile, instruction);
}

/* The profiles copied, so that each parser below knows its own as constants. */
static const gcn_profile profiles[GCN_SHAPE_COUNT] = {
#include "isa/profile_rows.h"
};

/* One parser per profile of an encoding with modifiers (the others': never called). */
#define PROFILE(family, name, ...)                                                                  \
    bool gcn_parse_modifiers_##family##_##name(gcn_cursor *cursor, const gcn_row *row,              \
                                               gcn_instruction *instruction)                        \
    {                                                                                               \
        const gcn_profile *profile = &profiles[GCN_SHAPE_##family##_##name];                         \
        return gcn_modifier_orders[profile->encoding][GCN_DIALECT_CLRX].count &&                    \
               (gcn_encoding_hooks[profile->encoding].check || (modifier_syntax[profile->encoding] & OFFSET_OPERAND)) && \
               parse_profile(cursor, row, profile, instruction);                                    \
    }
#include "isa/profiles.def"
#undef PROFILE
