/* Text that is known to read back (gcn_format_exact's). CLRX's disassembler
 * drops some bits (reserved fields it does not print, combinations its
 * assembler refuses); a disassembler that must round-trip prints such
 * words as data instead. */
#include <string.h>

#include "syntax/generic.h"
#include "syntax/hooks.h"
#include "syntax/syntax.h"

bool gcn_branch_label_resolver(void *context, const char *name, size_t length, int64_t *value)
{
    (void)context;
    if (length < 5 || name[0] != '.' || name[1] != 'L' || name[length - 2] != '_' ||
        name[length - 1] != '0')
        return false;
    uint64_t address = 0;
    for (size_t i = 2; i < length - 2; i++) {
        unsigned digit = (unsigned)(name[i] - '0');
        if (digit > 9 || address > (UINT64_MAX - digit) / 10)
            return false;
        address = address * 10 + digit;
    }
    *value = (int64_t)address;
    return true;
}

/* An operand CLRX prints without every bit: a misaligned SGPR tuple (as it
 * prints GCN 1.4's s_buffer_atomic_* on GCN 1.2 too, its base four
 * registers), and the vaddr of a GCN 1.4 SCRATCH access with an saddr,
 * printed as off: that text keeps every bit exactly when vaddr is 0
 * (tests/round_trip.c checks both ways). */
static bool loses_operand(const gcn_instruction *instruction)
{
    gcn_encoding encoding = (gcn_encoding)instruction->encoding;
    gcn_instruction aliased;
    if (instruction->row == GCN_ROW_NONE && encoding < GCN_ENCODING_COUNT && gcn_encoding_hooks[encoding].clrx_alias &&
        gcn_encoding_hooks[encoding].clrx_alias(instruction, &aliased))
        instruction = &aliased;
    bool scratch = instruction->family == GCN_FAMILY_FLAT && instruction->row != GCN_ROW_NONE &&
                   (gcn_rows[instruction->row].flags & GCN_ROW_SCRATCH);
    for (unsigned i = 0; i < instruction->operand_count; i++) {
        const gcn_operand *operand = &instruction->operands[i];
        unsigned align = gcn_scalar_alignment(operand->count);
        if ((operand->kind == GCN_OPERAND_SCALAR && align > 1 && operand->number % align &&
             operand->number + operand->count <= gcn_sgpr_count((gcn_arch)instruction->arch)) ||
            (scratch && gcn_profile_of(instruction)->operands[i].width == GCN_WIDTH_FLAT_ADDRESS &&
             operand->kind == GCN_OPERAND_OFF && operand->number != 0))
            return true;
    }
    return false;
}

/* (bits no field covers: CLRX shows only some) */
bool gcn_clrx_may_lose_bits(const gcn_instruction *instruction)
{
    if ((instruction->reserved[0] | instruction->reserved[1]) || loses_operand(instruction))
        return true;
    unsigned modifiers = instruction->modifiers;
    switch (instruction->family) {
    case GCN_FAMILY_SMEM:
        /* The SOE form prints as the plain SGPR form, a register offset
         * shows only the field's low 8 bits, and GCN 1.2 stores and atomics
         * take only m0 in clrxasm (GCN 1.4's soffset without soe is in
         * reserved[], above). */
        return (modifiers & GCN_MOD_SOE) ||
               (!(modifiers & (GCN_MOD_IMM | GCN_MOD_LITERAL)) &&
                (instruction->offset > 0xffu ||
                 (instruction->arch == GCN_ARCH_GCN12 && instruction->offset != 124)));
    case GCN_FAMILY_MUBUF: /* clrxasm refuses lds with tfe, which clrxdisasm prints */
        return (modifiers & (GCN_MOD_LDS | GCN_MOD_TFE)) == (GCN_MOD_LDS | GCN_MOD_TFE);
    case GCN_FAMILY_FLAT: /* GCN 1.4 FLAT (and illegal opcodes, printed alike):
                             saddr and offset bit 12 not shown */
        return instruction->arch >= GCN_ARCH_GCN14 &&
               (instruction->row == GCN_ROW_NONE ||
                !(gcn_rows[instruction->row].flags & (GCN_ROW_SCRATCH | GCN_ROW_GLOBAL))) &&
               ((instruction->reserved[1] & 0x7fu << 16) || (instruction->offset & 0x1000u));
    default:
        return false;
    }
}

bool gcn_text_gives_back(const gcn_instruction *instruction, gcn_dialect dialect,
                         uint64_t address, const char *text, size_t length)
{
    if (dialect == GCN_DIALECT_CLRX && !gcn_clrx_may_lose_bits(instruction))
        return true;
    uint32_t words[GCN_MAX_WORDS], again[GCN_MAX_WORDS];
    size_t count, again_count;
    if (gcn_encode(instruction, words, &count) != GCN_OK)
        return false;
    gcn_parse_options options = {.arch = (gcn_arch)instruction->arch, .dialect = dialect, .address = address,
        .resolve = gcn_branch_label_resolver, .resolve_context = NULL};
    gcn_instruction parsed;
    if (gcn_parse(&options, text, length, &parsed, NULL) != GCN_OK ||
        gcn_encode(&parsed, again, &again_count) != GCN_OK)
        return false;
    return again_count == count && memcmp(words, again, count * sizeof words[0]) == 0;
}

/* (too long to read back: the caller sees the length) */
bool gcn_format_exact_text(const gcn_instruction *instruction, gcn_dialect dialect,
                           uint64_t address, gcn_text *text)
{
    size_t start = text->length;
    if (!gcn_format_generic(instruction, dialect, address, text))
        return false;
    return dialect == GCN_DIALECT_LLVM || text->length >= text->size ||
           gcn_text_gives_back(instruction, dialect, address, text->data + start, text->length - start);
}
