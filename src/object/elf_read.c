/* AMDGPU ELF objects through libelf, each value checked against the file
 * before it is used (see elf_read.h). */
#include "object/elf_read.h"

#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


const char *gcn_elf_relocation_name(uint32_t type)
{
    static const char *const names[] = {
        "R_AMDGPU_NONE",          "R_AMDGPU_ABS32_LO",     "R_AMDGPU_ABS32_HI",
        "R_AMDGPU_ABS64",         "R_AMDGPU_REL32",        "R_AMDGPU_REL64",
        "R_AMDGPU_ABS32",         "R_AMDGPU_GOTPCREL",     "R_AMDGPU_GOTPCREL32_LO",
        "R_AMDGPU_GOTPCREL32_HI", "R_AMDGPU_REL32_LO",     "R_AMDGPU_REL32_HI",
        NULL,                     "R_AMDGPU_RELATIVE64",   "R_AMDGPU_REL16"};
    return type < sizeof names / sizeof names[0] ? names[type] : NULL;
}

bool gcn_elf_magic(const uint8_t *bytes, size_t size)
{
    return size >= SELFMAG && memcmp(bytes, ELFMAG, SELFMAG) == 0;
}

static bool fail(char *error, size_t size, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail(char *error, size_t size, const char *format, ...)
{
    va_list list;
    va_start(list, format);
    vsnprintf(error, size, format, list);
    va_end(list);
    return false;
}

typedef struct reader {
    gcn_elf_object *object;
    Elf *elf;
    size_t file_size;
    char *error;
    size_t error_size;
} reader;

/* A section's place in the file, sorted by offset to find overlaps. */
typedef struct extent {
    uint64_t offset, end;
    size_t index;
} extent;

static int by_offset(const void *a, const void *b)
{
    const extent *x = a, *y = b;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* The section headers: each one's bytes inside the file, its name inside
 * the section name table. */
static bool read_sections(reader *r)
{
    gcn_elf_object *o = r->object;
    size_t count, names;
    if (elf_getshdrnum(r->elf, &count) != 0)
        return fail(r->error, r->error_size, "bad section header table: %s", elf_errmsg(-1));
    if (elf_getshdrstrndx(r->elf, &names) != 0)
        return fail(r->error, r->error_size, "bad section name table index: %s", elf_errmsg(-1));
    if (count && names >= count)
        return fail(r->error, r->error_size,
                    "the section name table index %zu is past the %zu sections", names, count);
    o->sections = calloc(count ? count : 1, sizeof *o->sections);
    if (!o->sections)
        return fail(r->error, r->error_size, "out of memory");
    o->section_count = count;
    for (size_t i = 0; i < count; i++) {
        GElf_Shdr header;
        Elf_Scn *scn = elf_getscn(r->elf, i);
        if (!scn || !gelf_getshdr(scn, &header))
            return fail(r->error, r->error_size, "section %zu: bad header: %s", i, elf_errmsg(-1));
        gcn_elf_section *s = &o->sections[i];
        const char *name = i == 0 ? "" : elf_strptr(r->elf, names, header.sh_name);
        if (!name)
            return fail(r->error, r->error_size,
                        "section %zu: its name (offset %u) is outside the section name table", i,
                        (unsigned)header.sh_name);
        *s = (gcn_elf_section){name,           header.sh_type,   header.sh_flags,
                               header.sh_addr, header.sh_offset, header.sh_size,
                               header.sh_addralign, header.sh_entsize, header.sh_link,
                               header.sh_info, NULL};
        if (header.sh_type == SHT_NOBITS || header.sh_size == 0)
            continue;
        if (header.sh_offset > r->file_size || header.sh_size > r->file_size - header.sh_offset)
            return fail(r->error, r->error_size,
                        "section %zu (%s): its %llu bytes at offset %llu go past the end of the "
                        "file (%zu bytes)",
                        i, name, (unsigned long long)header.sh_size,
                        (unsigned long long)header.sh_offset, r->file_size);
        s->data = o->image + header.sh_offset;
    }
    /* No two sections share a byte: sorted by offset, each starts at or
     * after the furthest end before it. */
    extent *order = malloc((count ? count : 1) * sizeof *order);
    size_t placed = 0;
    if (!order)
        return fail(r->error, r->error_size, "out of memory");
    for (size_t i = 1; i < count; i++)
        if (o->sections[i].data)
            order[placed++] = (extent){o->sections[i].offset,
                                       o->sections[i].offset + o->sections[i].size, i};
    qsort(order, placed, sizeof *order, by_offset);
    size_t furthest = 0;
    for (size_t k = 1; k < placed; k++) {
        if (order[k].offset < order[furthest].end) {
            size_t i = order[furthest].index, j = order[k].index;
            free(order);
            return fail(r->error, r->error_size,
                        "sections %zu (%s) and %zu (%s) overlap in the file", i,
                        o->sections[i].name, j, o->sections[j].name);
        }
        if (order[k].end > order[furthest].end)
            furthest = k;
    }
    free(order);
    return true;
}

/* A table section's entries: size a whole number of entries of entry_size
 * bytes, as libelf's 64-bit records are. */
static bool table_entries(reader *r, size_t index, size_t entry_size, size_t *entries)
{
    const gcn_elf_section *s = &r->object->sections[index];
    if (s->entry_size != entry_size || s->size % entry_size)
        return fail(r->error, r->error_size,
                    "section %zu (%s): entries of %llu bytes in %llu bytes, expected %zu each",
                    index, s->name, (unsigned long long)s->entry_size,
                    (unsigned long long)s->size, entry_size);
    *entries = s->size / entry_size;
    return true;
}

static Elf_Data *section_data(reader *r, size_t index)
{
    Elf_Scn *scn = elf_getscn(r->elf, index);
    Elf_Data *data = scn ? elf_getdata(scn, NULL) : NULL;
    if (!data)
        fail(r->error, r->error_size, "section %zu (%s): cannot read it: %s", index,
             r->object->sections[index].name, elf_errmsg(-1));
    return data;
}

/* A symbol table's entry i, its name from the table's string section. */
static bool read_symbol(reader *r, size_t table, Elf_Data *data, size_t i, gcn_elf_symbol *symbol)
{
    const gcn_elf_object *o = r->object;
    const gcn_elf_section *s = &o->sections[table];
    GElf_Sym raw;
    if (!gelf_getsym(data, (int)i, &raw))
        return fail(r->error, r->error_size, "section %zu (%s): symbol %zu: %s", table, s->name, i,
                    elf_errmsg(-1));
    const char *name = elf_strptr(r->elf, s->link, raw.st_name);
    if (!name)
        return fail(r->error, r->error_size,
                    "section %zu (%s): symbol %zu: its name (offset %u) is outside the string "
                    "table",
                    table, s->name, i, (unsigned)raw.st_name);
    uint16_t section = raw.st_shndx;
    if (section == SHN_XINDEX || (section != SHN_UNDEF && section < SHN_LORESERVE &&
                                  section >= o->section_count))
        return fail(r->error, r->error_size, "symbol %zu (%s): section index %u does not exist", i,
                    name, section);
    uint8_t type = GELF_ST_TYPE(raw.st_info);
    if (type == STT_SECTION && section != SHN_UNDEF && section < o->section_count)
        name = o->sections[section].name;
    if (section != SHN_UNDEF && section < o->section_count && type != STT_SECTION) {
        const gcn_elf_section *home = &o->sections[section];
        uint64_t start = o->type == ET_REL ? 0 : home->address;
        if (raw.st_value < start || raw.st_value - start > home->size)
            return fail(r->error, r->error_size,
                        "symbol %zu (%s): its value 0x%llx lies outside its section %u (%s)", i,
                        name, (unsigned long long)raw.st_value, section, home->name);
    }
    *symbol = (gcn_elf_symbol){name,    raw.st_value, raw.st_size, section, type,
                               (uint8_t)GELF_ST_BIND(raw.st_info),
                               (uint8_t)GELF_ST_VISIBILITY(raw.st_other)};
    return true;
}

/* Whether index names a symbol table with a string table. */
static bool symbol_table(reader *r, size_t index, size_t *entries)
{
    const gcn_elf_object *o = r->object;
    const gcn_elf_section *s = &o->sections[index];
    if (s->link == 0 || s->link >= o->section_count || o->sections[s->link].type != SHT_STRTAB)
        return fail(r->error, r->error_size,
                    "section %zu (%s): its string table (section %u) is no string table", index,
                    s->name, s->link);
    return table_entries(r, index, sizeof(Elf64_Sym), entries);
}

static bool read_symbols(reader *r)
{
    gcn_elf_object *o = r->object;
    size_t table = 0;
    for (size_t i = 1; i < o->section_count; i++)
        if (o->sections[i].type == SHT_SYMTAB || (!table && o->sections[i].type == SHT_DYNSYM))
            table = i;
    if (!table)
        return true;
    size_t count;
    if (!symbol_table(r, table, &count))
        return false;
    Elf_Data *data = count ? section_data(r, table) : NULL;
    if (count && !data)
        return false;
    o->symbols = calloc(count ? count : 1, sizeof *o->symbols);
    if (!o->symbols)
        return fail(r->error, r->error_size, "out of memory");
    o->symbol_count = count;
    for (size_t i = 0; i < count; i++)
        if (!read_symbol(r, table, data, i, &o->symbols[i]))
            return false;
    return true;
}

static int by_section_and_offset(const void *a, const void *b)
{
    const gcn_elf_relocation *x = a, *y = b;
    if (x->section != y->section)
        return x->section < y->section ? -1 : 1;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* The relocations of SHT_RELA and SHT_REL sections that name a target
 * section (a linked object's dynamic ones name none and are not shown). */
static bool read_relocations(reader *r)
{
    gcn_elf_object *o = r->object;
    size_t total = 0;
    for (size_t i = 1; i < o->section_count; i++) {
        const gcn_elf_section *s = &o->sections[i];
        if ((s->type != SHT_RELA && s->type != SHT_REL) || s->info == 0)
            continue;
        size_t entries;
        if (!table_entries(r, i, s->type == SHT_RELA ? sizeof(Elf64_Rela) : sizeof(Elf64_Rel),
                           &entries))
            return false;
        if (s->info >= o->section_count)
            return fail(r->error, r->error_size,
                        "section %zu (%s): it applies to section %u, which does not exist", i,
                        s->name, s->info);
        size_t symbols;
        if (s->link >= o->section_count ||
            (o->sections[s->link].type != SHT_SYMTAB && o->sections[s->link].type != SHT_DYNSYM))
            return fail(r->error, r->error_size,
                        "section %zu (%s): its symbol table (section %u) is no symbol table", i,
                        s->name, s->link);
        if (!symbol_table(r, s->link, &symbols))
            return false;
        total += entries;
    }
    o->relocations = calloc(total ? total : 1, sizeof *o->relocations);
    if (!o->relocations)
        return fail(r->error, r->error_size, "out of memory");
    for (size_t i = 1; i < o->section_count; i++) {
        const gcn_elf_section *s = &o->sections[i];
        if ((s->type != SHT_RELA && s->type != SHT_REL) || s->info == 0 || s->size == 0)
            continue;
        size_t entries = s->size / s->entry_size, symbols = o->sections[s->link].size / sizeof(Elf64_Sym);
        Elf_Data *data = section_data(r, i), *symbol_data = symbols ? section_data(r, s->link) : NULL;
        if (!data || (symbols && !symbol_data))
            return false;
        const gcn_elf_section *target = &o->sections[s->info];
        uint64_t start = o->type == ET_REL ? 0 : target->address;
        for (size_t j = 0; j < entries; j++) {
            GElf_Rela raw = {0};
            GElf_Rel plain;
            bool got = s->type == SHT_RELA ? gelf_getrela(data, (int)j, &raw) != NULL
                                           : gelf_getrel(data, (int)j, &plain) != NULL;
            if (s->type == SHT_REL && got)
                raw = (GElf_Rela){plain.r_offset, plain.r_info, 0};
            if (!got)
                return fail(r->error, r->error_size, "section %zu (%s): relocation %zu: %s", i,
                            s->name, j, elf_errmsg(-1));
            size_t symbol = GELF_R_SYM(raw.r_info);
            if (symbol >= symbols)
                return fail(r->error, r->error_size,
                            "section %zu (%s): relocation %zu names symbol %zu of %zu", i, s->name,
                            j, symbol, symbols);
            if (raw.r_offset < start || raw.r_offset - start >= target->size)
                return fail(r->error, r->error_size,
                            "section %zu (%s): relocation %zu at 0x%llx lies outside section %u "
                            "(%s)",
                            i, s->name, j, (unsigned long long)raw.r_offset, s->info,
                            target->name);
            gcn_elf_symbol named = {.name = ""};
            if (symbol && !read_symbol(r, s->link, symbol_data, symbol, &named))
                return false;
            o->relocations[o->relocation_count++] = (gcn_elf_relocation){
                raw.r_offset, raw.r_addend, (uint32_t)GELF_R_TYPE(raw.r_info), s->info, named.name};
        }
    }
    qsort(o->relocations, o->relocation_count, sizeof *o->relocations, by_section_and_offset);
    return true;
}

/* The NT_AMDGPU_METADATA note of the notes sections, libelf checking each
 * note's sizes. */
static bool read_metadata(reader *r)
{
    gcn_elf_object *o = r->object;
    for (size_t i = 1; i < o->section_count; i++) {
        if (o->sections[i].type != SHT_NOTE || o->sections[i].size == 0)
            continue;
        Elf_Data *data = section_data(r, i);
        if (!data)
            return false;
        size_t offset = 0, next, name, description;
        GElf_Nhdr note;
        while ((next = gelf_getnote(data, offset, &note, &name, &description)) > 0) {
            if (note.n_type == GCN_NT_AMDGPU_METADATA && note.n_namesz == 7 &&
                memcmp((const char *)data->d_buf + name, "AMDGPU", 7) == 0) {
                if (o->metadata)
                    return fail(r->error, r->error_size, "a second NT_AMDGPU_METADATA note");
                o->metadata = (const uint8_t *)data->d_buf + description;
                o->metadata_size = note.n_descsz;
            }
            offset = next;
        }
        if (offset < data->d_size && data->d_size - offset >= sizeof(GElf_Nhdr))
            return fail(r->error, r->error_size,
                        "section %zu (%s): the note at offset %zu runs past the section", i,
                        o->sections[i].name, offset);
    }
    return true;
}

/* What libelf takes for granted: the identification bytes and a whole
 * header, then the section header table inside the file with as many
 * entries as the header says. */
static bool check_identification(reader *r, const uint8_t *bytes, size_t size)
{
    if (!gcn_elf_magic(bytes, size))
        return fail(r->error, r->error_size, "not an ELF file");
    if (size < sizeof(Elf64_Ehdr))
        return fail(r->error, r->error_size,
                    "truncated: %zu bytes, fewer than the ELF header's %zu", size,
                    sizeof(Elf64_Ehdr));
    if (bytes[EI_CLASS] != ELFCLASS64)
        return fail(r->error, r->error_size,
                    "a 32-bit or unknown ELF class; AMDGPU code objects are ELF64");
    if (bytes[EI_DATA] != ELFDATA2LSB)
        return fail(r->error, r->error_size, "not little-endian; AMDGPU code objects are");
    Elf64_Ehdr header;
    memcpy(&header, bytes, sizeof header);
    if (header.e_shnum && header.e_shentsize != sizeof(Elf64_Shdr))
        return fail(r->error, r->error_size, "section headers of %u bytes, not %zu",
                    header.e_shentsize, sizeof(Elf64_Shdr));
    if (header.e_shoff > size || (header.e_shnum == 0 && header.e_shoff && size - header.e_shoff < sizeof(Elf64_Shdr)))
        return fail(r->error, r->error_size,
                    "the section header table (offset %llu) is not inside the file (%zu bytes)",
                    (unsigned long long)header.e_shoff, size);
    if (header.e_shnum > (size - header.e_shoff) / sizeof(Elf64_Shdr))
        return fail(r->error, r->error_size,
                    "truncated or lying: the section header table at offset %llu does not hold its "
                    "%u entries in the file (%zu bytes)",
                    (unsigned long long)header.e_shoff, header.e_shnum, size);
    return true;
}

static bool read_header(reader *r, const uint8_t *bytes, size_t size)
{
    gcn_elf_object *o = r->object;
    (void)bytes;
    if (elf_kind(r->elf) != ELF_K_ELF)
        return fail(r->error, r->error_size, "libelf does not take it as ELF: %s", elf_errmsg(-1));
    GElf_Ehdr header;
    if (!gelf_getehdr(r->elf, &header))
        return fail(r->error, r->error_size, "bad ELF header: %s", elf_errmsg(-1));
    if (header.e_machine != GCN_EM_AMDGPU)
        return fail(r->error, r->error_size,
                    "not an AMDGPU object: its machine (e_machine) is %u, not EM_AMDGPU (%u)",
                    header.e_machine, GCN_EM_AMDGPU);
    if (header.e_type != ET_REL && header.e_type != ET_DYN && header.e_type != ET_EXEC)
        return fail(r->error, r->error_size,
                    "an ELF file of type %u, neither a relocatable object nor a code object",
                    header.e_type);
    size_t count;
    if (elf_getshdrnum(r->elf, &count) != 0 || count > (size - header.e_shoff) / sizeof(Elf64_Shdr) ||
        (header.e_shnum && count != header.e_shnum))
        return fail(r->error, r->error_size,
                    "truncated or lying: the section header table at offset %llu does not fit "
                    "its entries in the file (%zu bytes)",
                    (unsigned long long)header.e_shoff, size);
    o->type = header.e_type;
    o->os_abi = header.e_ident[EI_OSABI];
    o->abi_version = header.e_ident[EI_ABIVERSION];
    o->flags = header.e_flags;
    return true;
}

bool gcn_elf_read(const uint8_t *bytes, size_t size, gcn_elf_object *object, char *error,
                  size_t error_size)
{
    memset(object, 0, sizeof *object);
    if (elf_version(EV_CURRENT) == EV_NONE)
        return fail(error, error_size, "libelf: %s", elf_errmsg(-1));
    object->image = malloc(size ? size : 1);
    if (!object->image)
        return fail(error, error_size, "out of memory");
    memcpy(object->image, bytes, size);
    reader r = {object, NULL, size, error, error_size};
    bool ok = check_identification(&r, bytes, size);
    Elf *elf = ok ? elf_memory((char *)object->image, size) : NULL;
    object->elf = elf;
    r.elf = elf;
    if (ok && !elf)
        ok = fail(error, error_size, "libelf: %s", elf_errmsg(-1));
    ok = ok && read_header(&r, bytes, size);
    ok = ok && read_sections(&r) && read_symbols(&r) && read_relocations(&r) && read_metadata(&r);
    if (!ok)
        gcn_elf_free(object);
    return ok;
}

void gcn_elf_free(gcn_elf_object *object)
{
    if (object->elf)
        elf_end(object->elf);
    free(object->sections);
    free(object->symbols);
    free(object->relocations);
    free(object->image);
    memset(object, 0, sizeof *object);
}
