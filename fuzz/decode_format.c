/* Fuzz target: words -> gcn_decode -> gcn_format (both dialects) -> gcn_parse
 * -> gcn_encode. Input: byte 0 picks the generation (bits 0-1) and the size
 * of a second, small format buffer (bits 2-7); the rest are little-endian
 * words. Checks: decode then encode gives back the words; text that
 * gcn_format_exact vouches for reads back (CLRX: the same words; LLVM: a
 * fixpoint) and equals gcn_format's; formatting never writes past its
 * buffer. */
#include <string.h>

#include "fuzz.h"

/* Text gcn_format_exact gives must read back: in CLRX to the same words,
 * in LLVM as a fixpoint (parse, encode, decode, format: the same text).
 * Other text is only parsed, which must not crash. */
static void round_trip(const gcn_instruction *decoded, gcn_dialect dialect, const char *text,
                       size_t length, const uint32_t *words, bool exact)
{
    gcn_parse_options options = {.arch = (gcn_arch)decoded->arch, .dialect = dialect, .address = 0,
        .resolve = gcn_branch_label_resolver, .resolve_context = NULL};
    gcn_instruction parsed;
    gcn_parse_error error;
    gcn_status status = gcn_parse(&options, text, length, &parsed, &error);
    if (!exact)
        return;
    FUZZ_CHECK(status == GCN_OK, "exact '%s' (arch %u) does not parse back: column %u: %s", text,
               decoded->arch, error.column, error.message);
    uint32_t again[GCN_MAX_WORDS];
    size_t count = 0;
    status = gcn_encode(&parsed, again, &count);
    FUZZ_CHECK(status == GCN_OK, "exact '%s' parses but does not encode: status %d", text, status);
    if (dialect == GCN_DIALECT_LLVM) {
        gcn_instruction redecoded;
        char retext[256];
        status = gcn_decode((gcn_arch)decoded->arch, again, count, &redecoded);
        FUZZ_CHECK(status == GCN_OK, "exact llvm '%s' encodes to words that do not decode", text);
        status = gcn_format(&redecoded, dialect, 0, retext, sizeof retext, NULL);
        FUZZ_CHECK(status == GCN_OK && strcmp(retext, text) == 0,
                   "exact llvm '%s' (arch %u) is no fixpoint: '%s'", text, decoded->arch,
                   status == GCN_OK ? retext : "?");
        return;
    }
    FUZZ_CHECK(count == decoded->word_count, "'%s' (arch %u) encodes to %zu words, not %u", text,
               decoded->arch, count, decoded->word_count);
    for (size_t i = 0; i < count; i++)
        FUZZ_CHECK(again[i] == words[i],
                   "round trip changes family %u arch %u word %zu bits %08x: '%s' encodes to "
                   "%08x, decoded from %08x",
                   decoded->family, decoded->arch, i, again[i] ^ words[i], text, again[i],
                   words[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 5)
        return 0;
    gcn_arch arch = (gcn_arch)(data[0] & 3);
    size_t small_size = data[0] >> 2;
    /* Exactly as many words as given, on the heap, so over-reads show. */
    size_t count = (size - 1) / 4 < GCN_MAX_WORDS ? (size - 1) / 4 : GCN_MAX_WORDS;
    uint32_t *words = malloc(count * sizeof *words);
    if (!words)
        return 0;
    fuzz_words(data + 1, size - 1, words, count);
    gcn_instruction instruction;
    gcn_status status = gcn_decode(arch, words, count, &instruction);
    if (status != GCN_OK) {
        FUZZ_CHECK(status == GCN_ERROR_TRUNCATED || status == GCN_ERROR_NOT_INSTRUCTION,
                   "decode status %d", status);
        free(words);
        return 0;
    }
    FUZZ_CHECK(instruction.word_count >= 1 && instruction.word_count <= count,
               "decoded %u words of %zu", instruction.word_count, count);
    FUZZ_CHECK(instruction.arch == arch, "decoded arch %u, asked %u", instruction.arch, arch);
    uint32_t encoded[GCN_MAX_WORDS];
    size_t encoded_count = 0;
    status = gcn_encode(&instruction, encoded, &encoded_count);
    FUZZ_CHECK(status == GCN_OK && encoded_count == instruction.word_count &&
                   memcmp(encoded, words, encoded_count * 4) == 0,
               "decode+encode of %08x (arch %u): status %d, %zu words, first %08x", words[0],
               arch, status, encoded_count, encoded[0]);
    for (int d = 0; d < 2; d++) {
        gcn_dialect dialect = d ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX;
        char text[256];
        size_t length = 0;
        status = gcn_format(&instruction, dialect, 0, text, sizeof text, &length);
        if (status == GCN_ERROR_NOT_INSTRUCTION) { /* the dialect cannot say it: data */
            char exact_text[256];
            FUZZ_CHECK(gcn_format_exact(&instruction, dialect, 0, exact_text, sizeof exact_text,
                                        NULL) == GCN_ERROR_NOT_INSTRUCTION,
                       "gcn_format_exact has text where gcn_format has none");
            continue;
        }
        FUZZ_CHECK(status == GCN_OK, "format status %d for %08x", status, words[0]);
        FUZZ_CHECK(length == strlen(text), "length %zu, text '%s'", length, text);
        /* The same text into a buffer of exactly small_size bytes. */
        char *small = malloc(small_size ? small_size : 1);
        if (small) {
            size_t small_length = 0;
            gcn_status small_status =
                gcn_format(&instruction, dialect, 0, small, small_size, &small_length);
            if (small_size > length) {
                FUZZ_CHECK(small_status == GCN_OK && strcmp(small, text) == 0,
                           "fits in %zu bytes but gave status %d", small_size, small_status);
            } else {
                FUZZ_CHECK(small_status == GCN_ERROR_BUFFER_TOO_SMALL,
                           "%zu bytes into %zu: status %d", length + 1, small_size, small_status);
                FUZZ_CHECK(small_length == length, "too small: length %zu, want %zu",
                           small_length, length);
                if (small_size)
                    FUZZ_CHECK(memchr(small, '\0', small_size) != NULL, "not terminated");
            }
            free(small);
        }
        char exact_text[256];
        size_t exact_length = 0;
        gcn_status exact = gcn_format_exact(&instruction, dialect, 0, exact_text,
                                            sizeof exact_text, &exact_length);
        FUZZ_CHECK(exact == GCN_OK || exact == GCN_ERROR_NOT_INSTRUCTION,
                   "gcn_format_exact status %d", exact);
        if (exact == GCN_OK)
            FUZZ_CHECK(exact_length == length && strcmp(exact_text, text) == 0,
                       "gcn_format_exact '%s' differs from gcn_format '%s'", exact_text, text);
        round_trip(&instruction, dialect, text, length, words, exact == GCN_OK);
    }
    free(words);
    return 0;
}
