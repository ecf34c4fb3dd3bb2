/* Operand access: the one file that knows how today's gcn_instruction
 * keeps each operand (named fields). Executors ask here, so that a new
 * instruction layout (operand profiles) changes this file only. Register
 * operands come back as scalar codes (0..127: s0.., vcc, m0, exec) or VGPR
 * numbers; their values are read through registers.h. */
#ifndef GCN_EMU_OPERANDS_H
#define GCN_EMU_OPERANDS_H

#include "emu/emu.h"
#include "isa/profile.h"

/* SOPP's one operand: SIMM16 (an immediate, a branch offset, waitcnt's
 * or sendmsg's fields). */
static inline uint16_t emu_simm16(const gcn_instruction *instruction)
{
    return (uint16_t)instruction->operands[0].value;
}
static inline bool emu_has_modifier(const gcn_instruction *instruction, unsigned modifier)
{
    return (instruction->modifiers & modifier) != 0;
}
static inline bool emu_glc(const gcn_instruction *instruction)
{
    return emu_has_modifier(instruction, GCN_MOD_GLC);
}

/* Scalar memory, by the layout of its profiles (isa/profiles.def): the
 * data register first, then the base and the offset operand, for the rows
 * that have the three (loads, stores, atomics; s_memtime has only the
 * data); read by position, as every executed instruction asks. */
static inline unsigned emu_smem_sdata(const gcn_instruction *instruction)
{
    return instruction->operands[0].number;
}
/* First code of the base: an SGPR pair, or four SGPRs of a buffer resource. */
static inline unsigned emu_smem_sbase(const gcn_instruction *instruction)
{
    return instruction->operands[1].number;
}
static inline bool emu_smem_imm(const gcn_instruction *instruction)
{
    return emu_has_modifier(instruction, GCN_MOD_IMM);
}
/* GCN 1.4 SOE: an SGPR offset (emu_smem_soffset) is added. */
static inline bool emu_smem_soe(const gcn_instruction *instruction)
{
    return instruction->arch >= GCN_ARCH_GCN14 && emu_has_modifier(instruction, GCN_MOD_SOE);
}
/* With soe, the offset operand is the soffset register. */
static inline unsigned emu_smem_soffset(const gcn_instruction *instruction)
{
    return emu_smem_soe(instruction) ? instruction->operands[2].number : 0;
}
/* The OFFSET field: an immediate, or an SGPR code without imm. */
static inline uint32_t emu_smem_offset_field(const gcn_instruction *instruction)
{
    return instruction->offset;
}
/* GCN 1.1 SMRD: the 32-bit literal offset (in dwords) follows. */
static inline bool emu_smem_has_literal(const gcn_instruction *instruction)
{
    return emu_has_modifier(instruction, GCN_MOD_LITERAL);
}
static inline uint32_t emu_smem_literal(const gcn_instruction *instruction)
{
    return instruction->literal;
}

/* The families on the generic codec: the operand in a field, as its
 * register number or scalar code; a field the row shows no operand for
 * (buffer_store_lds_dword's vaddr, a FLAT store's vdst) is kept in reserved[]. */
static inline unsigned emu_field_operand(const gcn_instruction *instruction, gcn_encoding encoding,
                                         unsigned field, bool *shown)
{
    const gcn_profile *profile = gcn_profile_of(instruction);
    *shown = true;
    for (unsigned i = 0; i < profile->operand_count; i++)
        if (profile->operands[i].field == field)
            return instruction->operands[i].number;
    *shown = false;
    const gcn_field_place *place = &gcn_field_places[encoding][instruction->arch][field];
    return (instruction->reserved[place->word] >> place->first) & place->mask;
}
/* MUBUF: SRSRC kept in reserved[] is its field (register / 4). */
static inline unsigned emu_mubuf_field(const gcn_instruction *instruction, unsigned field)
{
    bool shown;
    unsigned value = emu_field_operand(instruction, GCN_ENCODING_MUBUF, field, &shown);
    return field == GCN_FIELD(MUBUF, srsrc) && !shown ? value * 4u : value;
}
static inline unsigned emu_flat_field(const gcn_instruction *instruction, unsigned field)
{
    bool shown;
    return emu_field_operand(instruction, GCN_ENCODING_FLAT, field, &shown);
}
static inline unsigned emu_mubuf_vdata(const gcn_instruction *instruction)
{
    return emu_mubuf_field(instruction, GCN_FIELD(MUBUF, vdata));
}
static inline unsigned emu_mubuf_vaddr(const gcn_instruction *instruction)
{
    return emu_mubuf_field(instruction, GCN_FIELD(MUBUF, vaddr));
}
/* First code of the 4-SGPR resource. */
static inline unsigned emu_mubuf_srsrc(const gcn_instruction *instruction)
{
    return emu_mubuf_field(instruction, GCN_FIELD(MUBUF, srsrc));
}
/* SOFFSET: a scalar source code. */
static inline unsigned emu_mubuf_soffset(const gcn_instruction *instruction)
{
    return emu_mubuf_field(instruction, GCN_FIELD(MUBUF, soffset));
}
/* FLAT, GLOBAL, SCRATCH: the register fields. */
static inline unsigned emu_flat_vdst(const gcn_instruction *instruction)
{
    return emu_flat_field(instruction, GCN_FIELD(FLAT, vdst));
}
static inline unsigned emu_flat_vaddr(const gcn_instruction *instruction)
{
    return emu_flat_field(instruction, GCN_FIELD(FLAT, addr));
}
static inline unsigned emu_flat_vdata(const gcn_instruction *instruction)
{
    return emu_flat_field(instruction, GCN_FIELD(FLAT, data));
}
/* GCN 1.4 GLOBAL/SCRATCH saddr: a scalar code, GCN_SADDR_OFF for off (and
 * for FLAT, which has none). */
static inline unsigned emu_flat_saddr(const gcn_instruction *instruction)
{
    bool shown;
    unsigned saddr = emu_field_operand(instruction, GCN_ENCODING_FLAT, GCN_FIELD(FLAT, saddr), &shown);
    return shown ? saddr : GCN_SADDR_OFF;
}
static inline uint32_t emu_offset_field(const gcn_instruction *instruction)
{
    return instruction->offset;
}

#endif
