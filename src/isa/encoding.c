/* The encodings and their field layouts as tables, from encodings.def. */
#include "isa/encoding.h"

const gcn_encoding_info gcn_encodings[GCN_ENCODING_COUNT] = {
    [GCN_ENCODING_NONE] = {"", 1, 0, GCN_ENCODING_LOOKUP, GCN_FAMILY_NONE, 0, {0, 0, 0, 0}},
#include "isa/encoding_rows.h"
};

#define U 0 /* the .def's sign column */
#define S 1
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

#define FLAG_BIT(id) GCN_MOD_##id
#define VALUE_BIT(id) 0
const gcn_modifier_info gcn_modifiers[GCN_MODIFIER_COUNT] = {
#define MODIFIER(id, field, kind) [GCN_MODIFIER_##id] = {#field, kind##_BIT(id), GCN_MODIFIER_##kind},
#include "isa/modifiers.def"
#undef MODIFIER
};
