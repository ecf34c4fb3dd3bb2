/* The rows of gcn_profiles, from profiles.def, for profile.c's table and
 * the copies whose rows the compiler then knows. */
#define RULE_OPERAND(role, syntax, rule, dwords, encoding, field) \
    {GCN_ROLE_##role, GCN_SYNTAX_##syntax, dwords, GCN_FIELD(encoding, field), GCN_WIDTH_##rule}
#define OPERAND(role, syntax, dwords, encoding, field) \
    RULE_OPERAND(role, syntax, FIXED, dwords, encoding, field)
#define LITERAL_OPERAND(role, syntax) \
    {GCN_ROLE_##role, GCN_SYNTAX_##syntax, 1, GCN_FIELD_LITERAL, GCN_WIDTH_FIXED}
#define COUNT_OPERANDS(...) (sizeof((gcn_operand_profile[]){__VA_ARGS__}) / sizeof(gcn_operand_profile))
#define PROFILE_OFFSET(family, name, rule, ...)                                           \
    [GCN_SHAPE_##family##_##name] = {GCN_ENCODING_##family, COUNT_OPERANDS(__VA_ARGS__), \
                                     {__VA_ARGS__}, GCN_OFFSET_##rule},
#define PROFILE(family, name, ...) PROFILE_OFFSET(family, name, FIELD, __VA_ARGS__)
#include "isa/profiles.def"
#undef PROFILE_OFFSET
#undef OPERAND
#undef LITERAL_OPERAND
#undef RULE_OPERAND
#undef COUNT_OPERANDS
#undef PROFILE
