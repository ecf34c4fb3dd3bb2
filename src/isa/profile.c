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

const uint8_t gcn_default_shape[GCN_FAMILY_COUNT] = {
    [GCN_FAMILY_SOP2] = GCN_SHAPE_SOP2_B32,
    [GCN_FAMILY_SOPK] = GCN_SHAPE_SOPK_MOVK,
    [GCN_FAMILY_SOP1] = GCN_SHAPE_SOP1_B32,
    [GCN_FAMILY_SOPC] = GCN_SHAPE_SOPC_B32,
    [GCN_FAMILY_SOPP] = GCN_SHAPE_SOPP_IMM, /* SOPP_ill_41 0xec3b */
    [GCN_FAMILY_MUBUF] = GCN_SHAPE_MUBUF_LOAD, /* as clrxdisasm prints MUBUF_ill_N */
    [GCN_FAMILY_FLAT] = GCN_SHAPE_FLAT_ATOMIC, /* CLRX: FLAT_ill_7 v1, v[2:3], v4 */
    [GCN_FAMILY_SMEM] = GCN_SHAPE_SMEM_LOAD, /* SMRD/SMEM: CLRX prints SMEM_ill_45 as s_load_dword */
};
