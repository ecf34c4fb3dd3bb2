/* After the last pass: the object (sections, symbols, relocations,
 * metadata) from the assembler's tables, as llvm-mc makes it. */
#include <stdlib.h>
#include <string.h>

#include "asm/internal.h"
#include "object/notes.h"
#include "object/object.h"

/* Labels named .L... are the assembler's own: in no symbol table. */
static bool temporary(const char *name, size_t length)
{
    return (length >= 2 && name[0] == '.' && name[1] == 'L') || (length && (unsigned char)name[0] < ' ');
}

static uint8_t pick(uint8_t set, uint8_t otherwise)
{
    return set == ASM_UNSET ? otherwise : set;
}

/* The undefined symbol of name in the object, made now if new (with the
 * attributes of its record); -1 when out of memory. */
static int undefined_symbol(asm_state *state, gcn_object *out, const char *name, size_t length)
{
    asm_object_name *attributes = asm_object_attributes(state, name, length);
    if (!attributes)
        return -1;
    if (attributes->symbol >= 0)
        return attributes->symbol;
    name = state->object.names.data + attributes->name; /* the names may have moved */
    gcn_object_symbol symbol = {(char *)name, GCN_OBJECT_UNDEFINED, 0, 0, GCN_STB_GLOBAL, GCN_STT_NOTYPE,
                                GCN_STV_DEFAULT, false};
    symbol.binding = pick(attributes->binding, GCN_STB_GLOBAL); /* .local may keep it local */
    symbol.type = pick(attributes->type, GCN_STT_NOTYPE);
    symbol.visibility = pick(attributes->visibility, GCN_STV_DEFAULT);
    symbol.size = attributes->size_set ? attributes->size : 0;
    symbol.address_significant = attributes->address_significant;
    if (!gcn_object_add_symbol(out, &symbol, length))
        return -1;
    attributes->symbol = (int32_t)out->symbol_count - 1;
    return attributes->symbol;
}

static bool add_sections(asm_state *state, gcn_object *out)
{
    for (unsigned s = 1; s <= state->section_count; s++) {
        const asm_section *section = &state->sections[s];
        asm_object_section *kept = &state->object.sections[s];
        const uint8_t *bytes = s == SECTION_TEXT ? state->output->bytes : (const uint8_t *)kept->bytes.data;
        if (!kept->declared)
            asm_object_section_flags(state, s, "", 0, 0, true);
        if (kept->type != GCN_SHT_NOBITS && s != SECTION_TEXT && kept->bytes.length != section->size) {
            bytes = NULL; /* NOBITS made PROGBITS late: zeros */
        }
        if (!gcn_object_add_section(out, state->names.data + section->name, section->length, kept->type,
                                    kept->flags, kept->alignment, kept->entry_size, bytes, section->size))
            return false;
    }
    if (state->object.comment.length &&
        !gcn_object_add_section(out, ".comment", 8, GCN_SHT_PROGBITS, GCN_SHF_MERGE | GCN_SHF_STRINGS, 1, 1,
                                (const uint8_t *)state->object.comment.data, state->object.comment.length))
        return false;
    return true;
}

/* An assignment's symbol takes the type and size of the one it is set to
 * (through a chain of them) where its own are not given, a function's
 * type over an object's over none, as llvm-mc merges them. */
static void inherit(asm_state *state, const asm_object_name *attributes, gcn_object_symbol *symbol)
{
    bool sized = attributes->size_set;
    for (int depth = 0; depth < 16 && attributes->base_length; depth++) {
        const char *name = state->object.names.data + attributes->base;
        attributes = asm_object_find(state, name, attributes->base_length);
        if (!attributes)
            return;
        uint8_t type = pick(attributes->type, GCN_STT_NOTYPE);
        if (symbol->type == GCN_STT_NOTYPE || (symbol->type == GCN_STT_OBJECT && type == GCN_STT_FUNC))
            symbol->type = type;
        if (!sized && attributes->size_set) {
            symbol->size = attributes->size;
            sized = true;
        }
    }
}

/* Defined symbols, in the order of their records (of their first
 * mention), then the undefined ones attributes name. */
static bool add_symbols(asm_state *state, gcn_object *out, int *index)
{
    for (size_t i = 0; i < state->symbol_count; i++) {
        const asm_symbol *symbol = &state->symbols[i];
        index[i] = -1;
        const char *name = asm_symbol_name(state, symbol);
        size_t length = asm_symbol_length(symbol);
        const asm_object_name *attributes = asm_object_find(state, name, length);
        bool named = attributes && attributes->binding != ASM_UNSET;
        if (!symbol->defined || symbol->kind == SYMBOL_COUNTER || (temporary(name, length) && !named))
            continue;
        gcn_object_symbol out_symbol = {(char *)name,
                                        symbol->section ? (int)symbol->section - 1 : GCN_OBJECT_ABSOLUTE,
                                        (uint64_t)symbol->value,
                                        0,
                                        GCN_STB_LOCAL,
                                        GCN_STT_NOTYPE,
                                        GCN_STV_DEFAULT,
                                        false};
        if (attributes) {
            out_symbol.binding = pick(attributes->binding, GCN_STB_LOCAL);
            out_symbol.type = pick(attributes->type, GCN_STT_NOTYPE);
            out_symbol.visibility = pick(attributes->visibility, GCN_STV_DEFAULT);
            out_symbol.size = attributes->size_set ? attributes->size : 0;
            out_symbol.address_significant = attributes->address_significant;
            inherit(state, attributes, &out_symbol);
        }
        if (!gcn_object_add_symbol(out, &out_symbol, length))
            return false;
        index[i] = (int)out->symbol_count - 1;
    }
    /* Names given attributes but never defined: undefined symbols. */
    for (size_t a = 0; a < state->object.attribute_count; a++) {
        const asm_object_name *attributes = &state->object.attributes[a];
        const char *name = state->object.names.data + attributes->name;
        size_t length = attributes->length;
        const asm_symbol *symbol = asm_symbol_find(state, name, length);
        if (symbol && symbol->defined)
            continue;
        if (undefined_symbol(state, out, name, length) < 0)
            return false;
    }
    return true;
}

static void patch(gcn_object *out, int section, uint64_t offset, unsigned size, uint64_t value)
{
    gcn_object_section *s = &out->sections[section];
    if (!s->bytes || offset + size > s->size)
        return;
    for (unsigned i = 0; i < size; i++)
        s->bytes[offset + i] = (uint8_t)(value >> 8 * i);
}

static bool add_relocations(asm_state *state, gcn_object *out, const int *index)
{
    asm_object_state *object = &state->object;
    for (size_t r = 0; r < object->reference_count; r++) {
        const asm_object_reference *reference = &object->references[r];
        const char *name = object->names.data + reference->name;
        gcn_object_relocation relocation = {reference->section - 1, reference->offset, reference->type, 0,
                                            reference->addend};
        asm_symbol *symbol = asm_symbol_find(state, name, reference->length);
        if (symbol && symbol->defined && symbol->kind != SYMBOL_COUNTER) {
            size_t i = (size_t)(symbol - state->symbols);
            /* A constant: its value, if the relocation is absolute or an
             * instruction literal's plain symbol (a constant defined after
             * the literal; llvm-mc 14 relocates it against no symbol). */
            if (symbol->section == 0) {
                if (reference->type == GCN_R_AMDGPU_ABS32 || reference->type == GCN_R_AMDGPU_ABS64 ||
                    reference->type == GCN_R_AMDGPU_REL32) {
                    patch(out, relocation.section, reference->offset, reference->size,
                          (uint64_t)(symbol->value + reference->addend));
                    continue;
                }
                asm_location at = {reference->file, reference->line, NULL, NULL, 0};
                asm_report_at(state, &at, state->sequence, true, reference->column,
                              "'%s' is a constant: it cannot be relocated relative to an address", name);
                continue;
            }
            int in_object = index[i];
            bool local = in_object < 0 || out->symbols[in_object].binding == GCN_STB_LOCAL;
            if (local && reference->type == GCN_R_AMDGPU_REL32 && symbol->section == reference->section) {
                /* a literal's local label in its own section: settled, as llvm-mc does */
                patch(out, relocation.section, reference->offset, reference->size,
                      (uint64_t)(symbol->value + reference->addend - (int64_t)reference->offset));
                continue;
            }
            if (local) { /* against its section, as llvm-mc relocates local symbols */
                relocation.symbol = gcn_object_section_symbol((int)symbol->section - 1);
                relocation.addend += symbol->value;
            } else {
                relocation.symbol = in_object;
            }
        } else {
            int found = undefined_symbol(state, out, name, reference->length);
            if (found < 0)
                return false;
            relocation.symbol = found;
        }
        if (!gcn_object_add_relocation(out, &relocation))
            return false;
    }
    return true;
}

void asm_object_finish(asm_state *state)
{
    gcn_object *out = state->output->object;
    if (!out)
        return;
    gcn_object_free(out);
    out->target = state->object.target;
    out->code_object_version = state->object.code_object_version;
    out->address_significance = state->object.address_significance;
    int *index = malloc((state->symbol_count ? state->symbol_count : 1) * sizeof *index);
    bool ok = index && add_sections(state, out) && add_symbols(state, out, index) &&
              add_relocations(state, out, index);
    free(index);
    if (ok && state->object.metadata) {
        out->metadata = malloc(state->object.metadata_size);
        ok = out->metadata != NULL;
        if (ok) {
            memcpy(out->metadata, state->object.metadata, state->object.metadata_size);
            out->metadata_size = state->object.metadata_size;
        }
    }
    if (!ok) {
        asm_location at = {0, 0, NULL, NULL, 0};
        asm_report_at(state, &at, state->sequence, true, 0, "out of memory while making the object");
    }
}
