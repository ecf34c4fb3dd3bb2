/* SMRD/SMEM's hooks out of line (scalar_memory.h): llvm-mc's register
 * names past the usual SGPRs, CLRX's fields shown as keys, and the rows
 * CLRX names on GCN 1.2 that only GCN 1.4 has. */
#include "syntax/scalar_memory.h"

#include "codec/codec.h"

bool gcn_put_llvm_memory_register(gcn_text *text, gcn_arch arch, unsigned code, unsigned count)
{
    /* SGPR and TTMP tuples lose the bits below their alignment and may
     * reach s103 or ttmp15 whatever the generation has; specials are named
     * only at their own width (pairs also stand for four SGPRs); 125 is
     * "null"; false where llvm-mc reports an invalid encoding. */
    unsigned align = count >= 4 ? 4 : count;
    unsigned ttmp = gcn_ttmp_base(arch);
    if (code <= 101) {
        unsigned first = code & ~(align - 1);
        if (first + count > 104)
            return false;
        gcn_put_sgprs(text, first, count);
        return true;
    }
    if (code >= ttmp && code < 124) {
        unsigned first = (code - ttmp) & ~(align - 1);
        if (first + count > 16)
            return false;
        gcn_put_ttmps(text, first, count);
        return true;
    }
    if (count >= 8)
        return false;
    if (code == 125) {
        gcn_put(text, "null");
        return true;
    }
    if (count == 1)
        return gcn_format_scalar(text, arch, GCN_DIALECT_LLVM, code, 1);
    if (code & 1)
        return false;
    return gcn_format_scalar(text, arch, GCN_DIALECT_LLVM, code, 2);
}

char *gcn_write_llvm_memory_other(char *at, gcn_arch arch, unsigned code, unsigned count)
{
    gcn_text text = {at, GCN_OPERAND_ROOM, 0};
    return gcn_put_llvm_memory_register(&text, arch, code, count) ? at + text.length : NULL;
}

/* GCN 1.0/1.1: what llvm-mc assembles in this place: aligned SGPR and TTMP
 * tuples, specials at their own width; data operands exclude m0 and exec. */
char *gcn_write_llvm_smrd_register(char *at, gcn_arch arch, unsigned code, unsigned count, bool data)
{
    unsigned align = count >= 4 ? 4 : count, ttmp = gcn_ttmp_base(arch);
    bool assembles;
    if (code < gcn_sgpr_count(arch))
        assembles = code % align == 0 && code + count <= gcn_sgpr_count(arch);
    else if (code >= ttmp && code < ttmp + gcn_ttmp_count(arch))
        assembles = (code - ttmp) % align == 0 && code - ttmp + count <= gcn_ttmp_count(arch);
    else
        assembles = count < 4 && code < 128 && !(data && (code == 124 || code >= 126));
    gcn_text text = {at, GCN_OPERAND_ROOM, 0};
    return assembles && gcn_format_scalar(&text, arch, GCN_DIALECT_LLVM, code, count) ? at + text.length
                                                                                     : NULL;
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
    for (unsigned i = 0; i < copy->operand_count && i < profile->operand_count; i++) {
        if (profile->operands[i].syntax == GCN_SYNTAX_SREG)
            copy->operands[i].count = gcn_rows[index].data_dwords;
        else if (profile->operands[i].syntax == GCN_SYNTAX_SBASE)
            copy->operands[i].count = 4; /* (every such row's base is a buffer's) */
    }
    return &gcn_rows[index];
}

static void put_key(gcn_text *text, const char *key, unsigned value)
{
    gcn_put_char(text, ' ');
    gcn_put(text, key);
    gcn_put_char(text, '=');
    gcn_put_hex(text, value);
}

/* After glc and nv (and GCN 1.4's offset:N beside soffset), the fields no
 * operand shows, as clrxdisasm prints them; soffset and soe, and the bits
 * no field covers, only in the key form (clrxdisasm drops them: its own
 * test prints c0020c9d 01d1345b as offset 0x1345b). */
void gcn_put_clrx_memory_tail(gcn_text *text, const gcn_instruction *instruction, const gcn_profile *profile,
                              bool key_form)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    gcn_encoding encoding = (gcn_encoding)instruction->encoding;
    bool smrd = encoding == GCN_ENCODING_SMRD, gcn14 = arch >= GCN_ARCH_GCN14;
    unsigned modifiers = instruction->modifiers;
    size_t start = text->length;
    char spare[GCN_TEXT_ROOM];
    const gcn_modifier_order *order = &gcn_modifier_orders[encoding][GCN_DIALECT_CLRX];
    char *end = gcn_write_modifiers_valued(spare, instruction, order, GCN_CLRX_MEMORY_HIDDEN, 0);
    gcn_put_length(text, spare, (size_t)(end - spare));
    /* the fields: unshown ones from reserved[], the others from the operands */
    uint32_t values[GCN_MAX_FIELDS] = {0}, reserved[2] = {0, 0};
    if (instruction->reserved[0] | instruction->reserved[1])
        gcn_unpack(encoding, arch, instruction->reserved, values, reserved);
    unsigned sdata = values[smrd ? GCN_FIELD(SMRD, sdst) : GCN_FIELD(SMEM, sdata)];
    unsigned sbase = values[smrd ? GCN_FIELD(SMRD, sbase) : GCN_FIELD(SMEM, sbase)];
    unsigned soffset = smrd ? 0 : values[GCN_FIELD(SMEM, soffset)];
    bool data_shown = false, base_shown = false, offset_shown = false;
    bool soe = gcn14 && (modifiers & GCN_MOD_SOE);
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand *operand = &instruction->operands[i];
        switch (profile->operands[i].syntax) {
        case GCN_SYNTAX_SREG: sdata = operand->number, data_shown = true; break;
        case GCN_SYNTAX_SMEM_PROBE: sdata = operand->value, data_shown = true; break;
        case GCN_SYNTAX_SBASE: sbase = operand->number / 2u, base_shown = true; break;
        default: /* the offset: soffset with soe */
            offset_shown = true;
            if (modifiers & GCN_MOD_SOE)
                soffset = operand->number;
            break;
        }
    }
    if (key_form)
        data_shown = base_shown = offset_shown = false;
    if (offset_shown && soe && (modifiers & GCN_MOD_IMM)) {
        gcn_put(text, " offset:");
        gcn_put_hex(text, instruction->offset);
    }
    if (!data_shown && sdata)
        put_key(text, smrd ? "sdst" : "sdata", sdata);
    if (!base_shown && sbase)
        put_key(text, "sbase", sbase);
    if (!offset_shown) {
        if (instruction->offset)
            put_key(text, "offset", instruction->offset);
        if (modifiers & GCN_MOD_IMM)
            gcn_put(text, " imm=1");
    }
    if (gcn14 && key_form) {
        if (soffset)
            put_key(text, "soffset", soffset);
        if (modifiers & GCN_MOD_SOE)
            gcn_put(text, " soe=1");
    }
    if ((modifiers & GCN_MOD_LITERAL) && !offset_shown)
        put_key(text, "literal", instruction->literal);
    uint64_t bits = gcn14 ? (uint64_t)reserved[1] << 32 | reserved[0] : reserved[0];
    if (!smrd && bits && key_form) {
        gcn_put(text, " reserved=");
        gcn_put_hex(text, bits);
    }
    if (key_form && text->length == start)
        gcn_put(text, " offset=0x0"); /* a bare mnemonic would ask for operands */
}
