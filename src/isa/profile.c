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
