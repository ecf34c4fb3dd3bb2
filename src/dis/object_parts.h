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

/* Text as it is, to the writer. */
void gcn_object_emit(gcn_object_printer *p, const char *text, size_t length);
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
/* The width of a relocation's data directive (4, 8), 0 for none. */
unsigned gcn_object_relocation_width(uint32_t type);
void gcn_object_put_relocation_comment(gcn_object_printer *p, const gcn_elf_relocation *relocation);
/* "+0x10", "-8" or nothing. */
void gcn_object_put_addend(gcn_object_printer *p, int64_t addend, bool hex);
/* The symbol a relocation names, as source names it (a section symbol by
 * the label that starts its section). */
void gcn_object_put_symbol_name(gcn_object_printer *p, const gcn_elf_relocation *r);

/* A symbol at a place of a section. */
typedef struct placed {
    uint64_t offset; /* in the section */
    size_t index;    /* into the object's symbols */
} placed;

/* A walk over a section: its labels in order, its relocations. */
typedef struct section_walk {
    placed *labels; /* malloc'd */
    size_t label_count, next_label;
    const gcn_elf_relocation *relocations;
    size_t relocation_count, next_relocation;
    uint64_t start; /* the section's address in a linked object, else 0 */
    size_t index;   /* the section's */
} section_walk;

/* Begins a walk over section index; false when memory runs out. */
bool gcn_object_begin_walk(gcn_object_printer *p, size_t index, section_walk *w);
/* The labels up to offset (those inside the instruction before it too),
 * but skip (a descriptor that its block defines); heading: the first line
 * of a listing's section (no blank line before). */
void gcn_object_put_labels(gcn_object_printer *p, section_walk *w, uint64_t offset, bool heading,
                           const gcn_elf_symbol *skip);

/* An executable section (dis/object_code.c): its listing or source. */
bool gcn_object_put_code_section(gcn_object_printer *p, size_t index);
/* Source for the instruction at offset of the walk's section whose words
 * hold the relocation r past its first word (object_literal.c): in the
 * llvm dialect the instruction with r's expression as its literal
 * (s_add_u32 s0, s0, fn@rel32@lo+4), else its words as data with r's
 * directive at its word. The instruction's byte count, 0 if r lies in
 * no instruction there (nothing printed). */
unsigned gcn_object_put_relocated_instruction(gcn_object_printer *p, const section_walk *w, uint64_t offset,
                                              const gcn_elf_relocation *r);

/* Kernel descriptors (dis/object_descriptor.c). Whether a symbol names
 * one: NAME.kd, an object of 64 bytes in a section. */
bool gcn_object_is_descriptor(const gcn_elf_symbol *symbol);
/* Source: the .amdhsa_kernel block of the 64 bytes; false if they cannot
 * be given as one (then they print as data). */
bool gcn_object_put_descriptor(gcn_object_printer *p, const gcn_elf_symbol *symbol,
                               const uint8_t *bytes);
/* The listing: every descriptor's block after the code. */
void gcn_object_put_descriptor_listing(gcn_object_printer *p);

#endif
