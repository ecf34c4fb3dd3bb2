/* The list of the ISA's mnemonics (src/isa/generated/isa_mnemonics.inc,
 * from CLRX's vectors and llvm-mc 14) against the tables: every row the
 * tables have is in the list, with its family's encoding and on each
 * generation where the row has an opcode; the lookup takes any case and
 * LLVM's encoding suffixes; the encodings the tables support are exactly
 * the families they have rows of. */
#include <stdio.h>
#include <string.h>

#include "isa/isa.h"
#include "isa/isa_mnemonics.h"
#include "support/harness.h"
#include "support/instances.h"

static test_summary summary = {"isa-mnemonics", 0, 0, 0};

/* The tables' family name as the ISA manuals name the encoding: SMEM rows
 * are SMRD on GCN 1.0/1.1. */
static bool same_encoding(gcn_family family, const char *encoding)
{
    const char *name = test_family_name(family);
    return strcmp(name, encoding) == 0 || (family == GCN_FAMILY_SMEM && strcmp(encoding, "SMRD") == 0);
}

int main(void)
{
    for (unsigned i = 0; i < GCN_ROW_COUNT; i++) {
        const gcn_row *row = &gcn_rows[i];
        const char *encoding = NULL;
        const gcn_isa_mnemonic *known = gcn_isa_mnemonic_find(row->name, strlen(row->name), &encoding);
        if (!known) {
            test_fail(&summary, "%s (a row of the tables) is not in the ISA list", row->name);
            continue;
        }
        if (!same_encoding((gcn_family)row->family, encoding))
            test_fail(&summary, "%s: the ISA list says %s, the tables %s", row->name, encoding,
                      test_family_name((gcn_family)row->family));
        else
            test_pass(&summary);
        for (int arch = 0; arch < GCN_ARCH_COUNT; arch++)
            if (row->opcode[arch] >= 0 && !(known->arches >> arch & 1))
                test_fail(&summary, "%s: the tables have it on %s, the ISA list not", row->name,
                          gcn_arch_name((gcn_arch)arch));
    }
    static const struct {
        const char *name, *encoding;
    } lookups[] = {
        {"v_add_f32", "VOP2"},        {"V_ADD_F32", "VOP2"},     {"v_add_f32_e32", "VOP2"},
        {"v_add_f32_e64", "VOP3"},    {"v_mov_b32_sdwa", "SDWA"}, {"v_mov_b32_dpp", "DPP"},
        {"tbuffer_load_format_x", "MTBUF"}, {"ds_read_b32", "DS"}, {"image_sample", "MIMG"},
        {"exp", "EXP"},               {"v_pk_add_f16", "VOP3P"}, {"s_add_u32", "SOP2"},
        {"v_interp_p1_f32", "VINTRP"}, {"v_cmp_eq_f32", "VOPC"},  {"v_mad_u64_u32", "VOP3"},
        {"s_nopp", NULL},             {"v_add_f32_e128", NULL},  {"", NULL},
    };
    for (size_t i = 0; i < sizeof lookups / sizeof lookups[0]; i++) {
        const char *encoding = NULL;
        const gcn_isa_mnemonic *known =
            gcn_isa_mnemonic_find(lookups[i].name, strlen(lookups[i].name), &encoding);
        if (lookups[i].encoding ? known && strcmp(encoding, lookups[i].encoding) == 0 : !known)
            test_pass(&summary);
        else
            test_fail(&summary, "'%s': found %s, want %s", lookups[i].name,
                      known ? encoding : "nothing", lookups[i].encoding ? lookups[i].encoding : "nothing");
    }
    /* Supported: an encoding the tables have a row of. */
    for (size_t i = 0; gcn_isa_encoding(i); i++) {
        const char *encoding = gcn_isa_encoding(i);
        bool rows = false;
        for (unsigned r = 0; r < GCN_ROW_COUNT && !rows; r++) {
            const char *unused;
            const gcn_isa_mnemonic *known =
                gcn_isa_mnemonic_find(gcn_rows[r].name, strlen(gcn_rows[r].name), &unused);
            rows = known && strcmp(known->encoding, encoding) == 0;
        }
        if (gcn_isa_encoding_supported(encoding) == rows)
            test_pass(&summary);
        else
            test_fail(&summary, "%s: supported says %d, the rows %d", encoding,
                      gcn_isa_encoding_supported(encoding), rows);
    }
    return test_finish(&summary);
}
