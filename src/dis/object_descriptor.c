/* Kernel descriptors of an object (the 64-byte NAME.kd objects) as
 * .amdhsa_kernel blocks, through the descriptor table's decoder
 * (object/kernel_descriptor.c), which gives values that encode back to
 * the same bytes or refuses them. */
#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "dis/object_parts.h"
#include "object/kernel_descriptor.h"

bool gcn_object_is_descriptor(const gcn_elf_symbol *s)
{
    size_t length = strlen(s->name);
    return s->section != SHN_UNDEF && s->section < SHN_LORESERVE && s->type == STT_OBJECT &&
           s->size == GCN_KD_SIZE && length > 3 && strcmp(s->name + length - 3, ".kd") == 0;
}

/* The kernel of a descriptor: the symbol named as it is less ".kd". */
static const gcn_elf_symbol *kernel_of(const gcn_object_printer *p, const gcn_elf_symbol *descriptor)
{
    size_t length = strlen(descriptor->name) - 3;
    const gcn_elf_object *o = p->object;
    for (size_t i = 1; i < o->symbol_count; i++)
        if (strlen(o->symbols[i].name) == length &&
            memcmp(o->symbols[i].name, descriptor->name, length) == 0 &&
            o->symbols[i].section != SHN_UNDEF && o->symbols[i].type != STT_SECTION)
            return &o->symbols[i];
    return NULL;
}

/* Whether the code entry (bytes 16 to 23) points at the kernel, as the
 * block makes it: in a relocatable object a REL64 relocation to the
 * kernel plus 16, in a linked one the kernel's address less the
 * descriptor's. */
static bool entry_is_kernel(const gcn_object_printer *p, const gcn_elf_symbol *descriptor,
                            const gcn_elf_symbol *kernel, int64_t entry)
{
    const gcn_elf_object *o = p->object;
    uint64_t at = descriptor->value + GCN_KD_KERNEL_CODE_ENTRY_BYTE_OFFSET_OFFSET;
    for (size_t i = 0; i < o->relocation_count; i++) {
        const gcn_elf_relocation *r = &o->relocations[i];
        if (r->section == descriptor->section && r->offset == at)
            return entry == 0 && r->type == GCN_R_AMDGPU_REL64 && r->symbol == kernel->name &&
                   r->addend == GCN_KD_KERNEL_CODE_ENTRY_BYTE_OFFSET_OFFSET;
    }
    return o->type != ET_REL && kernel->section != SHN_ABS &&
           (uint64_t)entry == kernel->value - descriptor->value;
}

/* The block's lines: every field the decoder gives, in the table's order. */
static void put_block(gcn_object_printer *p, const char *kernel, const gcn_kd_values *values,
                      const char *indent)
{
    gcn_object_put(p, "%s.amdhsa_kernel %s\n", indent, kernel);
    for (unsigned i = 0; i < GCN_KD_FIELD_COUNT; i++)
        if ((values->given >> i & 1) && gcn_kd_field_on_target((gcn_kd_field_id)i, &p->target))
            gcn_object_put(p, "%s\t%s %lld\n", indent, gcn_kd_fields[i].name,
                           (long long)values->value[i]);
    gcn_object_put(p, "%s.end_amdhsa_kernel\n", indent);
}

/* The values of a descriptor, if its bytes and code entry are what a
 * block gives; its kernel in *kernel. */
static bool decode(const gcn_object_printer *p, const gcn_elf_symbol *descriptor,
                   const uint8_t *bytes, gcn_kd_values *values, const gcn_elf_symbol **kernel)
{
    int64_t entry;
    *kernel = kernel_of(p, descriptor);
    return *kernel && gcn_kd_decode(&p->target, bytes, values, &entry) &&
           entry_is_kernel(p, descriptor, *kernel, entry);
}

bool gcn_object_put_descriptor(gcn_object_printer *p, const gcn_elf_symbol *symbol,
                               const uint8_t *bytes)
{
    gcn_kd_values values;
    const gcn_elf_symbol *kernel;
    if (!decode(p, symbol, bytes, &values, &kernel))
        return false;
    put_block(p, kernel->name, &values, "\t");
    return true;
}

void gcn_object_put_descriptor_listing(gcn_object_printer *p)
{
    const gcn_elf_object *o = p->object;
    for (size_t i = 1; i < o->symbol_count; i++) {
        const gcn_elf_symbol *s = &o->symbols[i];
        if (!gcn_object_is_descriptor(s) || s->section >= o->section_count)
            continue;
        const gcn_elf_section *home = &o->sections[s->section];
        uint64_t offset = s->value - gcn_object_section_start(p, s->section);
        gcn_object_put(p, "\nKernel descriptor %s (%s+0x%llx):\n", s->name, home->name,
                       (unsigned long long)offset);
        gcn_kd_values values;
        const gcn_elf_symbol *kernel;
        if (home->data && offset + GCN_KD_SIZE <= home->size &&
            decode(p, s, home->data + offset, &values, &kernel)) {
            put_block(p, kernel->name, &values, "\t");
            continue;
        }
        gcn_object_put(p, "\t/* not a descriptor a .amdhsa_kernel block gives back:");
        for (unsigned b = 0; home->data && b < GCN_KD_SIZE && offset + b < home->size; b++)
            gcn_object_put(p, "%s%02x", b % 16 ? " " : "\n\t   ", home->data[offset + b]);
        gcn_object_put(p, " */\n");
    }
}
