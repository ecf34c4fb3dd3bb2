/* The operand profiles as a table, from profiles.def. */
#include "isa/profile.h"

#define OPERAND(role, syntax, dwords, encoding, field) \
    {GCN_ROLE_##role, GCN_SYNTAX_##syntax, dwords, GCN_FIELD(encoding, field)}
#define LITERAL_OPERAND(role, syntax) {GCN_ROLE_##role, GCN_SYNTAX_##syntax, 1, GCN_FIELD_LITERAL}
#define COUNT_OPERANDS(...) (sizeof((gcn_operand_profile[]){__VA_ARGS__}) / sizeof(gcn_operand_profile))
#define PROFILE(family, name, ...)                                                        \
    [GCN_SHAPE_##family##_##name] = {GCN_ENCODING_##family, COUNT_OPERANDS(__VA_ARGS__), \
                                     {__VA_ARGS__}},
const gcn_profile gcn_profiles[GCN_SHAPE_COUNT] = {
#include "isa/profiles.def"
};
#undef PROFILE

const uint8_t gcn_default_shape[GCN_FAMILY_COUNT] = {
    [GCN_FAMILY_SOP2] = GCN_SHAPE_SOP2_B32,
    [GCN_FAMILY_SOPK] = GCN_SHAPE_SOPK_MOVK,
    [GCN_FAMILY_SOP1] = GCN_SHAPE_SOP1_B32,
    [GCN_FAMILY_SOPC] = GCN_SHAPE_SOPC_B32,
    [GCN_FAMILY_SOPP] = GCN_SHAPE_SOPP_IMM, /* SOPP_ill_41 0xec3b */
};
