/* Disassembly of AMDGPU ELF objects (relocatable objects and linked code
 * objects): each executable section through the buffer disassembler, with
 * symbol labels, relocations, kernel descriptors and the metadata note.
 *
 * Two forms: a listing as llvm-objdump -d -r prints it (offsets, words,
 * "<name>:" lines, relocation lines), the llvm dialect's default; and
 * source that gcnasm -f elf assembles back into an equivalent object
 * (sections, symbols, relocations, descriptors as .amdhsa_kernel blocks,
 * metadata as .amdgpu_metadata), the clrx dialect's only form and the llvm
 * dialect's with reassemble. */
#ifndef GCN_DIS_OBJECT_H
#define GCN_DIS_OBJECT_H

#include "dis/disassembler.h"

typedef struct gcn_object_options {
    gcn_dialect dialect;
    bool arch_given; /* use arch, not the object's e_flags (a warning if they disagree) */
    gcn_arch arch;
    bool reassemble;    /* source, not a listing (always in the clrx dialect) */
    bool show_encoding; /* source: each line's offset and words, as a comment */
    const char *name;   /* the file's name, for the listing's first line */
} gcn_object_options;

/* Disassembles the ELF object bytes[0, size). False on a bad object (the
 * reason in error, without the file name), on a write failure (error
 * empty) or when memory runs out (error says so). A warning (-a disagreeing
 * with e_flags, a relocation source cannot express) goes to warning, empty
 * if none. */
bool gcn_disassemble_object(const gcn_object_options *options, const uint8_t *bytes, size_t size,
                            gcn_listing_writer write, void *context, char *error,
                            size_t error_size, char *warning, size_t warning_size);

#endif
