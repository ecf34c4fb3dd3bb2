/* gcnasm -f elf against llvm-mc -filetype=obj on the kernels of
 * tests/data/objects: the same sections (name, type, flags, alignment,
 * bytes), symbols, relocations, kernel descriptors and metadata (decoded),
 * compared as tests/support/object_dump.c prints them; and ld.lld -shared
 * of each makes the same code object. The dumps of llvm-mc's objects and
 * of their links are checked in (NAME.dump, NAME.so.dump), so a clone
 * without llvm-mc or ld.lld still checks gcnasm's objects byte for byte.
 *
 *   NAME.s            hand-written: first lines "; target: CPU" (gcnasm -a
 *                     and llvm-mc -mcpu, "gfx900:xnack-" for features), and
 *                     "; link: no" for relocations a shared object refuses,
 *                     "; option: X" for an option of both (the version)
 *   compiled/NAME-CPU.s  clang-14 -S of OpenCL C: counted while the tables
 *                     do not know their instructions yet, then compared;
 *                     meanwhile compared with those statements blanked
 *                     (NAME-CPU.stripped.dump: every section, symbol,
 *                     descriptor and the metadata but the code; and
 *                     NAME-CPU.stripped.so.dump, its ld.lld -shared link).
 *
 * GCN_GOLDEN_UPDATE=1 writes the dumps from llvm-mc and ld.lld. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "asm/assembler.h"
#include "object/object.h"
#include "support/harness.h"
#include "support/llvm.h"
#include "support/object_dump.h"

static test_summary summary = {"objects", 0, 0, 0};
static char work[256];
static const char *build = "build";
static char lld[4096];
static bool update;

static bool executable(const char *path)
{
    return access(path, X_OK) == 0;
}

static const char *find_lld(void)
{
    const char *path = getenv("PATH");
    while (path && *path) {
        const char *colon = strchr(path, ':');
        size_t length = colon ? (size_t)(colon - path) : strlen(path);
        if (length && (size_t)snprintf(lld, sizeof lld, "%.*s/ld.lld", (int)length, path) < sizeof lld &&
            executable(lld))
            return lld;
        path += length + (colon != NULL);
    }
    return NULL;
}

/* Runs argv, its output and errors into err; the exit status, -1 if it
 * could not run. */
static int run(char *const argv[], const char *err)
{
    pid_t child = fork();
    if (child < 0)
        return -1;
    if (child == 0) {
        int e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (e < 0 || dup2(e, 1) < 0 || dup2(e, 2) < 0)
            _exit(126);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    if (waitpid(child, &status, 0) < 0 || !WIFEXITED(status))
        return -1;
    return WEXITSTATUS(status);
}

static char *read_text(const char *path)
{
    size_t length;
    return test_read_file(path, &length);
}

static bool write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    bool ok = f && fputs(text, f) >= 0;
    if (f)
        ok = fclose(f) == 0 && ok;
    return ok;
}

/* The first line where two dumps differ, for the failure message. */
static void show_difference(const char *name, const char *got, const char *want)
{
    unsigned line = 1;
    while (*got && *got == *want) {
        line += *got == '\n';
        got++, want++;
    }
    printf("  %s: first difference on dump line %u:\n    got:  %.300s\n    want: %.300s\n", name, line,
           got, want);
}

static void check_same(const char *what, const char *name, const char *got, const char *want)
{
    if (got && want && strcmp(got, want) == 0) {
        test_pass(&summary);
        return;
    }
    if (got && want)
        show_difference(name, got, want);
    test_fail(&summary, "%s: %s differs", name, what);
}

static char *dump(const char *path)
{
    char error[256];
    char *text = object_dump(path, error, sizeof error);
    if (!text)
        printf("  %s\n", error);
    return text;
}

/* The golden file: compared with, or written from want when updating. */
static void check_golden(const char *name, const char *golden, const char *got, const char *want)
{
    if (update && want) {
        if (!write_text(golden, want))
            test_fail(&summary, "%s: cannot write %s", name, golden);
        return;
    }
    char *expected = read_text(golden);
    if (!expected) {
        test_fail(&summary, "%s: %s is missing (GCN_GOLDEN_UPDATE=1 makes it)", name, golden);
        return;
    }
    check_same("the object against the checked-in dump", name, got, expected);
    free(expected);
}

typedef struct target_line {
    char option[64]; /* an option of both tools ("; option: ..."), or "" */
    char cpu[64];   /* gcnasm -a */
    char mcpu[64];  /* llvm-mc -mcpu */
    char mattr[64]; /* llvm-mc -mattr */
} target_line;

/* "gfx906:xnack-" -> -mcpu=gfx906 -mattr=-xnack */
static void split_target(const char *cpu, target_line *t)
{
    t->option[0] = '\0';
    snprintf(t->cpu, sizeof t->cpu, "%s", cpu);
    size_t n = strcspn(cpu, ":");
    snprintf(t->mcpu, sizeof t->mcpu, "%.*s", (int)n, cpu);
    t->mattr[0] = '\0';
    const char *p = cpu + n;
    while (*p == ':') {
        p++;
        size_t m = strcspn(p, ":");
        if (m > 1 && strlen(t->mattr) + m + 2 < sizeof t->mattr) {
            char sign = p[m - 1];
            size_t used = strlen(t->mattr);
            snprintf(t->mattr + used, sizeof t->mattr - used, "%s%c%.*s", used ? "," : "", sign,
                     (int)(m - 1), p);
        }
        p += m;
    }
}

/* Assembles path with gcnasm and llvm-mc, links both, compares. */
static void compare_file(const char *path, const char *name, const target_line *t, const char *llvm_mc,
                         const char *linker)
{
    char *source = read_text(path);
    if (source && strstr(source, "; link: no"))
        linker = NULL; /* a file of relocations no shared object takes */
    free(source);
    char ours_object[512], llvm_object[512], log[512], gcnasm[512], golden[512];
    snprintf(ours_object, sizeof ours_object, "%s/%s.gcn.o", work, name);
    snprintf(llvm_object, sizeof llvm_object, "%s/%s.llvm.o", work, name);
    snprintf(log, sizeof log, "%s/%s.log", work, name);
    snprintf(gcnasm, sizeof gcnasm, "%s/gcnasm", build);
    char *gcn_argv[] = {gcnasm, "-a", (char *)t->cpu, "-s", "llvm", "-f", "elf", "-o", ours_object,
                        (char *)path, t->option[0] ? (char *)t->option : NULL, NULL};
    int status = run(gcn_argv, log);
    if (status != 0) {
        char *messages = read_text(log);
        test_fail(&summary, "%s: gcnasm -f elf failed (%d): %.500s", name, status, messages ? messages : "");
        free(messages);
        return;
    }
    test_pass(&summary);
    char *got = dump(ours_object);
    char *want = NULL;
    if (llvm_mc) {
        char mcpu[80], mattr[80];
        snprintf(mcpu, sizeof mcpu, "-mcpu=%s", t->mcpu);
        snprintf(mattr, sizeof mattr, "-mattr=%s", t->mattr);
        char *llvm_argv[] = {(char *)llvm_mc, "-filetype=obj", "-triple", "amdgcn-amd-amdhsa", mcpu,
                             "-o", llvm_object, (char *)path, t->option[0] ? (char *)t->option : mattr,
                             t->option[0] && t->mattr[0] ? mattr : NULL, NULL};
        if (!t->option[0] && !t->mattr[0])
            llvm_argv[8] = NULL;
        if (run(llvm_argv, log) != 0) {
            char *messages = read_text(log);
            test_fail(&summary, "%s: llvm-mc failed: %.300s", name, messages ? messages : "");
            free(messages);
        } else {
            want = dump(llvm_object);
            check_same("the object against llvm-mc's", name, got, want);
        }
    }
    snprintf(golden, sizeof golden, "tests/data/objects/%s.dump", name);
    check_golden(name, golden, got, want);
    if (linker) {
        char gcn_shared[512], llvm_shared[512];
        snprintf(gcn_shared, sizeof gcn_shared, "%s/%s.gcn.so", work, name);
        snprintf(llvm_shared, sizeof llvm_shared, "%s/%s.llvm.so", work, name);
        char *link_gcn[] = {(char *)linker, "-shared", "-o", gcn_shared, ours_object, NULL};
        char *got_shared = run(link_gcn, log) == 0 ? dump(gcn_shared) : NULL;
        char *messages = got_shared ? NULL : read_text(log);
        char *want_shared = NULL;
        if (want) {
            char *link_llvm[] = {(char *)linker, "-shared", "-o", llvm_shared, llvm_object, NULL};
            want_shared = run(link_llvm, log) == 0 ? dump(llvm_shared) : NULL;
            if (got_shared && want_shared)
                check_same("the linked code object against llvm-mc's", name, got_shared, want_shared);
        }
        if (!got_shared && want && !want_shared) {
            /* Every kernel here links on its own (the compiled ones call
             * no library function), so a refusal of both is a defect of
             * the source, and the link would test nothing. */
            test_fail(&summary, "%s: ld.lld -shared refuses both objects: %.300s", name,
                      messages ? messages : "");
        } else if (!got_shared) {
            test_fail(&summary, "%s: ld.lld -shared of gcnasm's object failed: %.300s", name,
                      messages ? messages : "");
        }
        free(messages);
        snprintf(golden, sizeof golden, "tests/data/objects/%s.so.dump", name);
        if (got_shared)
            check_golden(name, golden, got_shared, want_shared);
        free(got_shared);
        free(want_shared);
    } else if (!find_lld()) {
        test_skip(&summary, 1, "ld.lld is missing: the linked code objects are not checked");
    }
    free(got);
    free(want);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .s files of a folder, sorted (malloc'ed names). */
static size_t list_sources(const char *folder, char ***names)
{
    DIR *dir = opendir(folder);
    size_t count = 0, capacity = 0;
    *names = NULL;
    if (!dir)
        return 0;
    struct dirent *entry;
    while ((entry = readdir(dir))) {
        size_t n = strlen(entry->d_name);
        if (n < 3 || strcmp(entry->d_name + n - 2, ".s") != 0)
            continue;
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 16;
            *names = realloc(*names, capacity * sizeof **names);
        }
        (*names)[count++] = strdup(entry->d_name);
    }
    closedir(dir);
    if (count)
        qsort(*names, count, sizeof **names, compare_names);
    return count;
}

static void hand_written(const char *llvm_mc, const char *linker)
{
    char **names;
    size_t count = list_sources("tests/data/objects", &names);
    if (count == 0)
        test_fail(&summary, "no kernels in tests/data/objects");
    for (size_t i = 0; i < count; i++) {
        char path[512], name[256];
        snprintf(path, sizeof path, "tests/data/objects/%s", names[i]);
        snprintf(name, sizeof name, "%.*s", (int)(strlen(names[i]) - 2), names[i]);
        char *source = read_text(path);
        const char *line = source ? strstr(source, "; target: ") : NULL;
        if (!line) {
            test_fail(&summary, "%s: no '; target: CPU' line", path);
            free(source);
            continue;
        }
        char cpu[64];
        sscanf(line + 10, "%63s", cpu);
        target_line t;
        split_target(cpu, &t);
        const char *option = strstr(source, "; option: ");
        if (option)
            sscanf(option + 10, "%63s", t.option);
        compare_file(path, name, &t, llvm_mc, linker);
        free(source);
    }
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
}

/* source with the lines that messages (path:LINE:COL: error: unknown
 * instruction) name made blank. */
/* The assembler's message for an instruction of the GCN ISA whose encoding
 * the tables do not have yet: "v_add_f32 is a VOP2 instruction, not
 * supported yet" (up to the end of its line). */
static bool not_supported_yet(const char *message)
{
    const char *end = strchr(message, '\n');
    size_t length = end ? (size_t)(end - message) : strlen(message);
    static const char tail[] = " instruction, not supported yet";
    size_t tail_length = sizeof tail - 1;
    return length > tail_length && memcmp(message + length - tail_length, tail, tail_length) == 0;
}

static char *strip_lines(const char *source, size_t length, const char *messages, const char *path)
{
    char *copy = malloc(length + 1);
    if (!copy)
        return NULL;
    memcpy(copy, source, length);
    copy[length] = '\0';
    size_t path_length = strlen(path);
    for (const char *p = messages; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        unsigned line;
        if (strncmp(p, path, path_length) != 0 || sscanf(p + path_length, ":%u:", &line) != 1)
            continue;
        const char *error = strstr(p, ": error: ");
        const char *end = strchr(p, '\n');
        if (!error || (end && error > end) || !not_supported_yet(error + 9))
            continue;
        char *at = copy;
        for (unsigned l = 1; l < line && at; l++) {
            at = strchr(at, '\n');
            at = at ? at + 1 : NULL;
        }
        while (at && *at && *at != '\n')
            *at++ = ' ';
    }
    return copy;
}

/* The compiled kernels: through the library with no error cap, counting
 * the statements whose instructions the tables do not know yet. */
static void compiled(const char *llvm_mc, const char *linker)
{
    char **names;
    size_t count = list_sources("tests/data/objects/compiled", &names);
    if (count == 0)
        test_fail(&summary, "no compiled kernels in tests/data/objects/compiled");
    unsigned kernels = 0, assembled_kernels = 0, unknown = 0, files_assembled = 0;
    for (size_t i = 0; i < count; i++) {
        char path[512], name[256], cpu[64];
        snprintf(path, sizeof path, "tests/data/objects/compiled/%s", names[i]);
        snprintf(name, sizeof name, "compiled/%.*s", (int)(strlen(names[i]) - 2), names[i]);
        const char *dash = strrchr(names[i], '-');
        snprintf(cpu, sizeof cpu, "%.*s", dash ? (int)(strlen(dash + 1) - 2) : 0, dash ? dash + 1 : "");
        size_t length;
        char *source = test_read_file(path, &length);
        if (!source) {
            test_fail(&summary, "%s: cannot read it", path);
            continue;
        }
        unsigned here = 0;
        for (const char *p = source; (p = strstr(p, ".amdhsa_kernel ")); p++)
            here++;
        kernels += here;
        gcn_arch arch;
        if (gcn_arch_from_name(cpu, &arch) != GCN_OK) {
            test_fail(&summary, "%s: unknown processor '%s' in the file name", path, cpu);
            free(source);
            continue;
        }
        char *messages = NULL;
        size_t messages_length = 0;
        FILE *diagnostics = open_memstream(&messages, &messages_length);
        gcn_assembly assembly = {arch, GCN_DIALECT_LLVM, path, diagnostics, 0, 0, 1u << 30};
        /* As an object, as clang assembles them: their operands name
         * globals through relocations (s_add_u32 s4, s4, sym@rel32@lo+4). */
        gcn_object object = {0};
        gcn_output output = {.skip_statement_ends = true, .target = cpu, .object = &object};
        bool ok = gcn_assemble(&assembly, source, length, &output);
        fclose(diagnostics);
        gcn_output_free(&output);
        gcn_object_free(&object);
        /* Every error must be an instruction the tables lack. */
        unsigned others = 0, here_unknown = 0;
        for (const char *p = messages; p && (p = strstr(p, ": error: ")); p += 9) {
            if (not_supported_yet(p + 9))
                here_unknown++;
            else if (others++ == 0)
                printf("  %s: %.200s\n", path, p + 9);
        }
        if (others)
            test_fail(&summary, "%s: %u errors that are not instructions not supported yet", path, others);
        else
            test_pass(&summary);
        unknown += here_unknown;
        /* Meanwhile the rest of the file (sections, symbols, descriptors,
         * metadata): both assemblers on it with those statements blanked. */
        if (!ok && !others) {
            char *stripped = strip_lines(source, length, messages, path);
            char stripped_path[1024], stripped_name[300];
            snprintf(stripped_path, sizeof stripped_path, "%s/%s.stripped.s", work, name);
            snprintf(stripped_name, sizeof stripped_name, "%s.stripped", name);
            if (stripped && write_text(stripped_path, stripped)) {
                target_line t;
                split_target(cpu, &t);
                compare_file(stripped_path, stripped_name, &t, llvm_mc, linker);
            } else {
                test_fail(&summary, "%s: cannot write the file without its unknown instructions", path);
            }
            free(stripped);
        }
        if (ok) {
            files_assembled++;
            assembled_kernels += here;
            target_line t;
            split_target(cpu, &t);
            compare_file(path, name, &t, llvm_mc, linker);
        }
        free(messages);
        free(source);
    }
    printf("objects: compiled kernels: %u of %u assemble (%u of %zu files); %u statements use "
           "encodings not supported yet\n",
           assembled_kernels, kernels, files_assembled, count, unknown);
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
}

/* gcnasm -filetype=obj (llvm-mc's spelling) writes an object; on an error
 * the output file is left as it was. */
static void output_file(void)
{
    char source[512], object[512], log[512], gcnasm[512];
    snprintf(source, sizeof source, "%s/bad.s", work);
    snprintf(object, sizeof object, "%s/out.o", work);
    snprintf(log, sizeof log, "%s/out.log", work);
    snprintf(gcnasm, sizeof gcnasm, "%s/gcnasm", build);
    write_text(source, "k:\n s_endpgm\n.rodata\n.amdhsa_kernel k\n .amdhsa_next_free_vgpr 1\n"
                       ".end_amdhsa_kernel\n");
    write_text(object, "before");
    char *argv[] = {gcnasm, "-a", "gfx900", "-s", "llvm", "-filetype=obj", "-o", object, source, NULL};
    int status = run(argv, log);
    char *kept = read_text(object), *messages = read_text(log);
    if (status == 1 && kept && strcmp(kept, "before") == 0 && messages &&
        strstr(messages, "bad.s:6:19: error: .amdhsa_next_free_sgpr directive is required"))
        test_pass(&summary);
    else
        test_fail(&summary, "an error left the output file (exit %d, now '%.20s', messages %.200s)", status,
                  kept ? kept : "", messages ? messages : "");
    free(kept);
    free(messages);
    write_text(source, "k:\n s_endpgm\n.rodata\n.amdhsa_kernel k\n .amdhsa_next_free_vgpr 1\n"
                       " .amdhsa_next_free_sgpr 1\n.end_amdhsa_kernel\n");
    status = run(argv, log);
    kept = read_text(object);
    if (status == 0 && kept && memcmp(kept, "\177ELF", 4) == 0)
        test_pass(&summary);
    else
        test_fail(&summary, "gcnasm -filetype=obj: exit %d, no ELF object", status);
    free(kept);
}

/* Many symbols, defined and undefined, global and referenced: the tables
 * that find them by name (a quadratic search would take minutes). */
static void many_symbols(const char *llvm_mc)
{
    enum { COUNT = 20000 };
    char path[512];
    snprintf(path, sizeof path, "%s/many.s", work);
    FILE *f = fopen(path, "w");
    if (!f) {
        test_fail(&summary, "cannot write %s", path);
        return;
    }
    fputs("\t.data\n", f);
    for (int i = 0; i < COUNT; i++)
        fprintf(f, "\t.globl g%d\n", i);
    for (int i = 0; i < COUNT; i++)
        fprintf(f, "\t.quad u%d+%d\n\t.long g%d\n", i, i, COUNT - 1 - i);
    for (int i = 0; i < COUNT; i++)
        fprintf(f, "g%d: .byte %d\n", i, i & 0xff);
    fclose(f);
    /* No golden: llvm-mc's object is the expectation, when there is one. */
    char ours_object[512], log[512], gcnasm[512];
    snprintf(ours_object, sizeof ours_object, "%s/many.gcn.o", work);
    snprintf(log, sizeof log, "%s/many.log", work);
    snprintf(gcnasm, sizeof gcnasm, "%s/gcnasm", build);
    char *argv[] = {gcnasm, "-a", "gfx900", "-s", "llvm", "-f", "elf", "-o", ours_object, path, NULL};
    if (run(argv, log) != 0) {
        test_fail(&summary, "many symbols: gcnasm failed");
        return;
    }
    char *got = dump(ours_object);
    /* 40000 symbols (the null one apart), 40000 relocations */
    size_t symbols = 0, relocations = 0;
    for (const char *p = got; p && (p = strchr(p, '\n')); p++) {
        symbols += strncmp(p + 1, "symbol ", 7) == 0;
        relocations += strncmp(p + 1, "relocation ", 11) == 0;
    }
    if (symbols == 2 * COUNT && relocations == 2 * COUNT)
        test_pass(&summary);
    else
        test_fail(&summary, "many symbols: %zu symbols and %zu relocations, want %d of each", symbols,
                  relocations, 2 * COUNT);
    if (llvm_mc) {
        char llvm_object[512];
        snprintf(llvm_object, sizeof llvm_object, "%s/many.llvm.o", work);
        char *llvm_argv[] = {(char *)llvm_mc, "-filetype=obj", "-triple", "amdgcn-amd-amdhsa", "-mcpu=gfx900",
                             "-o", llvm_object, path, NULL};
        char *want = run(llvm_argv, log) == 0 ? dump(llvm_object) : NULL;
        check_same("the object against llvm-mc's", "many symbols", got, want);
        free(want);
    }
    free(got);
}

/* The temporary folder: files, and the compiled/ folder of files. */
static void remove_folder(const char *folder)
{
    DIR *dir = opendir(folder);
    struct dirent *entry;
    while (dir && (entry = readdir(dir))) {
        if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, ".."))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", folder, entry->d_name);
        struct stat info;
        if (lstat(path, &info) == 0 && S_ISDIR(info.st_mode))
            remove_folder(path);
        else
            unlink(path);
    }
    if (dir)
        closedir(dir);
    rmdir(folder);
}

int main(void)
{
    const char *b = getenv("GCN_BUILD");
    if (b && *b)
        build = b;
    update = getenv("GCN_GOLDEN_UPDATE") && strcmp(getenv("GCN_GOLDEN_UPDATE"), "1") == 0;
    snprintf(work, sizeof work, "%s/gcn-objects.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(work)) {
        test_fail(&summary, "cannot make a temporary folder");
        return test_finish(&summary);
    }
    char compiled_work[300];
    snprintf(compiled_work, sizeof compiled_work, "%s/compiled", work);
    mkdir(compiled_work, 0700);
    const char *llvm_mc = llvm_mc_path();
    const char *linker = find_lld();
    if (!llvm_mc)
        test_skip(&summary, 1, "llvm-mc is missing: objects checked against the checked-in dumps only");
    if (update && (!llvm_mc || !linker)) {
        test_fail(&summary, "GCN_GOLDEN_UPDATE=1 needs llvm-mc and ld.lld");
        return test_finish(&summary);
    }
    output_file();
    many_symbols(llvm_mc);
    /* the README's example */
    target_line example;
    split_target("gfx900", &example);
    compare_file("examples/kernel.s", "example_kernel", &example, llvm_mc, linker);
    hand_written(llvm_mc, linker);
    compiled(llvm_mc, linker);
    if (!getenv("GCN_TEST_KEEP")) {
        remove_folder(work);
    } else {
        printf("  kept %s\n", work);
    }
    return test_finish(&summary);
}
