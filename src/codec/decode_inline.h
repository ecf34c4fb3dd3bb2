/* The generic decoder's inline pieces (codec/generic.c's): an internal layer
 * for the listing's line (dis/line.c), which writes the text in the case. */
#ifndef GCN_DECODE_INLINE_H
#define GCN_DECODE_INLINE_H

#include "codec/codec.h"

/* The generated tables (defined in generic.c, copied in dis/line.c) and the
 * profiles and encodings copied: the decoders' loops are over constants. */
#include "isa/generated/encodings.inc"
static const gcn_profile profiles[GCN_SHAPE_COUNT] = {
#include "isa/profile_rows.h"
};
static const gcn_encoding_info encodings[GCN_ENCODING_COUNT] = {
#include "isa/encoding_rows.h"
};

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
 * read). Inline, so that the profile's tests fold (the scalar mix: 8% fewer instructions). */
static inline __attribute__((always_inline)) bool decode_scalar(const gcn_operand_profile *operand, uint32_t value,
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

/* The decoder past gcn_decode_begin, for one profile. */
static inline __attribute__((always_inline)) gcn_status
decode_operands(gcn_arch arch, const gcn_profile *profile, const uint32_t *words, size_t word_count,
                gcn_instruction *instruction)
{
    unsigned flags = instruction->modifiers;
    uint32_t offset = instruction->offset;
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

/* The opcode, row, layout and modifiers (the flags by table; the offset
 * field's bits, which a profile may read signed): the same for all the
 * encoding's profiles, done before the jump on the layout while it resolves. */
static inline __attribute__((always_inline)) gcn_status
gcn_decode_begin(gcn_arch arch, gcn_encoding encoding, const uint32_t *words, size_t word_count,
                 gcn_instruction *instruction, unsigned *layout)
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
    gcn_instruction_start_row(instruction, arch, family, (uint16_t)(slot.row - 1), opcode, info->words);
    instruction->encoding = (uint8_t)encoding;
    *layout = slot.layout ? slot.layout - 1u : gcn_shape_layouts[gcn_default_shape[family]]; /* one load */
    const gcn_flag_window *window = &gcn_flag_windows[encoding][arch];
    instruction->offset = window->offset == GCN_NO_FIELD ? 0 : gcn_field_value(words, &places[window->offset]);
    unsigned flags = 0;
    for (unsigned w = 0; w < 2; w++)
        if (window->width[w])
            flags |= gcn_flags_of_bits[window->flags_of[w] +
                                       ((words[w] >> window->first[w]) & ((1u << window->width[w]) - 1u))];
    instruction->modifiers = (uint16_t)flags;
    return GCN_OK;
}

/* Whether a jump on the layout has a case for shape: its codec_shape's encoding's. */
#define GCN_DECODE_CASE(shape, arch, encoding) \
    (GCN_SHAPE_IS_LAYOUT(shape) && profiles[codec_shape(shape, arch)].encoding == (encoding))

#endif
