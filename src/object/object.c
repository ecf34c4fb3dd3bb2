/* The in-memory object: its growing tables. */
#include <stdlib.h>
#include <string.h>

#include "object/object.h"

static bool grow(void **items, size_t count, size_t *capacity, size_t item_size)
{
    if (count < *capacity)
        return true;
    size_t more = *capacity ? *capacity * 2 : 16;
    void *grown = realloc(*items, more * item_size);
    if (!grown)
        return false;
    *items = grown;
    *capacity = more;
    return true;
}

static char *copy_name(const char *name, size_t length)
{
    char *copy = malloc(length + 1);
    if (copy) {
        memcpy(copy, name, length);
        copy[length] = '\0';
    }
    return copy;
}

bool gcn_object_add_section(gcn_object *object, const char *name, size_t name_length, uint32_t type,
                            uint64_t flags, uint64_t alignment, uint64_t entry_size,
                            const uint8_t *bytes, uint64_t size)
{
    if (!grow((void **)&object->sections, object->section_count, &object->section_capacity,
              sizeof *object->sections))
        return false;
    gcn_object_section *section = &object->sections[object->section_count];
    memset(section, 0, sizeof *section);
    section->name = copy_name(name, name_length);
    if (!section->name)
        return false;
    if (type != GCN_SHT_NOBITS && size) {
        section->bytes = malloc((size_t)size);
        if (!section->bytes) {
            free(section->name);
            return false;
        }
        if (bytes)
            memcpy(section->bytes, bytes, (size_t)size);
        else
            memset(section->bytes, 0, (size_t)size);
    }
    section->type = type;
    section->flags = flags;
    section->alignment = alignment ? alignment : 1;
    section->entry_size = entry_size;
    section->size = size;
    object->section_count++;
    return true;
}

bool gcn_object_add_symbol(gcn_object *object, const gcn_object_symbol *symbol, size_t name_length)
{
    if (!grow((void **)&object->symbols, object->symbol_count, &object->symbol_capacity,
              sizeof *object->symbols))
        return false;
    gcn_object_symbol *added = &object->symbols[object->symbol_count];
    *added = *symbol;
    added->name = copy_name(symbol->name, name_length);
    if (!added->name)
        return false;
    object->symbol_count++;
    return true;
}

bool gcn_object_add_relocation(gcn_object *object, const gcn_object_relocation *relocation)
{
    if (!grow((void **)&object->relocations, object->relocation_count, &object->relocation_capacity,
              sizeof *object->relocations))
        return false;
    object->relocations[object->relocation_count++] = *relocation;
    return true;
}

void gcn_object_free(gcn_object *object)
{
    for (size_t i = 0; i < object->section_count; i++) {
        free(object->sections[i].name);
        free(object->sections[i].bytes);
    }
    for (size_t i = 0; i < object->symbol_count; i++)
        free(object->symbols[i].name);
    free(object->sections);
    free(object->symbols);
    free(object->relocations);
    free(object->metadata);
    memset(object, 0, sizeof *object);
}
