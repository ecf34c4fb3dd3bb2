/* The rows of gcn_modifiers, from modifiers.def: `static const
 * gcn_modifier_info table[GCN_MODIFIER_COUNT] = {` then this file and
 * `};`. encoding.c makes gcn_modifiers so; the generic codec its own copy,
 * whose rows the compiler then knows. */
#define FLAG_BIT(id) GCN_MOD_##id
#define VALUE_BIT(id) 0
#define MODIFIER(id, field, kind) [GCN_MODIFIER_##id] = {#field, kind##_BIT(id), GCN_MODIFIER_##kind},
#include "isa/modifiers.def"
#undef MODIFIER
#undef FLAG_BIT
#undef VALUE_BIT
