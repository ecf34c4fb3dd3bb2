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
    return GCN_MOD_GLC | GCN_MOD_SLC |
           (dialect == GCN_DIALECT_LLVM ? 0 : GCN_MOD_LDS | (arch >= GCN_ARCH_GCN14 ? GCN_MOD_NV : GCN_MOD_TFE));
}

/* FLAT's reports once the full path has checked the operands' widths
 * (report NULL, the one-pass path: whether there is any): the offsets
 * llvm-mc prints but does not assemble (more than 12 bits in the FLAT
 * segment, any before GCN 1.4); CLRX's saddr= in the FLAT segment, where
 * the hardware reads no saddr; lds, an LDS form of GLOBAL and SCRATCH on
 * GCN 1.4 only, on the FLAT segment; before GCN 1.4 the offset and lds in
 * the reserved bits where GCN 1.4 has them (CLRX keeps them, with seg= and
 * saddr=). */
static inline __attribute__((always_inline)) bool gcn_flat_check(gcn_cursor *report, gcn_dialect dialect, const gcn_row *row,
                                  gcn_instruction *instruction, const char *flags_at, const char *flags_end)
{
    bool segment = row && (row->flags & (GCN_ROW_SCRATCH | GCN_ROW_GLOBAL));
    if (!report)
        return !(instruction->modifiers & GCN_MOD_LDS) || (instruction->arch >= GCN_ARCH_GCN14 && segment);
    gcn_arch arch = (gcn_arch)instruction->arch;
    bool gcn14 = arch >= GCN_ARCH_GCN14;
    uint32_t offset = instruction->offset;
    if (dialect == GCN_DIALECT_LLVM && (gcn14 ? !segment && offset > 4095 : offset != 0)) {
        const char *at = gcn_find_modifier(flags_at, flags_end, "offset");
        const char *inst_at = gcn_find_modifier(flags_at, flags_end, "inst_offset");
        gcn_warn(report, inst_at > at ? inst_at : at, "llvm-mc prints this offset but does not assemble it (%s)",
                 gcn14 ? "FLAT takes 12 bits; the hardware ignores bit 12" : "no FLAT offset before gcn1.4: reserved bits");
    }
    if (gcn14) {
        const char *saddr_at = gcn_find_modifier(flags_at, flags_end, "saddr");
        if (dialect == GCN_DIALECT_CLRX && !segment && flags_end - saddr_at >= 5 && gcn_word_is(saddr_at, 5, "saddr"))
            gcn_warn(report, saddr_at, "FLAT takes no saddr: saddr= sets bits llvm-mc calls an invalid encoding");
        if ((instruction->modifiers & GCN_MOD_LDS) && !segment)
            gcn_warn(report, flags_at, "lds on FLAT: CLRX takes it on GLOBAL and SCRATCH only");
        return true;
    }
    const gcn_field_place *places = gcn_field_places[GCN_ENCODING_FLAT][GCN_ARCH_GCN14];
    gcn_put_field(&places[GCN_FIELD(FLAT, offset)], offset, instruction->reserved);
    gcn_put_field(&places[GCN_FIELD(FLAT, lds)], (instruction->modifiers & GCN_MOD_LDS) != 0, instruction->reserved);
    instruction->modifiers &= (uint16_t)~GCN_MOD_LDS;
    instruction->offset = 0;
    const uint32_t *reserved = gcn_encoding_reserved[GCN_ENCODING_FLAT][arch];
    if ((instruction->reserved[0] & reserved[0]) | (instruction->reserved[1] & reserved[1]))
        gcn_warn(report, flags_at, "%s has no FLAT offset, lds, segment or saddr: these set reserved bits",
                 gcn_arch_name(arch));
    return true;
}

#endif
