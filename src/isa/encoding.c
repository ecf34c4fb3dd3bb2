/* The encodings and their field layouts as tables, from encodings.def. */
#include "isa/encoding.h"

#define ALL GCN_GENERATION_ALL
#define G10 GCN_GENERATION_10
#define G11 GCN_GENERATION_11
#define G12 GCN_GENERATION_12
#define G14 GCN_GENERATION_14
#define U 0
#define S 1
#define LOOKUP GCN_ENCODING_LOOKUP
#define ALTERNATE GCN_ENCODING_ALTERNATE
#define EXTRA GCN_ENCODING_EXTRA

/* Layout rows, numbered so that an encoding finds its first. */
enum layout_index {
#define ENCODING(name, ...) LAYOUT_FIRST_##name, LAYOUT_BEFORE_##name = LAYOUT_FIRST_##name - 1,
#define FIELD(encoding, name, ...) LAYOUT_##encoding##_##name,
#define FIELD_ALSO(encoding, name, ...) LAYOUT_ALSO_##encoding##_##name,
#include "isa/encodings.def"
#undef ENCODING
#undef FIELD
#undef FIELD_ALSO
    LAYOUT_COUNT
};

const gcn_field_layout gcn_field_layouts[] = {
#define ENCODING(...)
#define FIELD(encoding, name, word, first, width, sign, generations)                      \
    {#name, GCN_ENCODING_##encoding, GCN_FIELD(encoding, name), word, first, width, sign, \
     generations},
#define FIELD_ALSO FIELD
#include "isa/encodings.def"
#undef ENCODING
#undef FIELD
#undef FIELD_ALSO
    {"", GCN_ENCODING_NONE, 0, 0, 0, 0, 0, 0},
};

const gcn_encoding_info gcn_encodings[GCN_ENCODING_COUNT] = {
    [GCN_ENCODING_NONE] = {"", 1, 0, LOOKUP, GCN_FAMILY_NONE, LAYOUT_COUNT, 0, {0, 0, 0, 0}},
#define ENCODING(name, words, generations, kind, family, mask, v10, v11, v12, v14) \
    [GCN_ENCODING_##name] = {#name, words, generations, kind, GCN_FAMILY_##family,         \
                             LAYOUT_FIRST_##name, mask, {v10, v11, v12, v14}},
#define FIELD(...)
#define FIELD_ALSO(...)
#include "isa/encodings.def"
#undef ENCODING
#undef FIELD
#undef FIELD_ALSO
};

const gcn_modifier_info gcn_modifiers[GCN_MODIFIER_COUNT] = {
#include "isa/modifier_rows.h"
};
