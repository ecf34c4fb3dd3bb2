/* gcndis on ELF objects (issue 14, reading; issue 12 point 5): the
 * checked-in objects of tests/objects/ (hand-written kernels in the
 * families the tables know, made by llvm-mc and linked by ld.lld, and
 * OpenCL C kernels compiled by clang-14; tests/objects/make.sh makes them)
 * against
 *   - the expected output checked in beside them (always),
 *   - llvm-objdump -d -r: every instruction line, label and relocation
 *     (GCN 1.2 and 1.4: llvm-objdump 14 does not disassemble GCN 1.0/1.1),
 *     counting the instructions the tables do not know yet,
 *   - the reassembled source: through llvm-mc, an object equivalent to the
 *     first (sections, symbols, relocations, descriptors, metadata); through
 *     gcnasm -f elf once gcnasm writes objects,
 * and damaged objects, each an error that names what is wrong. */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dis/object.h"
#include "object/elf_read.h"
#include "object/metadata_read.h"
#include "support/harness.h"

static test_summary summary = {"objects", 0, 0, 0};
static const char *build = "build";
static char scratch[64]; /* a temporary folder */

#define DIR "tests/objects/"

static const char *const objects[] = {
    "kernels_gfx900.o", "kernels_gfx900.so", "kernels_tonga.o", "kernels_tonga.so",
    "kernels_tahiti.o", "kernels_tahiti.so", "kernels_hawaii.o", "kernels_hawaii.so",
    "relocs_tonga.o",   "opencl/kernels_tahiti.o", "opencl/kernels_hawaii.o",
    "opencl/kernels_fiji.o", "opencl/kernels_gfx900.o"};
enum { OBJECT_COUNT = sizeof objects / sizeof objects[0] };

/* ---- running the tools ---- */

typedef struct run_result {
    char *out, *err;
    size_t out_length, err_length;
    int status; /* exit status, or 128 + signal */
} run_result;

static char *read_path(const char *path, size_t *length)
{
    char *data = test_read_file(path, length);
    if (!data) {
        data = calloc(1, 1);
        *length = 0;
    }
    return data;
}

/* Runs a shell command with its output and errors caught. */
static run_result run(const char *command)
{
    char line[4096], out[128], err[128];
    snprintf(out, sizeof out, "%s/out", scratch);
    snprintf(err, sizeof err, "%s/err", scratch);
    snprintf(line, sizeof line, "%s >%s 2>%s", command, out, err);
    int status = system(line);
    run_result r = {0};
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    r.out = read_path(out, &r.out_length);
    r.err = read_path(err, &r.err_length);
    return r;
}

static void run_free(run_result *r)
{
    free(r->out);
    free(r->err);
}

static bool have(const char *tool)
{
    char command[256];
    snprintf(command, sizeof command, "command -v %s >/dev/null 2>&1", tool);
    return system(command) == 0;
}

/* The expected output's name: opencl/x.o -> expected/opencl_x.o.MODE */
static void expected_path(const char *object, const char *mode, char *path, size_t size)
{
    char base[128];
    snprintf(base, sizeof base, "%s", object);
    for (char *c = base; *c; c++)
        if (*c == '/')
            *c = '_';
    snprintf(path, size, DIR "expected/%s.%s", base, mode);
}

/* The first line where two texts differ, for the failure message. */
static void first_difference(const char *a, const char *b, char *out, size_t size)
{
    size_t line = 1;
    const char *la = a, *lb = b;
    while (*a && *a == *b) {
        if (*a == '\n') {
            line++;
            la = a + 1;
            lb = b + 1;
        }
        a++;
        b++;
    }
    int na = (int)strcspn(la, "\n"), nb = (int)strcspn(lb, "\n");
    snprintf(out, size, "line %zu: got '%.*s', expected '%.*s'", line, na > 120 ? 120 : na, la,
             nb > 120 ? 120 : nb, lb);
}

/* ---- the expected output ---- */

static void test_expected_output(void)
{
    static const char *const modes[][2] = {
        {"llvm", "-s llvm"}, {"clrx", "-s clrx"}, {"reassemble", "-s llvm --reassemble"}};
    for (size_t i = 0; i < OBJECT_COUNT; i++) {
        for (size_t m = 0; m < 3; m++) {
            char command[512], path[256];
            snprintf(command, sizeof command, "%s/gcndis %s " DIR "%s", build, modes[m][1], objects[i]);
            expected_path(objects[i], modes[m][0], path, sizeof path);
            size_t length;
            char *want = test_read_file(path, &length);
            run_result r = run(command);
            if (!want) {
                test_fail(&summary, "%s: cannot read %s", objects[i], path);
            } else if (r.status != 0 || r.err_length) {
                test_fail(&summary, "%s: exit %d: %s", command, r.status, r.err);
            } else if (r.out_length != length || memcmp(r.out, want, length) != 0) {
                char where[400];
                first_difference(r.out, want, where, sizeof where);
                test_fail(&summary, "%s: not as %s: %s", command, path, where);
            } else {
                test_pass(&summary);
            }
            free(want);
            run_free(&r);
        }
    }
}

/* ---- against llvm-objdump -d -r ---- */

typedef struct listing_line {
    char kind; /* 'i' instruction, 'r' relocation, 'l' label, 's' section heading */
    unsigned long long offset;
    char text[256];
} listing_line;

/* The lines that matter of a listing: instructions (their text, without
 * the padding, and the offset of the comment), relocations, labels and
 * section headings. */
static listing_line *listing_lines(const char *text, size_t *count)
{
    size_t capacity = 64, n = 0;
    listing_line *lines = malloc(capacity * sizeof *lines);
    for (const char *at = text; lines && *at;) {
        const char *end = strchr(at, '\n');
        size_t length = end ? (size_t)(end - at) : strlen(at);
        listing_line l = {0};
        const char *comment;
        if (strncmp(at, "Kernel descriptor ", 18) == 0 || strncmp(at, "Metadata (", 10) == 0)
            break; /* what llvm-objdump -d does not print */
        if (length > 2 && at[0] == '\t' && at[1] == '\t') {
            l.kind = 'r';
            snprintf(l.text, sizeof l.text, "%.*s", (int)length, at);
        } else if (length > 1 && at[0] == '\t' && (comment = strstr(at, "// ")) && comment < at + length) {
            l.kind = 'i';
            size_t text_length = (size_t)(comment - at - 1);
            while (text_length && at[text_length] == ' ')
                text_length--;
            snprintf(l.text, sizeof l.text, "%.*s", (int)text_length, at + 1);
            l.offset = strtoull(comment + 3, NULL, 16);
        } else if (length > 18 && at[16] == ' ' && at[17] == '<') {
            l.kind = 'l';
            snprintf(l.text, sizeof l.text, "%.*s", (int)length, at);
        } else if (length > 23 && strncmp(at, "Disassembly of section ", 23) == 0) {
            l.kind = 's';
            snprintf(l.text, sizeof l.text, "%.*s", (int)length, at);
        }
        if (l.kind && l.kind != 'i')
            l.offset = n; /* keeps the order */
        if (l.kind) {
            if (n == capacity) {
                listing_line *grown = realloc(lines, (capacity *= 2) * sizeof *lines);
                if (!grown) {
                    free(lines);
                    return NULL;
                }
                lines = grown;
            }
            lines[n++] = l;
        }
        at += length + (end != NULL);
    }
    *count = n;
    return lines;
}

static bool is_data(const listing_line *l)
{
    return strncmp(l->text, ".long 0x", 8) == 0;
}

/* Compares gcndis -s llvm with llvm-objdump -d -r on one object; *unknown
 * gets the instructions gcndis prints as data. */
static void compare_with_objdump(const char *object, unsigned *unknown, unsigned *known)
{
    char command[512];
    snprintf(command, sizeof command, "%s/gcndis -s llvm " DIR "%s", build, object);
    run_result ours = run(command);
    snprintf(command, sizeof command, "cd " DIR " && llvm-objdump -d -r %s", object);
    run_result theirs = run(command);
    size_t our_count = 0, their_count = 0;
    listing_line *a = listing_lines(ours.out, &our_count), *b = listing_lines(theirs.out, &their_count);
    *unknown = *known = 0;
    if (theirs.status != 0 || ours.status != 0 || !a || !b) {
        test_fail(&summary, "%s: llvm-objdump (exit %d) or gcndis (exit %d) failed: %s%s", object,
                  theirs.status, ours.status, theirs.err, ours.err);
        goto done;
    }
    /* Instructions by offset: each of ours that is not data is llvm-objdump's. */
    bool ok = true;
    for (size_t i = 0, j = 0; i < their_count && ok; i++) {
        if (b[i].kind != 'i')
            continue;
        while (j < our_count && (a[j].kind != 'i' || a[j].offset < b[i].offset))
            j++;
        if (j == our_count || a[j].offset != b[i].offset || is_data(&a[j])) {
            (*unknown)++;
            continue;
        }
        if (strcmp(a[j].text, b[i].text) != 0) {
            test_fail(&summary, "%s at 0x%llx: gcndis '%s', llvm-objdump '%s'", object, b[i].offset,
                      a[j].text, b[i].text);
            ok = false;
        }
        (*known)++;
    }
    /* Our instructions all start where llvm-objdump's do. */
    for (size_t j = 0, i = 0; j < our_count && ok; j++) {
        if (a[j].kind != 'i' || is_data(&a[j]))
            continue;
        while (i < their_count && (b[i].kind != 'i' || b[i].offset < a[j].offset))
            i++;
        if (i == their_count || b[i].offset != a[j].offset) {
            test_fail(&summary, "%s at 0x%llx: gcndis '%s' where llvm-objdump has no instruction",
                      object, a[j].offset, a[j].text);
            ok = false;
        }
    }
    /* Labels, relocations and section headings: the same, in order. */
    size_t i = 0, j = 0;
    while (ok) {
        while (i < their_count && b[i].kind == 'i')
            i++;
        while (j < our_count && a[j].kind == 'i')
            j++;
        if (i == their_count || j == our_count) {
            if (i != their_count || j != our_count) {
                test_fail(&summary, "%s: %s has more labels or relocations ('%s')", object,
                          i != their_count ? "llvm-objdump" : "gcndis",
                          i != their_count ? b[i].text : a[j].text);
                ok = false;
            }
            break;
        }
        if (strcmp(a[j].text, b[i].text) != 0) {
            test_fail(&summary, "%s: gcndis '%s', llvm-objdump '%s'", object, a[j].text, b[i].text);
            ok = false;
        }
        i++;
        j++;
    }
    if (ok)
        test_pass(&summary);
done:
    free(a);
    free(b);
    run_free(&ours);
    run_free(&theirs);
}

static void test_objdump(void)
{
    if (!have("llvm-objdump")) {
        test_skip(&summary, 1, "llvm-objdump is missing (Debian: llvm-14, in /usr/lib/llvm-14/bin)");
        return;
    }
    /* GCN 1.2 and 1.4: llvm-objdump 14 stops on GCN 1.0 and 1.1 code. */
    static const struct {
        const char *object;
        int unknown; /* -1: compiled code, counted and reported */
    } cases[] = {{"kernels_gfx900.o", 0}, {"kernels_gfx900.so", 0}, {"kernels_tonga.o", 0},
                 {"kernels_tonga.so", 0}, {"relocs_tonga.o", 11},  {"opencl/kernels_fiji.o", -1},
                 {"opencl/kernels_gfx900.o", -1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unsigned unknown, known;
        compare_with_objdump(cases[i].object, &unknown, &known);
        if (cases[i].unknown >= 0 && unknown != (unsigned)cases[i].unknown)
            test_fail(&summary, "%s: %u instructions printed as data, expected %d", cases[i].object,
                      unknown, cases[i].unknown);
        else if (cases[i].unknown < 0)
            printf("objects: %s: %u of %u instructions as llvm-objdump prints them, %u in "
                   "encodings the tables do not have yet (printed as data)\n",
                   cases[i].object, known, known + unknown, unknown);
    }
}

/* ---- equivalent objects ---- */

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The symbols or relocations of an object as sorted lines. */
static char **object_keys(const gcn_elf_object *o, bool relocations, size_t *count)
{
    size_t total = relocations ? o->relocation_count : o->symbol_count, n = 0;
    char **keys = calloc(total + 1, sizeof *keys);
    for (size_t i = 0; keys && i < total; i++) {
        char key[512];
        if (relocations) {
            const gcn_elf_relocation *r = &o->relocations[i];
            snprintf(key, sizeof key, "relocation %s+0x%llx type %u %s%+lld",
                     o->sections[r->section].name, (unsigned long long)r->offset, r->type,
                     r->symbol, (long long)r->addend);
        } else {
            const gcn_elf_symbol *s = &o->symbols[i];
            if (i == 0 || s->type == STT_SECTION || s->type == STT_FILE)
                continue;
            const char *section = s->section == SHN_UNDEF ? "UND"
                                  : s->section == SHN_ABS ? "ABS"
                                  : s->section < o->section_count ? o->sections[s->section].name
                                                                  : "?";
            snprintf(key, sizeof key, "symbol %s type %u bind %u vis %u size %llu in %s at 0x%llx",
                     s->name, s->type, s->binding, s->visibility, (unsigned long long)s->size,
                     section, (unsigned long long)s->value);
        }
        keys[n++] = strdup(key);
    }
    if (keys)
        qsort(keys, n, sizeof *keys, compare_strings);
    *count = n;
    return keys;
}

static void free_keys(char **keys, size_t count)
{
    for (size_t i = 0; keys && i < count; i++)
        free(keys[i]);
    free(keys);
}

static bool kept_section(const gcn_elf_section *s)
{
    return s->type == SHT_PROGBITS || s->type == SHT_NOBITS;
}

/* Same sections (name, type, flags, size, bytes), symbols, relocations
 * and metadata (as YAML); the first difference in why. */
static bool equivalent(const gcn_elf_object *a, const gcn_elf_object *b, char *why, size_t size)
{
    if ((a->flags & 0xfff) != (b->flags & 0xfff) || a->os_abi != b->os_abi ||
        a->abi_version != b->abi_version) {
        snprintf(why, size, "e_flags 0x%x / 0x%x or ABI differ", a->flags, b->flags);
        return false;
    }
    for (int pass = 0; pass < 2; pass++) {
        const gcn_elf_object *x = pass ? b : a, *y = pass ? a : b;
        for (size_t i = 1; i < x->section_count; i++) {
            const gcn_elf_section *s = &x->sections[i], *t = NULL;
            if (!kept_section(s))
                continue;
            for (size_t j = 1; j < y->section_count && !t; j++)
                if (strcmp(y->sections[j].name, s->name) == 0 && kept_section(&y->sections[j]))
                    t = &y->sections[j];
            if (!t) {
                snprintf(why, size, "section %s is only in the %s", s->name, pass ? "second" : "first");
                return false;
            }
            if (s->type != t->type || s->flags != t->flags || s->size != t->size ||
                (s->data && t->data && memcmp(s->data, t->data, s->size) != 0)) {
                snprintf(why, size, "section %s differs (type, flags, size or bytes)", s->name);
                return false;
            }
        }
    }
    for (int relocations = 0; relocations < 2; relocations++) {
        size_t n, m;
        char **x = object_keys(a, relocations, &n), **y = object_keys(b, relocations, &m);
        bool same = x && y && n == m;
        for (size_t i = 0; same && i < n; i++)
            if (strcmp(x[i], y[i]) != 0) {
                snprintf(why, size, "'%s' against '%s'", x[i], y[i]);
                same = false;
            }
        if (!same && x && y && n != m)
            snprintf(why, size, "%zu %s against %zu", n, relocations ? "relocations" : "symbols", m);
        free_keys(x, n);
        free_keys(y, m);
        if (!same)
            return false;
    }
    char *ya = NULL, *yb = NULL, message[200];
    size_t la = 0, lb = 0;
    bool same = (!a->metadata && !b->metadata) ||
                (a->metadata && b->metadata &&
                 gcn_metadata_to_yaml(a->metadata, a->metadata_size, &ya, &la, message, sizeof message) &&
                 gcn_metadata_to_yaml(b->metadata, b->metadata_size, &yb, &lb, message, sizeof message) &&
                 la == lb && memcmp(ya, yb, la) == 0);
    free(ya);
    free(yb);
    if (!same)
        snprintf(why, size, "the metadata differs");
    return same;
}

static bool read_object(const char *path, gcn_elf_object *object, char *why, size_t size)
{
    size_t length;
    char *data = test_read_file(path, &length);
    char error[300];
    bool ok = data && gcn_elf_read((const uint8_t *)data, length, object, error, sizeof error);
    if (!ok)
        snprintf(why, size, "%s: %s", path, data ? error : "cannot read it");
    free(data);
    return ok;
}

/* Assembles the source of object (mode: -s llvm --reassemble, or -s clrx)
 * with assembler (a command taking the cpu, the source and the output)
 * and compares the result with object. */
static void reassemble(const char *object, const char *mode, const char *assembler)
{
    char path[256], why[600] = "", command[1024], source[128], output[128];
    snprintf(path, sizeof path, DIR "%s", object);
    gcn_elf_object first, second;
    if (!read_object(path, &first, why, sizeof why)) {
        test_fail(&summary, "%s", why);
        return;
    }
    gcn_target target;
    if (!gcn_target_from_elf_flags(first.flags, first.abi_version + 2u, &target)) {
        test_fail(&summary, "%s: unknown processor", object);
        gcn_elf_free(&first);
        return;
    }
    snprintf(source, sizeof source, "%s/source.s", scratch);
    snprintf(output, sizeof output, "%s/again.o", scratch);
    unlink(output);
    snprintf(command, sizeof command, "%s/gcndis %s %s >%s && ", build, mode, path, source);
    size_t used = strlen(command);
    snprintf(command + used, sizeof command - used, assembler, target.processor->name, source, output);
    run_result r = run(command);
    if (r.status != 0)
        test_fail(&summary, "%s: %s: exit %d: %.300s", object, command, r.status, r.err);
    else if (!read_object(output, &second, why, sizeof why))
        test_fail(&summary, "%s: %s", object, why);
    else {
        if (equivalent(&first, &second, why, sizeof why))
            test_pass(&summary);
        else
            test_fail(&summary, "%s through %s: not equivalent: %s", object, command, why);
        gcn_elf_free(&second);
    }
    run_free(&r);
    gcn_elf_free(&first);
}

static void test_reassembly(void)
{
    const char *llvm_mc = "llvm-mc -triple amdgcn-amd-amdhsa -mcpu=%s -filetype=obj %s -o %s";
    bool mc = have("llvm-mc");
    /* gcnasm writes objects once objects-write (gcnasm -f elf) is merged. */
    char command[256];
    snprintf(command, sizeof command, "echo | %s/gcnasm -a gfx900 -f elf -o /dev/null", build);
    run_result probe = run(command);
    bool gcnasm_elf = probe.status == 0;
    run_free(&probe);
    if (!gcnasm_elf)
        printf("note objects: gcnasm -f elf is not built here yet: the round trips through gcnasm "
               "wait for it (those through llvm-mc run)\n");
    char gcnasm_llvm[256], gcnasm_clrx[256];
    snprintf(gcnasm_llvm, sizeof gcnasm_llvm, "%s/gcnasm -s llvm -a %%s -f elf %%s -o %%s", build);
    snprintf(gcnasm_clrx, sizeof gcnasm_clrx, "%s/gcnasm -s clrx -a %%s -f elf %%s -o %%s", build);
    if (!mc)
        test_skip(&summary, 1, "llvm-mc is missing: no round trip through it");
    for (size_t i = 0; i < OBJECT_COUNT; i++) {
        size_t length = strlen(objects[i]);
        if (length < 2 || strcmp(objects[i] + length - 2, ".o") != 0)
            continue; /* a linked object's source makes a relocatable one */
        if (mc)
            reassemble(objects[i], "-s llvm --reassemble", llvm_mc);
        if (gcnasm_elf && strncmp(objects[i], "opencl/", 7) != 0) {
            reassemble(objects[i], "-s llvm --reassemble", gcnasm_llvm);
            reassemble(objects[i], "-s clrx", gcnasm_clrx);
        }
    }
}

/* ---- damaged objects ---- */

static bool discard(void *context, const char *text, size_t length)
{
    (void)context;
    (void)text;
    (void)length;
    return true;
}

typedef struct image {
    uint8_t *bytes;
    size_t size;
} image;

static Elf64_Ehdr header_of(const image *m)
{
    Elf64_Ehdr h;
    memcpy(&h, m->bytes, sizeof h);
    return h;
}

static void put_header(image *m, const Elf64_Ehdr *h)
{
    memcpy(m->bytes, h, sizeof *h);
}

static Elf64_Shdr *section_header(image *m, size_t index)
{
    Elf64_Ehdr h = header_of(m);
    return (Elf64_Shdr *)(void *)(m->bytes + h.e_shoff + index * sizeof(Elf64_Shdr));
}

/* The index of the first section of a type, or named name. */
static size_t find_section(image *m, uint32_t type, const char *name)
{
    Elf64_Ehdr h = header_of(m);
    Elf64_Shdr names;
    memcpy(&names, section_header(m, h.e_shstrndx), sizeof names);
    for (size_t i = 1; i < h.e_shnum; i++) {
        Elf64_Shdr s;
        memcpy(&s, section_header(m, i), sizeof s);
        if ((name && strcmp((const char *)m->bytes + names.sh_offset + s.sh_name, name) == 0) ||
            (!name && s.sh_type == type))
            return i;
    }
    return 0;
}

/* Changes a 64-bit or 32-bit field of a section header, a symbol or a
 * relocation (through memcpy: the image has no alignment). */
#define SET_FIELD(m, base, type, field, value)                                      \
    do {                                                                            \
        type record_;                                                               \
        memcpy(&record_, (m)->bytes + (base), sizeof record_);                      \
        record_.field = (value);                                                    \
        memcpy((m)->bytes + (base), &record_, sizeof record_);                      \
    } while (0)

static size_t section_base(image *m, size_t index)
{
    return (size_t)(header_of(m).e_shoff + index * sizeof(Elf64_Shdr));
}

static uint64_t section_offset(image *m, size_t index)
{
    Elf64_Shdr s;
    memcpy(&s, section_header(m, index), sizeof s);
    return s.sh_offset;
}

typedef enum damage {
    TRUNCATE_10, TRUNCATE_63, TRUNCATE_200, TRUNCATE_LAST, CLASS_32, BIG_ENDIAN, MACHINE_X86,
    TYPE_CORE, SHOFF_HUGE, SHNUM_HUGE, SHENTSIZE, SHSTRNDX, TEXT_PAST_END, TEXT_SIZE_HUGE,
    OVERLAP, SECTION_NAME, SYMTAB_LINK, SYMTAB_ENTSIZE, SYMBOL_NAME, SYMBOL_SECTION,
    SYMBOL_VALUE, RELOCATION_SYMBOL, RELOCATION_OFFSET, RELOCATION_TARGET, NOTE_SIZE,
    METADATA_GARBAGE, METADATA_HUGE_ARRAY, UNKNOWN_MACHINE, DAMAGE_COUNT
} damage;

static const char *const damage_messages[DAMAGE_COUNT] = {
    [TRUNCATE_10] = "truncated: 10 bytes",
    [TRUNCATE_63] = "truncated: 63 bytes",
    [TRUNCATE_200] = "the section header table (offset 2984) is not inside the file (200 bytes)",
    [TRUNCATE_LAST] = "does not hold its 10 entries in the file (3623 bytes)",
    [CLASS_32] = "32-bit",
    [BIG_ENDIAN] = "not little-endian",
    [MACHINE_X86] = "not an AMDGPU object: its machine (e_machine) is 62",
    [TYPE_CORE] = "neither a relocatable object nor a code object",
    [SHOFF_HUGE] = "the section header table (offset 9223372036854775552) is not inside",
    [SHNUM_HUGE] = "does not hold its 65279 entries",
    [SHENTSIZE] = "section headers of 40 bytes",
    [SHSTRNDX] = "section name table",
    [TEXT_PAST_END] = "(.text): its 580 bytes at offset 3620 go past the end of the file (3624",
    [TEXT_SIZE_HUGE] = "go past the end of the file",
    [OVERLAP] = "overlap in the file",
    [SECTION_NAME] = "is outside the section name table",
    [SYMTAB_LINK] = "is no string table",
    [SYMTAB_ENTSIZE] = "entries of 16 bytes",
    [SYMBOL_NAME] = "is outside the string table",
    [SYMBOL_SECTION] = "section index 200 does not exist",
    [SYMBOL_VALUE] = "lies outside its section",
    [RELOCATION_SYMBOL] = "names symbol 1000 of",
    [RELOCATION_OFFSET] = "lies outside section",
    [RELOCATION_TARGET] = "applies to section 77, which does not exist",
    [NOTE_SIZE] = "runs past the section",
    [METADATA_GARBAGE] = "not one MessagePack document",
    [METADATA_HUGE_ARRAY] = "declares an array or map of more elements than its",
    [UNKNOWN_MACHINE] = "EF_AMDGPU_MACH 0x40",
};

/* The good object with one thing damaged; its size in *size. */
static void apply(image *m, damage d)
{
    Elf64_Ehdr h = header_of(m);
    size_t symtab = find_section(m, SHT_SYMTAB, NULL), rela = find_section(m, SHT_RELA, NULL);
    size_t text = find_section(m, 0, ".text"), data = find_section(m, 0, ".data");
    size_t note = find_section(m, SHT_NOTE, NULL);
    size_t symbol = (size_t)section_offset(m, symtab) + 2 * sizeof(Elf64_Sym);
    size_t relocation = (size_t)section_offset(m, rela);
    switch (d) {
    case TRUNCATE_10: m->size = 10; break;
    case TRUNCATE_63: m->size = 63; break;
    case TRUNCATE_200: m->size = 200; break;
    case TRUNCATE_LAST: m->size -= 1; break;
    case CLASS_32: m->bytes[EI_CLASS] = ELFCLASS32; break;
    case BIG_ENDIAN: m->bytes[EI_DATA] = ELFDATA2MSB; break;
    case MACHINE_X86: h.e_machine = EM_X86_64; put_header(m, &h); break;
    case TYPE_CORE: h.e_type = ET_CORE; put_header(m, &h); break;
    case SHOFF_HUGE: h.e_shoff = 0x7fffffffffffff00ull; put_header(m, &h); break;
    case SHNUM_HUGE: h.e_shnum = 0xfeff; put_header(m, &h); break;
    case SHENTSIZE: h.e_shentsize = 40; put_header(m, &h); break;
    case SHSTRNDX: h.e_shstrndx = 200; put_header(m, &h); break;
    case TEXT_PAST_END:
        SET_FIELD(m, section_base(m, text), Elf64_Shdr, sh_offset, m->size - 4);
        break;
    case TEXT_SIZE_HUGE:
        SET_FIELD(m, section_base(m, text), Elf64_Shdr, sh_size, 0xffffffffffffull);
        break;
    case OVERLAP:
        SET_FIELD(m, section_base(m, data), Elf64_Shdr, sh_offset, section_offset(m, text) + 8);
        break;
    case SECTION_NAME: SET_FIELD(m, section_base(m, text), Elf64_Shdr, sh_name, 0xffffff); break;
    case SYMTAB_LINK: SET_FIELD(m, section_base(m, symtab), Elf64_Shdr, sh_link, (Elf64_Word)text); break;
    case SYMTAB_ENTSIZE: SET_FIELD(m, section_base(m, symtab), Elf64_Shdr, sh_entsize, 16); break;
    case SYMBOL_NAME: SET_FIELD(m, symbol, Elf64_Sym, st_name, 0xfffffff); break;
    case SYMBOL_SECTION: SET_FIELD(m, symbol, Elf64_Sym, st_shndx, 200); break;
    case SYMBOL_VALUE:
        SET_FIELD(m, symbol, Elf64_Sym, st_shndx, (Elf64_Section)text);
        SET_FIELD(m, symbol, Elf64_Sym, st_value, 0x100000);
        break;
    case RELOCATION_SYMBOL:
        SET_FIELD(m, relocation, Elf64_Rela, r_info, ELF64_R_INFO(1000, 3));
        break;
    case RELOCATION_OFFSET: SET_FIELD(m, relocation, Elf64_Rela, r_offset, 0x123456); break;
    case RELOCATION_TARGET: SET_FIELD(m, section_base(m, rela), Elf64_Shdr, sh_info, 77); break;
    case NOTE_SIZE: { /* the first note's description size */
        size_t at = (size_t)section_offset(m, note) + 4;
        uint32_t size = 0x7ffffff0;
        memcpy(m->bytes + at, &size, 4);
        break;
    }
    case METADATA_GARBAGE: { /* the description's first byte: 0xc1 is never used */
        size_t at = (size_t)section_offset(m, note) + 12 + 8;
        m->bytes[at] = 0xc1;
        break;
    }
    case METADATA_HUGE_ARRAY: { /* an array of 2^32 - 1 elements in a few bytes */
        size_t at = (size_t)section_offset(m, note) + 12 + 8;
        static const uint8_t array[] = {0xdd, 0xff, 0xff, 0xff, 0xff};
        memcpy(m->bytes + at, array, sizeof array);
        break;
    }
    case UNKNOWN_MACHINE: h.e_flags = (h.e_flags & ~0xffu) | 0x40; put_header(m, &h); break;
    case DAMAGE_COUNT: break;
    }
}

static void test_damaged(void)
{
    size_t size;
    char *good = test_read_file(DIR "kernels_gfx900.o", &size);
    if (!good) {
        test_fail(&summary, "cannot read " DIR "kernels_gfx900.o");
        return;
    }
    for (int d = 0; d < DAMAGE_COUNT; d++) {
        image m = {malloc(size), size};
        memcpy(m.bytes, good, size);
        apply(&m, (damage)d);
        for (int mode = 0; mode < 3; mode++) {
            gcn_object_options options = {mode ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX, false,
                                          GCN_ARCH_GCN14, mode == 2, false, "damaged.o"};
            char error[300], warning[300];
            bool ok = gcn_disassemble_object(&options, m.bytes, m.size, discard, NULL, error,
                                             sizeof error, warning, sizeof warning);
            if (ok || !strstr(error, damage_messages[d]))
                test_fail(&summary, "damage %d: %s, '%s' (expected '%s')", d,
                          ok ? "accepted" : "refused", ok ? "" : error, damage_messages[d]);
            else
                test_pass(&summary);
        }
        /* the tool: one line that names the file, nothing on standard output */
        char path[128], command[300], expected[400];
        snprintf(path, sizeof path, "%s/damaged%d.o", scratch, d);
        FILE *file = fopen(path, "wb");
        if (file) {
            fwrite(m.bytes, 1, m.size, file);
            fclose(file);
        }
        snprintf(command, sizeof command, "%s/gcndis -s llvm %s", build, path);
        run_result r = run(command);
        snprintf(expected, sizeof expected, "gcndis: %s: error: ", path);
        if (r.status != 1 || r.out_length || strncmp(r.err, expected, strlen(expected)) != 0 ||
            strchr(r.err, '\n') != r.err + r.err_length - 1 || !strstr(r.err, damage_messages[d]))
            test_fail(&summary, "%s: exit %d, output %zu bytes, messages '%s'", command, r.status,
                      r.out_length, r.err);
        else
            test_pass(&summary);
        run_free(&r);
        free(m.bytes);
    }
    /* Random damage to the headers and tables: any answer but a crash, a
     * hang or a leak (the sanitizer build checks). */
    uint64_t state = 0x9e3779b97f4a7c15ull;
    unsigned refused = 0, accepted = 0;
    for (int i = 0; i < 3000; i++) {
        image m = {malloc(size), size};
        memcpy(m.bytes, good, size);
        int changes = 1 + i % 4;
        for (int c = 0; c < changes; c++) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            size_t at = (size_t)(state >> 33) % size;
            if (c == 0 && i % 3 == 0) /* the ELF header or the section headers */
                at = i % 6 == 0 ? at % sizeof(Elf64_Ehdr) : size - 1 - at % (9 * sizeof(Elf64_Shdr));
            m.bytes[at] ^= (uint8_t)(1u << (state >> 60 & 7));
        }
        gcn_object_options options = {i & 1 ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX, false,
                                      GCN_ARCH_GCN14, (i & 2) != 0, false, "random.o"};
        char error[300], warning[300];
        if (gcn_disassemble_object(&options, m.bytes, m.size, discard, NULL, error, sizeof error,
                                   warning, sizeof warning))
            accepted++;
        else if (error[0])
            refused++;
        else
            test_fail(&summary, "random damage %d: refused without a message", i);
        free(m.bytes);
    }
    printf("objects: 3000 randomly damaged objects: %u refused with a message, %u read\n", refused,
           accepted);
    test_pass(&summary);
    free(good);
}

/* ---- the tools' conventions ---- */

static void expect(const char *command, int status, const char *out_part, const char *err_part,
                   bool one_error_line)
{
    run_result r = run(command);
    bool ok = r.status == status && (!out_part || strstr(r.out, out_part)) &&
              (!err_part ? r.err_length == 0 : strstr(r.err, err_part) != NULL) &&
              (!one_error_line || (r.err_length && strchr(r.err, '\n') == r.err + r.err_length - 1));
    if (ok)
        test_pass(&summary);
    else
        test_fail(&summary, "%s: exit %d, output '%.200s', messages '%.300s'", command, r.status,
                  r.out, r.err);
    run_free(&r);
}

static void test_tools(void)
{
    char command[512], part[256];
    /* ELF by its magic, whatever -f says, from a file or from standard input */
    snprintf(command, sizeof command, "%s/gcndis -s llvm -f hex " DIR "kernels_tonga.o", build);
    expect(command, 0, "s_buffer_load_dword s12, s[8:11], 0x10", NULL, false);
    snprintf(command, sizeof command, "%s/gcndis -s llvm <" DIR "kernels_tonga.o", build);
    expect(command, 0, "<stdin>:\tfile format elf64-amdgpu", NULL, false);
    /* -a that disagrees with e_flags: a warning, and the code as -a says */
    snprintf(command, sizeof command, "%s/gcndis -s llvm -a tahiti " DIR "kernels_gfx900.o", build);
    expect(command, 0, "file format elf64-amdgpu",
           "gcndis: " DIR "kernels_gfx900.o: warning: -a gcn1.0 disagrees with the object's "
           "processor gfx900 (gcn1.4); disassembling as gcn1.0",
           true);
    snprintf(command, sizeof command, "%s/gcndis -s llvm -a gfx9 " DIR "kernels_gfx900.o", build);
    expect(command, 0, "global_load_dword v1, v0, s[4:5]", NULL, false);
    /* the clrx dialect: source, branch targets as labels */
    snprintf(command, sizeof command, "%s/gcndis " DIR "kernels_gfx900.o", build);
    expect(command, 0, "\t.amdhsa_kernel buffer_loop\n", NULL, false);
    /* gcnasm given an object or another binary file: one message */
    snprintf(command, sizeof command, "%s/gcnasm -a gfx900 -o %s/a.out " DIR "kernels_gfx900.o", build,
             scratch);
    snprintf(part, sizeof part, "gcnasm: " DIR "kernels_gfx900.o: error: an ELF object, not assembly source");
    expect(command, 1, NULL, part, true);
    snprintf(command, sizeof command,
             "printf 's_nop 0\\n\\001\\000\\002 s_endpgm\\n' >%s/binary.s && %s/gcnasm -a gfx900 "
             "-f hex %s/binary.s",
             scratch, build, scratch);
    snprintf(part, sizeof part, "binary.s: error: a binary file (a NUL byte at offset 9), not assembly source");
    expect(command, 1, NULL, part, true);
    snprintf(command, sizeof command, "%s/gcnasm -a gfx900 -f hex <" DIR "kernels_gfx900.so", build);
    expect(command, 1, NULL, "gcnasm: <stdin>: error: an ELF object", true);
}

int main(void)
{
    if (getenv("GCN_BUILD"))
        build = getenv("GCN_BUILD");
    snprintf(scratch, sizeof scratch, "/tmp/gcn-objects-XXXXXX");
    if (!mkdtemp(scratch)) {
        test_fail(&summary, "cannot make a temporary folder");
        return test_finish(&summary);
    }
    test_expected_output();
    test_objdump();
    test_reassembly();
    test_damaged();
    test_tools();
    char command[128];
    snprintf(command, sizeof command, "rm -rf %s", scratch);
    if (system(command) != 0)
        printf("objects: cannot remove %s\n", scratch);
    return test_finish(&summary);
}
