/* The line's switch on the layout for one family, LINE_FAMILY: its
 * layouts alone (dis/line.c includes this once per family). */
static inline __attribute__((always_inline)) gcn_line
LINE_PASTE(write_line_, LINE_FAMILY)(gcn_arch arch, gcn_dialect dialect, gcn_encoding encoding,
                                     const uint32_t *words, gcn_instruction *instruction, uint64_t address,
                                     char *at, gcn_line_comment *comment)
{
    (void)dialect, (void)address, (void)at, (void)comment; /* a family of no rows (NONE) has no case */
    unsigned layout;
    gcn_line line = {NULL, gcn_decode_begin(arch, encoding, words, GCN_MAX_WORDS, instruction, &layout)};
    if (line.status != GCN_OK)
        return line;
    switch (layout) {
#define PROFILE(family, name, ...)                                                                 \
    LINE_IF(LINE_SAME(family, LINE_FAMILY))(                                                       \
        case GCN_SHAPE_##family##_##name:                                                          \
            if (GCN_DECODE_CASE(GCN_SHAPE_##family##_##name, arch, encoding))                      \
                return profile_line(arch, dialect, GCN_SHAPE_##family##_##name, words, instruction, address, \
                                    at, comment);                                                  \
            break;)
#include "isa/profiles.def"
#undef PROFILE
    default:
        break;
    }
    line.status = GCN_ERROR_NOT_INSTRUCTION;
    return line;
}
#undef LINE_FAMILY
