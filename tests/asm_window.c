/* Source files larger than the window they are read through
 * (gcn_assemble_file, .include): the same bytes, statement ends and
 * messages as the same text assembled whole from memory (gcn_assemble),
 * with what matters placed across the window's edges: macro, .rept and
 * .irp bodies, joined CLRX lines, lines of ASM_MAX_LINE characters and
 * longer, an error on the first line after the edge, block comments, NUL
 * bytes, '\r\n', .end, a last line without '\n', a source that takes a
 * second pass, and included files. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "asm/internal.h"
#include "support/harness.h"

static test_summary summary = {"asm-window", 0, 0, 0};

#define CHECK(condition, ...)                               \
    do {                                                    \
        if (condition) {                                    \
            test_pass(&summary);                            \
        } else {                                            \
            printf("  (tests/asm_window.c:%d) ", __LINE__); \
            test_fail(&summary, __VA_ARGS__);               \
        }                                                   \
    } while (0)

typedef struct text {
    char *data;
    size_t length, capacity;
} text;

static void add(text *t, const char *data, size_t length)
{
    if (t->length + length + 1 > t->capacity) {
        size_t capacity = t->capacity ? t->capacity * 2 : 65536;
        while (capacity < t->length + length + 1)
            capacity *= 2;
        t->data = realloc(t->data, capacity);
        if (!t->data) {
            puts("asm-window: out of memory");
            exit(1);
        }
        t->capacity = capacity;
    }
    memcpy(t->data + t->length, data, length);
    t->length += length;
    t->data[t->length] = '\0';
}

static void add_string(text *t, const char *string)
{
    add(t, string, strlen(string));
}

static void add_repeated(text *t, char c, size_t count)
{
    for (size_t i = 0; i < count; i++)
        add(t, &c, 1);
}

/* Lines of instructions up to exactly offset (a blank or padded last line). */
static void fill_to(text *t, size_t offset)
{
    static unsigned counter;
    while (t->length + 40 <= offset) {
        char line[64];
        int n = snprintf(line, sizeof line, "s_load_dword s%u, s[%u:%u], 0x%x\n", counter % 90,
                         counter % 40 * 2, counter % 40 * 2 + 1, counter % 1000 * 4);
        counter++;
        add(t, line, (size_t)n);
    }
    size_t gap = offset - t->length;
    if (gap >= 8) {
        add_string(t, "s_nop 0");
        add_repeated(t, ' ', gap - 8);
        add_string(t, "\n");
    } else if (gap) {
        add_repeated(t, ' ', gap - 1);
        add_string(t, "\n");
    }
}

typedef struct result {
    bool ok;
    unsigned errors, warnings;
    gcn_output output;
    char *diagnostics;
    size_t diagnostics_length;
} result;

static char directory[] = "/tmp/asm-window-XXXXXX";

static void write_file(const char *path, const text *t)
{
    FILE *file = fopen(path, "wb");
    if (!file || fwrite(t->data, 1, t->length, file) != t->length || fclose(file) != 0) {
        printf("asm-window: cannot write %s\n", path);
        exit(1);
    }
}

/* Assembles path's file through gcn_assemble_file (from_file) or its text
 * from memory. */
static void assemble(const char *path, const text *source, gcn_dialect dialect, bool from_file,
                     result *r)
{
    memset(r, 0, sizeof *r);
    FILE *sink = open_memstream(&r->diagnostics, &r->diagnostics_length);
    gcn_assembly assembly = {GCN_ARCH_GCN14, dialect, path, sink, 0, 0, 0};
    if (from_file) {
        int descriptor = open(path, O_RDONLY);
        r->ok = gcn_assemble_file(&assembly, NULL, 0, descriptor, &r->output);
        close(descriptor);
    } else {
        r->ok = gcn_assemble(&assembly, source->data, source->length, &r->output);
    }
    fclose(sink);
    r->errors = assembly.errors;
    r->warnings = assembly.warnings;
}

static void free_result(result *r)
{
    gcn_output_free(&r->output);
    free(r->diagnostics);
}

/* The first line where a and b differ, for the failure message. */
static void show_difference(const char *a, const char *b)
{
    size_t i = 0, line = 1, start = 0;
    for (; a[i] && a[i] == b[i]; i++)
        if (a[i] == '\n') {
            line++;
            start = i + 1;
        }
    printf("      diagnostics differ at their line %zu:\n      file:   %.120s\n      memory: %.120s\n",
           line, a + start, b + start);
}

static bool same_results(const char *what, const result *file, const result *memory)
{
    bool same = true;
    CHECK(file->ok == memory->ok && file->errors == memory->errors && file->warnings == memory->warnings,
          "%s: ok %d, %u errors, %u warnings from the file; %d, %u, %u from memory", what, file->ok,
          file->errors, file->warnings, memory->ok, memory->errors, memory->warnings);
    same = same && file->ok == memory->ok && file->errors == memory->errors;
    bool bytes = file->output.length == memory->output.length &&
                 (!file->output.length ||
                  memcmp(file->output.bytes, memory->output.bytes, file->output.length) == 0) &&
                 file->output.statement_count == memory->output.statement_count &&
                 (!file->output.statement_count ||
                  memcmp(file->output.statement_ends, memory->output.statement_ends,
                         file->output.statement_count * sizeof *file->output.statement_ends) == 0);
    CHECK(bytes, "%s: %zu bytes, %zu statements from the file; %zu, %zu from memory", what,
          file->output.length, file->output.statement_count, memory->output.length,
          memory->output.statement_count);
    bool messages = file->diagnostics_length == memory->diagnostics_length &&
                    memcmp(file->diagnostics, memory->diagnostics, file->diagnostics_length) == 0;
    CHECK(messages, "%s: the messages differ", what);
    if (!messages)
        show_difference(file->diagnostics, memory->diagnostics);
    return same && bytes && messages;
}

/* source, larger than the window, through a file and from memory in
 * dialect; the file's diagnostics kept in *messages if asked. */
static void check_same(const char *what, const text *source, gcn_dialect dialect, char **messages)
{
    char path[64];
    snprintf(path, sizeof path, "%s/main.s", directory);
    CHECK(source->length > ASM_WINDOW, "%s: %zu bytes, not larger than the window", what, source->length);
    write_file(path, source);
    result file, memory;
    assemble(path, source, dialect, true, &file);
    assemble(path, source, dialect, false, &memory);
    char name[160];
    snprintf(name, sizeof name, "%s (%s)", what, dialect == GCN_DIALECT_LLVM ? "llvm" : "clrx");
    same_results(name, &file, &memory);
    if (messages) {
        *messages = file.diagnostics;
        file.diagnostics = NULL;
    }
    free_result(&file);
    free_result(&memory);
}

static void check_both(const char *what, const text *source)
{
    check_same(what, source, GCN_DIALECT_LLVM, NULL);
    check_same(what, source, GCN_DIALECT_CLRX, NULL);
}

/* Whether messages hold needle. */
static bool holds(const char *messages, const char *needle)
{
    return messages && strstr(messages, needle);
}

/* Offsets before the window's edge at which a case starts. */
static const size_t before_edge[] = {1, 2, 3, 7, 8, 9, 16, 17, 40, 63, 64, 65, 100, 1000};
enum { EDGES = sizeof before_edge / sizeof before_edge[0] };

/* The rest of a source: more lines than another window holds. */
static void fill_after(text *t)
{
    fill_to(t, t->length + ASM_WINDOW + ASM_WINDOW / 2);
}

static void bodies_across_the_edge(void)
{
    for (size_t e = 0; e < EDGES; e++) {
        text t = {0};
        add_string(&t, ".macro pair a, b\ns_load_dword s\\a, s[2:3], \\b\nbuffer_load_dword v\\b, off, s[4:7], s\\a\n.endm\n");
        fill_to(&t, ASM_WINDOW - before_edge[e]);
        add_string(&t, ".macro twice x\n  s_load_dword s1, s[2:3], \\x\n  pair 3, \\x\n  s_nop \\x\n.endm\n"
                       "twice 5\n.rept 3\n  s_nop 1\n  pair 4, 9\n.endr\n"
                       ".irp reg, 1, 2, 3\n  s_load_dword s\\reg, s[4:5], 7\n.endr\n.irpc digit, 456\n  s_nop \\digit\n.endr\n");
        fill_after(&t);
        add_string(&t, "twice 6\n");
        char what[64];
        snprintf(what, sizeof what, "bodies %zu before the edge", before_edge[e]);
        check_both(what, &t);
        free(t.data);
    }
    /* Bodies longer than a window, and a .rept in a macro. */
    text t = {0};
    fill_to(&t, 1000);
    add_string(&t, ".macro long n\n");
    fill_to(&t, t.length + ASM_WINDOW + 5000);
    add_string(&t, "  s_nop \\n\n  .rept 2\n    s_nop 2\n  .endr\n.endm\n");
    add_string(&t, "long 3\n.rept 2\n");
    fill_to(&t, t.length + ASM_WINDOW * 2);
    add_string(&t, ".endr\nlong 4\n");
    fill_after(&t);
    check_both("bodies longer than a window", &t);
    free(t.data);
    /* Bodies without an end, the rest of the file long. */
    const char *openings[] = {".macro unended\n", ".rept 2\n", ".irp x, 1\n"};
    for (size_t o = 0; o < 3; o++) {
        t = (text){0};
        fill_to(&t, ASM_WINDOW - 20);
        add_string(&t, openings[o]);
        fill_after(&t);
        check_both("a body without an end", &t);
        free(t.data);
    }
}

static void joined_lines_across_the_edge(void)
{
    for (size_t before = 1; before <= 40; before++) {
        for (size_t split = 0; split < 3; split++) {
            text t = {0};
            fill_to(&t, ASM_WINDOW - before);
            /* The '\\' before the edge, at it or after it. */
            const char *joined[] = {"s_load_dword s1, \\\n s[2:3], 5\n", "s_load_dword \\\n s2, \\\n s[2:3], 0x10\n",
                                    "s_nop 1 \\\r\n\\\n\n"};
            add_string(&t, joined[split]);
            add_string(&t, "s_load_dword s3, s[4:5], 4\n");
            fill_after(&t);
            char what[64];
            snprintf(what, sizeof what, "a joined line %zu before the edge (%zu)", before, split);
            check_both(what, &t);
            free(t.data);
        }
    }
}

/* A line of length characters ("s_nop 0" and blanks) starting before the
 * edge, then an instruction. */
static void long_line(size_t length, size_t before, const char *ending, char **messages)
{
    text t = {0};
    fill_to(&t, ASM_WINDOW - before);
    add_string(&t, "s_nop 0");
    add_repeated(&t, ' ', length - 7);
    add_string(&t, ending);
    add_string(&t, "s_bogus 1\n");
    fill_after(&t);
    char what[96];
    snprintf(what, sizeof what, "a line of %zu characters %zu before the edge", length, before);
    check_same(what, &t, GCN_DIALECT_LLVM, messages);
    check_same(what, &t, GCN_DIALECT_CLRX, NULL);
    free(t.data);
}

static void long_lines(void)
{
    const size_t before[] = {1, 100, ASM_MAX_LINE / 2, ASM_MAX_LINE - 1, ASM_MAX_LINE, ASM_MAX_LINE + 1,
                             ASM_MAX_LINE + 2, ASM_MAX_LINE + 3};
    for (size_t b = 0; b < sizeof before / sizeof before[0]; b++) {
        char *messages = NULL;
        long_line(ASM_MAX_LINE, before[b], "\n", &messages);
        CHECK(!holds(messages, "too long") && holds(messages, "s_bogus"),
              "a line of ASM_MAX_LINE characters %zu before the edge: %.200s", before[b], messages);
        free(messages);
        long_line(ASM_MAX_LINE, before[b], "\r\n", NULL);
        messages = NULL;
        long_line(ASM_MAX_LINE + 1, before[b], "\n", &messages);
        CHECK(holds(messages, "line too long") && holds(messages, "s_bogus"),
              "a line of ASM_MAX_LINE + 1 characters %zu before the edge: %.200s", before[b], messages);
        free(messages);
    }
    /* Longer than the window itself, with and without a '\n' after it. */
    long_line(ASM_WINDOW + 10, 50, "\n", NULL);
    long_line(2 * ASM_WINDOW + 3, ASM_MAX_LINE, "\\\n", NULL);
    text t = {0};
    fill_to(&t, ASM_WINDOW - 30);
    add_string(&t, "s_nop 0");
    add_repeated(&t, ' ', ASM_WINDOW * 2);
    check_both("a last line longer than the window, without a '\\n'", &t);
    free(t.data);
}

/* An error on the first line after the window's edge: its line and column. */
static void error_after_the_edge(void)
{
    for (size_t e = 0; e < EDGES; e++) {
        text t = {0};
        fill_to(&t, ASM_WINDOW - before_edge[e]);
        size_t line = 1;
        for (size_t i = 0; i < t.length; i++)
            line += t.data[i] == '\n';
        /* The line that starts at the edge: the one after a blank. */
        add_repeated(&t, ' ', before_edge[e] - 1);
        add_string(&t, "\n  s_load_dword s1, s[2:3], v4\n");
        fill_after(&t);
        char *messages = NULL;
        char what[64];
        snprintf(what, sizeof what, "an error %zu after the edge", before_edge[e]);
        check_same(what, &t, GCN_DIALECT_LLVM, &messages);
        char expected[160];
        snprintf(expected, sizeof expected, "%s/main.s:%zu:28: error: ", directory, line + 1);
        CHECK(holds(messages, expected), "%s: no '%s' in %.300s", what, expected, messages);
        free(messages);
        free(t.data);
    }
}

/* Comments, NUL bytes, '\r\n', CLRX ';' and .end around the edge, and the
 * file's end in a block comment. */
static void other_lines(void)
{
    const char *around[] = {
        "s_nop 1 /* a comment\n  across */ s_nop 2\n",
        "s_nop 1 // a comment\ns_nop 2 ; another\n",
        "s_nop 1\r\ns_nop 2\r\n\r\n",
        "s_nop 1\0s_nop 2\n\0\0\n",
        "s_nop 1 ; s_nop 2 ; s_bogus\n",
        "label: s_branch label\n s_cbranch_scc0 later\n",
        "s_load_dword s1, s[2:3], \"x\"\ns_nop '\n",
    };
    const size_t lengths[] = {0, 0, 0, 19, 0, 0, 0}; /* with NUL bytes */
    for (size_t a = 0; a < sizeof around / sizeof around[0]; a++) {
        for (size_t e = 0; e < EDGES; e += 2) {
            text t = {0};
            fill_to(&t, ASM_WINDOW - before_edge[e]);
            add(&t, around[a], lengths[a] ? lengths[a] : strlen(around[a]));
            fill_after(&t);
            add_string(&t, "later:\n");
            char what[64];
            snprintf(what, sizeof what, "lines %zu %zu before the edge", a, before_edge[e]);
            check_both(what, &t);
            free(t.data);
        }
    }
    text t = {0};
    fill_to(&t, ASM_WINDOW - 10);
    add_string(&t, "s_nop 3\n.end\ns_bogus\n");
    fill_after(&t);
    check_both(".end before the edge", &t);
    free(t.data);
    t = (text){0};
    fill_to(&t, ASM_WINDOW + 1000);
    add_string(&t, "s_nop 4\n/* s_nop 5\n");
    fill_after(&t);
    check_both("the end in a block comment", &t);
    free(t.data);
    t = (text){0};
    fill_to(&t, 2 * ASM_WINDOW + 1000);
    add_string(&t, "s_nop 6");
    check_both("a last line without '\\n'", &t);
    free(t.data);
    t = (text){0};
    for (size_t i = 0; t.length < 2 * ASM_WINDOW; i++)
        add_string(&t, "s_nop 7\r\n");
    check_both("'\\r\\n' all through", &t);
    free(t.data);
}

/* A symbol used before its definition where its value is needed (a
 * .rept count, a .if): a second pass, which reads the file again. */
static void second_pass(void)
{
    text t = {0};
    add_string(&t, ".rept count\n  s_nop 9\n.endr\n.if later_label > 4\n  s_nop 8\n.endif\n");
    add_string(&t, "s_branch later_label\n");
    fill_to(&t, ASM_WINDOW - 5);
    add_string(&t, "s_cbranch_scc1 later_label\n");
    fill_after(&t);
    add_string(&t, "later_label:\ncount = 3\ns_bogus_after 1\n");
    char *messages = NULL;
    check_same("a second pass", &t, GCN_DIALECT_LLVM, &messages);
    CHECK(holds(messages, "s_bogus_after"), "a second pass: %.300s", messages);
    free(messages);
    check_same("a second pass", &t, GCN_DIALECT_CLRX, NULL);
    free(t.data);
}

/* An included file larger than the window: its bytes and messages are
 * those it gives alone, its messages after "In file included from". */
static void included_file(void)
{
    char big[64], main_path[64];
    snprintf(big, sizeof big, "%s/big.s", directory);
    snprintf(main_path, sizeof main_path, "%s/main.s", directory);
    text included = {0};
    fill_to(&included, ASM_WINDOW - 3);
    add_string(&included, "s_load_dword s1, s[2:3], v4\n.macro m\n s_nop 1\n.endm\nm\n");
    fill_after(&included);
    write_file(big, &included);
    result alone, through;
    assemble(big, &included, GCN_DIALECT_LLVM, false, &alone);
    text source = {0};
    add_string(&source, ".include \"big.s\"\n");
    write_file(main_path, &source);
    assemble(main_path, &source, GCN_DIALECT_LLVM, true, &through);
    char prefix[96];
    snprintf(prefix, sizeof prefix, "In file included from %s:1:\n", main_path);
    text expected = {0};
    add_string(&expected, prefix);
    add_string(&expected, alone.diagnostics);
    free(alone.diagnostics);
    alone.diagnostics = expected.data;
    alone.diagnostics_length = expected.length;
    same_results("an included file", &through, &alone);
    free_result(&alone);
    free_result(&through);
    free(source.data);
    /* Included across the includer's own window edge, twice, then the
     * includer's lines: in clrx, the rest of the .include's line too. */
    for (size_t e = 0; e < EDGES; e += 3) {
        source = (text){0};
        fill_to(&source, ASM_WINDOW - before_edge[e]);
        add_string(&source, ".include \"big.s\"\ns_nop 2\n");
        fill_after(&source);
        add_string(&source, ".include \"big.s\"\ns_load_dword s1, s[2:3], v4\n");
        check_same("a file included at the edge", &source, GCN_DIALECT_LLVM, NULL);
        free(source.data);
        source = (text){0};
        fill_to(&source, ASM_WINDOW - before_edge[e]);
        add_string(&source, "s_nop 1; .include \"big.s\"; s_nop 2; s_bogus\n");
        fill_after(&source);
        check_same("a file included at the edge", &source, GCN_DIALECT_CLRX, NULL);
        free(source.data);
    }
    free(included.data);
    /* A large file that includes itself: stopped at the depth limit. */
    source = (text){0};
    add_string(&source, ".include \"main.s\"\n");
    fill_after(&source);
    char *messages = NULL;
    check_same("a file that includes itself", &source, GCN_DIALECT_LLVM, &messages);
    CHECK(holds(messages, "nested too deeply"), "a file that includes itself: %.300s", messages);
    free(messages);
    free(source.data);
    unlink(big);
}

/* Files that fit in the window (read whole), and descriptors that are not
 * regular files. */
static void small_files(void)
{
    char path[64];
    snprintf(path, sizeof path, "%s/small.s", directory);
    const char *sources[] = {"", "s_nop 1", "s_nop 1\ns_bogus\n.rept 2\ns_nop 2\n.endr\n"};
    for (size_t i = 0; i < 3; i++) {
        text t = {0};
        add_string(&t, sources[i]);
        write_file(path, &t);
        result file, memory;
        assemble(path, &t, GCN_DIALECT_LLVM, true, &file);
        assemble(path, &t, GCN_DIALECT_LLVM, false, &memory);
        same_results("a small file", &file, &memory);
        free_result(&file);
        free_result(&memory);
        free(t.data);
    }
    /* A window's size exactly, and one byte more. */
    for (size_t extra = 0; extra < 2; extra++) {
        text t = {0};
        fill_to(&t, ASM_WINDOW - 8 + extra);
        add_string(&t, "s_bogus\n");
        write_file(path, &t);
        result file, memory;
        assemble(path, &t, GCN_DIALECT_CLRX, true, &file);
        assemble(path, &t, GCN_DIALECT_CLRX, false, &memory);
        same_results("a file of the window's size", &file, &memory);
        free_result(&file);
        free_result(&memory);
        free(t.data);
    }
    unlink(path);
    int pipe_ends[2];
    if (pipe(pipe_ends) == 0) {
        char *messages = NULL;
        size_t length = 0;
        FILE *sink = open_memstream(&messages, &length);
        gcn_assembly assembly = {GCN_ARCH_GCN14, GCN_DIALECT_LLVM, "pipe.s", sink, 0, 0, 0};
        gcn_output output = {0};
        bool ok = gcn_assemble_file(&assembly, NULL, 0, pipe_ends[0], &output);
        fclose(sink);
        CHECK(!ok && assembly.errors == 1 && messages &&
                  strcmp(messages, "pipe.s: error: cannot read it: not a regular file\n") == 0,
              "a pipe to gcn_assemble_file: ok %d, %u errors, '%s'", ok, assembly.errors, messages);
        gcn_output_free(&output);
        free(messages);
        close(pipe_ends[0]);
        close(pipe_ends[1]);
    }
}

int main(void)
{
    if (!mkdtemp(directory)) {
        puts("asm-window: cannot make a temporary folder");
        return 1;
    }
    bodies_across_the_edge();
    joined_lines_across_the_edge();
    long_lines();
    error_after_the_edge();
    other_lines();
    second_pass();
    included_file();
    small_files();
    char path[64];
    snprintf(path, sizeof path, "%s/main.s", directory);
    unlink(path);
    rmdir(directory);
    return test_finish(&summary);
}
