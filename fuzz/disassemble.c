/* Fuzz target: disassembling a whole buffer as gcndis does: decode at each
 * offset, format, or fall back to data for what does not decode. Byte 0
 * picks the generation (bits 0-1) and the dialect (bit 2); the rest is the
 * machine code. Checks: every step advances within the buffer and every
 * text fits its buffer. */
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    gcn_arch arch = (gcn_arch)(data[0] & 3);
    gcn_dialect dialect = data[0] & 4 ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX;
    size_t length = size - 1;
    uint8_t *bytes = malloc(length ? length : 1);
    if (!bytes)
        return 0;
    memcpy(bytes, data + 1, length);
    size_t offset = 0, instructions = 0;
    while (offset + 4 <= length) {
        size_t available = (length - offset) / 4;
        size_t count = available < GCN_MAX_WORDS ? available : GCN_MAX_WORDS;
        /* The words at this offset, exactly as many as remain (up to 3). */
        uint32_t *words = malloc(count * sizeof *words);
        if (!words)
            break;
        fuzz_words(bytes + offset, count * 4, words, count);
        gcn_instruction instruction;
        char text[256];
        size_t text_length = 0, used = 1;
        gcn_status status = gcn_decode(arch, words, count, &instruction);
        if (status == GCN_OK) {
            FUZZ_CHECK(instruction.word_count >= 1 && instruction.word_count <= count,
                       "decoded %u words of %zu at %zu", instruction.word_count, count, offset);
            status = gcn_format(&instruction, dialect, offset, text, sizeof text, &text_length);
            FUZZ_CHECK(status == GCN_OK || status == GCN_ERROR_NOT_INSTRUCTION,
                       "format status %d at %zu", status, offset);
            if (status == GCN_OK) {
                FUZZ_CHECK(text_length == strlen(text), "length %zu of '%s'", text_length, text);
                used = instruction.word_count;
                instructions++;
            }
        } else {
            FUZZ_CHECK(status == GCN_ERROR_TRUNCATED || status == GCN_ERROR_NOT_INSTRUCTION,
                       "decode status %d at %zu", status, offset);
        }
        free(words);
        offset += used * 4;
    }
    FUZZ_CHECK(offset <= length && length - offset < 4, "stopped at %zu of %zu", offset, length);
    (void)instructions;
    free(bytes);
    return 0;
}
