/* The generic codec: each operand's field goes straight to or from its
 * place on the generation (gcn_field_places, generated from encodings.def);
 * the fields a row does not show stay in reserved[] with the bits no field
 * covers, so that encoding gives every bit back. */
#include "codec/decode_inline.h"

#define FIELD(...)
#define FIELD_ALSO(...)

/* The decoder of one encoding and generation: its words, opcode place and
 * each profile's fields constants, the profiles a switch the compiler
 * makes one jump. */
static inline __attribute__((always_inline)) gcn_status
decode_encoding(gcn_arch arch, gcn_encoding encoding, const uint32_t *words, size_t word_count,
                gcn_instruction *instruction)
{
    unsigned layout;
    gcn_status status = gcn_decode_begin(arch, encoding, words, word_count, instruction, &layout);
    if (status != GCN_OK)
        return status;
    switch (layout) {
#define PROFILE(family, name, ...)                                                                 \
    case GCN_SHAPE_##family##_##name:                                                              \
        if (GCN_DECODE_CASE(GCN_SHAPE_##family##_##name, arch, encoding))                          \
            return decode_operands(arch, &profiles[codec_shape(GCN_SHAPE_##family##_##name, arch)], words, \
                                   word_count, instruction);                                       \
        break;
#include "isa/profiles.def"
#undef PROFILE
    default:
        break;
    }
    return GCN_ERROR_NOT_INSTRUCTION;
}
#define DECODE(encoding, generation)                                                               \
    static gcn_status decode_##encoding##_##generation(                                            \
        gcn_arch arch, const uint32_t *words, size_t word_count, gcn_instruction *instruction)     \
    {                                                                                              \
        (void)arch;                                                                                \
        return decode_encoding(generation, encoding, words, word_count, instruction);             \
    }
#define ENCODING(name, ...) GCN_EACH_GENERATION(DECODE, GCN_ENCODING_##name)
#include "isa/encodings.def"
GCN_EACH_GENERATION(DECODE, GCN_ENCODING_NONE)
#undef DECODE

/* The decoder of each encoding on each generation (refusing the encodings
 * of no family yet): a decode is one lookup and one indexed call. Each gets
 * at least one word and checks its own length; it fills every field,
 * including unused ones, so that encoding restores the bits. */
typedef gcn_status (*gcn_decoder)(gcn_arch, const uint32_t *words, size_t word_count, gcn_instruction *);
static const gcn_decoder decoders[GCN_ARCH_COUNT][GCN_ENCODING_COUNT] = {
#define DECODE(encoding, generation) [generation][encoding] = decode_##encoding##_##generation,
#include "isa/encodings.def"
    GCN_EACH_GENERATION(DECODE, GCN_ENCODING_NONE)
#undef ENCODING
#undef FIELD
#undef FIELD_ALSO
#undef DECODE
};

gcn_status gcn_decode_checked(gcn_arch arch, const uint32_t *words, size_t word_count,
                              gcn_instruction *instruction)
{
    return decoders[arch][gcn_encoding_of_word(arch, words[0])](arch, words, word_count, instruction);
}

static inline __attribute__((always_inline)) gcn_status
encode_profile(gcn_arch arch, const gcn_profile *profile, const gcn_instruction *instruction,
               uint32_t *words)
{
    gcn_encoding encoding = (gcn_encoding)profile->encoding;
    const gcn_encoding_info *info = &encodings[encoding];
    if (instruction->encoding != encoding || instruction->family != info->family ||
        !((info->generations >> arch) & 1u) || instruction->operand_count != profile->operand_count)
        return GCN_ERROR_NOT_ENCODABLE;
    /* Each field straight to its place; what the row does not show comes
     * from reserved[], which may hold nothing else. */
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    const gcn_flag_window *window = &gcn_flag_windows[encoding][arch];
    unsigned opcode_field = gcn_encoding_opcode_field[encoding];
    uint32_t out[2] = {info->value[arch], 0}, shown = window->fields;
    /* Each test returns at once: they pass (a parser's instruction), and
     * a branch that always goes one way costs least. */
    unsigned opcode = instruction->opcode, flags = instruction->modifiers;
    const uint8_t *high = gcn_encoding_opcode_high_field[encoding]; /* FLAT's segment */
    if (high[0] != GCN_NO_FIELD) {
        if (!gcn_put_field(&places[high[0]], opcode >> high[1], out))
            return GCN_ERROR_NOT_ENCODABLE;
        opcode &= (1u << high[1]) - 1u;
    }
    if (!gcn_put_field(&places[opcode_field], opcode, out))
        return GCN_ERROR_NOT_ENCODABLE;
    if (window->offset != GCN_NO_FIELD) {
        const gcn_field_place *place = &places[window->offset];
        bool signed_13 = profile->offset_rule == GCN_OFFSET_SIGNED_13; /* GLOBAL's and SCRATCH's */
        uint32_t offset = instruction->offset;
        if (!gcn_put_field(place, signed_13 ? offset & place->mask : offset, out) ||
            (signed_13 && offset > place->mask && offset < ~0xfffu))
            return GCN_ERROR_NOT_ENCODABLE;
    }
    /* SMRD's literal word: exactly where GCN 1.1 reads offset 255 as an SGPR */
    bool literal = smrd_literal(encoding, arch, flags, instruction->offset);
    uint32_t literal_value = literal ? instruction->literal : 0;
    /* The modifiers the encoding has on the generation; any other refused. */
    if (window->allowed && (flags & ~window->allowed) != (literal ? GCN_MOD_LITERAL : 0u))
        return GCN_ERROR_NOT_ENCODABLE;
    if ((encoding == GCN_ENCODING_SMRD || encoding == GCN_ENCODING_SMEM) && !literal && instruction->literal)
        return GCN_ERROR_NOT_ENCODABLE;
    /* the flags' bits by table (no flags: bits_of 0, whose first entry sets no bit) */
    const uint32_t *bits = gcn_bits_of_flags[window->bits_of + (flags & window->allowed)];
    out[0] |= bits[0];
    out[1] |= bits[1];
#pragma GCC unroll 4
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand_profile *operand = &profile->operands[i];
        const gcn_operand *in = &instruction->operands[i];
        if (operand->syntax == GCN_SYNTAX_SMEM_OFFSET) {
            /* the modifiers' fields hold it: the operand agrees with what
             * the decoder reads (soe: soffset's, put first) */
            if (encoding == GCN_ENCODING_SMEM && (flags & GCN_MOD_SOE)) {
                if (!gcn_put_field(&places[GCN_FIELD(SMEM, soffset)], in->number, out))
                    return GCN_ERROR_NOT_ENCODABLE;
                shown |= 1u << GCN_FIELD(SMEM, soffset);
            }
            gcn_operand expected = memory_offset(arch, encoding, out, instruction);
            if (in->kind != expected.kind ||
                (expected.kind == GCN_OPERAND_SCALAR ? in->number != expected.number : in->value != expected.value))
                return GCN_ERROR_NOT_ENCODABLE;
            continue;
        }
        uint8_t kind = field_kind[operand->syntax];
        uint32_t value = in->value;
        if (tuple_kind(operand)) { /* FLAT's `off` keeps its field's value */
            if (!(in->kind == tuple_kind(operand) || (in->kind == GCN_OPERAND_OFF && may_be_off(operand))) ||
                in->number & ((1u << tuple_shift(operand)) - 1u))
                return GCN_ERROR_NOT_ENCODABLE;
            value = in->number >> tuple_shift(operand);
        } else if (operand->syntax == GCN_SYNTAX_SOFFSET) {
            if (in->kind != GCN_OPERAND_SCALAR && in->kind != GCN_OPERAND_CONSTANT)
                return GCN_ERROR_NOT_ENCODABLE;
            value = in->number;
        } else if (kind) {
            if (in->kind != kind)
                return GCN_ERROR_NOT_ENCODABLE;
        } else if (in->kind == GCN_OPERAND_LITERAL && operand->syntax != GCN_SYNTAX_SREG) {
            if (literal && literal_value != in->value) /* one literal word */
                return GCN_ERROR_NOT_ENCODABLE;
            literal = true;
            literal_value = in->value;
            value = GCN_SCALAR_LITERAL;
        } else {
            value = in->number;
            if (operand->syntax == GCN_SYNTAX_IMM32 || in->number == GCN_SCALAR_LITERAL ||
                !(in->kind == GCN_OPERAND_SCALAR ||
                  (in->kind == GCN_OPERAND_CONSTANT && operand->syntax != GCN_SYNTAX_SREG)))
                return GCN_ERROR_NOT_ENCODABLE;
        }
        if (operand->field != GCN_FIELD_LITERAL) {
            if (!gcn_put_field(&places[operand->field], value, out))
                return GCN_ERROR_NOT_ENCODABLE;
            shown |= 1u << operand->field;
        }
    }
    if (instruction->word_count != info->words + literal ||
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

/* encode_profile as one function per profile and generation, out of
 * line: a profile's encoder keeps to the registers it needs. */
#define ENCODE(shape, generation)                                                                  \
    static __attribute__((noinline)) gcn_status encode_##shape##_##generation(                    \
        const gcn_instruction *instruction, uint32_t *words)                                       \
    {                                                                                              \
        return encode_profile(generation, &profiles[codec_shape(shape, generation)], instruction, words); \
    }
#define PROFILE(family, name, ...) GCN_EACH_GENERATION(ENCODE, GCN_SHAPE_##family##_##name)
#include "isa/profiles.def"
#undef ENCODE

typedef gcn_status (*profile_encoder)(const gcn_instruction *, uint32_t *);
static const profile_encoder encoders[GCN_SHAPE_COUNT][GCN_ARCH_COUNT] = {
#define ENCODE(shape, generation) [shape][generation] = encode_##shape##_##generation,
#include "isa/profiles.def"
#undef PROFILE
#undef ENCODE
};

gcn_status gcn_encode_checked(const gcn_instruction *instruction, uint32_t *words)
{
    /* (the encoder checks the encoding, family and generation against its
     * own, constants; the callers give a valid arch) */
    unsigned layout = instruction->row < GCN_ROW_COUNT ? gcn_row_layouts[instruction->row]
                                                       : gcn_shape_layouts[gcn_default_shape[instruction->family]];
    return encoders[layout][instruction->arch](instruction, words);
}

/* The generic bit packer (isa/encoding.h), every field by its place. */
void gcn_unpack(gcn_encoding encoding, gcn_arch arch, const uint32_t *words, uint32_t *values,
                uint32_t *reserved)
{
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    for (unsigned field = 0; field < GCN_MAX_FIELDS; field++)
        values[field] = gcn_field_value(words, &places[field]);
    reserved[0] = words[0] & gcn_encoding_reserved[encoding][arch][0];
    reserved[1] = gcn_encodings[encoding].words > 1 ? words[1] & gcn_encoding_reserved[encoding][arch][1] : 0;
}

bool gcn_pack(gcn_encoding encoding, gcn_arch arch, const uint32_t *values,
              const uint32_t *reserved, uint32_t *words)
{
    const gcn_encoding_info *info = &gcn_encodings[encoding];
    if (!gcn_encoding_on_arch(encoding, arch) ||
        (reserved[0] & ~gcn_encoding_reserved[encoding][arch][0]) ||
        (reserved[1] & ~gcn_encoding_reserved[encoding][arch][1]))
        return false;
    uint32_t out[2] = {info->value[arch] | reserved[0], reserved[1]};
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    for (unsigned field = 0; field < GCN_MAX_FIELDS; field++)
        if (!gcn_put_field(&places[field], values[field], out)) /* (absent on the generation: not 0) */
            return false;
    if (info->kind != GCN_ENCODING_EXTRA) /* an extra word leaves its VOP's word 0 */
        words[0] = out[0];
    if (info->words > 1)
        words[1] = out[1];
    return true;
}

gcn_status gcn_set_fields(gcn_instruction *instruction, const uint32_t *values)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    gcn_encoding encoding = gcn_instruction_encoding(instruction);
    if (encodings[encoding].family == GCN_FAMILY_NONE || !gcn_encoding_on_arch(encoding, arch))
        return GCN_ERROR_NOT_ENCODABLE; /* (also an invalid arch: encoding NONE) */
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    const gcn_flag_window *window = &gcn_flag_windows[encoding][arch];
    uint32_t all[GCN_MAX_FIELDS], words[GCN_MAX_WORDS] = {0}, none[2] = {0, 0};
    unsigned count = encodings[encoding].words, flags = instruction->modifiers;
    for (unsigned field = 0; field < GCN_MAX_FIELDS; field++) /* the flags' fields by table, below */
        all[field] = places[field].kind == GCN_PLACE_ABSENT || ((window->fields >> field) & 1u) ? 0 : values[field];
    if (window->offset != GCN_NO_FIELD)
        all[window->offset] = instruction->offset;
    all[gcn_encoding_opcode_field[encoding]] = instruction->opcode;
    const uint8_t *high = gcn_encoding_opcode_high_field[encoding]; /* FLAT's segment */
    if (high[0] != GCN_NO_FIELD) {
        all[gcn_encoding_opcode_field[encoding]] &= (1u << high[1]) - 1u;
        all[high[0]] = instruction->opcode >> high[1];
    }
    /* (room for the literal word after the encoding's) */
    if ((flags & ~window->allowed) || count >= GCN_MAX_WORDS || !gcn_pack(encoding, arch, all, none, words))
        return GCN_ERROR_NOT_ENCODABLE;
    words[0] |= gcn_bits_of_flags[window->bits_of + flags][0] | instruction->reserved[0];
    words[1] |= count > 1 ? gcn_bits_of_flags[window->bits_of + flags][1] | instruction->reserved[1] : 0;
    words[count] = instruction->literal;
    return gcn_decode_checked(arch, words, count + 1u, instruction);
}

void gcn_set_branch_offset(gcn_arch arch, uint32_t *words, uint16_t offset)
{
    /* The row's profile names the branch operand's field. */
    gcn_encoding encoding = gcn_encoding_of_word(arch, words[0]);
    if (encodings[encoding].family == GCN_FAMILY_NONE)
        return;
    gcn_opcode_reader reader = gcn_opcode_reader_of(arch, encoding);
    uint16_t row = gcn_row_of_word(&reader, words[0]);
    if (row >= GCN_ROW_COUNT)
        return;
    const gcn_profile *profile = &profiles[gcn_rows[row].shape];
    const gcn_field_place *places = gcn_field_places[profile->encoding][arch];
    for (unsigned i = 0; i < profile->operand_count; i++) {
        if (profile->operands[i].syntax != GCN_SYNTAX_BRANCH)
            continue;
        const gcn_field_place *place = &places[profile->operands[i].field];
        uint32_t mask = place->mask << place->first;
        words[place->word] = (words[place->word] & ~mask) | (((uint32_t)offset << place->first) & mask);
    }
}
