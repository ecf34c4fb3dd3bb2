/* The generic codec: the families whose rows name an operand profile (the
 * scalar ALU and SOPP). Each operand's field goes straight to or from its
 * place on the generation (gcn_field_places, generated from
 * encodings.def); the fields a row does not show stay in reserved[] with
 * the bits no field covers, so that encoding gives every bit back. */
#include "codec/codec.h"
#include "isa/profile.h"

/* A field's bits at its place (absent: none), its value, and the value
 * put in out (false where it does not fit). */
static inline uint32_t field_value(const uint32_t *words, const gcn_field_place *place)
{
    uint32_t mask = place->mask, value = (words[place->word] >> place->first) & mask;
    if (place->kind == GCN_PLACE_SIGNED && value > (mask >> 1))
        value |= ~mask;
    return value;
}
static inline bool put_field(const gcn_field_place *place, uint32_t value, uint32_t *out)
{
    uint32_t mask = place->mask;
    out[place->word] |= (value & mask) << place->first;
    return place->kind == GCN_PLACE_SIGNED
               ? (value & ~(mask >> 1)) == 0 || (~value & ~(mask >> 1)) == 0
               : (value & ~mask) == 0;
}

/* The bits of the words no shown field (set: bit i for field i) and no
 * fixed bit covers: the reserved bits and the fields the row does not
 * show. Out of line: the usual row shows every field. */
static __attribute__((noinline)) void unshown_bits(gcn_encoding encoding, gcn_arch arch,
                                                   uint32_t set, uint32_t *bits)
{
    const gcn_encoding_info *info = &gcn_encodings[encoding];
    uint32_t shown[2];
    gcn_field_bits(encoding, arch, set, shown);
    bits[0] = ~(shown[0] | (info->kind == GCN_ENCODING_EXTRA ? ~0u : info->mask));
    bits[1] = info->words > 1 ? ~shown[1] : 0;
}

/* The operand kind an immediate field's syntax holds (0: a scalar or
 * literal operand, decoded by its code). */
static const uint8_t field_kind[GCN_SYNTAX_COUNT] = {
    [GCN_SYNTAX_SIMM16] = GCN_OPERAND_IMMEDIATE,  [GCN_SYNTAX_UIMM16] = GCN_OPERAND_IMMEDIATE,
    [GCN_SYNTAX_BRANCH] = GCN_OPERAND_BRANCH,     [GCN_SYNTAX_HWREG] = GCN_OPERAND_IMMEDIATE,
    [GCN_SYNTAX_GPR_IDX] = GCN_OPERAND_IMMEDIATE, [GCN_SYNTAX_IMM16] = GCN_OPERAND_IMMEDIATE,
    [GCN_SYNTAX_UNUSED16] = GCN_OPERAND_IMMEDIATE, [GCN_SYNTAX_OPTIONAL16] = GCN_OPERAND_IMMEDIATE,
    [GCN_SYNTAX_WAITCNT] = GCN_OPERAND_IMMEDIATE, [GCN_SYNTAX_SENDMSG] = GCN_OPERAND_IMMEDIATE,
};

/* A scalar operand from its field's value: a register, an inline
 * constant or the literal (count: the words so far, past the literal once
 * read). Out of line: the usual row has immediates. */
static __attribute__((noinline)) bool decode_scalar(const gcn_operand_profile *operand, uint32_t value,
                                                    const uint32_t *words, size_t word_count,
                                                    unsigned encoding_words, unsigned *count,
                                                    gcn_instruction *instruction, gcn_operand *out)
{
    if (operand->syntax == GCN_SYNTAX_SREG) {
        *out = (gcn_operand){GCN_OPERAND_SCALAR, operand->dwords, (uint16_t)value, 0};
    } else if (operand->syntax != GCN_SYNTAX_IMM32 && value != GCN_SCALAR_LITERAL) {
        bool constant = gcn_is_inline_constant((gcn_arch)instruction->arch, value);
        /* a register tuple below 128; one named source above */
        *out = (gcn_operand){constant ? GCN_OPERAND_CONSTANT : GCN_OPERAND_SCALAR,
                             value >= 128 ? 1 : operand->dwords, (uint16_t)value, 0};
    } else { /* the literal */
        if (*count == encoding_words) {
            if (word_count <= encoding_words)
                return false;
            instruction->literal = words[(*count)++];
        }
        *out = (gcn_operand){GCN_OPERAND_LITERAL, 1, GCN_SCALAR_LITERAL, instruction->literal};
    }
    return true;
}

/* The operands of any profile, and the words past the fields. Out of
 * line: the usual row's one immediate field is gcn_decode_generic's. */
static __attribute__((noinline)) gcn_status decode_operands(gcn_arch arch, gcn_encoding encoding,
                                                            const gcn_profile *profile,
                                                            const uint32_t *words, size_t word_count,
                                                            gcn_instruction *instruction)
{
    const gcn_encoding_info *info = &gcn_encodings[encoding];
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    uint32_t shown = 1u << gcn_encoding_opcode_field[encoding];
    unsigned count = info->words;
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand_profile *operand = &profile->operands[i];
        gcn_operand *out = &instruction->operands[i];
        uint32_t value = 0;
        if (operand->field != GCN_FIELD_LITERAL) {
            value = field_value(words, &places[operand->field]);
            shown |= 1u << operand->field;
        }
        uint8_t kind = field_kind[operand->syntax];
        if (kind) /* an immediate field */
            *out = (gcn_operand){kind, 1, 0, value};
        else if (!decode_scalar(operand, value, words, word_count, info->words, &count, instruction, out))
            return GCN_ERROR_TRUNCATED;
    }
    instruction->operand_count = profile->operand_count;
    instruction->word_count = (uint8_t)count;
    /* what no shown field or fixed bit covers: the reserved bits, and the
     * fields the row does not show */
    uint32_t kept[2] = {gcn_encoding_reserved[encoding][arch][0], gcn_encoding_reserved[encoding][arch][1]};
    if (shown != (1u << gcn_encoding_field_count[encoding]) - 1u)
        unshown_bits(encoding, arch, shown, kept);
    instruction->reserved[0] = words[0] & kept[0];
    instruction->reserved[1] = info->words > 1 ? words[1] & kept[1] : 0;
    return GCN_OK;
}

gcn_status gcn_decode_generic(gcn_arch arch, const uint32_t *words, size_t word_count,
                              gcn_instruction *instruction)
{
    gcn_encoding encoding = gcn_encoding_of_word(arch, words[0]);
    const gcn_encoding_info *info = &gcn_encodings[encoding];
    gcn_family family = (gcn_family)info->family;
    if (word_count < info->words)
        return GCN_ERROR_TRUNCATED;
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    const gcn_field_place *opcode_place = &places[gcn_encoding_opcode_field[encoding]];
    /* (an opcode field is never signed) */
    unsigned opcode = (words[opcode_place->word] >> opcode_place->first) & opcode_place->mask;
    uint16_t row = (uint16_t)(gcn_opcode_rows[family][arch][opcode] - 1);
    gcn_instruction_start_row(instruction, arch, family, row, opcode, info->words);
    instruction->encoding = (uint8_t)encoding;
    const gcn_profile *profile = gcn_profile_of(instruction);
    /* The usual row (SOPP's): one immediate field in a one-word encoding
     * of two fields, so that every other bit is fixed or reserved. */
    const gcn_operand_profile *operand = &profile->operands[0];
    uint8_t kind = field_kind[operand->syntax];
    if (profile->operand_count != 1 || !kind || info->words != 1 || operand->field == GCN_FIELD_LITERAL ||
        gcn_encoding_field_count[encoding] != 2)
        return decode_operands(arch, encoding, profile, words, word_count, instruction);
    instruction->operands[0] = (gcn_operand){kind, 1, 0, field_value(words, &places[operand->field])};
    instruction->operand_count = 1;
    instruction->reserved[0] = words[0] & gcn_encoding_reserved[encoding][arch][0];
    return GCN_OK;
}

/* Any profile's operands, past the checks of gcn_encode_generic; out of
 * line, as the usual row's one immediate field is that one's. */
static __attribute__((noinline)) gcn_status encode_operands(const gcn_instruction *instruction,
                                                            const gcn_profile *profile,
                                                            uint32_t *words)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    gcn_encoding encoding = (gcn_encoding)instruction->encoding;
    const gcn_encoding_info *info = &gcn_encodings[encoding];
    /* Each field straight to its place; what the row does not show comes
     * from reserved[], which may hold nothing else. */
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    unsigned opcode_field = gcn_encoding_opcode_field[encoding];
    uint32_t out[2] = {info->value[arch], 0}, shown = 1u << opcode_field;
    bool fits = put_field(&places[opcode_field], instruction->opcode, out);
    bool literal = false;
    uint32_t literal_value = 0;
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand_profile *operand = &profile->operands[i];
        const gcn_operand *in = &instruction->operands[i];
        uint8_t kind = field_kind[operand->syntax];
        uint32_t value = in->value;
        if (kind) {
            fits &= in->kind == kind;
        } else if (in->kind == GCN_OPERAND_LITERAL && operand->syntax != GCN_SYNTAX_SREG) {
            fits &= !literal || literal_value == in->value; /* one literal word */
            literal = true;
            literal_value = in->value;
            value = GCN_SCALAR_LITERAL;
        } else {
            value = in->number;
            fits &= operand->syntax != GCN_SYNTAX_IMM32 &&
                    (in->kind == GCN_OPERAND_SCALAR ||
                     (in->kind == GCN_OPERAND_CONSTANT && operand->syntax != GCN_SYNTAX_SREG)) &&
                    in->number != GCN_SCALAR_LITERAL;
        }
        if (operand->field != GCN_FIELD_LITERAL) {
            fits &= put_field(&places[operand->field], value, out);
            shown |= 1u << operand->field;
        }
    }
    if (!fits || instruction->word_count != info->words + literal ||
        (literal && literal_value != instruction->literal))
        return GCN_ERROR_NOT_ENCODABLE;
    if (instruction->reserved[0] | instruction->reserved[1]) {
        uint32_t kept[2];
        unshown_bits(encoding, arch, shown, kept);
        if ((instruction->reserved[0] & ~kept[0]) || (instruction->reserved[1] & ~kept[1]))
            return GCN_ERROR_NOT_ENCODABLE;
    }
    if (info->kind != GCN_ENCODING_EXTRA) /* an extra word leaves its VOP's word 0 */
        words[0] = out[0] | instruction->reserved[0];
    if (info->words > 1)
        words[1] = out[1] | instruction->reserved[1];
    if (literal)
        words[info->words] = literal_value;
    return GCN_OK;
}

gcn_status gcn_encode_generic(const gcn_instruction *instruction, uint32_t *words)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    gcn_encoding encoding = (gcn_encoding)instruction->encoding;
    if (encoding >= GCN_ENCODING_COUNT)
        return GCN_ERROR_NOT_ENCODABLE;
    const gcn_encoding_info *info = &gcn_encodings[encoding];
    const gcn_profile *profile = gcn_profile_of(instruction);
    if (info->family != instruction->family || !((info->generations >> arch) & 1u) ||
        instruction->operand_count != profile->operand_count)
        return GCN_ERROR_NOT_ENCODABLE;
    /* The usual row (SOPP's): one immediate field in one word, nothing
     * kept in reserved[]. */
    const gcn_operand_profile *operand = &profile->operands[0];
    const gcn_operand *in = &instruction->operands[0];
    uint8_t kind = field_kind[operand->syntax];
    if (profile->operand_count != 1 || !kind || info->words != 1 || operand->field == GCN_FIELD_LITERAL ||
        info->kind == GCN_ENCODING_EXTRA || (instruction->reserved[0] | instruction->reserved[1]))
        return encode_operands(instruction, profile, words);
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    const gcn_field_place *opcode_place = &places[gcn_encoding_opcode_field[encoding]];
    uint32_t out[2] = {info->value[arch] | (uint32_t)instruction->opcode << opcode_place->first, 0};
    if ((instruction->opcode & ~opcode_place->mask) || !put_field(&places[operand->field], in->value, out) ||
        in->kind != kind || instruction->word_count != 1)
        return GCN_ERROR_NOT_ENCODABLE;
    words[0] = out[0];
    return GCN_OK;
}

void gcn_set_branch_offset(gcn_arch arch, uint32_t *words, uint16_t offset)
{
    /* The row's profile names the branch operand's field: its bits only. */
    gcn_encoding encoding = gcn_encoding_of_word(arch, words[0]);
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    gcn_family family = (gcn_family)gcn_encodings[encoding].family;
    unsigned opcode = field_value(words, &places[gcn_encoding_opcode_field[encoding]]);
    unsigned row = (uint16_t)(gcn_opcode_rows[family][arch][opcode] - 1);
    if (family == GCN_FAMILY_NONE || row >= GCN_ROW_COUNT)
        return;
    const gcn_profile *profile = &gcn_profiles[gcn_rows[row].shape];
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand_profile *operand = &profile->operands[i];
        if (operand->syntax != GCN_SYNTAX_BRANCH)
            continue;
        const gcn_field_place *place = &places[operand->field];
        uint32_t mask = place->mask << place->first;
        words[place->word] = (words[place->word] & ~mask) | (((uint32_t)offset << place->first) & mask);
    }
}
