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
 * gcn_format_generic is needed; gcn_write_clrx_exact only where it gives
 * back every bit without reading back (gcn_format_exact_text's). */
char *gcn_write_llvm_generic(const gcn_instruction *, char *);
char *gcn_write_clrx(const gcn_instruction *instruction, uint64_t address, char *at);
char *gcn_write_clrx_exact(const gcn_instruction *instruction, uint64_t address, char *at);
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

/* What the modifiers read so far held, for a statement whose modifiers come
 * in pieces (between CLRX's fields). */
typedef struct gcn_modifier_state {
    unsigned seen;     /* the flags given, also as 0 (glc:0, noglc) */
    bool offset_seen;
    bool flag_seen;    /* a flag before offset:N, which llvm-mc's FLAT refuses */
    bool repeats;      /* a flag may be given again (CLRX's SMEM: the last value) */
} gcn_modifier_state;

/* The modifiers up to the cursor's end: glc, slc, tfe, lds, offen, idxen,
 * addr64, nv and offset:N (also inst_offset:N), in any order, CLRX's also
 * with values (glc:1). llvm_mc: the LLVM dialect reads them as llvm-mc 14
 * does: offset:N before the flags, the flags without a value, noglc and
 * noslc (the flag given as 0). */
bool gcn_parse_modifiers(gcn_cursor *cursor, unsigned allowed, const gcn_offset_rule *offset_rule,
                         bool llvm_mc, gcn_modifier_state *state, gcn_instruction *instruction,
                         int64_t *offset);

#endif
