/* Kernel descriptors of an object: the 64-byte NAME.kd objects. */
#include <elf.h>
#include <string.h>

#include "dis/object_parts.h"

const gcn_elf_symbol *gcn_object_descriptor_at(const gcn_object_printer *p, size_t index,
                                               uint64_t offset)
{
    const gcn_elf_object *o = p->object;
    for (size_t i = 1; i < o->symbol_count; i++) {
        const gcn_elf_symbol *s = &o->symbols[i];
        size_t length = strlen(s->name);
        if (s->section == index && s->type == STT_OBJECT && s->size == 64 && length > 3 &&
            strcmp(s->name + length - 3, ".kd") == 0 &&
            s->value - gcn_object_section_start(p, index) == offset)
            return s;
    }
    return NULL;
}

bool gcn_object_put_descriptor(gcn_object_printer *p, const gcn_elf_symbol *symbol,
                               const uint8_t *bytes)
{
    (void)p;
    (void)symbol;
    (void)bytes;
    return false;
}

void gcn_object_put_descriptor_listing(gcn_object_printer *p)
{
    (void)p;
}
