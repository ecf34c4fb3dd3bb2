/* MUBUF's text rules that its profiles do not say, as the encoding's hooks
 * (syntax/hooks.h), inline so that a printer or parser that knows it folds them. */
#ifndef GCN_BUFFER_H
#define GCN_BUFFER_H

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

/* Which modifiers the dialect takes: CLRX all of the generation's; llvm-mc
 * what its syntax has for the instruction (none after buffer_wbinvl1). */
static inline __attribute__((always_inline)) unsigned gcn_buffer_modifiers_allowed(const gcn_row *row, gcn_arch arch, gcn_dialect dialect)
{
    unsigned allowed = GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_GLC | GCN_MOD_SLC | GCN_MOD_LDS |
                       GCN_MOD_TFE | (arch < GCN_ARCH_GCN12 ? GCN_MOD_ADDR64 : 0);
    if (dialect == GCN_DIALECT_CLRX || !row)
        return allowed;
    if (row->shape == GCN_SHAPE_MUBUF_NONE)
        return 0;
    if (row->shape == GCN_SHAPE_MUBUF_STORE_LDS)
        return GCN_MOD_GLC | GCN_MOD_SLC | GCN_MOD_LDS;
    if (row->flags & GCN_ROW_ATOMIC)
        allowed &= ~GCN_MOD_TFE;
    if (!gcn_llvm_lds_form(row, arch))
        allowed &= ~GCN_MOD_LDS;
    return allowed;
}

/* The pairs: a load goes to LDS or to VGPRs, and tfe's status VGPR belongs
 * to the latter (CLRX: "Both LDS and TFE is illegal"; elsewhere the pair
 * reads back); addr64 with offen or idxen llvm-mc refuses, CLRX keeps with
 * a warning (so that clrxdisasm's text of such words reads back). llvm-mc
 * always sets buffer_store_lds_dword's lds. report NULL: only whether there
 * is anything to report. */
static inline __attribute__((always_inline)) bool gcn_buffer_check(gcn_cursor *report, gcn_dialect dialect, const gcn_row *row,
                                    gcn_instruction *instruction, const char *flags_at, const char *flags_end)
{
    unsigned modifiers = instruction->modifiers;
    if (row && row->shape == GCN_SHAPE_MUBUF_LOAD && (modifiers & GCN_MOD_LDS) && (modifiers & GCN_MOD_TFE)) {
        if (!report)
            return false;
        const char *lds_at = gcn_find_modifier(flags_at, flags_end, "lds");
        const char *tfe_at = gcn_find_modifier(flags_at, flags_end, "tfe");
        return gcn_fail(report, lds_at > tfe_at ? lds_at : tfe_at, "lds and tfe cannot be used together");
    }
    if ((modifiers & GCN_MOD_ADDR64) && (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN))) {
        if (!report)
            return false;
        const char *addr64_at = gcn_find_modifier(flags_at, flags_end, "addr64");
        if (dialect == GCN_DIALECT_LLVM)
            return gcn_fail(report, addr64_at, "offen and idxen must be off with addr64");
        gcn_warn(report, addr64_at, "offen or idxen with addr64 (CLRX refuses this)");
    }
    if (dialect == GCN_DIALECT_LLVM && row && row->shape == GCN_SHAPE_MUBUF_STORE_LDS)
        instruction->modifiers |= GCN_MOD_LDS;
    return true;
}

#endif
