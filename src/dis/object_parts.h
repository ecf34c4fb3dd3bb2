/* What the pieces of the object disassembler share (dis/object.c,
 * dis/object_descriptor.c): the printer and its output. */
#ifndef GCN_DIS_OBJECT_PARTS_H
#define GCN_DIS_OBJECT_PARTS_H

#include "dis/object.h"
#include "object/elf_read.h"

typedef struct gcn_object_printer {
    const gcn_object_options *options;
    const gcn_elf_object *object;
    gcn_listing_writer write;
    void *context;
    bool failed; /* the writer failed or memory ran out */
    char *error;
    size_t error_size;
    char *warning; /* the first warning only */
    size_t warning_size;
    bool source; /* source for gcnasm, not a listing */
    gcn_arch arch;
    gcn_target target; /* of e_flags, or of -a where they disagree */
} gcn_object_printer;

void gcn_object_put(gcn_object_printer *p, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
void gcn_object_warn(gcn_object_printer *p, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* A symbol's label line, with its attributes (.globl, .type, ...) in source. */
void gcn_object_put_label(gcn_object_printer *p, const gcn_elf_symbol *symbol);
/* Where section index starts: its address in a linked object, else 0. */
uint64_t gcn_object_section_start(const gcn_object_printer *p, size_t index);
/* A relocation as a data directive (.quad sym, .long sym@rel32@lo+4, ...);
 * its width in *width. False for a type source cannot give. */
bool gcn_object_put_relocation_data(gcn_object_printer *p, const gcn_elf_relocation *relocation,
                                    unsigned *width);
void gcn_object_put_relocation_comment(gcn_object_printer *p, const gcn_elf_relocation *relocation);

/* Kernel descriptors (dis/object_descriptor.c). The descriptor symbol
 * (NAME.kd, 64 bytes) at offset of section index, or NULL. */
const gcn_elf_symbol *gcn_object_descriptor_at(const gcn_object_printer *p, size_t index,
                                               uint64_t offset);
/* Source: the .amdhsa_kernel block of the 64 bytes; false if they cannot
 * be given as one (then they print as data). */
bool gcn_object_put_descriptor(gcn_object_printer *p, const gcn_elf_symbol *symbol,
                               const uint8_t *bytes);
/* The listing: every descriptor's block after the code. */
void gcn_object_put_descriptor_listing(gcn_object_printer *p);

#endif
