/* Every mnemonic of the GCN ISA, also those the tables do not have yet,
 * with its encoding: so that such a name is reported as what it is. */
#ifndef GCN_ISA_MNEMONICS_H
#define GCN_ISA_MNEMONICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Text in the record, not pointers: a table of pointers would cost every
 * tool a relocation each at start. */
typedef struct gcn_isa_mnemonic {
    char name[32];     /* the longest is 29 characters */
    char encoding[8];  /* "VOP2", "SMEM", ... as the ISA manuals name them */
    uint8_t arches;    /* bit N: gcn_arch N has it */
} gcn_isa_mnemonic;

/* The ISA's mnemonic name[0, length) (any case; LLVM's encoding suffixes
 * _e32, _e64, _sdwa and _dpp are taken off, and *encoding is then the
 * suffix's: VOP3 for _e64), or NULL. */
const gcn_isa_mnemonic *gcn_isa_mnemonic_find(const char *name, size_t length, const char **encoding);

/* The ISA's encodings in the manuals' order, NULL after the last; and
 * whether the tables have the instructions of one (any of its names). */
const char *gcn_isa_encoding(size_t index);
bool gcn_isa_encoding_supported(const char *encoding);

#endif
