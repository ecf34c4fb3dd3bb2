/* How the encodings with modifiers read them, for the generic parser's
 * one-pass path (plain.c) and its full path (generic_modifiers.c): the
 * offset's range by encoding or by how the hardware reads FLAT's, and each
 * encoding's syntax beyond the flags. Static tables: each parser folds
 * them where it knows the encoding. */
#ifndef GCN_MODIFIER_SYNTAX_H
#define GCN_MODIFIER_SYNTAX_H

#include "isa/profile.h"
#include "syntax/syntax.h"

/* The offset modifier by encoding: its range, and what each dialect does
 * past it (CLRX keeps the field's bits with a warning; llvm-mc 14 masks
 * MUBUF's to 12 bits up to 0xffff). */
static const gcn_offset_rule offset_rules[GCN_ENCODING_COUNT] = {
    [GCN_ENCODING_MUBUF] = {0, 4095, 12, 0xffff, 0, false, NULL},
    /* CLRX's GCN 1.4 sN offset:X (soe): 21 bits */
    [GCN_ENCODING_SMEM] = {-0x100000, 0x1fffff, 21, 0, 0, false, NULL},
};

/* The offset where the hardware reads the field otherwise than unsigned
 * (FLAT's profiles), by reading, generation and dialect: the rule of the
 * full path, and the range the one-pass path takes (no warning in either
 * dialect). Before GCN 1.4 FLAT has no offset: CLRX keeps 13 reserved bits
 * with a warning; llvm-mc's disassembler prints them on GCN 1.2 (as it
 * prints 13 bits on GCN 1.4), which its assembler refuses past 0 and 4095:
 * read back with a warning (FLAT's hook); on GCN 1.1 an error. CLRX
 * truncates the FLAT segment's to 12 bits (4096..8191 kept for bit 12,
 * which the hardware ignores) and takes GLOBAL's and SCRATCH's 13 bits
 * signed or unsigned. */
typedef struct reading_rule {
    int16_t quiet_minimum, quiet_maximum;
    gcn_offset_rule full[2]; /* by dialect */
} reading_rule;
#define BEFORE_GCN14(llvm_maximum)                                                                 \
    {0, 0, {{0, 8191, 13, 0, 0, false, NULL},                                                      \
            {0, llvm_maximum, 0, 0, 0, false, llvm_maximum ? NULL : "FLAT offsets exist from gcn1.4 on"}}}
static const reading_rule reading_rules[][GCN_ARCH_COUNT] = {
    [GCN_OFFSET_UNSIGNED_12] = {[GCN_ARCH_GCN10] = BEFORE_GCN14(0),
                                [GCN_ARCH_GCN11] = BEFORE_GCN14(0),
                                [GCN_ARCH_GCN12] = BEFORE_GCN14(8191),
                                [GCN_ARCH_GCN14] = {0, 4095, {{0, 8191, 12, 0, 12, false, NULL}, {0, 8191, 0, 0, 0, false, NULL}}}},
    [GCN_OFFSET_SIGNED_13] = {[GCN_ARCH_GCN14] = {-4096, 4095, {{-4096, 8191, 13, 0, 13, true, NULL},
                                                                {-4096, 4095, 0, 0, 0, false, NULL}}}},
};
#undef BEFORE_GCN14

/* How an encoding's modifiers read beyond the flags and the offset. */
enum {
    LLVM_MC_MODIFIERS = 1,   /* llvm-mc 14's: offset:N before glc and slc, flags without a value, noglc and
                              * noslc, a comma before them (llvm-mc reads MUBUF's so too: not followed yet) */
    CLRX_FIELDS_BETWEEN = 2, /* CLRX's fields between the modifiers, not only after them */
    CLRX_RESERVED_KEY = 4,   /* CLRX's reserved= among them */
    CHECKS_AFTER_WIDTHS = 8, /* the checks after the operands' widths, where they only warn (FLAT's), not
                              * before, where they refuse pairs of modifiers (MUBUF's) */
    OFFSET_OPERAND = 16,     /* SMRD/SMEM: the offset an operand (an immediate sets imm), never offset:N in
                              * the one-pass path; the full path's operands, keys and words by its hooks */
    SMRD_BEFORE_GCN12 = 32,  /* SMRD's words before GCN 1.2 (the text reads the row's SMEM profile) */
    CLRX_LATER_FIELDS = 64   /* a later generation's field in reserved bits (FLAT's seg= and saddr= before
                              * GCN 1.4) */
};
static const uint8_t modifier_syntax[GCN_ENCODING_COUNT] = {
    [GCN_ENCODING_MUBUF] = CLRX_RESERVED_KEY,
    [GCN_ENCODING_FLAT] = LLVM_MC_MODIFIERS | CLRX_FIELDS_BETWEEN | CHECKS_AFTER_WIDTHS | CLRX_LATER_FIELDS,
    [GCN_ENCODING_SMEM] = LLVM_MC_MODIFIERS | CLRX_FIELDS_BETWEEN | CLRX_RESERVED_KEY | OFFSET_OPERAND | SMRD_BEFORE_GCN12,
};

/* Whether the profile's first operand is a result that only glc returns
 * (a FLAT atomic's; CLRX's FLAT_ill_N may name it or not): written with
 * glc, left out without (llvm-mc leaves it out then; CLRX may write it).
 * Constant per profile but the row's test. */
static inline __attribute__((always_inline)) bool result_optional(const gcn_profile *profile,
                                                                    const gcn_row *row)
{
    return profile->operand_count > 2 && profile->operands[0].width == GCN_WIDTH_FLAT_RESULT &&
           profile->operands[2].syntax == GCN_SYNTAX_VGPR && (!row || (row->flags & GCN_ROW_ATOMIC));
}

/* Where an operand was, and whether (CLRX) the text left it out. */
typedef struct operand_text {
    const char *at;
    bool omitted;
} operand_text;

/* The VGPR operands' counts by their width rules, once the modifiers are
 * known (CLRX counts tfe's register in the data, llvm-mc does not; FLAT's
 * address by its saddr); each operand then holds the count the instruction
 * reads. Count 0: `off`, left out, or a FLAT atomic's result not given
 * (only without glc). report NULL (the one-pass path): false, reporting
 * nothing, where the full path reports. */
static inline __attribute__((always_inline)) bool check_widths(gcn_cursor *report, bool llvm, const gcn_row *row,
                                                               const gcn_profile *profile, const operand_text *texts,
                                                               gcn_instruction *instruction)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    gcn_operand *out = instruction->operands;
    unsigned modifiers = instruction->modifiers, saddr = GCN_SADDR_OFF, slot = row ? (unsigned)(row - gcn_rows) + 1 : 0, i;
    bool optional = result_optional(profile, row), given = true;
#pragma GCC unroll 4
    for (i = 0; i < profile->operand_count; i++)
        if (profile->operands[i].width == GCN_WIDTH_FLAT_SADDR)
            saddr = out[i].number; /* GCN_SADDR_OFF for off */
#pragma GCC unroll 4
    for (i = 0; i < profile->operand_count; i++) {
        const gcn_operand_profile *operand = &profile->operands[i];
        if (operand->syntax != GCN_SYNTAX_VGPR)
            continue;
        unsigned width = gcn_operand_width_beside(operand, slot, arch, modifiers, saddr), found = out[i].count;
        /* (report && gcn_fail(...)): false either way, the message only on the full path */
        switch ((gcn_width_rule)operand->width) {
        case GCN_WIDTH_DATA:
        case GCN_WIDTH_ROW_DATA:
        case GCN_WIDTH_FLAT_RESULT: {
            bool result = operand->width == GCN_WIDTH_FLAT_RESULT && optional;
            /* (llvm-mc takes no tfe on FLAT) */
            unsigned written = width - (operand->width == GCN_WIDTH_DATA && llvm && (modifiers & GCN_MOD_TFE));
            given &= !result || found;
            if (found != written && (!result || found))
                return report && gcn_fail(report, texts[i].at, "%s takes %u vector register%s as %s, found %u",
                                          row ? row->name : "this opcode", written, written == 1 ? "" : "s",
                                          result ? "result" : "data", found);
            break;
        }
        case GCN_WIDTH_ADDRESS: {
            bool used = modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_ADDR64);
            if (used ? !found : found && llvm)
                return report &&
                       gcn_fail(report, texts[i].at, used ? "a VGPR address is required with offen, idxen or addr64"
                                                          : "the address must be 'off' without offen, idxen or addr64");
            unsigned wanted = used ? width : 1; /* CLRX: one VGPR, unused */
            if (found && found != wanted)
                return report && gcn_fail(report, texts[i].at, "expected %u vector register%s as address, found %u",
                                          wanted, wanted == 1 ? "" : "s", found);
            break;
        }
        default: /* FLAT's: two VGPRs, or GLOBAL's and SCRATCH's one fewer beside an saddr (0: off) */
            /* CLRX: off as v0 where the full path read it (the one-pass path
             * reads off in any address) */
            if (found != width && (found || llvm || !width || !report)) {
                if (found && !width)
                    return report && gcn_fail(report, texts[i].at,
                                              "SCRATCH takes vaddr or saddr, not both: one must be off");
                if (!found)
                    return report && gcn_fail(report, texts[i].at, "vaddr and saddr are both off");
                return report && gcn_fail(report, texts[i].at, "expected %u vector register%s as address, found %u",
                                          width, width == 1 ? "" : "s", found);
            }
            out[i].kind = width ? GCN_OPERAND_VECTOR : GCN_OPERAND_OFF;
            break;
        }
        out[i].count = (uint8_t)width;
    }
    if (row && optional) {
        bool glc = (modifiers & GCN_MOD_GLC) != 0;
        if (glc && !given)
            return report && gcn_fail(report, texts[0].at,
                                      "glc returns the old value: name vdst first (vdst, vaddr, vdata)");
        if (llvm && !glc && given)
            return report && gcn_fail(report, texts[0].at,
                                      "an atomic without glc returns nothing: drop vdst or add glc");
    }
    return true;
}
#endif
