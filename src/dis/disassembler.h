/* Whole-buffer disassembly: every byte printed once, in order, as an
 * instruction or as data, with branch targets as labels. In the clrx
 * dialect the text assembles back to the same bytes; in the llvm dialect it
 * is a fixpoint (branches keep llvm-mc's raw word offsets). */
#ifndef GCN_DISASSEMBLER_H
#define GCN_DISASSEMBLER_H

#include "gcn.h"

typedef struct gcn_listing_options {
    gcn_arch arch;
    gcn_dialect dialect;
    bool show_encoding; /* each line's offset and words, as a comment */
} gcn_listing_options;

/* Receives the text in pieces; returns false to stop (a write error). */
typedef bool (*gcn_listing_writer)(void *context, const char *text, size_t length);

/* Disassembles bytes[0, length). Returns false if the writer failed or
 * memory ran out. */
bool gcn_disassemble_buffer(const gcn_listing_options *options, const uint8_t *bytes, size_t length,
                            gcn_listing_writer write, void *context);

/* Reads -f hex input: 32-bit words in hex (0x optional) separated by blanks
 * or commas, or llvm-mc byte lists ("0x04,0x50,..." or "[0x04,0x50,...]",
 * as llvm-mc -show-encoding prints them after "encoding:"); '#' and "//"
 * start comments. *bytes is malloc'd. On failure, a message naming the
 * line goes to error. */
bool gcn_read_hex_input(const char *text, size_t length, uint8_t **bytes, size_t *count, char *error,
                        size_t error_size);

#endif
