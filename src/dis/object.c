/* ELF objects as a listing or as source: the object read and checked
 * (object/elf_read.c), its metadata note converted first, then each
 * section: executable ones through dis/object_code.c, the others (in
 * source) as data with their labels and relocations, kernel descriptors
 * as .amdhsa_kernel blocks (dis/object_descriptor.c); then the metadata. */
#include "dis/object.h"

#include <elf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dis/object_parts.h"
#include "object/elf_read.h"
#include "object/metadata_read.h"

/* ---- output ---- */

void gcn_object_emit(gcn_object_printer *p, const char *text, size_t length)
{
    if (!p->failed && length && !p->write(p->context, text, length))
        p->failed = true;
}

void gcn_object_put(gcn_object_printer *p, const char *format, ...)
{
    char buffer[1024];
    va_list list;
    va_start(list, format);
    int n = vsnprintf(buffer, sizeof buffer, format, list);
    va_end(list);
    if (n < 0)
        return;
    if ((size_t)n < sizeof buffer) {
        gcn_object_emit(p, buffer, (size_t)n);
        return;
    }
    char *large = malloc((size_t)n + 1);
    if (!large) {
        p->failed = true;
        return;
    }
    va_start(list, format);
    vsnprintf(large, (size_t)n + 1, format, list);
    va_end(list);
    gcn_object_emit(p, large, (size_t)n);
    free(large);
}

/* ---- symbols of a section, by offset ---- */


static int by_place(const void *a, const void *b)
{
    const placed *x = a, *y = b;
    if (x->offset != y->offset)
        return x->offset < y->offset ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* The symbols that label places in section index: not section or file
 * symbols. */
static placed *section_labels(const gcn_object_printer *p, size_t index, size_t *count)
{
    const gcn_elf_object *o = p->object;
    placed *labels = malloc((o->symbol_count ? o->symbol_count : 1) * sizeof *labels);
    size_t n = 0;
    if (!labels)
        return NULL;
    for (size_t i = 1; i < o->symbol_count; i++) {
        const gcn_elf_symbol *s = &o->symbols[i];
        if (s->section != index || s->type == STT_SECTION || s->type == STT_FILE || !*s->name)
            continue;
        labels[n++] = (placed){s->value - gcn_object_section_start(p, index), i};
    }
    qsort(labels, n, sizeof *labels, by_place);
    *count = n;
    return labels;
}

uint64_t gcn_object_section_start(const gcn_object_printer *p, size_t index)
{
    return p->object->type == ET_REL ? 0 : p->object->sections[index].address;
}

/* The relocations of section index: [*first, *first + *count). */
static void section_relocations(const gcn_object_printer *p, size_t index, size_t *first, size_t *count)
{
    const gcn_elf_object *o = p->object;
    size_t i = 0;
    while (i < o->relocation_count && o->relocations[i].section < index)
        i++;
    *first = i;
    while (i < o->relocation_count && o->relocations[i].section == index)
        i++;
    *count = i - *first;
}

/* ---- source: symbol attributes, relocation expressions ---- */

/* Whether a kernel is protected by its descriptor's block: .amdhsa_kernel
 * gives the descriptor the kernel's visibility, then makes a kernel of
 * default visibility protected. So a kernel whose descriptor has default
 * visibility was made protected by the block, and must not be before it. */
static bool made_protected(const gcn_object_printer *p, const gcn_elf_symbol *kernel)
{
    size_t length = strlen(kernel->name);
    for (size_t i = 1; i < p->object->symbol_count; i++) {
        const gcn_elf_symbol *s = &p->object->symbols[i];
        if (strncmp(s->name, kernel->name, length) == 0 && strcmp(s->name + length, ".kd") == 0)
            return s->visibility == STV_DEFAULT;
    }
    return false;
}

void gcn_object_put_label(gcn_object_printer *p, const gcn_elf_symbol *s)
{
    if (p->source) {
        if (s->binding == STB_GLOBAL)
            gcn_object_put(p, "\t.globl %s\n", s->name);
        else if (s->binding == STB_WEAK)
            gcn_object_put(p, "\t.weak %s\n", s->name);
        if (s->visibility == STV_HIDDEN)
            gcn_object_put(p, "\t.hidden %s\n", s->name);
        else if (s->visibility == STV_PROTECTED && !made_protected(p, s))
            gcn_object_put(p, "\t.protected %s\n", s->name);
        else if (s->visibility == STV_INTERNAL)
            gcn_object_put(p, "\t.internal %s\n", s->name);
        if (s->type == STT_FUNC || s->type == STT_OBJECT)
            gcn_object_put(p, "\t.type %s,@%s\n", s->name, s->type == STT_FUNC ? "function" : "object");
        if (s->size)
            gcn_object_put(p, "\t.size %s, %llu\n", s->name, (unsigned long long)s->size);
        gcn_object_put(p, "%s:\n", s->name);
    }
}

/* A relocation's expression in source, as llvm-mc writes it back into the
 * same relocation; its width in *width. NULL for a type source cannot
 * give. */
static const char *relocation_form(uint32_t type, unsigned *width, const char **suffix)
{
    *suffix = "";
    switch (type) {
    case GCN_R_AMDGPU_ABS64: *width = 8; return ".quad";
    case GCN_R_AMDGPU_ABS32: *width = 4; return ".long";
    case GCN_R_AMDGPU_REL64: *width = 8; *suffix = "@rel64"; return ".quad";
    case GCN_R_AMDGPU_REL32_LO: *width = 4; *suffix = "@rel32@lo"; return ".long";
    case GCN_R_AMDGPU_REL32_HI: *width = 4; *suffix = "@rel32@hi"; return ".long";
    case GCN_R_AMDGPU_GOTPCREL: *width = 4; *suffix = "@gotpcrel"; return ".long";
    case GCN_R_AMDGPU_GOTPCREL32_LO: *width = 4; *suffix = "@gotpcrel32@lo"; return ".long";
    case GCN_R_AMDGPU_GOTPCREL32_HI: *width = 4; *suffix = "@gotpcrel32@hi"; return ".long";
    default: return NULL;
    }
}

unsigned gcn_object_relocation_width(uint32_t type)
{
    unsigned width = 0;
    const char *suffix;
    return relocation_form(type, &width, &suffix) ? width : 0;
}

/* The symbol a relocation names, as source names it: a section symbol by
 * the label that starts the section. */
void gcn_object_put_symbol_name(gcn_object_printer *p, const gcn_elf_relocation *r)
{
    for (size_t i = 1; i < p->object->section_count; i++)
        if (p->object->sections[i].name == r->symbol) {
            gcn_object_put(p, ".Lgcndis_section%zu", i);
            return;
        }
    gcn_object_put(p, "%s", r->symbol);
}

void gcn_object_put_addend(gcn_object_printer *p, int64_t addend, bool hex)
{
    if (addend > 0)
        gcn_object_put(p, hex ? "+0x%llx" : "+%llu", (unsigned long long)addend);
    else if (addend < 0)
        gcn_object_put(p, hex ? "-0x%llx" : "-%llu", 0ull - (unsigned long long)addend);
}

bool gcn_object_put_relocation_data(gcn_object_printer *p, const gcn_elf_relocation *r, unsigned *width)
{
    const char *suffix;
    const char *directive = relocation_form(r->type, width, &suffix);
    if (!directive)
        return false;
    gcn_object_put(p, "\t%s ", directive);
    gcn_object_put_symbol_name(p, r);
    gcn_object_put(p, "%s", suffix);
    gcn_object_put_addend(p, r->addend, false);
    gcn_object_put(p, "\n");
    return true;
}

void gcn_object_warn(gcn_object_printer *p, const char *format, ...)
{
    if (p->warning[0])
        return; /* the first one */
    va_list list;
    va_start(list, format);
    vsnprintf(p->warning, p->warning_size, format, list);
    va_end(list);
}

/* A relocation source cannot give where it lies (inside an instruction
 * printed as data, or of a type it has no form for): a comment. */
void gcn_object_put_relocation_comment(gcn_object_printer *p, const gcn_elf_relocation *r)
{
    const char *name = gcn_elf_relocation_name(r->type);
    gcn_object_put(p, "\t/* relocation %s at 0x%llx: %s", name ? name : "(unknown)",
                   (unsigned long long)r->offset, r->symbol);
    gcn_object_put_addend(p, r->addend, true);
    gcn_object_put(p, " (not reassembled) */\n");
    gcn_object_warn(p, "the relocation %s at 0x%llx in %s cannot be written as source",
                    name ? name : "(unknown)", (unsigned long long)r->offset,
                    p->object->sections[r->section].name);
}

/* ---- walks over a section ---- */


/* A walk over section index: its labels and relocations. False when
 * memory runs out. */
bool gcn_object_begin_walk(gcn_object_printer *p, size_t index, section_walk *w)
{
    *w = (section_walk){.start = gcn_object_section_start(p, index), .index = index};
    w->labels = section_labels(p, index, &w->label_count);
    if (!w->labels) {
        snprintf(p->error, p->error_size, "out of memory");
        return false;
    }
    size_t first;
    section_relocations(p, index, &first, &w->relocation_count);
    w->relocations = p->object->relocations + first;
    return true;
}

/* Labels up to offset (those inside the instruction before it too), but
 * skip (a descriptor that its block defines). */
void gcn_object_put_labels(gcn_object_printer *p, section_walk *w, uint64_t offset, bool heading,
                           const gcn_elf_symbol *skip)
{
    while (w->next_label < w->label_count && w->labels[w->next_label].offset <= offset) {
        const placed *at = &w->labels[w->next_label];
        /* The listing names one symbol a place, as llvm-objdump: the last
         * by name. */
        size_t last = w->next_label;
        while (last + 1 < w->label_count && w->labels[last + 1].offset == at->offset)
            last++;
        if (p->source) {
            for (size_t i = w->next_label; i <= last; i++) {
                const gcn_elf_symbol *s = &p->object->symbols[w->labels[i].index];
                if (s == skip)
                    continue;
                if (w->labels[i].offset < offset) /* inside the instruction before */
                    gcn_object_put(p, "\t.set %s, . - %llu\n", s->name,
                                   (unsigned long long)(offset - w->labels[i].offset));
                else
                    gcn_object_put_label(p, s);
            }
        } else {
            const char *name = p->object->symbols[at->index].name;
            for (size_t i = w->next_label + 1; i <= last; i++)
                if (strcmp(p->object->symbols[w->labels[i].index].name, name) > 0)
                    name = p->object->symbols[w->labels[i].index].name;
            gcn_object_put(p, "%s%016llx <%s>:\n", heading ? "" : "\n",
                           (unsigned long long)(w->start + at->offset), name);
        }
        heading = false;
        w->next_label = last + 1;
    }
}

/* ---- other sections (source only) ---- */

static bool put_data_section(gcn_object_printer *p, size_t index)
{
    const gcn_elf_object *o = p->object;
    const gcn_elf_section *s = &o->sections[index];
    section_walk w;
    if (!gcn_object_begin_walk(p, index, &w))
        return false;
    for (uint64_t at = 0; at < s->size && !p->failed;) {
        /* a kernel descriptor: its block, which defines its symbol */
        const gcn_elf_symbol *descriptor = NULL;
        for (size_t i = w.next_label; i < w.label_count && w.labels[i].offset == at; i++)
            if (!descriptor && gcn_object_is_descriptor(&o->symbols[w.labels[i].index]))
                descriptor = &o->symbols[w.labels[i].index];
        if (descriptor && (at + 64 > s->size || !s->data))
            descriptor = NULL;
        gcn_object_put_labels(p, &w, at, false, descriptor);
        uint64_t next = s->size;
        if (w.next_label < w.label_count && w.labels[w.next_label].offset < next)
            next = w.labels[w.next_label].offset;
        if (descriptor && !(next >= at + 64 && gcn_object_put_descriptor(p, descriptor, s->data + at))) {
            gcn_object_put_label(p, descriptor);
            descriptor = NULL;
        }
        if (descriptor) {
            while (w.next_relocation < w.relocation_count &&
                   w.relocations[w.next_relocation].offset - w.start < at + 64)
                w.next_relocation++; /* the block gives its own */
            at += 64;
            continue;
        }
        while (w.next_relocation < w.relocation_count && /* inside what came before */
               w.relocations[w.next_relocation].offset - w.start < at)
            gcn_object_put_relocation_comment(p, &w.relocations[w.next_relocation++]);
        if (w.next_relocation < w.relocation_count) {
            const gcn_elf_relocation *r = &w.relocations[w.next_relocation];
            uint64_t offset = r->offset - w.start;
            unsigned width;
            if (offset == at) {
                w.next_relocation++;
                width = gcn_object_relocation_width(r->type);
                if (s->data && width && at + width <= next && at + width <= s->size &&
                    gcn_object_put_relocation_data(p, r, &width)) {
                    at += width;
                    continue;
                }
                gcn_object_put_relocation_comment(p, r);
            }
            if (offset > at && offset < next)
                next = offset;
        }
        if (next > at + 16)
            next = at + 16;
        if (!s->data) {
            uint64_t gap = s->size;
            if (w.next_label < w.label_count && w.labels[w.next_label].offset < gap)
                gap = w.labels[w.next_label].offset;
            gcn_object_put(p, "\t.zero %llu\n", (unsigned long long)(gap - at));
            at = gap;
            continue;
        }
        char line[8 + 16 * 6] = "\t.byte ", *end = line + 7;
        static const char digits[] = "0123456789abcdef";
        for (uint64_t i = at; i < next; i++) {
            memcpy(end, "0x", 2);
            end[2] = digits[s->data[i] >> 4];
            end[3] = digits[s->data[i] & 15];
            memcpy(end + 4, i + 1 < next ? ", " : "\n", 2);
            end += i + 1 < next ? 6 : 5;
        }
        gcn_object_emit(p, line, (size_t)(end - line));
        at = next;
    }
    gcn_object_put_labels(p, &w, s->size, false, NULL);
    free(w.labels);
    return true;
}

/* Whether source gives the section back: the sections of code and data,
 * not those the assembler or linker makes (tables, notes, dynamic). */
static bool section_in_source(const gcn_elf_section *s)
{
    return s->type == SHT_PROGBITS || s->type == SHT_NOBITS;
}

static void put_section_directive(gcn_object_printer *p, size_t index)
{
    const gcn_elf_object *o = p->object;
    const gcn_elf_section *s = &o->sections[index];
    if (strcmp(s->name, ".text") == 0 && s->flags == (SHF_ALLOC | SHF_EXECINSTR))
        gcn_object_put(p, "\n\t.text\n");
    else {
        char flags[8], *f = flags;
        if (s->flags & SHF_ALLOC) *f++ = 'a';
        if (s->flags & SHF_WRITE) *f++ = 'w';
        if (s->flags & SHF_EXECINSTR) *f++ = 'x';
        if (s->flags & SHF_MERGE) *f++ = 'M';
        if (s->flags & SHF_STRINGS) *f++ = 'S';
        *f = '\0';
        gcn_object_put(p, "\n\t.section %s,\"%s\",@%s", s->name, flags,
                       s->type == SHT_NOBITS ? "nobits" : "progbits");
        if (s->flags & SHF_MERGE)
            gcn_object_put(p, ",%llu", (unsigned long long)s->entry_size);
        gcn_object_put(p, "\n");
    }
    unsigned power = 0;
    while (power < 63 && (1ull << power) < s->alignment)
        power++;
    if (power)
        gcn_object_put(p, "\t.p2align %u\n", power);
    /* the label relocations against the section symbol name */
    for (size_t i = 0; i < o->relocation_count; i++)
        if (o->relocations[i].symbol == s->name) {
            gcn_object_put(p, ".Lgcndis_section%zu:\n", index);
            break;
        }
}

/* ---- the whole object ---- */

/* The code object version of the header (v4 where it does not say). */
static unsigned code_object_version(const gcn_elf_object *o)
{
    if (o->os_abi == GCN_ELFOSABI_AMDGPU_HSA && o->abi_version >= 1 && o->abi_version <= 3)
        return o->abi_version + 2u;
    return GCN_CODE_OBJECT_DEFAULT_VERSION;
}

static bool put_object(gcn_object_printer *p, const char *yaml, size_t yaml_length)
{
    const char *processor = p->target.processor->name;
    const gcn_elf_object *o = p->object;
    if (p->source) {
        gcn_object_put(p, "/* %s: %s for %s, disassembled by gcndis */\n", p->options->name,
                       o->type == ET_REL ? "a relocatable object" : "a code object", processor);
        /* llvm-mc 14 makes code object v4 (ABI version 2) and has no such
         * directive: only another version is written */
        unsigned version = code_object_version(o);
        if (version != GCN_CODE_OBJECT_DEFAULT_VERSION)
            gcn_object_put(p, "\t.amdhsa_code_object_version %u\n", version);
        char id[128];
        gcn_target_id(&p->target, version, id, sizeof id);
        gcn_object_put(p, "\t.amdgcn_target \"%s\"\n", id);
    } else {
        gcn_object_put(p, "\n%s:\tfile format elf64-amdgpu\n", p->options->name);
    }
    for (size_t i = 1; i < o->section_count && !p->failed; i++) {
        const gcn_elf_section *s = &o->sections[i];
        bool code = s->type == SHT_PROGBITS && (s->flags & SHF_EXECINSTR);
        if (p->source && section_in_source(s))
            put_section_directive(p, i);
        if (code ? !gcn_object_put_code_section(p, i)
                 : p->source && section_in_source(s) && !put_data_section(p, i))
            return false;
    }
    if (p->source) {
        for (size_t i = 1; i < o->symbol_count; i++) { /* undefined and absolute symbols */
            const gcn_elf_symbol *s = &o->symbols[i];
            if (s->section == SHN_UNDEF && *s->name) {
                if (s->binding == STB_WEAK)
                    gcn_object_put(p, "\t.weak %s\n", s->name);
                if (s->visibility == STV_HIDDEN)
                    gcn_object_put(p, "\t.hidden %s\n", s->name);
                else if (s->visibility == STV_PROTECTED)
                    gcn_object_put(p, "\t.protected %s\n", s->name);
            }
            if (s->section == SHN_ABS && s->type != STT_FILE && *s->name) {
                if (s->binding == STB_GLOBAL)
                    gcn_object_put(p, "\t.globl %s\n", s->name);
                gcn_object_put(p, "\t.set %s, %lld\n", s->name, (long long)s->value);
            }
        }
    } else {
        gcn_object_put_descriptor_listing(p);
    }
    if (yaml) {
        if (!p->source)
            gcn_object_put(p, "\nMetadata (NT_AMDGPU_METADATA):\n");
        gcn_object_put(p, "\n\t.amdgpu_metadata\n");
        gcn_object_emit(p, yaml, yaml_length);
        gcn_object_put(p, "\t.end_amdgpu_metadata\n");
    }
    return !p->failed;
}

bool gcn_disassemble_object(const gcn_object_options *options, const uint8_t *bytes, size_t size,
                            gcn_listing_writer write, void *context, char *error,
                            size_t error_size, char *warning, size_t warning_size)
{
    error[0] = warning[0] = '\0';
    gcn_elf_object object;
    if (!gcn_elf_read(bytes, size, &object, error, error_size))
        return false;
    gcn_target target;
    bool known = gcn_target_from_elf_flags(object.flags, code_object_version(&object), &target);
    gcn_arch arch = known ? target.processor->arch : options->arch;
    bool ok = true;
    if (!known && !options->arch_given) {
        snprintf(error, error_size,
                 "its processor (EF_AMDGPU_MACH 0x%02x) is not one of GCN 1.0 to 1.4; give -a "
                 "to disassemble it anyway",
                 (unsigned)(object.flags & GCN_EF_AMDGPU_MACH));
        ok = false;
    } else if (options->arch_given && (!known || arch != options->arch)) {
        snprintf(warning, warning_size,
                 "-a %s disagrees with the object's processor %s%s%s%s; disassembling as %s",
                 gcn_arch_name(options->arch), known ? target.processor->name : "(not GCN 1.0 to 1.4)",
                 known ? " (" : "", known ? gcn_arch_name(arch) : "", known ? ")" : "",
                 gcn_arch_name(options->arch));
    }
    if (options->arch_given && (!known || arch != options->arch)) {
        /* the usual processor of the generation asked for */
        arch = options->arch;
        target.processor = gcn_processor_find(gcn_arch_llvm_cpu(arch), strlen(gcn_arch_llvm_cpu(arch)));
        target.xnack = target.processor && target.processor->xnack ? GCN_FEATURE_ANY : GCN_FEATURE_UNSUPPORTED;
        target.sramecc = GCN_FEATURE_UNSUPPORTED;
        ok = ok && target.processor;
    }
    /* The metadata first, so that a bad note stops before any output. */
    char *yaml = NULL, message[200];
    size_t yaml_length = 0;
    if (ok && object.metadata &&
        !gcn_metadata_to_yaml(object.metadata, object.metadata_size, &yaml, &yaml_length, message,
                              sizeof message)) {
        snprintf(error, error_size, "the NT_AMDGPU_METADATA note: %s", message);
        ok = false;
    }
    if (ok) {
        gcn_object_printer p = {options, &object, write, context, false, error, error_size, warning,
                                warning_size, options->reassemble || options->dialect == GCN_DIALECT_CLRX,
                                arch, target};
        ok = put_object(&p, yaml, yaml_length);
        if (p.failed && !error[0])
            ok = false;
    }
    free(yaml);
    gcn_elf_free(&object);
    return ok;
}
