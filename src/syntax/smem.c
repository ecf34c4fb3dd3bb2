/* SMEM syntax: not yet written (stub). */
#include "syntax/syntax.h"

bool gcn_format_smem(const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address,
                     gcn_text *text)
{
    (void)instruction; (void)dialect; (void)address; (void)text;
    return false;
}

bool gcn_parse_smem(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction)
{
    (void)row; (void)instruction;
    return gcn_fail(cursor, cursor->pos, "SMEM is not implemented yet");
}
