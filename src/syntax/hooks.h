/* What an encoding's text needs beyond its profiles: gcn_encoding_hooks.
 * Here, static, so that a writer that knows the encoding calls its hook
 * directly (inline). */
#ifndef GCN_ENCODING_HOOKS_H
#define GCN_ENCODING_HOOKS_H

#include "syntax/generic.h"

/* Whether llvm-mc knows the row's LDS form on this generation. */
static inline bool gcn_llvm_lds_form(const gcn_row *row, gcn_arch arch)
{
    return (row->flags & GCN_ROW_LDS) ||
           ((row->flags & GCN_ROW_LDS_GCN12) && arch >= GCN_ARCH_GCN12);
}

/* MUBUF: which modifiers llvm-mc 14 leaves out of its text (tfe on atomics
 * and LDS forms; every one after buffer_wbinvl1), or GCN_NO_LLVM_TEXT where it has no text at all. */
static inline unsigned gcn_llvm_buffer_modifiers(const gcn_instruction *instruction, const gcn_row *row)
{
    unsigned modifiers = instruction->modifiers;
    gcn_arch arch = (gcn_arch)instruction->arch;
    switch ((gcn_shape)row->shape) {
    case GCN_SHAPE_MUBUF_NONE: /* these bits clear; bit 15 too, addr64 or not */
        return (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_GLC | GCN_MOD_LDS | GCN_MOD_ADDR64)) ||
                       (instruction->reserved[0] & (1u << 15))
                   ? GCN_NO_LLVM_TEXT
                   : ~GCN_NO_LLVM_TEXT; /* and no modifier written */
    case GCN_SHAPE_MUBUF_STORE_LDS: /* its modifier order says what it prints */
        return !(modifiers & GCN_MOD_LDS) || (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN)) ? GCN_NO_LLVM_TEXT
                                                                                          : 0;
    default:
        if (((modifiers & GCN_MOD_LDS) && !gcn_llvm_lds_form(row, arch)) ||
            ((modifiers & GCN_MOD_ADDR64) && (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN))))
            return GCN_NO_LLVM_TEXT;
        /* | for ||: a branch on the random modifiers mispredicts */
        return GCN_MOD_TFE & -(unsigned)(((row->flags & GCN_ROW_ATOMIC) != 0) |
                                         ((modifiers & GCN_MOD_LDS) != 0));
    }
}

/* FLAT: llvm-mc 14 has no text with lds (no FLAT opcode has an LDS form
 * there), with saddr bits where the row has no saddr (the FLAT segment on
 * GCN 1.4; every segment before), or with the GCN 1.4 lds and segment bits
 * (reserved) before GCN 1.4, nor on GCN 1.1 with its offset bits; it writes
 * no tfe or nv. Arithmetic (| for ||): a branch on random bits mispredicts. */
static inline unsigned gcn_llvm_flat_modifiers(const gcn_instruction *instruction, const gcn_row *row)
{
    (void)row;
    uint32_t low = instruction->reserved[0], saddr = instruction->reserved[1] & 0x7fu << 16;
    unsigned invalid = instruction->arch >= GCN_ARCH_GCN14
                           ? ((instruction->modifiers & GCN_MOD_LDS) != 0) | (saddr != 0)
                           : ((low & 0xe000u) != 0) | (saddr != 0) |
                                 ((instruction->arch < GCN_ARCH_GCN12) & ((low & 0x1fffu) != 0));
    return invalid ? GCN_NO_LLVM_TEXT : GCN_MOD_TFE | GCN_MOD_NV | GCN_MOD_LDS;
}

/* FLAT's offset as each dialect shows it: clrxdisasm 12 bits in the FLAT
 * segment (bit 12 left out; the GCN 1.4 opcodes of no row read so too) and
 * none before GCN 1.4; llvm-mc 13 bits (GLOBAL's and SCRATCH's signed, as
 * held), and on GCN 1.2 the bits where GCN 1.4 has the offset (a text its
 * assembler rejects). */
static inline __attribute__((always_inline)) int
gcn_flat_offset_text(const gcn_instruction *instruction, const gcn_profile *profile, gcn_dialect dialect)
{
    if (dialect == GCN_DIALECT_LLVM)
        return instruction->arch >= GCN_ARCH_GCN14 ? (int)instruction->offset
                                                   : (int)(instruction->reserved[0] & 0x1fffu);
    return profile->offset_rule == GCN_OFFSET_UNSIGNED_12 ? (int)(instruction->offset & 0xfffu)
                                                          : (int)instruction->offset;
}

static const gcn_encoding_hook gcn_encoding_hooks[GCN_ENCODING_COUNT] = {
    [GCN_ENCODING_MUBUF] = {gcn_llvm_buffer_modifiers, gcn_parse_mubuf},
    [GCN_ENCODING_FLAT] = {gcn_llvm_flat_modifiers, NULL},
};

/* The VALUE modifier (the offset) as the dialect writes it: as held but
 * FLAT's; inline, a constant test where the encoding is known. */
static inline __attribute__((always_inline)) int
gcn_offset_text(const gcn_instruction *instruction, const gcn_profile *profile, gcn_dialect dialect)
{
    return profile->encoding == GCN_ENCODING_FLAT ? gcn_flat_offset_text(instruction, profile, dialect)
                                                  : (int)instruction->offset;
}

#endif
