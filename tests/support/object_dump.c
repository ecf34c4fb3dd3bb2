/* ELF objects as comparable text, read with libelf and msgpack-c. */
#include "object_dump.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <msgpack.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct text {
    char *data;
    size_t length, capacity;
} text;

static void put(text *t, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void put(text *t, const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    va_list copy;
    va_copy(copy, arguments);
    int n = vsnprintf(NULL, 0, format, copy);
    va_end(copy);
    if (n > 0) {
        if (t->length + (size_t)n + 1 > t->capacity) {
            size_t capacity = t->capacity ? t->capacity : 4096;
            while (capacity < t->length + (size_t)n + 1)
                capacity *= 2;
            char *grown = realloc(t->data, capacity);
            if (!grown) {
                va_end(arguments);
                return;
            }
            t->data = grown;
            t->capacity = capacity;
        }
        vsnprintf(t->data + t->length, (size_t)n + 1, format, arguments);
        t->length += (size_t)n;
    }
    va_end(arguments);
}

static void put_bytes(text *t, const uint8_t *bytes, size_t size)
{
    for (size_t i = 0; i < size; i++)
        put(t, "%02x", bytes[i]);
}

/* Lines to sort before they are put. */
typedef struct lines {
    char **items;
    size_t count, capacity;
} lines;

static void add_line(lines *l, text *line)
{
    if (l->count == l->capacity) {
        l->capacity = l->capacity ? l->capacity * 2 : 64;
        l->items = realloc(l->items, l->capacity * sizeof *l->items);
    }
    l->items[l->count++] = line->data ? line->data : strdup("");
    memset(line, 0, sizeof *line);
}

static int compare_lines(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void flush_lines(text *t, lines *l)
{
    if (l->count)
        qsort(l->items, l->count, sizeof *l->items, compare_lines);
    for (size_t i = 0; i < l->count; i++) {
        put(t, "%s\n", l->items[i]);
        free(l->items[i]);
    }
    free(l->items);
    memset(l, 0, sizeof *l);
}

/* MessagePack as text: maps with their keys sorted. */
static void put_object(text *t, const msgpack_object *o);

static int compare_pairs(const void *a, const void *b)
{
    const msgpack_object_kv *x = a, *y = b;
    if (x->key.type != MSGPACK_OBJECT_STR || y->key.type != MSGPACK_OBJECT_STR)
        return (int)x->key.type - (int)y->key.type;
    size_t n = x->key.via.str.size < y->key.via.str.size ? x->key.via.str.size : y->key.via.str.size;
    int order = memcmp(x->key.via.str.ptr, y->key.via.str.ptr, n);
    return order ? order : (int)x->key.via.str.size - (int)y->key.via.str.size;
}

static void put_object(text *t, const msgpack_object *o)
{
    switch (o->type) {
    case MSGPACK_OBJECT_NIL: put(t, "nil"); break;
    case MSGPACK_OBJECT_BOOLEAN: put(t, o->via.boolean ? "true" : "false"); break;
    case MSGPACK_OBJECT_POSITIVE_INTEGER: put(t, "%llu", (unsigned long long)o->via.u64); break;
    case MSGPACK_OBJECT_NEGATIVE_INTEGER: put(t, "%lld", (long long)o->via.i64); break;
    case MSGPACK_OBJECT_FLOAT32:
    case MSGPACK_OBJECT_FLOAT64: put(t, "%.17g", o->via.f64); break;
    case MSGPACK_OBJECT_STR: put(t, "\"%.*s\"", (int)o->via.str.size, o->via.str.ptr); break;
    case MSGPACK_OBJECT_ARRAY:
        put(t, "[");
        for (uint32_t i = 0; i < o->via.array.size; i++) {
            put(t, i ? ", " : "");
            put_object(t, &o->via.array.ptr[i]);
        }
        put(t, "]");
        break;
    case MSGPACK_OBJECT_MAP: {
        msgpack_object_kv *pairs = malloc((o->via.map.size + 1) * sizeof *pairs);
        if (!pairs)
            break;
        memcpy(pairs, o->via.map.ptr, o->via.map.size * sizeof *pairs);
        qsort(pairs, o->via.map.size, sizeof *pairs, compare_pairs);
        put(t, "{");
        for (uint32_t i = 0; i < o->via.map.size; i++) {
            put(t, i ? ", " : "");
            put_object(t, &pairs[i].key);
            put(t, ": ");
            put_object(t, &pairs[i].val);
        }
        put(t, "}");
        free(pairs);
        break;
    }
    default: put(t, "?"); break;
    }
}

static void put_notes(text *t, const uint8_t *bytes, size_t size)
{
    size_t at = 0;
    while (at + 12 <= size) {
        uint32_t name_size, description_size, type;
        memcpy(&name_size, bytes + at, 4);
        memcpy(&description_size, bytes + at + 4, 4);
        memcpy(&type, bytes + at + 8, 4);
        size_t name_at = at + 12, description_at = name_at + ((name_size + 3) & ~3u);
        if (description_at + description_size > size) {
            put(t, "note truncated\n");
            return;
        }
        put(t, "note %.*s type=%u", (int)(name_size ? name_size - 1 : 0), (const char *)bytes + name_at, type);
        if (type == 32) { /* NT_AMDGPU_METADATA */
            msgpack_unpacked unpacked;
            msgpack_unpacked_init(&unpacked);
            size_t offset = 0;
            if (msgpack_unpack_next(&unpacked, (const char *)bytes + description_at, description_size,
                                    &offset) == MSGPACK_UNPACK_SUCCESS) {
                put(t, " metadata=");
                put_object(t, &unpacked.data);
            } else {
                put(t, " metadata undecodable");
            }
            msgpack_unpacked_destroy(&unpacked);
        } else {
            put(t, " bytes=");
            put_bytes(t, bytes + description_at, description_size);
        }
        put(t, "\n");
        at = description_at + ((description_size + 3) & ~3u);
    }
}

char *object_dump(const char *path, char *error, size_t error_size)
{
    if (elf_version(EV_CURRENT) == EV_NONE) {
        snprintf(error, error_size, "libelf is out of date");
        return NULL;
    }
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        snprintf(error, error_size, "cannot open %s", path);
        return NULL;
    }
    Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
    GElf_Ehdr header;
    size_t names_index;
    if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &header) ||
        elf_getshdrstrndx(elf, &names_index) != 0) {
        snprintf(error, error_size, "%s: not an ELF file: %s", path, elf_errmsg(-1));
        if (elf)
            elf_end(elf);
        close(fd);
        return NULL;
    }
    text t = {0};
    put(&t, "header class=%d data=%d osabi=%d abiversion=%d type=%d machine=%d flags=%#x\n",
        header.e_ident[EI_CLASS], header.e_ident[EI_DATA], header.e_ident[EI_OSABI],
        header.e_ident[EI_ABIVERSION], header.e_type, header.e_machine, (unsigned)header.e_flags);
    lines sections = {0}, symbols = {0}, relocations = {0}, kernels = {0};
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(elf, scn))) {
        GElf_Shdr shdr;
        if (!gelf_getshdr(scn, &shdr))
            continue;
        const char *name = elf_strptr(elf, names_index, shdr.sh_name);
        name = name ? name : "?";
        Elf_Data *data = elf_getdata(scn, NULL);
        text line = {0};
        if (shdr.sh_type == SHT_SYMTAB || shdr.sh_type == SHT_DYNSYM) {
            size_t count = shdr.sh_entsize ? shdr.sh_size / shdr.sh_entsize : 0;
            for (size_t i = 1; data && i < count; i++) {
                GElf_Sym symbol;
                if (!gelf_getsym(data, (int)i, &symbol))
                    continue;
                const char *symbol_name = elf_strptr(elf, shdr.sh_link, symbol.st_name);
                const char *in = "UND";
                char number[32];
                if (symbol.st_shndx == SHN_ABS) {
                    in = "ABS";
                } else if (symbol.st_shndx != SHN_UNDEF) {
                    Elf_Scn *target = elf_getscn(elf, symbol.st_shndx);
                    GElf_Shdr target_header;
                    in = target && gelf_getshdr(target, &target_header)
                             ? elf_strptr(elf, names_index, target_header.sh_name)
                             : (snprintf(number, sizeof number, "#%u", symbol.st_shndx), number);
                }
                if (GELF_ST_TYPE(symbol.st_info) == STT_SECTION)
                    symbol_name = in;
                put(&line, "%s %s name=%s type=%d bind=%d vis=%d size=%llu section=%s value=%#llx",
                    shdr.sh_type == SHT_SYMTAB ? "symbol" : "dynsym", name,
                    symbol_name ? symbol_name : "?", GELF_ST_TYPE(symbol.st_info),
                    GELF_ST_BIND(symbol.st_info), GELF_ST_VISIBILITY(symbol.st_other),
                    (unsigned long long)symbol.st_size, in, (unsigned long long)symbol.st_value);
                add_line(&symbols, &line);
                /* A kernel descriptor: its 64 bytes. */
                size_t length = symbol_name ? strlen(symbol_name) : 0;
                if (length > 3 && strcmp(symbol_name + length - 3, ".kd") == 0 && symbol.st_size == 64 &&
                    symbol.st_shndx != SHN_UNDEF && symbol.st_shndx != SHN_ABS) {
                    Elf_Scn *target = elf_getscn(elf, symbol.st_shndx);
                    GElf_Shdr target_header;
                    Elf_Data *bytes = target ? elf_getdata(target, NULL) : NULL;
                    if (bytes && gelf_getshdr(target, &target_header)) {
                        uint64_t offset = symbol.st_value - (header.e_type == ET_REL ? 0 : target_header.sh_addr);
                        if (bytes->d_buf && offset + 64 <= bytes->d_size) {
                            put(&line, "kernel %s descriptor=", symbol_name);
                            put_bytes(&line, (const uint8_t *)bytes->d_buf + offset, 64);
                            add_line(&kernels, &line);
                        }
                    }
                }
            }
            continue;
        }
        if (shdr.sh_type == SHT_RELA || shdr.sh_type == SHT_REL) {
            size_t count = shdr.sh_entsize ? shdr.sh_size / shdr.sh_entsize : 0;
            Elf_Scn *symbol_section = elf_getscn(elf, shdr.sh_link);
            GElf_Shdr symbol_header;
            Elf_Data *symbol_data = symbol_section ? elf_getdata(symbol_section, NULL) : NULL;
            bool symbols_ok = symbol_section && gelf_getshdr(symbol_section, &symbol_header);
            for (size_t i = 0; data && i < count; i++) {
                GElf_Rela rela;
                if (shdr.sh_type == SHT_RELA ? !gelf_getrela(data, (int)i, &rela) : true)
                    continue;
                const char *symbol_name = "-";
                GElf_Sym symbol;
                if (symbols_ok && symbol_data && GELF_R_SYM(rela.r_info) &&
                    gelf_getsym(symbol_data, (int)GELF_R_SYM(rela.r_info), &symbol)) {
                    symbol_name = elf_strptr(elf, symbol_header.sh_link, symbol.st_name);
                    if (GELF_ST_TYPE(symbol.st_info) == STT_SECTION) {
                        Elf_Scn *target = elf_getscn(elf, symbol.st_shndx);
                        GElf_Shdr target_header;
                        symbol_name = target && gelf_getshdr(target, &target_header)
                                          ? elf_strptr(elf, names_index, target_header.sh_name)
                                          : "?";
                    }
                }
                put(&line, "relocation %s offset=%#llx type=%u symbol=%s addend=%lld", name,
                    (unsigned long long)rela.r_offset, (unsigned)GELF_R_TYPE(rela.r_info),
                    symbol_name ? symbol_name : "?", (long long)rela.r_addend);
                add_line(&relocations, &line);
            }
            continue;
        }
        put(&line, "section %s type=%#x flags=%#llx align=%llu entsize=%llu", name, shdr.sh_type,
            (unsigned long long)shdr.sh_flags, (unsigned long long)shdr.sh_addralign,
            (unsigned long long)shdr.sh_entsize);
        /* String tables and hash tables: laid out as each tool likes. */
        if (shdr.sh_type == SHT_STRTAB || shdr.sh_type == SHT_HASH || shdr.sh_type == SHT_GNU_HASH) {
            add_line(&sections, &line);
            continue;
        }
        put(&line, " size=%llu", (unsigned long long)shdr.sh_size);
        if (header.e_type != ET_REL)
            put(&line, " address=%#llx", (unsigned long long)shdr.sh_addr);
        if (shdr.sh_type == 0x6fff4c03u && data && data->d_buf) { /* .llvm_addrsig: symbol indices */
            Elf_Scn *symbol_section = elf_getscn(elf, shdr.sh_link);
            GElf_Shdr symbol_header;
            Elf_Data *symbol_data = symbol_section ? elf_getdata(symbol_section, NULL) : NULL;
            lines names = {0};
            const uint8_t *p = data->d_buf, *end = p + data->d_size;
            while (p < end && symbol_data && gelf_getshdr(symbol_section, &symbol_header)) {
                uint64_t index = 0;
                unsigned shift = 0;
                while (p < end && shift < 64) {
                    index |= (uint64_t)(*p & 0x7f) << shift;
                    shift += 7;
                    if (!(*p++ & 0x80))
                        break;
                }
                GElf_Sym symbol;
                text one = {0};
                const char *symbol_name = gelf_getsym(symbol_data, (int)index, &symbol)
                                              ? elf_strptr(elf, symbol_header.sh_link, symbol.st_name)
                                              : NULL;
                put(&one, "%s", symbol_name ? symbol_name : "?");
                add_line(&names, &one);
            }
            put(&line, " symbols=");
            if (names.count)
                qsort(names.items, names.count, sizeof *names.items, compare_lines);
            for (size_t i = 0; i < names.count; i++) {
                put(&line, "%s%s", i ? "," : "", names.items[i]);
                free(names.items[i]);
            }
            free(names.items);
            add_line(&sections, &line);
            continue;
        }
        if (shdr.sh_type != SHT_NOBITS && data && data->d_buf) {
            put(&line, " bytes=");
            put_bytes(&line, data->d_buf, data->d_size);
        }
        if (shdr.sh_type == SHT_NOTE && data && data->d_buf) {
            put(&line, "\n");
            put_notes(&line, data->d_buf, data->d_size);
            if (line.length && line.data[line.length - 1] == '\n')
                line.data[--line.length] = '\0';
        }
        add_line(&sections, &line);
    }
    flush_lines(&t, &sections);
    flush_lines(&t, &symbols);
    flush_lines(&t, &relocations);
    flush_lines(&t, &kernels);
    elf_end(elf);
    close(fd);
    if (!t.data)
        t.data = strdup("");
    return t.data;
}
