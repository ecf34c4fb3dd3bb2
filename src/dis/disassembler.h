/* Disassembly listings: every byte printed once, in order, as an
 * instruction or as data, with branch targets as labels. The text is what
 * clrxdisasm (clrx dialect) or llvm-objdump (llvm) prints; with exact it
 * assembles back to the same bytes in both. Words that are no instruction
 * (an illegal opcode among them, whatever its length) print as data one
 * word at a time, so that the next word may start one. */
#ifndef GCN_DISASSEMBLER_H
#define GCN_DISASSEMBLER_H

#include "gcn.h"

typedef struct gcn_listing_options {
    gcn_arch arch;
    gcn_dialect dialect;
    bool show_encoding; /* each line's offset and words, as a comment */
    /* Byte-exact text: an instruction whose text would not give back its
     * every bit prints as data, its text in a comment (gcndis --exact).
     * Without it the text is the peer's: clrxdisasm's, llvm-objdump's. */
    bool exact;
} gcn_listing_options;

/* Receives the text in pieces; returns false to stop (a write error). */
typedef bool (*gcn_listing_writer)(void *context, const char *text, size_t length);

/* Disassembles bytes[0, length). Returns false if the writer failed or
 * memory ran out. */
bool gcn_disassemble_buffer(const gcn_listing_options *options, const uint8_t *bytes, size_t length,
                            gcn_listing_writer write, void *context);

/* The same listing, streamed: the input comes in blocks of any size, in
 * order, so that memory does not grow with it. The clrx dialect needs every
 * branch target before it prints a label, so it reads the input twice:
 * gcn_listing_scan over all of it, then gcn_listing_print over all of it
 * again; the llvm dialect prints at once. Only the branch targets are kept
 * from the scan: 8 bytes a distinct target. */
typedef struct gcn_listing gcn_listing;

/* NULL when memory runs out. */
gcn_listing *gcn_listing_create(const gcn_listing_options *options, gcn_listing_writer write,
                                void *context);
void gcn_listing_destroy(gcn_listing *listing);
/* Whether the input must go through gcn_listing_scan first. */
bool gcn_listing_needs_scan(const gcn_listing *listing);
/* Each takes the block bytes[0, length), which follows the previous one,
 * and uses whole instructions: *used receives how many bytes, and the rest
 * (fewer than GCN_MAX_WORDS words) must start the next block. With last
 * the block ends the input and is used whole; print then also writes what
 * ends the listing. False when memory ran out (scan) or the writer failed
 * (print). */
bool gcn_listing_scan(gcn_listing *listing, const uint8_t *bytes, size_t length, bool last,
                      size_t *used);
bool gcn_listing_print(gcn_listing *listing, const uint8_t *bytes, size_t length, bool last,
                       size_t *used);

/* Reads -f hex input: 32-bit words in hex (0x optional) separated by blanks
 * or commas, or llvm-mc byte lists ("0x04,0x50,..." or "[0x04,0x50,...]",
 * as llvm-mc -show-encoding prints them after "encoding:"); '#' and "//"
 * start comments. *bytes is malloc'd. On failure, a message naming the
 * line goes to error. */
bool gcn_read_hex_input(const char *text, size_t length, uint8_t **bytes, size_t *count, char *error,
                        size_t error_size);

#endif
