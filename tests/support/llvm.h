/* Running llvm-mc 14 on a batch of lines: one process per batch, each line
 * followed by a marker instruction (v_nop, which none of the tested families
 * prints) so that every output line is tied to its input line. */
#ifndef GCN_TEST_LLVM_H
#define GCN_TEST_LLVM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum llvm_mode {
    LLVM_ASSEMBLE,    /* lines of assembly; results carry bytes */
    LLVM_DISASSEMBLE  /* lines like [0x00,0x00,0x80,0xbf]; results carry text */
} llvm_mode;

typedef struct llvm_result {
    bool accepted;      /* assembled / decoded (the first instruction of the line) */
    uint8_t bytes[16];  /* LLVM_ASSEMBLE: the encoding */
    size_t byte_count;
    char *text;         /* the first instruction as llvm-mc prints it, white space collapsed */
    unsigned extra;     /* further instructions llvm-mc read from the same line */
    char *message;      /* the first diagnostic on the line, or NULL */
} llvm_result;

/* The llvm-mc binary: $LLVM_MC, or llvm-mc / llvm-mc-14 in PATH; NULL if none. */
const char *llvm_mc_path(void);

/* The first line of `llvm-mc --version` that names a version (static buffer). */
const char *llvm_mc_version(void);

/* Runs one llvm-mc process over lines for a cpu. results[count] is filled
 * (free with llvm_results_free). False with a message if the run failed or
 * its output could not be matched to the lines. */
bool llvm_run(const char *cpu, llvm_mode mode, char *const *lines, size_t count,
              llvm_result *results, char *error, size_t error_size);

void llvm_results_free(llvm_result *results, size_t count);

/* [0x00,0x00,0x80,0xbf] for little-endian words. */
void llvm_bracket_words(const uint32_t *words, size_t count, char *out, size_t size);

#endif
