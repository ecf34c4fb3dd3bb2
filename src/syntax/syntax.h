/* Struct <-> text, per family and dialect. */
#ifndef GCN_SYNTAX_H
#define GCN_SYNTAX_H

#include "syntax/cursor.h"
#include "syntax/operand.h"
#include "syntax/text.h"

/* A family parser reads the operands after the mnemonic. The instruction
 * is already started with the row's opcode for the generation. */
typedef bool (*gcn_parser)(gcn_cursor *cursor, const gcn_row *row,
                           gcn_instruction *instruction);

/* gcn_format_exact appending to text (gcn_format's is gcn_format_generic),
 * for an instruction straight from gcn_decode (its fields are not checked
 * again): the disassembler's hot path. Only the CLRX text is read back: the
 * LLVM text promises no bits, only a fixpoint (tests/round_trip.c checks it
 * on random words of every family). False where gcn_format_exact fails. */
bool gcn_format_exact_text(const gcn_instruction *instruction, gcn_dialect dialect,
                           uint64_t address, gcn_text *text);

/* gcn_format_generic's LLVM text at a raw pointer with GCN_TEXT_ROOM bytes
 * the caller reserved (the disassembler's hot path): the end, or NULL where
 * gcn_format_generic fails. The usual CLRX text the same way, NULL where
 * gcn_format_generic is needed; with --exact, gcn_format_exact_text's too
 * where gcn_clrx_may_lose_bits is false. */
char *gcn_write_llvm_generic(const gcn_instruction *, char *);
char *gcn_write_clrx(const gcn_instruction *instruction, uint64_t address, char *at);
/* Whether the CLRX text may not give back every bit (then it is read back
 * to know); false promises that it does: tests/round_trip.c checks on random
 * words of every family that nothing else loses bits, the fuzzer the promise. */
bool gcn_clrx_may_lose_bits(const gcn_instruction *instruction);
/* Whether text, the dialect's text of the instruction, parses back to its
 * every bit (gcndis --exact; in the llvm dialect always read back). */
bool gcn_text_gives_back(const gcn_instruction *instruction, gcn_dialect dialect,
                         uint64_t address, const char *text, size_t length);

/* The values offset:N takes. */
typedef struct gcn_offset_rule {
    int64_t minimum, maximum;
    unsigned clrx_truncate_width; /* CLRX: out of range warns and keeps this many bits; 0: error */
    int64_t llvm_truncate_maximum; /* LLVM: up to this, out of range warns and truncates too
                                      (llvm-mc 14 masks MUBUF offsets to 12 bits); 0: none */
    unsigned hardware_width;       /* CLRX: the bits the hardware reads, and whether as a */
    bool hardware_signed;          /* signed number: a value it reads otherwise warns (and is
                                      held as read); 0: none */
    const char *absent;            /* where the generation has no offset: why any but 0 is an
                                      error (at the modifier); NULL: the range's error */
} gcn_offset_rule;

#endif
