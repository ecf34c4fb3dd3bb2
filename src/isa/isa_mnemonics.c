/* The ISA's mnemonics (src/isa/generated/isa_mnemonics.inc, written by
 * scripts/isa-mnemonics.sh), looked up only for names the tables lack:
 * a binary search, off the assembler's usual path. */
#include "isa/isa_mnemonics.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "isa/isa.h"

static const gcn_isa_mnemonic mnemonics[] = {
#include "isa/generated/isa_mnemonics.inc"
};

static const char *const encodings[] = {
    "SOP2", "SOP1", "SOPK", "SOPC", "SOPP", "SMRD", "SMEM", "VOP2", "VOP1", "VOPC", "VOP3",
    "VOP3P", "SDWA", "DPP", "VINTRP", "DS", "MUBUF", "MTBUF", "MIMG", "EXP", "FLAT",
};

static int compare_name(const void *name, const void *mnemonic)
{
    return strcmp(name, ((const gcn_isa_mnemonic *)mnemonic)->name);
}

const gcn_isa_mnemonic *gcn_isa_mnemonic_find(const char *name, size_t length, const char **encoding)
{
    static const struct {
        const char *suffix;
        const char *encoding; /* NULL: the name's own */
    } suffixes[] = {{"_e32", NULL}, {"_e64", "VOP3"}, {"_sdwa", "SDWA"}, {"_dpp", "DPP"}};
    const char *suffix_encoding = NULL;
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        size_t n = strlen(suffixes[i].suffix);
        if (length > n && strncasecmp(name + length - n, suffixes[i].suffix, n) == 0) {
            length -= n;
            suffix_encoding = suffixes[i].encoding;
            break;
        }
    }
    char lower[64];
    if (length == 0 || length >= sizeof lower)
        return NULL;
    for (size_t i = 0; i < length; i++)
        lower[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
    lower[length] = '\0';
    const gcn_isa_mnemonic *found =
        bsearch(lower, mnemonics, sizeof mnemonics / sizeof mnemonics[0], sizeof mnemonics[0], compare_name);
    if (found && encoding)
        *encoding = suffix_encoding ? suffix_encoding : found->encoding;
    return found;
}

const char *gcn_isa_encoding(size_t index)
{
    return index < sizeof encodings / sizeof encodings[0] ? encodings[index] : NULL;
}

bool gcn_isa_encoding_supported(const char *encoding)
{
    for (size_t i = 0; i < sizeof mnemonics / sizeof mnemonics[0]; i++)
        if (strcmp(mnemonics[i].encoding, encoding) == 0 &&
            gcn_row_for_name(mnemonics[i].name, strlen(mnemonics[i].name)) != GCN_ROW_NONE)
            return true;
    return false;
}
