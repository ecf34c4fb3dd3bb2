/* gcn_parse: the mnemonic, then the family's operands. */
#include <string.h>

#include "codec/codec.h"
#include "syntax/syntax.h"

static const gcn_parser parsers[GCN_FAMILY_COUNT] = {
    [GCN_FAMILY_SOPP] = gcn_parse_sopp,
    [GCN_FAMILY_SMEM] = gcn_parse_smem,
    [GCN_FAMILY_MUBUF] = gcn_parse_mubuf,
    [GCN_FAMILY_FLAT] = gcn_parse_flat,
};

/* "available on gcn1.2, gcn1.4" */
static void list_generations(const gcn_row *row, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int arch = 0; arch < GCN_ARCH_COUNT; arch++) {
        if (row->opcode[arch] < 0)
            continue;
        const char *name = gcn_arch_name((gcn_arch)arch);
        size_t n = strlen(name);
        if (used + n + 3 >= size)
            break;
        if (used) {
            memcpy(out + used, ", ", 2);
            used += 2;
        }
        memcpy(out + used, name, n + 1);
        used += n;
    }
}

gcn_status gcn_parse(const gcn_parse_options *options, const char *text, size_t length,
                     gcn_instruction *instruction, gcn_parse_error *error)
{
    if (!options || !text || !instruction || (unsigned)options->arch >= GCN_ARCH_COUNT)
        return GCN_ERROR_INVALID_ARGUMENT;
    if (error) {
        error->column = 0;
        error->message[0] = '\0';
        error->warning_column = 0;
        error->warning[0] = '\0';
    }
    gcn_cursor cursor = {text, text, text + length, options, error, false};
    size_t name_length = gcn_peek_identifier(&cursor);
    const char *name = cursor.pos;
    if (name_length == 0) {
        gcn_fail(&cursor, name, "expected an instruction");
        return GCN_ERROR_SYNTAX;
    }
    uint16_t index = gcn_row_for_name(name, name_length);
    if (index == GCN_ROW_NONE) {
        const char *nearest = gcn_nearest_name(name, name_length);
        if (nearest)
            gcn_fail(&cursor, name, "unknown instruction '%.*s'; did you mean '%s'?",
                     (int)name_length, name, nearest);
        else
            gcn_fail(&cursor, name, "unknown instruction '%.*s'", (int)name_length, name);
        return GCN_ERROR_SYNTAX;
    }
    const gcn_row *row = &gcn_rows[index];
    gcn_arch arch = options->arch;
    int opcode = row->opcode[arch];
    /* CLRX also takes GCN 1.4's s_buffer_atomic_* on GCN 1.2 (see errata). */
    if (opcode < 0 && arch == GCN_ARCH_GCN12 && (row->flags & GCN_ROW_CLRX_GCN12) &&
        options->dialect == GCN_DIALECT_CLRX)
        opcode = row->opcode[GCN_ARCH_GCN14];
    if (opcode < 0) {
        char generations[64];
        list_generations(row, generations, sizeof generations);
        gcn_fail(&cursor, name, "'%s' is not available on %s; it exists on %s", row->name,
                 gcn_arch_name(arch), generations);
        return GCN_ERROR_SYNTAX;
    }
    cursor.pos += name_length;
    gcn_instruction_start(instruction, arch, (gcn_family)row->family, (unsigned)opcode, 1);
    instruction->row = index;
    if (!parsers[row->family](&cursor, row, instruction))
        return GCN_ERROR_SYNTAX;
    if (!gcn_at_end(&cursor)) {
        gcn_fail(&cursor, cursor.pos, "unexpected '%.*s' after the operands",
                 (int)(cursor.end - cursor.pos), cursor.pos);
        return GCN_ERROR_SYNTAX;
    }
    return GCN_OK;
}
