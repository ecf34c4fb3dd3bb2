/* The in-memory object as an ELF64 relocatable file, written with libelf
 * in the order llvm-mc writes its sections: .strtab (the names of sections
 * and symbols), the sections each followed by its .rela section, the
 * metadata .note, .llvm_addrsig, .symtab. */
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "object/notes.h"
#include "object/object.h"

/* The names of sections and symbols, one after another. */
typedef struct strings {
    char *data;
    size_t length, capacity;
} strings;

static size_t add_string(strings *table, const char *text, bool *ok)
{
    size_t n = strlen(text) + 1;
    if (table->length + n > table->capacity) {
        size_t capacity = table->capacity ? table->capacity : 256;
        while (capacity < table->length + n)
            capacity *= 2;
        char *grown = realloc(table->data, capacity);
        if (!grown) {
            *ok = false;
            return 0;
        }
        table->data = grown;
        table->capacity = capacity;
    }
    memcpy(table->data + table->length, text, n);
    table->length += n;
    return table->length - n;
}

/* The NT_AMDGPU_METADATA note around the MessagePack description. */
static uint8_t *metadata_note(const gcn_object *object, size_t *size)
{
    static const char name[] = GCN_NOTE_NAME_AMDGPU; /* with its '\0': 7 bytes, padded to 8 */
    size_t name_size = sizeof name, padded_name = (name_size + 3) & ~(size_t)3;
    size_t padded_description = (object->metadata_size + 3) & ~(size_t)3;
    *size = 12 + padded_name + padded_description;
    uint8_t *note = calloc(1, *size);
    if (!note)
        return NULL;
    uint32_t header[3] = {(uint32_t)name_size, (uint32_t)object->metadata_size, GCN_NT_AMDGPU_METADATA};
    for (int i = 0; i < 3; i++)
        for (int b = 0; b < 4; b++)
            note[4 * i + b] = (uint8_t)(header[i] >> 8 * b);
    memcpy(note + 12, name, name_size);
    memcpy(note + 12 + padded_name, object->metadata, object->metadata_size);
    return note;
}

typedef struct writer {
    Elf *elf;
    strings names;
    bool ok;
    const char *failed; /* the libelf step that failed */
} writer;

static Elf_Scn *new_section(writer *w, const char *name, uint32_t type, uint64_t flags,
                            uint64_t alignment, uint64_t entry_size, void *bytes, uint64_t size,
                            Elf_Type data_type, bool nobits)
{
    Elf_Scn *scn = elf_newscn(w->elf);
    GElf_Shdr header;
    if (!scn || !gelf_getshdr(scn, &header)) {
        w->ok = false;
        w->failed = "elf_newscn";
        return NULL;
    }
    header.sh_name = add_string(&w->names, name, &w->ok);
    header.sh_type = type;
    header.sh_flags = flags;
    header.sh_addralign = alignment;
    header.sh_entsize = entry_size;
    {
        /* NOBITS: a block of that size with no bytes, which libelf
         * counts in the section's size and writes nothing of. */
        Elf_Data *data = elf_newdata(scn);
        if (!data) {
            w->ok = false;
            w->failed = "elf_newdata";
            return NULL;
        }
        data->d_buf = nobits ? NULL : bytes;
        data->d_size = (size_t)size;
        data->d_type = data_type;
        data->d_align = alignment;
        data->d_off = 0;
        data->d_version = EV_CURRENT;
    }
    if (!gelf_update_shdr(scn, &header)) {
        w->ok = false;
        w->failed = "gelf_update_shdr";
    }
    return scn;
}

static void set_link(Elf_Scn *scn, size_t link, size_t info)
{
    GElf_Shdr header;
    if (scn && gelf_getshdr(scn, &header)) {
        header.sh_link = (uint32_t)link;
        header.sh_info = (uint32_t)info;
        gelf_update_shdr(scn, &header);
    }
}

/* Writes the ELF file into a temporary file (libelf writes to a
 * descriptor) and reads it back into memory. */
uint8_t *gcn_object_write_elf(const gcn_object *object, size_t *size, char *error, size_t error_size)
{
    uint8_t *result = NULL;
    *size = 0;
    if (elf_version(EV_CURRENT) == EV_NONE) {
        snprintf(error, error_size, "libelf is out of date");
        return NULL;
    }
    FILE *file = tmpfile();
    if (!file) {
        snprintf(error, error_size, "cannot create a temporary file");
        return NULL;
    }
    writer w = {elf_begin(fileno(file), ELF_C_WRITE, NULL), {0}, true, NULL};
    size_t section_count = object->section_count, symbol_count = object->symbol_count;
    /* Which sections have relocations, and which need a section symbol. */
    size_t *relocation_counts = calloc(section_count + 1, sizeof *relocation_counts);
    size_t *elf_index = calloc(section_count + 1, sizeof *elf_index);
    int *section_symbol = calloc(section_count + 1, sizeof *section_symbol);
    size_t *symbol_index = calloc(symbol_count + 1, sizeof *symbol_index);
    Elf64_Rela **relas = calloc(section_count + 1, sizeof *relas);
    Elf64_Sym *symbols = calloc(symbol_count + section_count + 1, sizeof *symbols);
    uint8_t *note = NULL, *addrsig = NULL;
    if (!w.elf || !relocation_counts || !elf_index || !section_symbol || !symbol_index || !relas ||
        !symbols) {
        snprintf(error, error_size, w.elf ? "out of memory" : "elf_begin: %s", elf_errmsg(-1));
        goto done;
    }
    for (size_t r = 0; r < object->relocation_count; r++) {
        const gcn_object_relocation *relocation = &object->relocations[r];
        relocation_counts[relocation->section]++;
        if (relocation->symbol < 0)
            section_symbol[-1 - relocation->symbol] = 1;
    }
    GElf_Ehdr header;
    if (!gelf_newehdr(w.elf, ELFCLASS64) || !gelf_getehdr(w.elf, &header)) {
        snprintf(error, error_size, "gelf_newehdr: %s", elf_errmsg(-1));
        goto done;
    }
    header.e_ident[EI_DATA] = ELFDATA2LSB;
    header.e_ident[EI_OSABI] = GCN_ELFOSABI_AMDGPU_HSA;
    header.e_ident[EI_ABIVERSION] = (unsigned char)gcn_code_object_abi_version(object->code_object_version);
    header.e_type = ET_REL;
    header.e_machine = GCN_EM_AMDGPU;
    header.e_version = EV_CURRENT;
    header.e_flags = gcn_target_elf_flags(&object->target, object->code_object_version);
    add_string(&w.names, "", &w.ok);
    Elf_Scn *string_section = new_section(&w, ".strtab", SHT_STRTAB, 0, 1, 0, NULL, 0, ELF_T_BYTE, false);
    size_t next = 2;
    Elf_Scn **rela_sections = calloc(section_count + 1, sizeof *rela_sections);
    if (!rela_sections) {
        snprintf(error, error_size, "out of memory");
        goto done;
    }
    for (size_t s = 0; s < section_count && w.ok; s++) {
        const gcn_object_section *section = &object->sections[s];
        bool nobits = section->type == GCN_SHT_NOBITS;
        new_section(&w, section->name, section->type, section->flags, section->alignment,
                    section->entry_size, section->bytes, section->size, ELF_T_BYTE, nobits);
        elf_index[s] = next++;
        if (relocation_counts[s]) {
            relas[s] = calloc(relocation_counts[s], sizeof *relas[s]);
            size_t name_length = strlen(section->name) + 6;
            char *name = malloc(name_length);
            if (!relas[s] || !name) {
                free(name);
                w.ok = false;
                break;
            }
            snprintf(name, name_length, ".rela%s", section->name);
            rela_sections[s] = new_section(&w, name, SHT_RELA, SHF_INFO_LINK, 8, sizeof(Elf64_Rela),
                                           relas[s], relocation_counts[s] * sizeof(Elf64_Rela),
                                           ELF_T_RELA, false);
            free(name);
            next++;
        }
    }
    size_t note_size = 0;
    if (object->metadata && w.ok) {
        note = metadata_note(object, &note_size);
        if (!note)
            w.ok = false;
        else {
            new_section(&w, ".note", SHT_NOTE, SHF_ALLOC, 4, 0, note, note_size, ELF_T_BYTE, false);
            next++;
        }
    }
    /* The symbol table: the null symbol, the locals (section symbols
     * with the others, in section order), then the globals. */
    size_t count = 1;
    for (size_t s = 0; s < section_count; s++)
        if (section_symbol[s]) {
            symbols[count].st_info = GELF_ST_INFO(STB_LOCAL, STT_SECTION);
            symbols[count].st_shndx = (uint16_t)elf_index[s];
            section_symbol[s] = (int)count++;
        }
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < symbol_count; i++) {
            const gcn_object_symbol *symbol = &object->symbols[i];
            if ((symbol->binding == GCN_STB_LOCAL) != (pass == 0))
                continue;
            Elf64_Sym *out = &symbols[count];
            out->st_name = (uint32_t)add_string(&w.names, symbol->name, &w.ok);
            out->st_info = GELF_ST_INFO(symbol->binding, symbol->type);
            out->st_other = symbol->visibility;
            out->st_shndx = symbol->section == GCN_OBJECT_UNDEFINED  ? SHN_UNDEF
                            : symbol->section == GCN_OBJECT_ABSOLUTE ? SHN_ABS
                                                                     : (uint16_t)elf_index[symbol->section];
            out->st_value = symbol->value;
            out->st_size = symbol->size;
            symbol_index[i] = count++;
        }
    size_t first_global = 1;
    while (first_global < count && GELF_ST_BIND(symbols[first_global].st_info) == STB_LOCAL)
        first_global++;
    Elf_Scn *addrsig_section = NULL;
    if (object->address_significance && w.ok) {
        /* The indices of the address-significant symbols, in ULEB128. */
        addrsig = malloc(symbol_count * 10 + 1);
        size_t length = 0;
        for (size_t i = 0; addrsig && i < symbol_count; i++) {
            if (!object->symbols[i].address_significant)
                continue;
            uint64_t value = symbol_index[i];
            do {
                uint8_t byte = value & 0x7f;
                value >>= 7;
                addrsig[length++] = (uint8_t)(byte | (value ? 0x80 : 0));
            } while (value);
        }
        if (!addrsig)
            w.ok = false;
        else {
            addrsig_section = new_section(&w, ".llvm_addrsig", GCN_SHT_LLVM_ADDRSIG, SHF_EXCLUDE, 1,
                                          0, addrsig, length, ELF_T_BYTE, false);
            next++;
        }
    }
    size_t symtab_index = next++;
    size_t *filled = calloc(section_count + 1, sizeof *filled);
    if (!filled)
        w.ok = false;
    for (size_t r = 0; w.ok && r < object->relocation_count; r++) {
        const gcn_object_relocation *relocation = &object->relocations[r];
        int s = relocation->section;
        size_t symbol = relocation->symbol < 0 ? (size_t)section_symbol[-1 - relocation->symbol]
                                               : symbol_index[relocation->symbol];
        Elf64_Rela *out = &relas[s][filled[s]++];
        out->r_offset = relocation->offset;
        out->r_info = ELF64_R_INFO(symbol, relocation->type);
        out->r_addend = relocation->addend;
    }
    free(filled);
    Elf_Scn *symbol_section = new_section(&w, ".symtab", SHT_SYMTAB, 0, 8, sizeof(Elf64_Sym), symbols,
                                          count * sizeof(Elf64_Sym), ELF_T_SYM, false);
    set_link(symbol_section, 1, first_global);
    for (size_t s = 0; s < section_count; s++)
        if (rela_sections[s])
            set_link(rela_sections[s], symtab_index, elf_index[s]);
    if (addrsig_section)
        set_link(addrsig_section, symtab_index, 0);
    free(rela_sections);
    /* The names, last, now that all are known. */
    Elf_Data *names = string_section ? elf_newdata(string_section) : NULL;
    if (!w.ok || !names) {
        snprintf(error, error_size, "%s: %s", w.failed ? w.failed : "out of memory", elf_errmsg(-1));
        goto done;
    }
    names->d_buf = w.names.data;
    names->d_size = w.names.length;
    names->d_type = ELF_T_BYTE;
    names->d_align = 1;
    header.e_shstrndx = 1;
    if (!gelf_update_ehdr(w.elf, &header) || elf_update(w.elf, ELF_C_WRITE) < 0) {
        snprintf(error, error_size, "elf_update: %s", elf_errmsg(-1));
        goto done;
    }
    elf_end(w.elf);
    w.elf = NULL;
    if (fflush(file) != 0 || fseek(file, 0, SEEK_END) != 0) {
        snprintf(error, error_size, "cannot write the temporary file");
        goto done;
    }
    long length = ftell(file);
    rewind(file);
    result = length > 0 ? malloc((size_t)length) : NULL;
    if (!result || fread(result, 1, (size_t)length, file) != (size_t)length) {
        free(result);
        result = NULL;
        snprintf(error, error_size, "cannot read the temporary file back");
        goto done;
    }
    *size = (size_t)length;
done:
    if (w.elf)
        elf_end(w.elf);
    fclose(file);
    for (size_t s = 0; relas && s < section_count; s++)
        free(relas[s]);
    free(relas);
    free(relocation_counts);
    free(elf_index);
    free(section_symbol);
    free(symbol_index);
    free(symbols);
    free(note);
    free(addrsig);
    free(w.names.data);
    return result;
}
