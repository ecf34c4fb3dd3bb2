/* Bits <-> gcn_instruction: the generic codec's entries (codec/generic.c). */
#ifndef GCN_CODEC_H
#define GCN_CODEC_H

#include <string.h>

#include "isa/profile.h"

#define GCN_EACH_GENERATION(macro, x) \
    macro(x, GCN_ARCH_GCN10) macro(x, GCN_ARCH_GCN11) macro(x, GCN_ARCH_GCN12) macro(x, GCN_ARCH_GCN14)
/* gcn_encode for a caller that guarantees its instruction (one gcn_parse
 * made): the assembler's loop. Writes instruction->word_count words. */
gcn_status gcn_encode_checked(const gcn_instruction *, uint32_t *);
/* An instruction from its field values (values[GCN_FIELD(...)]), for a
 * test, a fuzzer or CLRX's keys: instruction has its identity, modifiers,
 * offset, literal and reserved[] (bits ORed in over any field). Packed,
 * then decoded as from words: the fields the row shows no operand for go
 * to reserved[]. */
gcn_status gcn_set_fields(gcn_instruction *instruction, const uint32_t *values);

/* Whether an instruction branches, and its SIMM16 word offset: its
 * branch operand (SOPP's branches, s_cbranch_i_fork, s_call_b64; an
 * opcode with no row has none: the default profiles hold no branch). */
static inline bool gcn_branch_offset(const gcn_instruction *instruction, uint16_t *simm16)
{
    for (unsigned i = 0; i < instruction->operand_count; i++)
        if (instruction->operands[i].kind == GCN_OPERAND_BRANCH) {
            *simm16 = (uint16_t)instruction->operands[i].value;
            return true;
        }
    return false;
}

/* The assembler's fixup of a branch it laid out with a provisional
 * target: the branch operand of the instruction in words (one word, as
 * gcn_encode wrote it) set to offset, without a parse. */
void gcn_set_branch_offset(gcn_arch arch, uint32_t *words, uint16_t offset);

/* Which family word 0 belongs to (GCN_FAMILY_NONE if none); inline, so
 * that a caller's switch on the family is the one jump. */
static inline gcn_family gcn_family_of_word(gcn_arch arch, uint32_t word)
{
    return (gcn_family)gcn_family_of_prefix[arch][word >> 23];
}

/* gcn_decode for a caller that guarantees its arguments (words there,
 * word_count at least 1, arch valid): the disassembler's loop. */
gcn_status gcn_decode_checked(gcn_arch arch, const uint32_t *words, size_t word_count,
                              gcn_instruction *instruction);


/* Starts an instruction of a known row: zeroes it and sets its identity. */
static inline void gcn_instruction_start_row(gcn_instruction *instruction, gcn_arch arch,
                                             gcn_family family, uint16_t row, unsigned opcode,
                                             unsigned word_count)
{
    /* The operands past operand_count are left as they were: most
     * instructions use few, and this is every decode's and parse's start. */
    memset(instruction, 0, offsetof(gcn_instruction, operands));
    /* (encoding is the caller's to set: it knows it without a lookup) */
    instruction->row = row;
    instruction->family = (uint8_t)family;
    instruction->arch = (uint8_t)arch;
    instruction->word_count = (uint8_t)word_count;
    instruction->opcode = (uint16_t)opcode;
}

/* Where a generic encoding's opcode lies in word 0 on a generation (FLAT:
 * with its segment above it on GCN 1.4), and its rows: for the label scan,
 * which steps over such words without decoding them, and reads this once. */
typedef struct gcn_opcode_reader {
    const gcn_opcode_slot *slots; /* gcn_opcode_slots of the family and generation */
    uint32_t mask, high_mask;
    uint8_t first, high_first, high_shift;
} gcn_opcode_reader;
static inline gcn_opcode_reader gcn_opcode_reader_of(gcn_arch arch, gcn_encoding encoding)
{
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    const gcn_field_place *opcode = &places[gcn_encoding_opcode_field[encoding]];
    const uint8_t *high = gcn_encoding_opcode_high_field[encoding];
    gcn_opcode_reader reader = {gcn_opcode_slots[gcn_encodings[encoding].family][arch], opcode->mask, 0,
                                opcode->first, 0, 0};
    if (high[0] != GCN_NO_FIELD) /* (absent on a generation: mask 0) */
        reader.high_mask = places[high[0]].mask, reader.high_first = places[high[0]].first,
        reader.high_shift = high[1];
    return reader;
}
/* The row of word 0, GCN_ROW_NONE where none. */
static inline uint16_t gcn_row_of_word(const gcn_opcode_reader *reader, uint32_t word0)
{
    unsigned value = ((word0 >> reader->first) & reader->mask) |
                     ((word0 >> reader->high_first) & reader->high_mask) << reader->high_shift;
    return (uint16_t)(reader->slots[value].row - 1);
}

#endif
