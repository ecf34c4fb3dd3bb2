/* What the assembler keeps for an object beyond the bytes of .text: the
 * other sections' bytes and ELF types, symbol attributes (.globl, .type,
 * .size, ...), references that become relocations, the metadata, the
 * target. Rebuilt each pass (the last pass's is the object). */
#ifndef GCN_ASM_OBJECT_STATE_H
#define GCN_ASM_OBJECT_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "gcn.h"
#include "object/target.h"

struct asm_state;
struct gcn_object;

/* An attribute not set. */
enum { ASM_UNSET = 0xff };

/* A name's attributes, from the directives that name it. */
typedef struct asm_object_name {
    uint32_t name, length; /* in asm_object_state.names */
    uint8_t binding, visibility, type; /* GCN_STB_*, GCN_STV_*, GCN_STT_* or ASM_UNSET */
    bool size_set, address_significant;
    uint64_t size;
    int32_t symbol; /* while the object is built: its symbol's index, or -1 */
    uint32_t base, base_length; /* an assignment's symbol (x = f + 4: f), in names; length 0: none */
} asm_object_name;

/* A reference to a symbol in data, to relocate (or to patch, if the
 * symbol turns out to be a constant). */
typedef struct asm_object_reference {
    uint32_t name, length; /* in asm_object_state.names */
    uint8_t section, size; /* the bytes patched: 4 or 8 */
    uint32_t type;         /* GCN_R_AMDGPU_* */
    uint64_t offset;
    int64_t addend;
    uint32_t file, line, column; /* for a message about it */
} asm_object_reference;

typedef struct asm_object_section {
    asm_buffer bytes; /* of sections but .text, when kept */
    uint32_t type;
    uint64_t flags, alignment, entry_size;
    bool declared; /* type and flags set by .section */
} asm_object_section;

typedef struct asm_object_state {
    bool keep_bytes;   /* an object is made: every section's bytes are kept */
    bool relocations;  /* data references to symbols become relocations (ELF output) */
    gcn_target target;
    bool target_is_generation; /* -a named a generation: .amdgcn_target picks its processor */
    unsigned code_object_version, initial_version;
    asm_object_section sections[ASM_MAX_SECTIONS + 1];
    asm_buffer names;
    asm_object_name *attributes;
    size_t attribute_count, attribute_capacity;
    uint32_t *attribute_slots; /* index + 1 by the name's hash; a power of two of them */
    size_t slot_capacity;
    asm_object_reference *references;
    size_t reference_count, reference_capacity;
    asm_buffer comment;  /* .ident strings, each with its '\0' after a leading one */
    uint8_t *metadata;   /* MessagePack */
    size_t metadata_size;
    bool address_significance;
    gcn_literal_reference literal; /* an instruction's literal that names a symbol (object_literals.c) */
} asm_object_state;

#endif
