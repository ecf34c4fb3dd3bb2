/* Whole-file assembly: statements, labels, symbols and expressions,
 * directives, macros and repeats, includes, and clang-style diagnostics
 * around gcn_parse. */
#ifndef GCN_ASSEMBLER_H
#define GCN_ASSEMBLER_H

#include <stdio.h>

#include "gcn.h"

typedef struct gcn_output {
    uint8_t *bytes; /* the .text section */
    size_t length, capacity;
    /* Statement boundaries, for one hex line per statement. */
    uint32_t *statement_ends;
    size_t statement_count, statement_capacity;
    bool skip_statement_ends; /* set by the caller that needs only the bytes */
    /* For an ELF object (gcnasm -f elf): every section, symbol and
     * relocation, filled after assembling when set (see object/object.h). */
    struct gcn_object *object;
    /* The processor and its features ("gfx906:xnack-"), or a generation
     * ("gcn1.4": its usual processor, any of its processors for
     * .amdgcn_target): for kernel descriptors, .amdgcn_target and objects.
     * NULL: the generation of the assembly's arch. */
    const char *target;
    unsigned code_object_version; /* 3 or 4 until .amdhsa_code_object_version; 0: 4 */
} gcn_output;

typedef struct gcn_assembly {
    gcn_arch arch;         /* until a .gpu/.arch directive */
    gcn_dialect dialect;
    const char *file_name; /* for diagnostics, and where .include looks first */
    FILE *diagnostics;     /* where "file:line:col: error: ..." and the caret lines go */
    unsigned errors, warnings;
    unsigned max_errors;   /* stop reporting after this many (0: 100) */
} gcn_assembly;

/* Assembles source into output (grown with realloc). Returns false if any
 * error was reported; valid statements still produce their bytes. */
bool gcn_assemble(gcn_assembly *assembly, const char *source, size_t length, gcn_output *output);
/* The same, with directories where .include looks after the including
 * file's own directory and the current one. */
bool gcn_assemble_with_includes(gcn_assembly *assembly, const char *const *include_directories,
                                size_t include_directory_count, const char *source, size_t length,
                                gcn_output *output);
/* The same, for the source in descriptor, an open regular file (named
 * assembly->file_name), read from its start: a large one through a
 * window, so that memory does not grow with the source. The descriptor
 * stays open. */
bool gcn_assemble_file(gcn_assembly *assembly, const char *const *include_directories,
                       size_t include_directory_count, int descriptor, gcn_output *output);
void gcn_output_free(gcn_output *output);

#endif
