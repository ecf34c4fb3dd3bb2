/* Fuzz target: whole-buffer disassembly as gcndis does it
 * (gcn_disassemble_buffer), and its promise that the text reads back.
 * Byte 0 picks the generation (bits 0-1), the dialect (bit 2), -e (bit 3),
 * hex input (bit 4: the rest goes through gcn_read_hex_input first) and, in
 * the llvm dialect, exact (bit 5; clrx always). Checks: exact text
 * assembles to the same bytes; other LLVM text is a fixpoint (assemble,
 * disassemble: the same text); no crash, hang or leak. */
#include <string.h>

#include "asm/assembler.h"
#include "dis/disassembler.h"
#include "fuzz.h"

typedef struct text {
    char *data;
    size_t length, capacity;
} text;

static bool append(void *context, const char *piece, size_t length)
{
    text *t = context;
    FUZZ_CHECK(length > 0 && memchr(piece, '\0', length) == NULL, "piece of %zu bytes", length);
    if (t->length + length > t->capacity) {
        size_t capacity = t->capacity ? t->capacity * 2 : 4096;
        while (capacity < t->length + length)
            capacity *= 2;
        char *bigger = realloc(t->data, capacity);
        if (!bigger)
            return false;
        t->data = bigger;
        t->capacity = capacity;
    }
    memcpy(t->data + t->length, piece, length);
    t->length += length;
    return true;
}

static bool assemble(gcn_arch arch, gcn_dialect dialect, const text *source, gcn_output *output)
{
    gcn_assembly assembly = {.arch = arch, .dialect = dialect, .file_name = "listing.s"};
    return gcn_assemble(&assembly, source->data ? source->data : "", source->length, output);
}

static void first_difference(const text *a, const uint8_t *b, size_t b_length, const char *what)
{
    size_t at = 0;
    while (at < a->length && at < b_length && (uint8_t)a->data[at] == b[at])
        at++;
    size_t start = at;
    while (start > 0 && a->data[start - 1] != '\n')
        start--;
    const char *end = memchr(a->data + start, '\n', a->length - start);
    int n = end ? (int)(end - (a->data + start)) : (int)(a->length - start);
    FUZZ_CHECK(false, "%s differs at byte %zu, line '%.*s'", what, at, n, a->data + start);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    gcn_listing_options options = {(gcn_arch)(data[0] & 3),
                                   data[0] & 4 ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX,
                                   (data[0] & 8) != 0,
                                   /* clrx: byte-exact only under exact (gcndis --exact) */
                                   !(data[0] & 4) || (data[0] & 32)};
    size_t length = size - 1;
    uint8_t *bytes = malloc(length ? length : 1);
    if (!bytes)
        return 0;
    memcpy(bytes, data + 1, length);
    if (data[0] & 16) {
        uint8_t *decoded = NULL;
        size_t count = 0;
        char error[200];
        bool read = gcn_read_hex_input((const char *)bytes, length, &decoded, &count, error,
                                       sizeof error);
        free(bytes);
        if (!read) {
            FUZZ_CHECK(memchr(error, '\0', sizeof error) && error[0], "no hex error message");
            return 0;
        }
        bytes = decoded;
        length = count;
    }
    text listing = {0};
    FUZZ_CHECK(gcn_disassemble_buffer(&options, bytes, length, append, &listing),
               "gcn_disassemble_buffer failed on %zu bytes", length);
    gcn_output output = {0};
    bool ok = assemble(options.arch, options.dialect, &listing, &output);
    if (options.exact) {
        FUZZ_CHECK(ok, "the exact listing does not assemble");
        FUZZ_CHECK(output.length == length, "the exact listing assembles to %zu bytes, not %zu",
                   output.length, length);
        if (length && memcmp(output.bytes, bytes, length) != 0) {
            size_t at = 0;
            while (output.bytes[at] == bytes[at])
                at++;
            FUZZ_CHECK(false, "the exact listing assembles to other bytes from byte %zu", at);
        }
    } else {
        FUZZ_CHECK(ok, "the llvm listing does not assemble");
        /* Without -e: the words differ where llvm drops bits. */
        options.show_encoding = false;
        text first = {0}, again = {0};
        FUZZ_CHECK(gcn_disassemble_buffer(&options, bytes, length, append, &first) &&
                       gcn_disassemble_buffer(&options, output.bytes, output.length, append, &again),
                   "gcn_disassemble_buffer failed");
        if (first.length != again.length ||
            (first.length && memcmp(first.data, again.data, first.length) != 0))
            first_difference(&first, (const uint8_t *)again.data, again.length,
                             "the llvm listing is no fixpoint: it");
        free(first.data);
        free(again.data);
    }
    gcn_output_free(&output);
    free(listing.data);
    free(bytes);
    return 0;
}
