/* Reading AMDGPU ELF objects (relocatable objects and linked code objects)
 * with libelf, checked before use: every section inside the file and apart
 * from the others, every name inside its string table, every symbol and
 * relocation pointing at something that exists. What fails a check is an
 * error that says what is wrong, never a read outside the file. */
#ifndef GCN_OBJECT_ELF_READ_H
#define GCN_OBJECT_ELF_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gcn.h"
#include "object/notes.h"
#include "object/target.h"

typedef struct gcn_elf_section {
    const char *name;
    uint32_t type;
    uint64_t flags, address, offset, size, alignment, entry_size;
    uint32_t link, info;
    const uint8_t *data; /* the bytes in the file; NULL for SHT_NOBITS or an empty section */
} gcn_elf_section;

typedef struct gcn_elf_symbol {
    const char *name;
    uint64_t value, size;
    uint16_t section; /* a section index, or SHN_UNDEF, SHN_ABS, SHN_COMMON */
    uint8_t type, binding, visibility;
} gcn_elf_symbol;

typedef struct gcn_elf_relocation {
    uint64_t offset; /* in the section it applies to (an address in a linked object) */
    int64_t addend;
    uint32_t type;
    uint32_t section; /* the section it applies to */
    const char *symbol; /* the name ("" for none); a section symbol's is its section's */
} gcn_elf_relocation;

typedef struct gcn_elf_object {
    uint16_t type; /* ET_REL or ET_DYN */
    uint8_t os_abi, abi_version;
    uint32_t flags; /* e_flags: EF_AMDGPU_MACH and the target-id bits */
    gcn_elf_section *sections;
    size_t section_count;
    gcn_elf_symbol *symbols; /* of .symtab, else .dynsym; [0] is the null symbol */
    size_t symbol_count;
    gcn_elf_relocation *relocations; /* of SHT_RELA/SHT_REL sections with a target, by section and offset */
    size_t relocation_count;
    const uint8_t *metadata; /* the NT_AMDGPU_METADATA note's MessagePack, or NULL */
    size_t metadata_size;
    void *elf; /* libelf's handle, which owns the names */
    uint8_t *image; /* the file's bytes, a copy */
} gcn_elf_object;

/* Reads an object from bytes[0, size) (copied). On failure the message,
 * without the file name, goes to error and the object is left empty. */
bool gcn_elf_read(const uint8_t *bytes, size_t size, gcn_elf_object *object, char *error,
                  size_t error_size);
void gcn_elf_free(gcn_elf_object *object);

/* Whether bytes start with the ELF magic. */
bool gcn_elf_magic(const uint8_t *bytes, size_t size);

/* The name of an R_AMDGPU_* relocation type, or NULL. */
const char *gcn_elf_relocation_name(uint32_t type);

#endif
