/* The rows of gcn_encodings, from encodings.def, for encoding.c's table
 * and the copies whose rows the compiler then knows (its generation sets
 * stay defined). */
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
