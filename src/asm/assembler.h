/* Whole-file assembly: statements, comments, data directives and
 * diagnostics around gcn_parse. */
#ifndef GCN_ASSEMBLER_H
#define GCN_ASSEMBLER_H

#include <stdio.h>

#include "gcn.h"

typedef struct gcn_output {
    uint8_t *bytes;
    size_t length, capacity;
    /* Statement boundaries, for one hex line per statement. */
    uint32_t *statement_ends;
    size_t statement_count, statement_capacity;
} gcn_output;

typedef struct gcn_assembly {
    gcn_arch arch;
    gcn_dialect dialect;
    const char *file_name; /* for diagnostics */
    FILE *diagnostics;     /* where "file:line:col: error: ..." lines go */
    unsigned errors, warnings;
    unsigned max_errors;   /* stop reporting after this many (0: 100) */
} gcn_assembly;

/* Assembles source into output (grown with realloc). Returns false if any
 * error was reported; valid statements still produce their bytes. */
bool gcn_assemble(gcn_assembly *assembly, const char *source, size_t length, gcn_output *output);
void gcn_output_free(gcn_output *output);

#endif
