/* Fuzz target: the windowed source reader against the whole text. The
 * fuzzed text is placed across the edges of the window through which
 * gcn_assemble_file reads a file larger than ASM_WINDOW, after filler
 * lines; the file (a memfd) and the same bytes from memory
 * (gcn_assemble_with_includes) must give the same result, bytes,
 * statement ends and diagnostics.
 *
 * Byte 0: generation (bits 0-1), dialect (bit 2), copies of the text, one
 * across each of the first 1-4 window edges (bits 3-4), the filler lines
 * just before each copy (bits 5-6: blank, comment, s_nop, s_nop with
 * "\r\n"), the file ends with the last copy (bit 7).
 * Byte 1: where the first copy starts: 0-15 is 1-16 bytes after the edge,
 * 16-143 is 0-127 bytes before it, 144-255 is 128-14336 bytes before it,
 * in steps of 128. Copy i starts i/copies of the text's length further
 * before its edge, so the edges cut the copies at different places. Then
 * the text. */
#define _GNU_SOURCE
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "asm/internal.h"
#include "fuzz.h"

enum { MAX_COPIES = 4, FILLER_LINE = 64, BULK_LINE = 4096, NEAR = 1024 };

typedef struct source {
    char *data;
    size_t length, capacity;
} source;

static void reserve(source *s, size_t more)
{
    if (s->length + more <= s->capacity)
        return;
    size_t capacity = s->capacity ? s->capacity : (size_t)(MAX_COPIES + 1) * ASM_WINDOW;
    while (capacity < s->length + more)
        capacity *= 2;
    s->data = realloc(s->data, capacity);
    FUZZ_CHECK(s->data != NULL, "out of memory for %zu bytes", capacity);
    s->capacity = capacity;
}

static void add(source *s, const void *data, size_t length)
{
    reserve(s, length);
    memcpy(s->data + s->length, data, length);
    s->length += length;
}

/* Filler lines up to offset (nothing if already there), each ending in
 * '\n': comment lines of up to 4 KiB (in both dialects: the reader copies
 * them with memcpy and memchr, so that a run stays fast under the
 * sanitizers), then in the last 1 KiB lines of 64 bytes of the kind asked
 * for (0 blanks, 1 a comment, 2 s_nop, 3 s_nop ending in "\r\n"), the
 * last one padded with blanks. */
static void fill_to(source *s, size_t offset, unsigned kind)
{
    static char bulk[BULK_LINE], lines[4][FILLER_LINE];
    if (!bulk[0]) {
        memset(bulk, ' ', sizeof bulk);
        memcpy(bulk, "# filler", 8);
        bulk[BULK_LINE - 1] = '\n';
        memset(lines, ' ', sizeof lines);
        memcpy(lines[1], "# filler", 8);
        memcpy(lines[2], "s_nop 0", 7);
        memcpy(lines[3], "s_nop 0", 7);
        for (int k = 0; k < 4; k++)
            lines[k][FILLER_LINE - 1] = '\n';
        lines[3][FILLER_LINE - 2] = '\r';
    }
    if (s->length >= offset)
        return;
    reserve(s, offset - s->length);
    while (offset - s->length > NEAR + FILLER_LINE) {
        size_t n = offset - s->length - NEAR < BULK_LINE ? offset - s->length - NEAR : BULK_LINE;
        memcpy(s->data + s->length, bulk, n - 1);
        s->data[s->length + n - 1] = '\n';
        s->length += n;
    }
    while (offset - s->length > FILLER_LINE) {
        memcpy(s->data + s->length, lines[kind], FILLER_LINE);
        s->length += FILLER_LINE;
    }
    /* The last line, shorter: its words if they fit. */
    size_t gap = offset - s->length;
    const char *line = gap > 8 ? lines[kind] : lines[0];
    memcpy(s->data + s->length, line, gap - 1);
    s->data[offset - 1] = '\n';
    s->length = offset;
}

typedef struct result {
    bool ok;
    unsigned errors, warnings;
    gcn_output output;
    char *diagnostics;
    size_t diagnostics_length;
} result;

static void free_result(result *r)
{
    gcn_output_free(&r->output);
    free(r->diagnostics);
}

/* The first line where the diagnostics differ, for the finding's message. */
static void show_difference(const result *file, const result *memory)
{
    const char *a = file->diagnostics, *b = memory->diagnostics;
    size_t i = 0, line = 1, start = 0;
    for (; i < file->diagnostics_length && i < memory->diagnostics_length && a[i] == b[i]; i++)
        if (a[i] == '\n') {
            line++;
            start = i + 1;
        }
    fprintf(stderr, "diagnostics differ at their line %zu:\nfile:   %.300s\nmemory: %.300s\n", line,
            a + start, b + start);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    static int descriptor = -1;
    static source s;
    if (descriptor < 0) {
        descriptor = memfd_create("fuzz.s", 0);
        FUZZ_CHECK(descriptor >= 0, "memfd_create failed");
    }
    const uint8_t *text = data + 2;
    size_t length = size - 2;
    unsigned copies = 1 + (data[0] >> 3 & 3), kind = data[0] >> 5 & 3;
    bool ends_with_copy = data[0] & 0x80;
    long distance = data[1] < 16 ? -(long)data[1] - 1 : data[1] < 144 ? data[1] - 16 : (data[1] - 143) * 128l;

    /* Each copy across its edge: the first at ASM_WINDOW, the next a window
     * after the start of the line a refill moved to the window's start
     * (the one that holds the edge's byte). */
    s.length = 0;
    size_t edge = ASM_WINDOW;
    for (unsigned i = 0; i < copies; i++) {
        if (i > 0) {
            fill_to(&s, edge, kind);
            size_t line_start = edge;
            while (line_start > 0 && s.data[line_start - 1] != '\n')
                line_start--;
            edge = line_start + ASM_WINDOW;
        }
        long start = (long)edge - distance - (long)(i * length / copies);
        fill_to(&s, start > 0 && (size_t)start > s.length ? (size_t)start : s.length, kind);
        add(&s, text, length);
    }
    /* A file that fits in a window is read whole: the reader is not used. */
    if (!ends_with_copy || s.length <= ASM_WINDOW) {
        add(&s, "\n", 1);
        fill_to(&s, s.length + 4096 > ASM_WINDOW + 1 ? s.length + 4096 : ASM_WINDOW + 1, kind);
        add(&s, "s_nop 1\n", 8);
    }
    FUZZ_CHECK(ftruncate(descriptor, 0) == 0, "ftruncate failed");
    for (size_t written = 0; written < s.length;) {
        ssize_t n = pwrite(descriptor, s.data + written, s.length - written, (off_t)written);
        FUZZ_CHECK(n > 0, "pwrite failed");
        written += (size_t)n;
    }

    /* From memory, in a buffer of its exact size: a read past the text
     * is the sanitizers' finding, not a difference. */
    char *whole = malloc(s.length);
    FUZZ_CHECK(whole != NULL, "out of memory for %zu bytes", s.length);
    memcpy(whole, s.data, s.length);
    result file = {0}, memory = {0};
    result *results[2] = {&file, &memory};
    for (int r = 0; r < 2; r++) {
        FILE *sink = open_memstream(&results[r]->diagnostics, &results[r]->diagnostics_length);
        FUZZ_CHECK(sink != NULL, "open_memstream failed");
        gcn_assembly assembly = {
            .arch = (gcn_arch)(data[0] & 3),
            .dialect = data[0] & 4 ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX,
            .file_name = "fuzz.s",
            .diagnostics = sink,
        };
        if (r == 0)
            results[r]->ok = gcn_assemble_file(&assembly, NULL, 0, descriptor, &results[r]->output);
        else
            results[r]->ok =
                gcn_assemble_with_includes(&assembly, NULL, 0, whole, s.length, &results[r]->output);
        fclose(sink);
        results[r]->errors = assembly.errors;
        results[r]->warnings = assembly.warnings;
    }
    free(whole);
    bool same_messages = file.diagnostics_length == memory.diagnostics_length &&
                         memcmp(file.diagnostics, memory.diagnostics, file.diagnostics_length) == 0;
    if (!same_messages)
        show_difference(&file, &memory);
    FUZZ_CHECK(same_messages, "the diagnostics differ (%zu bytes from the file, %zu from memory)",
               file.diagnostics_length, memory.diagnostics_length);
    FUZZ_CHECK(file.ok == memory.ok && file.errors == memory.errors && file.warnings == memory.warnings,
               "ok %d, %u errors, %u warnings from the file; %d, %u, %u from memory", file.ok,
               file.errors, file.warnings, memory.ok, memory.errors, memory.warnings);
    const gcn_output *a = &file.output, *b = &memory.output;
    FUZZ_CHECK(a->length == b->length && (!a->length || memcmp(a->bytes, b->bytes, a->length) == 0),
               "%zu bytes from the file, %zu from memory (or other bytes)", a->length, b->length);
    FUZZ_CHECK(a->statement_count == b->statement_count &&
                   (!a->statement_count || memcmp(a->statement_ends, b->statement_ends,
                                                  a->statement_count * sizeof *a->statement_ends) == 0),
               "%zu statements from the file, %zu from memory (or other ends)", a->statement_count,
               b->statement_count);
    free_result(&file);
    free_result(&memory);
    return 0;
}
