/* A relocatable AMDGPU object in memory, as an assembler makes it and an
 * ELF writer writes it: sections with their bytes, symbols, relocations
 * and the metadata note. Names are owned copies. */
#ifndef GCN_OBJECT_OBJECT_H
#define GCN_OBJECT_OBJECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "object/target.h"

/* ELF values used here (those of <elf.h>, named apart from it). */
enum {
    GCN_SHT_PROGBITS = 1,
    GCN_SHT_NOTE = 7,
    GCN_SHT_NOBITS = 8,
    GCN_SHF_WRITE = 0x1,
    GCN_SHF_ALLOC = 0x2,
    GCN_SHF_EXECINSTR = 0x4,
    GCN_SHF_MERGE = 0x10,
    GCN_SHF_STRINGS = 0x20,
    GCN_SHF_EXCLUDE = 0x80000000,
    GCN_STB_LOCAL = 0,
    GCN_STB_GLOBAL = 1,
    GCN_STB_WEAK = 2,
    GCN_STT_NOTYPE = 0,
    GCN_STT_OBJECT = 1,
    GCN_STT_FUNC = 2,
    GCN_STT_SECTION = 3,
    GCN_STV_DEFAULT = 0,
    GCN_STV_INTERNAL = 1,
    GCN_STV_HIDDEN = 2,
    GCN_STV_PROTECTED = 3
};

typedef struct gcn_object_section {
    char *name;
    uint32_t type;      /* GCN_SHT_* */
    uint64_t flags;     /* GCN_SHF_* */
    uint64_t alignment; /* a power of two, at least 1 */
    uint64_t entry_size;
    uint8_t *bytes;     /* NULL for NOBITS */
    uint64_t size;
} gcn_object_section;

/* A symbol's section: an index into sections, or one of these. */
enum { GCN_OBJECT_UNDEFINED = -1, GCN_OBJECT_ABSOLUTE = -2 };

typedef struct gcn_object_symbol {
    char *name;
    int section;   /* index in sections, GCN_OBJECT_UNDEFINED or GCN_OBJECT_ABSOLUTE */
    uint64_t value;
    uint64_t size;
    uint8_t binding, type, visibility;
    bool address_significant; /* listed in .llvm_addrsig */
} gcn_object_symbol;

typedef struct gcn_object_relocation {
    int section;     /* the section patched */
    uint64_t offset; /* in it */
    uint32_t type;   /* GCN_R_AMDGPU_* */
    int symbol;      /* index in symbols, or -1 - N for the section symbol of section N */
    int64_t addend;
} gcn_object_relocation;

typedef struct gcn_object {
    gcn_target target;
    unsigned code_object_version; /* 3 or 4 */
    gcn_object_section *sections;
    size_t section_count, section_capacity;
    gcn_object_symbol *symbols;
    size_t symbol_count, symbol_capacity;
    gcn_object_relocation *relocations;
    size_t relocation_count, relocation_capacity;
    uint8_t *metadata; /* the NT_AMDGPU_METADATA description (MessagePack), or NULL */
    size_t metadata_size;
    bool address_significance; /* .addrsig: write .llvm_addrsig */
} gcn_object;

/* The section symbol's index of section n in relocation.symbol. */
static inline int gcn_object_section_symbol(int section)
{
    return -1 - section;
}

/* Adders: false when out of memory (the object stays valid). */
bool gcn_object_add_section(gcn_object *object, const char *name, size_t name_length, uint32_t type,
                            uint64_t flags, uint64_t alignment, uint64_t entry_size,
                            const uint8_t *bytes, uint64_t size);
bool gcn_object_add_symbol(gcn_object *object, const gcn_object_symbol *symbol, size_t name_length);
bool gcn_object_add_relocation(gcn_object *object, const gcn_object_relocation *relocation);
void gcn_object_free(gcn_object *object);

/* The object as an ELF64 relocatable file, in memory (malloc'ed, *size
 * bytes), laid out as llvm-mc lays it out; NULL with a message in error
 * when libelf fails. */
uint8_t *gcn_object_write_elf(const gcn_object *object, size_t *size, char *error, size_t error_size);

#endif
