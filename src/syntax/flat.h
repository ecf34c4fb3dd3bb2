/* FLAT's (GLOBAL's, SCRATCH's) text rules that its profiles do not say,
 * as the encoding's parse hooks (syntax/hooks.h). Inline, so that the
 * generic parser of a FLAT profile folds them. */
#ifndef GCN_FLAT_H
#define GCN_FLAT_H

#include "syntax/generic.h"

/* Which modifiers the dialect takes: llvm-mc 14 glc and slc; CLRX also lds
 * and the generation's tfe (GCN 1.1/1.2) or nv (GCN 1.4). */
static inline __attribute__((always_inline)) unsigned gcn_flat_modifiers_allowed(const gcn_row *row, gcn_arch arch, gcn_dialect dialect)
{
    (void)row;
    if (dialect == GCN_DIALECT_LLVM)
        return GCN_MOD_GLC | GCN_MOD_SLC;
    return GCN_MOD_GLC | GCN_MOD_SLC | GCN_MOD_LDS | (arch >= GCN_ARCH_GCN14 ? GCN_MOD_NV : GCN_MOD_TFE);
}

/* lds is an LDS form of GLOBAL and SCRATCH on GCN 1.4 only: CLRX takes it
 * elsewhere too, with a warning (the FLAT segment), or as a reserved bit
 * (before GCN 1.4), which FLAT's full path (flat.c) reports with the other
 * reserved bits. report NULL: only whether there is anything to report. */
static inline __attribute__((always_inline)) bool gcn_flat_check(gcn_cursor *report, gcn_dialect dialect, const gcn_row *row,
                                  gcn_instruction *instruction, const char *flags_at, const char *flags_end)
{
    (void)dialect, (void)flags_end;
    bool segment = row && (row->flags & (GCN_ROW_SCRATCH | GCN_ROW_GLOBAL));
    if (!(instruction->modifiers & GCN_MOD_LDS) || (instruction->arch >= GCN_ARCH_GCN14 && segment))
        return true;
    if (!report)
        return false;
    if (instruction->arch >= GCN_ARCH_GCN14)
        gcn_warn(report, flags_at, "lds on FLAT: CLRX takes it on GLOBAL and SCRATCH only");
    return true;
}

/* FLAT's statements that the generic one-pass path leaves (flat.c): every
 * spacing, CLRX's fields, the offsets that warn, every error. */
bool gcn_parse_flat_full(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction);

#endif
