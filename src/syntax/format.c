/* gcn_format and gcn_format_exact: the arguments checked, then the
 * printer (generic_format.c, exact.c). */
#include "syntax/generic.h"
#include "syntax/syntax.h"

/* (the text's length given also where the buffer is too small) */
static gcn_status format(const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address, char *buffer,
                         size_t size, size_t *length, bool exact)
{
    if (!instruction || (!buffer && size) || instruction->family == GCN_FAMILY_NONE ||
        instruction->family >= GCN_FAMILY_COUNT || instruction->arch >= GCN_ARCH_COUNT ||
        (dialect != GCN_DIALECT_CLRX && dialect != GCN_DIALECT_LLVM) ||
        (instruction->row != GCN_ROW_NONE && instruction->row >= GCN_ROW_COUNT))
        return GCN_ERROR_INVALID_ARGUMENT;
    gcn_text text = {buffer, size, 0};
    if (!(exact ? gcn_format_exact_text : gcn_format_generic)(instruction, dialect, address, &text))
        return GCN_ERROR_NOT_INSTRUCTION;
    if (length)
        *length = text.length;
    return gcn_text_finish(&text) == 0 ? GCN_OK : GCN_ERROR_BUFFER_TOO_SMALL;
}

gcn_status gcn_format(const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address,
                      char *buffer, size_t size, size_t *length)
{
    return format(instruction, dialect, address, buffer, size, length, false);
}

gcn_status gcn_format_exact(const gcn_instruction *instruction, gcn_dialect dialect,
                            uint64_t address, char *buffer, size_t size, size_t *length)
{
    return format(instruction, dialect, address, buffer, size, length, true);
}
