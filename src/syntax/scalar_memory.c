/* SMRD/SMEM's hooks out of line (scalar_memory.h). */
#include "syntax/scalar_memory.h"

#include "codec/codec.h"

char *gcn_write_llvm_memory_other(char *at, gcn_arch arch, unsigned code, unsigned count)
{
    unsigned align = gcn_scalar_alignment(count);
    unsigned ttmp = gcn_ttmp_base(arch);
    if (code >= ttmp && code < 124) {
        unsigned first = (code - ttmp) & ~(align - 1);
        return first + count > 16 ? NULL : gcn_write_range(at, "ttmp", 4, first, first + count - 1, count != 1);
    }
    if (count >= 8)
        return NULL;
    if (code == GCN_CODE_NULL)
        return gcn_write_length(at, "null", 4);
    return count == 1 || !(code & 1) ? gcn_write_scalar(at, arch, GCN_DIALECT_LLVM, code, count == 1 ? 1 : 2) : NULL;
}

const gcn_row *gcn_clrx_memory_alias(const gcn_instruction *instruction, gcn_instruction *copy)
{
    if (instruction->arch != GCN_ARCH_GCN12)
        return NULL;
    uint16_t index = gcn_row_for_opcode(GCN_FAMILY_SMEM, GCN_ARCH_GCN14, instruction->opcode);
    if (index == GCN_ROW_NONE || !(gcn_rows[index].flags & GCN_ROW_CLRX_GCN12))
        return NULL;
    *copy = *instruction;
    copy->row = index;
    const gcn_profile *profile = gcn_profile_of(copy);
    for (unsigned i = 0; i < copy->operand_count && i < profile->operand_count; i++)
        if (profile->operands[i].width) /* sdata's and sbase's widths, as decoded */
            copy->operands[i].count =
                (uint8_t)gcn_operand_width_beside(&profile->operands[i], index + 1u, GCN_ARCH_GCN12, 0, GCN_SADDR_OFF);
    return &gcn_rows[index];
}

/* The fields CLRX shows as keys, in its order (encodings.def's names; a
 * one-bit field as =1); soffset and soe only in the key form. */
static const uint8_t key_fields[2][6] = {
    {GCN_FIELD(SMRD, sdst), GCN_FIELD(SMRD, sbase), GCN_FIELD(SMRD, offset), GCN_FIELD(SMRD, imm), GCN_NO_FIELD,
     GCN_NO_FIELD},
    {GCN_FIELD(SMEM, sdata), GCN_FIELD(SMEM, sbase), GCN_FIELD(SMEM, offset), GCN_FIELD(SMEM, imm),
     GCN_FIELD(SMEM, soffset), GCN_FIELD(SMEM, soe)},
};
enum { KEY_FORM_ONLY = 4 }; /* the keys from this one on */

void gcn_put_clrx_memory_tail(gcn_text *text, const gcn_instruction *instruction, const gcn_profile *profile,
                              bool key_form)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    gcn_encoding encoding = (gcn_encoding)instruction->encoding;
    unsigned modifiers = instruction->modifiers;
    size_t start = text->length;
    char spare[GCN_TEXT_ROOM];
    const gcn_modifier_order *order = &gcn_modifier_orders[encoding][GCN_DIALECT_CLRX];
    char *end = gcn_write_modifiers_valued(spare, instruction, order, GCN_CLRX_MEMORY_HIDDEN, 0);
    gcn_put_length(text, spare, (size_t)(end - spare));
    /* the fields from the words, and the keys the operands show: sdata,
     * sbase, the offset with imm */
    const uint8_t *keys = key_fields[encoding == GCN_ENCODING_SMEM];
    uint32_t words[GCN_MAX_WORDS] = {0}, values[GCN_MAX_FIELDS], reserved[2], shown = 0;
    gcn_encode_checked(instruction, words);
    gcn_unpack(encoding, arch, words, values, reserved);
    for (unsigned i = 0; !key_form && i < profile->operand_count; i++) {
        unsigned syntax = profile->operands[i].syntax;
        shown |= syntax == GCN_SYNTAX_SBASE ? 1u << 1 : syntax == GCN_SYNTAX_SMEM_OFFSET ? 3u << 2 : 1u << 0;
    }
    if ((shown & 1u << 2) && (modifiers & GCN_MOD_SOE) && (modifiers & GCN_MOD_IMM)) {
        gcn_put(text, " offset:");
        gcn_put_hex(text, instruction->offset);
    }
    for (unsigned k = 0; k < (key_form ? 6u : KEY_FORM_ONLY) && keys[k] != GCN_NO_FIELD; k++) {
        if (((shown >> k) & 1u) || !values[keys[k]])
            continue;
        gcn_put_char(text, ' ');
        gcn_put(text, gcn_clrx_field_key(encoding, keys[k]));
        gcn_put_char(text, '=');
        if (gcn_field_places[encoding][arch][keys[k]].mask == 1)
            gcn_put_char(text, '1');
        else
            gcn_put_hex(text, values[keys[k]]);
    }
    if ((modifiers & GCN_MOD_LITERAL) && !(shown & 1u << 2)) {
        gcn_put(text, " literal=");
        gcn_put_hex(text, instruction->literal);
    }
    uint64_t bits = arch >= GCN_ARCH_GCN14 ? (uint64_t)reserved[1] << 32 | reserved[0] : reserved[0];
    if (bits && key_form) { /* (SMRD's fields cover its word) */
        gcn_put(text, " reserved=");
        gcn_put_hex(text, bits);
    }
    if (key_form && text->length == start)
        gcn_put(text, " offset=0x0"); /* a bare mnemonic would ask for operands */
}
