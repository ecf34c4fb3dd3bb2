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

static const gcn_encoding_hook gcn_encoding_hooks[GCN_ENCODING_COUNT] = {
    [GCN_ENCODING_MUBUF] = {gcn_llvm_buffer_modifiers, gcn_parse_mubuf},
};

#endif
