/* gpr_idx(SRC0,SRC1,SRC2,DST): the VGPR index mode of s_set_gpr_idx_mode
 * (SOPP) and s_set_gpr_idx_on (SOPC); CLRX writes the raw bits. */
#include "syntax/generic.h"

static const char *const names[4] = {"SRC0", "SRC1", "SRC2", "DST"}; /* by bit */

void gcn_format_gpr_idx(gcn_text *text, gcn_arch arch, gcn_dialect dialect, uint32_t value)
{
    (void)arch;
    if (dialect == GCN_DIALECT_CLRX || (value & ~15u)) {
        gcn_put_hex(text, value);
        return;
    }
    gcn_put(text, "gpr_idx(");
    for (unsigned i = 0; i < 4; i++) {
        if (!(value & (1u << i)))
            continue;
        if (value & ((1u << i) - 1)) /* a name before */
            gcn_put_char(text, ',');
        gcn_put(text, names[i]);
    }
    gcn_put_char(text, ')');
}

bool gcn_parse_gpr_idx(gcn_cursor *cursor, uint32_t *value)
{
    gcn_skip_space(cursor);
    const char *word = cursor->pos;
    if (!gcn_accept_word_here(cursor, "gpr_idx") || !gcn_followed_by(cursor, 0, '(')) {
        cursor->pos = word;
        if (!gcn_parse_imm16(cursor, false, value))
            return false;
        if (cursor->options->dialect == GCN_DIALECT_LLVM && *value > 15)
            gcn_warn(cursor, word, "llvm-mc's assembler takes only 4-bit values here");
        return true;
    }
    gcn_accept(cursor, '('); /* (followed by it) */
    unsigned mode = 0;
    if (!gcn_accept(cursor, ')')) {
        do {
            const char *start = cursor->pos;
            unsigned found = 0;
            gcn_skip_space(cursor);
            while (found < 4 && !gcn_accept_word_here(cursor, names[found]))
                found++;
            if (found == 4)
                return gcn_fail(cursor, start, "expected SRC0, SRC1, SRC2 or DST");
            if (mode & (1u << found))
                return gcn_fail(cursor, start, "duplicate VGPR index mode");
            mode |= 1u << found;
        } while (gcn_accept(cursor, ','));
        if (!gcn_accept(cursor, ')'))
            return gcn_fail(cursor, cursor->pos, "expected ')' to close gpr_idx");
    }
    *value = mode;
    return true;
}
