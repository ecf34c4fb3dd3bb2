/* gcn_format: the generic printer for every family, and the pieces every
 * family prints. */
#include "syntax/generic.h"
#include "syntax/syntax.h"

/* From the same rows. */
const char gcn_padded_names[GCN_ROW_COUNT][GCN_PADDED_NAME_SIZE] = {
#define GCN_ROW_ENTRY(family, name, ...) #name,
#include "isa/rows.inc"
#undef GCN_ROW_ENTRY
};

/* Also near the end of the text, and CLRX's padding (LLVM's one space is
 * padding to column 1). */
void gcn_put_mnemonic_padded(gcn_text *text, gcn_dialect dialect, const gcn_row *row, bool operands)
{
    size_t start = text->length;
    if (operands && dialect == GCN_DIALECT_CLRX && start + GCN_PADDED_NAME_SIZE + 16 < text->size) {
        text->length = (size_t)(gcn_write_clrx_mnemonic(text->data + start, (unsigned)(row - gcn_rows)) - text->data);
        return;
    }
    gcn_put_length(text, row->name, row->name_length);
    if (operands)
        gcn_put_pad(text, start, dialect == GCN_DIALECT_CLRX ? 16 : 1);
}

void gcn_put_illegal(gcn_text *text, gcn_dialect dialect, const char *family, unsigned opcode,
                     bool operands)
{
    size_t start = text->length;
    gcn_put(text, family);
    gcn_put(text, "_ill_");
    gcn_put_unsigned(text, opcode);
    if (operands)
        gcn_put_pad(text, start, dialect == GCN_DIALECT_CLRX ? 16 : 1);
}

/* gcn_format and gcn_format_exact: the arguments checked, the text's
 * length given also where the buffer is too small. */
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
