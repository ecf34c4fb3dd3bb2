/* Fuzz target: text -> gcn_parse (every generation, both dialects) ->
 * gcn_encode -> gcn_decode -> gcn_format. The text is handed over without a
 * terminating NUL, in a buffer of its exact size, so reads past the given
 * length show. Checks: errors carry a column inside the text and a message;
 * what parses and encodes decodes to the same words; the CLRX text of the
 * result parses back to the same words. */
#include <string.h>

#include "fuzz.h"

/* Names starting with '_' resolve, to a value made from their letters. */
static bool resolve(void *context, const char *name, size_t length, int64_t *value)
{
    (void)context;
    if (length == 0 || name[0] != '_')
        return false;
    uint64_t hash = 0;
    for (size_t i = 0; i < length; i++)
        hash = hash * 31 + (unsigned char)name[i];
    *value = (int64_t)(hash % 4096);
    return true;
}

static void check_error(const gcn_parse_error *error, size_t length)
{
    FUZZ_CHECK(error->column >= 1 && error->column <= length + 1, "error column %u of %zu: %s",
               error->column, length, error->message);
    FUZZ_CHECK(memchr(error->message, '\0', sizeof error->message) && error->message[0],
               "empty or unterminated error message");
}

static void check_words(const gcn_instruction *parsed, const uint32_t *words, size_t count)
{
    gcn_instruction decoded;
    gcn_status status = gcn_decode((gcn_arch)parsed->arch, words, count, &decoded);
    FUZZ_CHECK(status == GCN_OK, "encoded %08x (arch %u) does not decode: %d", words[0],
               parsed->arch, status);
    FUZZ_CHECK(decoded.word_count == count, "encoded %zu words, decoded %u", count,
               decoded.word_count);
    uint32_t again[GCN_MAX_WORDS];
    size_t again_count = 0;
    status = gcn_encode(&decoded, again, &again_count);
    FUZZ_CHECK(status == GCN_OK && again_count == count && !memcmp(again, words, count * 4),
               "decode+encode of %08x changes it", words[0]);
    for (int d = 0; d < 2; d++) {
        gcn_dialect dialect = d ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX;
        char text[256];
        size_t length = 0;
        status = gcn_format(&decoded, dialect, 0, text, sizeof text, &length);
        if (status == GCN_ERROR_NOT_INSTRUCTION)
            continue;
        FUZZ_CHECK(status == GCN_OK && length == strlen(text), "format status %d", status);
        /* Only text gcn_format_exact vouches for must read back. */
        if (dialect != GCN_DIALECT_CLRX ||
            gcn_format_exact(&decoded, dialect, 0, text, sizeof text, &length) != GCN_OK)
            continue;
        gcn_parse_options options = {.arch = (gcn_arch)decoded.arch, .dialect = dialect, .address = 0,
            .resolve = gcn_branch_label_resolver, .resolve_context = NULL};
        gcn_instruction reparsed;
        gcn_parse_error error;
        status = gcn_parse(&options, text, length, &reparsed, &error);
        FUZZ_CHECK(status == GCN_OK, "own exact text '%s' (arch %u) does not parse: %s", text,
                   decoded.arch, error.message);
        status = gcn_encode(&reparsed, again, &again_count);
        FUZZ_CHECK(status == GCN_OK && again_count == count && !memcmp(again, words, count * 4),
                   "own text '%s' (arch %u) encodes to %08x, not %08x", text, decoded.arch,
                   again[0], words[0]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    for (int arch = 0; arch < GCN_ARCH_COUNT; arch++) {
        for (int d = 0; d < 2; d++) {
            gcn_parse_options options = {.arch = (gcn_arch)arch, .dialect = d ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX, .address = 0x100,
                .resolve = resolve, .resolve_context = NULL};
            gcn_instruction instruction;
            gcn_parse_error error;
            gcn_status status = gcn_parse(&options, text, size, &instruction, &error);
            if (error.warning_column)
                FUZZ_CHECK(error.warning_column <= size + 1 && error.warning[0] &&
                               memchr(error.warning, '\0', sizeof error.warning),
                           "warning column %u of %zu", error.warning_column, size);
            if (status != GCN_OK) {
                FUZZ_CHECK(status == GCN_ERROR_SYNTAX, "parse status %d", status);
                check_error(&error, size);
                continue;
            }
            uint32_t words[GCN_MAX_WORDS];
            size_t count = 0;
            status = gcn_encode(&instruction, words, &count);
            if (status != GCN_OK) {
                FUZZ_CHECK(status == GCN_ERROR_NOT_ENCODABLE, "encode status %d", status);
                continue;
            }
            FUZZ_CHECK(count >= 1 && count <= GCN_MAX_WORDS, "encoded %zu words", count);
            check_words(&instruction, words, count);
        }
    }
    free(text);
    return 0;
}
