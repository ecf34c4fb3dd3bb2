/* The rows of gcn_encodings, from encodings.def: `static const
 * gcn_encoding_info table[GCN_ENCODING_COUNT] = {` then this file and
 * `};` (its generation sets stay defined: ALL, G10...). encoding.c makes
 * gcn_encodings so; the generic codec its own copy, whose rows the
 * compiler then knows. */
#define ENCODING(name, words, generations, kind, family, mask, v10, v11, v12, v14)                    \
    [GCN_ENCODING_##name] = {#name, words, generations, GCN_ENCODING_##kind, GCN_FAMILY_##family, \
                             mask, {v10, v11, v12, v14}},
#include "isa/generation_sets.h"
#define FIELD(...)
#define FIELD_ALSO(...)
#include "isa/encodings.def"
#undef ENCODING
#undef FIELD
#undef FIELD_ALSO
