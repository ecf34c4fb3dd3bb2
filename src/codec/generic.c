/* The generic codec: the families whose rows name an operand profile (the
 * scalar ALU today). Fields come from the bit packer, operands from the
 * profile; the fields a row does not show stay in reserved[] with the bits
 * no field covers, so that encoding gives every bit back. */
#include "codec/codec.h"
#include "isa/profile.h"

const gcn_profile *gcn_profile_of(const gcn_instruction *instruction)
{
    unsigned shape = instruction->row < GCN_ROW_COUNT ? gcn_rows[instruction->row].shape
                                                      : gcn_default_shape[instruction->family];
    return &gcn_profiles[shape];
}

gcn_status gcn_decode_generic(gcn_arch arch, const uint32_t *words, size_t word_count,
                              gcn_instruction *instruction)
{
    gcn_encoding encoding = gcn_encoding_of_word(arch, words[0]);
    const gcn_encoding_info *info = &gcn_encodings[encoding];
    gcn_family family = (gcn_family)info->family;
    if (word_count < info->words)
        return GCN_ERROR_TRUNCATED;
    uint32_t values[GCN_MAX_FIELDS], reserved[2];
    gcn_unpack(encoding, arch, words, values, reserved);
    unsigned opcode_field = gcn_encoding_opcode_field[encoding], opcode = values[opcode_field];
    gcn_instruction_start_row(instruction, arch, family,
                              (uint16_t)(gcn_opcode_rows[family][arch][opcode] - 1), opcode,
                              info->words);
    instruction->encoding = (uint8_t)encoding;
    const gcn_profile *profile = gcn_profile_of(instruction);
    uint32_t shown = 1u << opcode_field;
    unsigned count = info->words;
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand_profile *operand = &profile->operands[i];
        gcn_operand *out = &instruction->operands[i];
        uint32_t value = 0;
        if (operand->field != GCN_FIELD_LITERAL) {
            value = values[operand->field];
            shown |= 1u << operand->field;
        }
        *out = (gcn_operand){GCN_OPERAND_IMMEDIATE, 1, 0, value};
        switch (operand->syntax) {
        case GCN_SYNTAX_SREG:
            *out = (gcn_operand){GCN_OPERAND_SCALAR, operand->dwords, (uint16_t)value, 0};
            break;
        case GCN_SYNTAX_SSRC:
        case GCN_SYNTAX_SSRC_REGISTER:
        case GCN_SYNTAX_SSRC_INLINE:
            if (value != GCN_SCALAR_LITERAL) {
                bool constant = gcn_is_inline_constant(arch, value);
                /* a register tuple below 128; one named source above */
                *out = (gcn_operand){constant ? GCN_OPERAND_CONSTANT : GCN_OPERAND_SCALAR,
                                     value >= 128 ? 1 : operand->dwords, (uint16_t)value, 0};
                break;
            }
            __attribute__((fallthrough)); /* the literal */
        case GCN_SYNTAX_IMM32:
            if (count == info->words) {
                if (word_count <= info->words)
                    return GCN_ERROR_TRUNCATED;
                instruction->literal = words[count++];
            }
            *out = (gcn_operand){GCN_OPERAND_LITERAL, 1, GCN_SCALAR_LITERAL, instruction->literal};
            break;
        case GCN_SYNTAX_BRANCH:
            out->kind = GCN_OPERAND_BRANCH;
            break;
        default: /* immediates */
            break;
        }
    }
    instruction->operand_count = profile->operand_count;
    instruction->word_count = (uint8_t)count;
    uint32_t hidden[2] = {0, 0};
    uint32_t all = (1u << gcn_encoding_field_count[encoding]) - 1u;
    if (all & ~shown) /* a field the row does not show: kept with the reserved bits */
        gcn_field_bits(encoding, arch, ~shown, hidden);
    instruction->reserved[0] = reserved[0] | (words[0] & hidden[0]);
    instruction->reserved[1] = info->words > 1 ? reserved[1] | (words[1] & hidden[1]) : 0;
    return GCN_OK;
}

gcn_status gcn_encode_generic(const gcn_instruction *instruction, uint32_t *words)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    gcn_encoding encoding = (gcn_encoding)instruction->encoding;
    if (encoding >= GCN_ENCODING_COUNT || gcn_encodings[encoding].family != instruction->family ||
        !gcn_encoding_on_arch(encoding, arch))
        return GCN_ERROR_NOT_ENCODABLE;
    const gcn_encoding_info *info = &gcn_encodings[encoding];
    const gcn_profile *profile = gcn_profile_of(instruction);
    if (instruction->operand_count != profile->operand_count)
        return GCN_ERROR_NOT_ENCODABLE;
    unsigned opcode_field = gcn_encoding_opcode_field[encoding];
    uint32_t values[GCN_MAX_FIELDS] = {0}, shown = 1u << opcode_field;
    values[opcode_field] = instruction->opcode;
    bool literal = false;
    uint32_t literal_value = 0;
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand_profile *operand = &profile->operands[i];
        const gcn_operand *in = &instruction->operands[i];
        uint32_t value;
        switch (operand->syntax) {
        case GCN_SYNTAX_SREG:
            if (in->kind != GCN_OPERAND_SCALAR)
                return GCN_ERROR_NOT_ENCODABLE;
            value = in->number;
            break;
        case GCN_SYNTAX_SSRC:
        case GCN_SYNTAX_SSRC_REGISTER:
        case GCN_SYNTAX_SSRC_INLINE:
        case GCN_SYNTAX_IMM32:
            if (in->kind == GCN_OPERAND_LITERAL) {
                if (literal && literal_value != in->value)
                    return GCN_ERROR_NOT_ENCODABLE; /* one literal word */
                literal = true;
                literal_value = in->value;
                value = GCN_SCALAR_LITERAL;
            } else if (operand->syntax != GCN_SYNTAX_IMM32 &&
                       (in->kind == GCN_OPERAND_SCALAR || in->kind == GCN_OPERAND_CONSTANT) &&
                       in->number != GCN_SCALAR_LITERAL) {
                value = in->number;
            } else {
                return GCN_ERROR_NOT_ENCODABLE;
            }
            break;
        case GCN_SYNTAX_BRANCH:
            if (in->kind != GCN_OPERAND_BRANCH)
                return GCN_ERROR_NOT_ENCODABLE;
            value = in->value;
            break;
        default:
            if (in->kind != GCN_OPERAND_IMMEDIATE)
                return GCN_ERROR_NOT_ENCODABLE;
            value = in->value;
            break;
        }
        if (operand->field != GCN_FIELD_LITERAL) {
            values[operand->field] = value;
            shown |= 1u << operand->field;
        }
    }
    if (instruction->word_count != info->words + literal || (literal && literal_value != instruction->literal))
        return GCN_ERROR_NOT_ENCODABLE;
    /* The fields the row does not show come from reserved[], which may
     * hold nothing else but the encoding's reserved bits. */
    uint32_t reserved[2] = {0, 0};
    if (instruction->reserved[0] | instruction->reserved[1]) {
        uint32_t shown_bits[2], kept[GCN_MAX_FIELDS];
        gcn_field_bits(encoding, arch, shown, shown_bits);
        if ((instruction->reserved[0] & (shown_bits[0] | info->mask)) ||
            (instruction->reserved[1] & shown_bits[1]) || (info->words < 2 && instruction->reserved[1]))
            return GCN_ERROR_NOT_ENCODABLE;
        gcn_unpack(encoding, arch, instruction->reserved, kept, reserved);
        for (unsigned field = 0; field < GCN_MAX_FIELDS; field++)
            if (!((shown >> field) & 1u))
                values[field] = kept[field];
    }
    if (!gcn_pack(encoding, arch, values, reserved, words))
        return GCN_ERROR_NOT_ENCODABLE;
    if (literal)
        words[info->words] = literal_value;
    return GCN_OK;
}

void gcn_set_branch_offset(gcn_arch arch, uint32_t *words, uint16_t offset)
{
    gcn_instruction branch;
    if (gcn_decode_generic(arch, words, 1, &branch) != GCN_OK)
        return;
    for (unsigned i = 0; i < branch.operand_count; i++)
        if (branch.operands[i].kind == GCN_OPERAND_BRANCH)
            branch.operands[i].value = offset;
    gcn_encode_generic(&branch, words);
}
