/* The generic codec: each operand's field goes straight to or from its
 * place on the generation (gcn_field_places, generated from encodings.def);
 * the fields a row does not show stay in reserved[] with the bits no field
 * covers, so that encoding gives every bit back. */
#include "codec/codec.h"

/* The generated tables are defined here, and the profiles and encodings
 * copied, so that the compiler knows a profile's fields and places: the
 * decoder is one function per encoding and generation (each profile's body
 * behind a switch on the layout), the encoder one per profile and
 * generation, their loops over constants. */
#include "isa/generated/encodings.inc"
static const gcn_profile profiles[GCN_SHAPE_COUNT] = {
#include "isa/profile_rows.h"
};
static const gcn_encoding_info encodings[GCN_ENCODING_COUNT] = {
#include "isa/encoding_rows.h"
};
#define FIELD(...)
#define FIELD_ALSO(...)

/* The profile the codec reads for a shape on a generation: SMRD/SMEM's
 * SMRD twin on GCN 1.0/1.1 (isa/profile.h); a constant where both are. */
static inline __attribute__((always_inline)) unsigned codec_shape(unsigned shape, gcn_arch arch)
{
    return profiles[shape].encoding == GCN_ENCODING_SMEM && arch <= GCN_ARCH_GCN11 ? gcn_smrd_shape(shape)
                                                                                   : shape;
}

/* The bits of the words no shown field (set: bit i for field i) and no
 * fixed bit covers: the reserved bits and the fields the row does not
 * show; a constant where the profile is. */
static inline __attribute__((always_inline)) void unshown_bits(gcn_encoding encoding, gcn_arch arch,
                                                                uint32_t set, uint32_t *bits)
{
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    bits[0] = gcn_encoding_reserved[encoding][arch][0];
    bits[1] = gcn_encoding_reserved[encoding][arch][1];
#pragma GCC unroll 16
    for (unsigned field = 0; field < GCN_MAX_FIELDS; field++) /* (one absent: no bits) */
        /* (an extra word leaves its VOP's word 0) */
        if (!((set >> field) & 1u) && !(places[field].word == 0 && encodings[encoding].kind == GCN_ENCODING_EXTRA))
            bits[places[field].word] |= places[field].mask << places[field].first;
}

/* An operand in one store where the host allows (the decoders' operands
 * are their hot path's stores). */
static inline __attribute__((always_inline)) void put_operand(gcn_operand *out, unsigned kind,
                                                              unsigned count, unsigned number,
                                                              uint32_t value)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(sizeof(gcn_operand) == 8 && offsetof(gcn_operand, count) == 1 &&
                       offsetof(gcn_operand, number) == 2 && offsetof(gcn_operand, value) == 4,
                   "gcn_operand is kind, count, number, value in 8 bytes");
    uint64_t bits = (uint64_t)(uint8_t)kind | (uint64_t)(uint8_t)count << 8 |
                    (uint64_t)(uint16_t)number << 16 | (uint64_t)value << 32;
    memcpy(out, &bits, sizeof bits);
#else
    *out = (gcn_operand){(uint8_t)kind, (uint8_t)count, (uint16_t)number, value};
#endif
}

/* The operand kind an immediate field's syntax holds (0: a scalar or
 * literal operand, decoded by its code). */
static const uint8_t field_kind[GCN_SYNTAX_COUNT] = {
    [GCN_SYNTAX_SIMM16] = GCN_OPERAND_IMMEDIATE,  [GCN_SYNTAX_UIMM16] = GCN_OPERAND_IMMEDIATE,
    [GCN_SYNTAX_BRANCH] = GCN_OPERAND_BRANCH,     [GCN_SYNTAX_HWREG] = GCN_OPERAND_IMMEDIATE,
    [GCN_SYNTAX_GPR_IDX] = GCN_OPERAND_IMMEDIATE, [GCN_SYNTAX_IMM16] = GCN_OPERAND_IMMEDIATE,
    [GCN_SYNTAX_UNUSED16] = GCN_OPERAND_IMMEDIATE, [GCN_SYNTAX_OPTIONAL16] = GCN_OPERAND_IMMEDIATE,
    [GCN_SYNTAX_WAITCNT] = GCN_OPERAND_IMMEDIATE, [GCN_SYNTAX_SENDMSG] = GCN_OPERAND_IMMEDIATE,
    [GCN_SYNTAX_SMEM_PROBE] = GCN_OPERAND_IMMEDIATE, /* SMRD/SMEM */
};

static inline __attribute__((always_inline)) unsigned scalar_kind(gcn_arch arch, uint32_t code)
{
    return gcn_scalar_kinds[arch >= GCN_ARCH_GCN12][code & 0xff];
}

/* The operand kind of a field that holds a register tuple's first register
 * (0: none), with its width by the profile or a rule: VGPRs, and SGPRs by a
 * rule or in srsrc's and sbase's fields, which count in 4s and 2s (the
 * shift); FLAT's address and saddr may be `off`. */
static inline __attribute__((always_inline)) unsigned tuple_kind(const gcn_operand_profile *operand)
{
    return operand->syntax == GCN_SYNTAX_VGPR ? GCN_OPERAND_VECTOR
           : operand->syntax == GCN_SYNTAX_SRSRC || operand->syntax == GCN_SYNTAX_SBASE ||
                   (operand->syntax == GCN_SYNTAX_SREG && operand->width)
               ? GCN_OPERAND_SCALAR
               : 0;
}
static inline __attribute__((always_inline)) unsigned tuple_shift(const gcn_operand_profile *operand)
{
    return operand->syntax == GCN_SYNTAX_SRSRC ? 2 : operand->syntax == GCN_SYNTAX_SBASE;
}
static inline __attribute__((always_inline)) bool may_be_off(const gcn_operand_profile *operand)
{
    return operand->width == GCN_WIDTH_FLAT_ADDRESS || operand->width == GCN_WIDTH_FLAT_SADDR;
}

/* SMRD on GCN 1.1: an SGPR offset of 255 means a 32-bit literal after the
 * word; a constant but for the modifiers and the offset. */
static inline __attribute__((always_inline)) bool smrd_literal(gcn_encoding encoding, gcn_arch arch,
                                                               unsigned flags, uint32_t offset)
{
    return encoding == GCN_ENCODING_SMRD && arch == GCN_ARCH_GCN11 && !(flags & GCN_MOD_IMM) &&
           offset == GCN_SCALAR_LITERAL;
}

/* SMRD/SMEM's offset operand from the modifiers: GCN 1.4's soffset with
 * soe, an immediate with imm, GCN 1.1's literal, else the SGPR in the
 * offset field's low 8 bits (offset keeps the whole field). */
static inline __attribute__((always_inline)) gcn_operand
memory_offset(gcn_arch arch, gcn_encoding encoding, const uint32_t *words, const gcn_instruction *instruction)
{
    unsigned flags = instruction->modifiers;
    if (encoding == GCN_ENCODING_SMEM && (flags & GCN_MOD_SOE)) {
        uint32_t soffset = gcn_field_value(words, &gcn_field_places[encoding][arch][GCN_FIELD(SMEM, soffset)]);
        return (gcn_operand){GCN_OPERAND_SCALAR, 1, (uint16_t)soffset, 0};
    }
    if (flags & GCN_MOD_IMM)
        return (gcn_operand){GCN_OPERAND_IMMEDIATE, 1, 0, instruction->offset};
    if (flags & GCN_MOD_LITERAL)
        return (gcn_operand){GCN_OPERAND_LITERAL, 1, GCN_SCALAR_LITERAL, instruction->literal};
    return (gcn_operand){GCN_OPERAND_SCALAR, 1, (uint16_t)(instruction->offset & 0xffu), 0};
}

/* A scalar operand from its field's value: a register, an inline
 * constant or the literal (count: the words so far, past the literal once
 * read). Out of line: the usual row has immediates. */
static __attribute__((noinline)) bool decode_scalar(const gcn_operand_profile *operand, uint32_t value,
                                                    const uint32_t *words, size_t word_count,
                                                    unsigned encoding_words, unsigned *count,
                                                    gcn_instruction *instruction, gcn_operand *out)
{
    if (operand->syntax == GCN_SYNTAX_SREG) {
        put_operand(out, GCN_OPERAND_SCALAR, operand->dwords, value, 0);
    } else if (operand->syntax != GCN_SYNTAX_IMM32 && value != GCN_SCALAR_LITERAL) {
        /* a register tuple below 128; one named source above */
        put_operand(out, scalar_kind((gcn_arch)instruction->arch, value), value >= 128 ? 1 : operand->dwords,
                    value, 0);
    } else { /* the literal */
        if (*count == encoding_words) {
            if (word_count <= encoding_words)
                return false;
            instruction->literal = words[(*count)++];
        }
        put_operand(out, GCN_OPERAND_LITERAL, 1, GCN_SCALAR_LITERAL, instruction->literal);
    }
    return true;
}

/* The decoder past the opcode and the modifiers, for one profile. */
static inline __attribute__((always_inline)) gcn_status
decode_operands(gcn_arch arch, const gcn_profile *profile, const uint32_t *words, size_t word_count,
                unsigned flags, uint32_t offset, gcn_instruction *instruction)
{
    gcn_encoding encoding = (gcn_encoding)profile->encoding;
    const gcn_encoding_info *info = &encodings[encoding];
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    unsigned count = info->words;
    uint32_t shown = gcn_flag_windows[encoding][arch].fields;
    /* GLOBAL's and SCRATCH's 13 bits signed, by arithmetic */
    uint32_t negative = profile->offset_rule == GCN_OFFSET_SIGNED_13 ? (offset >> 12) & 1u : 0;
    instruction->offset = offset | (-negative & ~0x1fffu);
    if (smrd_literal(encoding, arch, flags, instruction->offset)) {
        if (word_count <= count)
            return GCN_ERROR_TRUNCATED;
        instruction->literal = words[count++];
        flags |= GCN_MOD_LITERAL;
    }
    instruction->modifiers = (uint16_t)flags;
#pragma GCC unroll 4
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand_profile *operand = &profile->operands[i];
        gcn_operand *out = &instruction->operands[i];
        if (operand->syntax == GCN_SYNTAX_SMEM_OFFSET) {
            *out = memory_offset(arch, encoding, words, instruction);
            if (encoding == GCN_ENCODING_SMEM && (flags & GCN_MOD_SOE)) /* soffset, shown with soe only */
                shown |= 1u << GCN_FIELD(SMEM, soffset);
            continue;
        }
        uint32_t value = 0;
        if (operand->field != GCN_FIELD_LITERAL) {
            value = gcn_field_value(words, &places[operand->field]);
            shown |= 1u << operand->field;
        }
        uint8_t kind = field_kind[operand->syntax];
        if (tuple_kind(operand)) {
            /* FLAT's address beside its saddr; `off` where the width is 0
             * (the row is one or GCN_ROW_NONE: its slot one more, in 16 bits) */
            unsigned saddr = operand->width == GCN_WIDTH_FLAT_ADDRESS
                                 ? gcn_field_value(words, &places[GCN_FIELD(FLAT, saddr)])
                             : operand->width == GCN_WIDTH_FLAT_SADDR ? value : GCN_SADDR_OFF;
            unsigned width = gcn_operand_width_beside(operand, (uint16_t)(instruction->row + 1), arch, flags, saddr);
            put_operand(out, width || !may_be_off(operand) ? tuple_kind(operand) : GCN_OPERAND_OFF, width,
                        value << tuple_shift(operand), 0);
        } else if (operand->syntax == GCN_SYNTAX_SOFFSET) {
            put_operand(out, scalar_kind(arch, value), 1, value, 0);
        } else if (kind) /* an immediate field */
            put_operand(out, kind, 1, 0, value);
        else if (!decode_scalar(operand, value, words, word_count, info->words, &count, instruction, out))
            return GCN_ERROR_TRUNCATED;
    }
    instruction->operand_count = profile->operand_count;
    instruction->word_count = (uint8_t)count;
    uint32_t kept[2];
    unshown_bits(encoding, arch, shown, kept);
    instruction->reserved[0] = words[0] & kept[0];
    instruction->reserved[1] = info->words > 1 ? words[1] & kept[1] : 0;
    return GCN_OK;
}

/* The opcode, its row, and its profile's decoder, for one encoding and
 * generation: its words, opcode place and each profile's fields
 * constants, the profiles a switch the compiler makes one jump. */
static inline __attribute__((always_inline)) gcn_status
decode_encoding(gcn_arch arch, gcn_encoding encoding, const uint32_t *words, size_t word_count,
                gcn_instruction *instruction)
{
    const gcn_encoding_info *info = &encodings[encoding];
    gcn_family family = (gcn_family)info->family;
    if (family == GCN_FAMILY_NONE) /* (every family has profiles) */
        return GCN_ERROR_NOT_INSTRUCTION;
    if (word_count < info->words)
        return GCN_ERROR_TRUNCATED;
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    unsigned opcode = gcn_field_value(words, &places[gcn_encoding_opcode_field[encoding]]);
    const uint8_t *high = gcn_encoding_opcode_high_field[encoding]; /* FLAT's segment */
    if (high[0] != GCN_NO_FIELD)
        opcode |= gcn_field_value(words, &places[high[0]]) << high[1];
    gcn_opcode_slot slot = gcn_opcode_slots[family][arch][opcode];
    uint16_t row = (uint16_t)(slot.row - 1);
    gcn_instruction_start_row(instruction, arch, family, row, opcode, info->words);
    instruction->encoding = (uint8_t)encoding;
    unsigned layout;
    if (encoding == GCN_ENCODING_SMRD) { /* a row names its SMEM profile */
        unsigned shape = row < GCN_ROW_COUNT ? gcn_rows[row].shape : gcn_default_shape[family];
        layout = gcn_shape_layouts[gcn_smrd_shape(shape)];
    } else { /* by the opcode, one load: the jump below waits on it alone */
        layout = slot.layout ? slot.layout - 1u : gcn_shape_layouts[gcn_default_shape[family]];
    }
    /* The modifiers, the same for all the encoding's profiles: the flags by
     * table (a lookup a word), the offset field's bits (a profile may read
     * them signed). Before the jump on the layout, so that this work is done
     * while the jump is resolved, not again after a misprediction. */
    const gcn_flag_window *window = &gcn_flag_windows[encoding][arch];
    uint32_t offset = window->offset == GCN_NO_FIELD ? 0 : gcn_field_value(words, &places[window->offset]);
    unsigned flags = 0;
    for (unsigned w = 0; w < 2; w++)
        if (window->width[w])
            flags |= gcn_flags_of_bits[window->flags_of[w] +
                                       ((words[w] >> window->first[w]) & ((1u << window->width[w]) - 1u))];
    switch (layout) {
#define PROFILE(family, name, ...)                                                                 \
    case GCN_SHAPE_##family##_##name:                                                              \
        if (GCN_ENCODING_##family == encoding && GCN_SHAPE_IS_LAYOUT(GCN_SHAPE_##family##_##name)) \
            return decode_operands(arch, &profiles[GCN_SHAPE_##family##_##name], words, word_count, \
                                   flags, offset, instruction);                                    \
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

const gcn_decoder gcn_decoders[GCN_ARCH_COUNT][GCN_ENCODING_COUNT] = {
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
    return gcn_decoders[arch][gcn_encoding_of_word(arch, words[0])](arch, words, word_count, instruction);
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
