/* The buffer operands' text (MUBUF's SRSRC and SOFFSET): the names each
 * dialect gives the tuples and codes that no register name covers; and the
 * row llvm-mc 14 prints for GCN 1.1's buffer_wbinvl1 on GCN 1.2/1.4. */
#include <string.h>

#include "syntax/generic.h"

/* SRSRC tuples no register name covers, spelled as clrxdisasm does (the
 * first also as llvm-mc's GCN 1.2/1.4 disassembler does). */
static const struct odd_srsrc {
    uint8_t code;
    uint8_t first, last; /* generations */
    bool llvm;
    const char *text;
} odd_srsrcs[] = {
    {100, GCN_ARCH_GCN12, GCN_ARCH_GCN14, true, "s[100:103]"},
    {104, GCN_ARCH_GCN10, GCN_ARCH_GCN10, false, "ill_104"},
    {104, GCN_ARCH_GCN11, GCN_ARCH_GCN11, false, "flat_scratch&ill!"},
    {104, GCN_ARCH_GCN12, GCN_ARCH_GCN14, false, "xnack_mask&ill!"},
    {108, GCN_ARCH_GCN10, GCN_ARCH_GCN12, false, "tba&ill!"},
    {124, GCN_ARCH_GCN10, GCN_ARCH_GCN14, false, "m0&ill!"},
};

char *gcn_write_other_srsrc(char *at, gcn_arch arch, gcn_dialect dialect, unsigned code)
{
    char *end = gcn_write_scalar(at, arch, dialect, code, 4);
    for (size_t i = 0; !end && i < sizeof odd_srsrcs / sizeof odd_srsrcs[0]; i++)
        if (odd_srsrcs[i].code == code && arch >= odd_srsrcs[i].first && arch <= odd_srsrcs[i].last &&
            (dialect == GCN_DIALECT_CLRX || odd_srsrcs[i].llvm))
            end = gcn_write_length(at, odd_srsrcs[i].text, strlen(odd_srsrcs[i].text));
    /* (CLRX: not reached, every code is covered.) The GCN 1.2/1.4
     * disassembler names a tuple by its first registers: xnack_mask; tba (GCN 1.2) */
    if (!end && dialect == GCN_DIALECT_LLVM && arch >= GCN_ARCH_GCN12 && (code == 104 || code == 108))
        end = gcn_write_scalar(at, arch, dialect, code, 2);
    return end;
}

char *gcn_write_other_soffset(char *at, gcn_arch arch, gcn_dialect dialect, unsigned code)
{
    /* llvm-mc's assembler takes no src_lds_direct here (its disassembler prints it). */
    if (dialect == GCN_DIALECT_LLVM && arch < GCN_ARCH_GCN12 && code == GCN_CODE_LDS_DIRECT)
        return NULL;
    char *end = gcn_write_scalar(at, arch, dialect, code, 1);
    if (end || (dialect == GCN_DIALECT_LLVM && arch < GCN_ARCH_GCN12))
        return end;
    if (dialect == GCN_DIALECT_CLRX) /* clrxdisasm's name for a reserved code */
        return gcn_write_unsigned(gcn_write_length(at, "ill_", 4), code);
    /* The GCN 1.2 disassembler also names GCN 1.4's sources, and 125. */
    if (code == GCN_CODE_NULL)
        return gcn_write_length(at, "null", 4);
    return code >= 235 && code <= 239 ? gcn_write_scalar(at, GCN_ARCH_GCN14, dialect, code, 1) : NULL;
}

const gcn_row *gcn_llvm_alias_row(const gcn_instruction *instruction)
{
    if (instruction->family == GCN_FAMILY_MUBUF && instruction->arch >= GCN_ARCH_GCN12) {
        uint16_t alias = gcn_row_for_opcode(GCN_FAMILY_MUBUF, GCN_ARCH_GCN11, instruction->opcode);
        if (alias != GCN_ROW_NONE && gcn_rows[alias].operation == GCN_OP_CACHE_WBINVL1)
            return &gcn_rows[alias];
    }
    return NULL;
}

bool gcn_parse_srsrc(gcn_cursor *cursor, unsigned *field)
{
    gcn_arch arch = cursor->options->arch;
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    for (size_t i = 0; i < sizeof odd_srsrcs / sizeof odd_srsrcs[0]; i++) { /* tuples without a name */
        if (arch >= odd_srsrcs[i].first && arch <= odd_srsrcs[i].last && (!llvm || odd_srsrcs[i].llvm) &&
            gcn_accept_word_here(cursor, odd_srsrcs[i].text)) {
            *field = odd_srsrcs[i].code / 4;
            return true;
        }
    }
    gcn_scalar scalar;
    if (!gcn_parse_scalar(cursor, 0, &scalar))
        return false;
    /* llvm-mc's disassembler names these tuples by their first pair. */
    bool llvm_pair = llvm && arch >= GCN_ARCH_GCN12 && scalar.count == 2 && !scalar.general &&
                     (scalar.code == 104 || (scalar.code == 108 && arch == GCN_ARCH_GCN12));
    if (scalar.count != 4 && !llvm_pair) {
        if (scalar.constant)
            return gcn_fail(cursor, start, "SRSRC takes 4 scalar registers, found a constant");
        return gcn_fail(cursor, start, "SRSRC takes 4 scalar registers, found %u", scalar.count);
    }
    if (scalar.code % 4)
        return gcn_fail_misaligned(cursor, start, 4);
    *field = scalar.code / 4;
    return true;
}

bool gcn_parse_soffset(gcn_cursor *cursor, unsigned *code)
{
    gcn_arch arch = cursor->options->arch;
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    size_t length = gcn_peek_identifier_here(cursor);
    if (!llvm && length > 4 && gcn_word_is(start, 4, "ill_") && /* CLRX's name for a code with none */
        gcn_read_register_number(start + 4, start + length, 256, code) == start + length) {
        cursor->pos += length;
        return true;
    }
    /* what llvm-mc's GCN 1.2/1.4 disassembler prints (null; GCN 1.4's sources on GCN 1.2) */
    for (size_t i = 0; llvm && arch >= GCN_ARCH_GCN12 && length && i < gcn_scalar_name_count; i++) {
        const gcn_scalar_name *name = &gcn_scalar_names[i];
        if (name->count == 1 && ((name->llvm_prints >> arch) & 1u) && gcn_word_is(start, length, name->llvm)) {
            cursor->pos += length;
            *code = name->code;
            return true;
        }
    }
    gcn_scalar scalar;
    if (!gcn_parse_scalar(cursor, 1, &scalar))
        return false;
    if (scalar.count != 1)
        return gcn_fail(cursor, start, "SOFFSET takes one scalar register or an inline constant, "
                                       "found %u registers", scalar.count);
    if (scalar.code == GCN_CODE_LDS_DIRECT && llvm && arch < GCN_ARCH_GCN12)
        return gcn_fail(cursor, start, "src_lds_direct is not valid as SOFFSET");
    if (scalar.code == 248 && arch < GCN_ARCH_GCN12)
        return gcn_fail(cursor, start, "1/(2*pi) is not an inline constant on %s",
                        gcn_arch_name(arch));
    *code = scalar.code;
    return true;
}
