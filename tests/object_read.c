/* gcndis on ELF objects (issue 14, reading; issue 12 point 5): the
 * checked-in objects of tests/data/object_read/ (hand-written kernels in the
 * families the tables know, made by llvm-mc and linked by ld.lld, and
 * OpenCL C kernels compiled by clang-14; tests/data/object_read/make.sh makes them)
 * against
 *   - the expected output checked in beside them (always),
 *   - llvm-objdump -d -r: every instruction line, label and relocation
 *     (GCN 1.2 and 1.4: llvm-objdump 14 does not disassemble GCN 1.0/1.1),
 *     counting the instructions the tables do not know yet,
 *   - the reassembled source: through llvm-mc, an object equivalent to the
 *     first (sections, symbols, relocations, descriptors, metadata); through
 *     gcnasm -f elf once gcnasm writes objects,
 * (tests/object_damage.c has the damaged objects.) */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dis/object.h"
#include "object/elf_read.h"
#include "object/metadata_read.h"
#include "support/command.h"
#include "support/harness.h"

static test_summary summary = {"object-read", 0, 0, 0};
static const char *build = "build";
static char scratch[64]; /* a temporary folder */

#define DIR "tests/data/object_read/"

static const char *const objects[] = {
    "kernels_gfx900.o", "kernels_gfx900.so", "kernels_tonga.o", "kernels_tonga.so",
    "kernels_tahiti.o", "kernels_tahiti.so", "kernels_hawaii.o", "kernels_hawaii.so",
    "relocs_tonga.o",   "features_gfx906.o", "version3_gfx906.o", "metadata_strings.o",
    "opencl/kernels_tahiti.o", "opencl/kernels_hawaii.o",
    "opencl/kernels_fiji.o", "opencl/kernels_gfx900.o", "code_relocations_gfx900.o"};
enum { OBJECT_COUNT = sizeof objects / sizeof objects[0] };

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
            run_result r = command_run(command);
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
            command_free(&r);
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
    run_result ours = command_run(command);
    snprintf(command, sizeof command, "cd " DIR " && llvm-objdump -d -r %s", object);
    run_result theirs = command_run(command);
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
    command_free(&ours);
    command_free(&theirs);
}

/* GCN 1.0 and 1.1 compiled code, which llvm-objdump 14 does not read: the
 * words gcndis prints as data, counted for the report. */
static void count_unknown(const char *object)
{
    char command[512];
    snprintf(command, sizeof command, "%s/gcndis -s llvm " DIR "%s", build, object);
    run_result r = command_run(command);
    size_t count = 0;
    listing_line *lines = listing_lines(r.out, &count);
    unsigned data = 0, instructions = 0;
    for (size_t i = 0; lines && i < count; i++)
        if (lines[i].kind == 'i')
            is_data(&lines[i]) ? data++ : instructions++;
    if (r.status != 0 || !lines || instructions == 0)
        test_fail(&summary, "%s: exit %d, %u instructions", command, r.status, instructions);
    else {
        printf("object-read: %s: %u instructions, %u words in encodings the tables do not have yet "
               "(printed as data)\n",
               object, instructions, data);
        test_pass(&summary);
    }
    free(lines);
    command_free(&r);
}

static void test_objdump(void)
{
    count_unknown("opencl/kernels_tahiti.o");
    count_unknown("opencl/kernels_hawaii.o");
    if (!command_exists("llvm-objdump")) {
        test_skip(&summary, 1, "llvm-objdump is missing (Debian: llvm-14, in /usr/lib/llvm-14/bin)");
        return;
    }
    /* GCN 1.2 and 1.4: llvm-objdump 14 stops on GCN 1.0 and 1.1 code. */
    static const struct {
        const char *object;
        int unknown; /* -1: compiled code, counted and reported */
    } cases[] = {{"kernels_gfx900.o", 0}, {"kernels_gfx900.so", 0}, {"kernels_tonga.o", 0},
                 {"kernels_tonga.so", 0}, {"relocs_tonga.o", 5},   {"features_gfx906.o", 0},
                 {"version3_gfx906.o", 0},  {"opencl/kernels_fiji.o", -1},
                 {"opencl/kernels_gfx900.o", -1}, {"code_relocations_gfx900.o", 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unsigned unknown, known;
        compare_with_objdump(cases[i].object, &unknown, &known);
        if (cases[i].unknown >= 0 && unknown != (unsigned)cases[i].unknown)
            test_fail(&summary, "%s: %u instructions printed as data, expected %d", cases[i].object,
                      unknown, cases[i].unknown);
        else if (cases[i].unknown < 0)
            printf("object-read: %s: %u of %u instructions as llvm-objdump prints them, %u in "
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
    /* gcnasm -a and llvm-mc -mcpu take the processor and its features:
     * "gfx906:sramecc+:xnack-", "-mcpu=gfx906 -mattr=+sramecc,-xnack" */
    char id[128], cpu[160];
    gcn_target_id(&target, 4, id, sizeof id);
    const char *processor = strstr(id, "--") ? strstr(id, "--") + 2 : id;
    if (strstr(assembler, "llvm-mc")) {
        if (first.abi_version != 2) { /* llvm-mc 14 takes no .amdhsa_code_object_version */
            gcn_elf_free(&first);
            return;
        }
        snprintf(cpu, sizeof cpu, "%s", target.processor->name);
        const char *features[2][2] = {{":sramecc+", "+sramecc"}, {":xnack+", "+xnack"}};
        const char *off[2] = {":sramecc-", ":xnack-"};
        for (int f = 0; f < 2; f++) {
            const char *mattr = strstr(id, features[f][0]) ? features[f][1]
                                : strstr(id, off[f])       ? (f ? "-xnack" : "-sramecc")
                                                           : NULL;
            if (mattr)
                snprintf(cpu + strlen(cpu), sizeof cpu - strlen(cpu), "%s%s",
                         strchr(cpu, ' ') ? "," : " -mattr=", mattr);
        }
        processor = cpu;
    }
    snprintf(source, sizeof source, "%s/source.s", scratch);
    snprintf(output, sizeof output, "%s/again.o", scratch);
    unlink(output);
    snprintf(command, sizeof command, "%s/gcndis %s %s >%s && ", build, mode, path, source);
    size_t used = strlen(command);
    snprintf(command + used, sizeof command - used, assembler, processor, source, output);
    run_result r = command_run(command);
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
    command_free(&r);
    gcn_elf_free(&first);
}

static void test_reassembly(void)
{
    const char *llvm_mc = "llvm-mc -triple amdgcn-amd-amdhsa -mcpu=%s -filetype=obj %s -o %s";
    bool mc = command_exists("llvm-mc");
    /* gcnasm writes objects once objects-write (gcnasm -f elf) is merged. */
    char command[256];
    snprintf(command, sizeof command, "echo | %s/gcnasm -a gfx900 -f elf -o /dev/null", build);
    run_result probe = command_run(command);
    bool gcnasm_elf = probe.status == 0;
    command_free(&probe);
    if (!gcnasm_elf)
        printf("note object-read: gcnasm -f elf is not built here yet: the round trips through gcnasm "
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
        if (gcnasm_elf) {
            reassemble(objects[i], "-s llvm --reassemble", gcnasm_llvm);
            reassemble(objects[i], "-s clrx", gcnasm_clrx);
        }
    }
}

int main(void)
{
    build = command_build();
    if (!command_folder()) {
        test_fail(&summary, "cannot make a temporary folder");
        return test_finish(&summary);
    }
    snprintf(scratch, sizeof scratch, "%s", command_folder());
    test_expected_output();
    test_objdump();
    test_reassembly();
    command_folder_remove();
    return test_finish(&summary);
}
