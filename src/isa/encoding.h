/* The encodings as data (src/isa/encodings.def): fixed bits, fields and the
 * reserved bits derived from them, and the lookup of word 0's encoding. */
#ifndef GCN_ENCODING_H
#define GCN_ENCODING_H

#include "gcn.h"

typedef enum gcn_encoding_kind {
    GCN_ENCODING_LOOKUP,    /* found from word 0's fixed bits */
    GCN_ENCODING_ALTERNATE, /* the same fixed bits as another; the row decides */
    GCN_ENCODING_EXTRA      /* a second word of VOP1/VOP2/VOPC, chosen by src0 */
} gcn_encoding_kind;

/* Every field of every encoding, numbered in .def order; an encoding's
 * fields are consecutive from GCN_FIELD_FIRST_<encoding>. */
enum gcn_field_id {
#define ENCODING(name, ...) GCN_FIELD_FIRST_##name, GCN_FIELD_BEFORE_##name = GCN_FIELD_FIRST_##name - 1,
#define FIELD(encoding, name, ...) GCN_FIELD_##encoding##_##name,
#define FIELD_ALSO(...)
#include "isa/encodings.def"
#undef ENCODING
#undef FIELD
#undef FIELD_ALSO
};
/* A field's index within its encoding: the index into gcn_unpack's values. */
#define GCN_FIELD(encoding, name) (GCN_FIELD_##encoding##_##name - GCN_FIELD_FIRST_##encoding)

/* One placement of a field, in .def order; a layout of GCN_ENCODING_NONE
 * ends them. */
typedef struct gcn_field_layout {
    const char *name;
    uint8_t encoding;   /* gcn_encoding */
    uint8_t index;      /* the field's index within its encoding */
    uint8_t word, first, width;
    uint8_t is_signed;
    uint8_t generations;
} gcn_field_layout;

typedef struct gcn_encoding_info {
    const char *name;
    uint8_t words;       /* without a literal */
    uint8_t generations; /* one bit per gcn_arch (isa/generation_sets.h) */
    uint8_t kind;        /* gcn_encoding_kind */
    uint8_t family;      /* gcn_family that handles it, GCN_FAMILY_NONE if none yet */
    uint32_t mask;                  /* fixed bits of word 0 */
    uint32_t value[GCN_ARCH_COUNT]; /* their value per generation */
} gcn_encoding_info;

enum { GCN_MAX_FIELDS = 16 };

extern const gcn_encoding_info gcn_encodings[GCN_ENCODING_COUNT];
extern const gcn_field_layout gcn_field_layouts[];

/* Generated from the .def (make regenerate): the encoding of word 0 by its
 * top nine bits (bits 23-31) per generation, GCN_ENCODING_NONE if none; and
 * the reserved bits of each encoding's words per generation: the bits no
 * fixed bit or field covers. */
extern const uint8_t gcn_encoding_of_prefix[GCN_ARCH_COUNT][512];
/* The same prefixes' family (the .def's family column), one load for the
 * disassembler's dispatch. */
extern const uint8_t gcn_family_of_prefix[GCN_ARCH_COUNT][512];
extern const uint32_t gcn_encoding_reserved[GCN_ENCODING_COUNT][GCN_ARCH_COUNT][2];

static inline gcn_encoding gcn_encoding_of_word(gcn_arch arch, uint32_t word)
{
    return (gcn_encoding)gcn_encoding_of_prefix[arch][word >> 23];
}

static inline bool gcn_encoding_on_arch(gcn_encoding encoding, gcn_arch arch)
{
    return (gcn_encodings[encoding].generations >> arch) & 1u;
}

/* Where a field lies on a generation (generated from the .def): its
 * value's mask (width bits), word and first bit; kind 0 and no bits where
 * it is absent. */
enum { GCN_PLACE_ABSENT, GCN_PLACE_UNSIGNED, GCN_PLACE_SIGNED };
typedef struct gcn_field_place {
    uint32_t mask;
    uint8_t word, first, kind;
} gcn_field_place;
extern const gcn_field_place gcn_field_places[GCN_ENCODING_COUNT][GCN_ARCH_COUNT][GCN_MAX_FIELDS];

/* A field's value from its place in words (absent: 0); and value put in
 * out at its place, false where it does not fit. */
static inline __attribute__((always_inline)) uint32_t gcn_field_value(const uint32_t *words,
                                                                      const gcn_field_place *place)
{
    uint32_t mask = place->mask, value = (words[place->word] >> place->first) & mask;
    return place->kind == GCN_PLACE_SIGNED && value > (mask >> 1) ? value | ~mask : value;
}
static inline __attribute__((always_inline)) bool gcn_put_field(const gcn_field_place *place, uint32_t value,
                                                                uint32_t *out)
{
    uint32_t mask = place->mask;
    out[place->word] |= (value & mask) << place->first;
    return place->kind == GCN_PLACE_SIGNED ? (value & ~(mask >> 1)) == 0 || (~value & ~(mask >> 1)) == 0
                                           : (value & ~mask) == 0;
}

/* The generic bit packer. gcn_unpack reads every field of the encoding on
 * the generation from words (at least the encoding's word count) into
 * values[GCN_FIELD(...)] (signed fields sign-extended; fields absent on the
 * generation read 0) and the reserved bits into reserved[2]. gcn_pack is
 * its inverse: false if a value does not fit its field, a field absent on
 * the generation is not 0, or reserved has bits outside the reserved mask. */
void gcn_unpack(gcn_encoding encoding, gcn_arch arch, const uint32_t *words, uint32_t *values,
                uint32_t *reserved);
bool gcn_pack(gcn_encoding encoding, gcn_arch arch, const uint32_t *values,
              const uint32_t *reserved, uint32_t *words);

/* Modifiers (src/isa/modifiers.def), numbered in .def order; each lives in
 * the field of its name in every encoding that has one. */
typedef enum gcn_modifier {
#define MODIFIER(id, field, kind) GCN_MODIFIER_##id,
#include "isa/modifiers.def"
#undef MODIFIER
    GCN_MODIFIER_COUNT
} gcn_modifier;
typedef enum gcn_modifier_kind {
    GCN_MODIFIER_FLAG, /* a GCN_MOD_* bit of modifiers, written bare when set */
    GCN_MODIFIER_VALUE /* gcn_instruction.offset, written name:N when not 0 */
} gcn_modifier_kind;
typedef struct gcn_modifier_info {
    const char *name;
    uint16_t bit; /* GCN_MOD_*, 0 for a VALUE */
    uint8_t kind; /* gcn_modifier_kind */
} gcn_modifier_info;
extern const gcn_modifier_info gcn_modifiers[GCN_MODIFIER_COUNT];
/* Generated: the modifier each field of an encoding holds, as its
 * gcn_modifier + 1 (0: the field holds none). */
extern const uint8_t gcn_field_modifiers[GCN_ENCODING_COUNT][GCN_MAX_FIELDS];
/* Generated: an encoding's modifiers on a generation, its flags by table,
 * so that a codec moves them all in a lookup or two. Decoding: the GCN_MOD_*
 * flags of word w's bits first[w] .. first[w] + width[w] - 1 are
 * gcn_flags_of_bits[flags_of[w] + those bits] (width 0: the word has
 * none). Encoding: the flags allowed, and the bits of words 0 and 1 that a
 * set of them gives, gcn_bits_of_flags[bits_of + set]. Not tabled (allowed
 * 0): no flags, or (an encoding of no family yet) a word's spanning more
 * than 8 bits. fields: the opcode's and the modifiers' (bit i: field i); offset:
 * the offset modifier's field, 0xff where none. */
typedef struct gcn_flag_window {
    uint8_t first[2], width[2];
    uint16_t flags_of[2];
    uint16_t allowed, bits_of;
    uint16_t fields;
    uint8_t offset;
} gcn_flag_window;
extern const gcn_flag_window gcn_flag_windows[GCN_ENCODING_COUNT][GCN_ARCH_COUNT];
extern const uint16_t gcn_flags_of_bits[];
extern const uint32_t gcn_bits_of_flags[][2];

#endif
