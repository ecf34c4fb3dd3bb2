/* The operand profiles as a table, from profiles.def. */
#include "isa/profile.h"

const gcn_profile gcn_profiles[GCN_SHAPE_COUNT] = {
#include "isa/profile_rows.h"
};

const uint8_t gcn_shape_layouts[GCN_SHAPE_COUNT] = {
#define PROFILE(family, name, ...) GCN_LAYOUT_OF_SHAPE(GCN_SHAPE_##family##_##name), /* (in shape order) */
#include "isa/profiles.def"
#undef PROFILE
};

const uint32_t gcn_inline_float_bits[9] = {0x3f000000u, 0xbf000000u, 0x3f800000u, 0xbf800000u, 0x40000000u,
                                           0xc0000000u, 0x40800000u, 0xc0800000u, 0x3e22f983u};
const uint64_t gcn_inline_double_bits[9] = {
    0x3fe0000000000000u, 0xbfe0000000000000u, 0x3ff0000000000000u, 0xbff0000000000000u, 0x4000000000000000u,
    0xc000000000000000u, 0x4010000000000000u, 0xc010000000000000u, 0x3fc45f306dc9c882u};
