/* Random instructions for the property and differential tests, drawn
 * generically over the ISA rows: no list of mnemonics or opcodes here. */
#ifndef GCN_TEST_INSTANCES_H
#define GCN_TEST_INSTANCES_H

#include <stddef.h>

#include "isa/isa.h"
#include "random.h"

/* The fixed encoding bits of word 0 for a family on a generation; false if
 * the generation lacks the family (FLAT on GCN 1.0). */
bool test_family_encoding(gcn_family family, gcn_arch arch, uint32_t *mask, uint32_t *value);

const char *test_family_name(gcn_family family);

/* GCN_MAX_WORDS random words, biased to boundaries, with word 0 carrying the
 * family's encoding bits. */
void test_family_words(test_random *random, gcn_family family, gcn_arch arch,
                       uint32_t words[GCN_MAX_WORDS]);

/* An instance of one row: random family words, decoded; the row's opcode
 * forced in; fields often set to boundary values (register 0, the top
 * registers, special registers, boundary offsets); encoded and decoded again.
 * On success words holds the encoding (word_count words, then random ones)
 * and instruction its decoding. On failure why says which step refused. */
bool test_row_instance(test_random *random, unsigned row, gcn_arch arch,
                       uint32_t words[GCN_MAX_WORDS], gcn_instruction *instruction, char *why,
                       size_t why_size);

/* The same with the bits no field covers cleared, and often the offset and
 * the modifiers too: words that more often have a text in the LLVM dialect. */
bool test_plain_row_instance(test_random *random, unsigned row, gcn_arch arch,
                             uint32_t words[GCN_MAX_WORDS], gcn_instruction *instruction,
                             char *why, size_t why_size);

/* "bf800000 0000005b" */
void test_format_words(const uint32_t *words, size_t count, char *out, size_t size);


/* A mnemonic for reports: the row's name, or FAMILY_ill. */
const char *test_row_name(unsigned row);

/* A MUBUF instruction's register fields (srsrc: the field, register / 4),
 * its identity, modifiers and offset set: through gcn_set_fields, as
 * decoded from words; GCN_ERROR_NOT_ENCODABLE where a value or modifier
 * does not fit. */
gcn_status test_mubuf_operands(gcn_instruction *instruction, unsigned vdata, unsigned vaddr,
                               unsigned srsrc, unsigned soffset);
/* The same for FLAT (saddr only on GCN 1.4). */
gcn_status test_flat_operands(gcn_instruction *instruction, unsigned vdst, unsigned vaddr,
                              unsigned vdata, unsigned saddr);

#endif
