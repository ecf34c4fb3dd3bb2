/* Fuzz target: gcndis on an ELF object (gcn_disassemble_object: the ELF
 * reader, the metadata note's MessagePack and YAML, descriptors, the
 * listing and source forms). Byte 0 picks the dialect (bit 0), the source
 * form (bit 1), -a (bit 2) and its generation (bits 3-4); the rest is the
 * object, in a buffer of its exact size. Checks: an answer, true or false
 * with a message, text without NUL bytes; no crash, hang or leak. */
#include <string.h>

#include "dis/object.h"
#include "fuzz.h"

static bool check_piece(void *context, const char *text, size_t length)
{
    size_t *total = context;
    FUZZ_CHECK(length > 0 && memchr(text, '\0', length) == NULL, "piece of %zu bytes", length);
    *total += length;
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint8_t options_byte = data[0];
    size_t length = size - 1;
    uint8_t *object = malloc(length ? length : 1);
    if (!object)
        return 0;
    memcpy(object, data + 1, length);
    gcn_object_options options = {options_byte & 1 ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX,
                                  (options_byte & 4) != 0, (gcn_arch)(options_byte >> 3 & 3),
                                  (options_byte & 2) != 0, false, "fuzz.o"};
    char error[300], warning[300];
    size_t total = 0;
    bool ok = gcn_disassemble_object(&options, object, length, check_piece, &total, error,
                                     sizeof error, warning, sizeof warning);
    FUZZ_CHECK(ok || error[0], "refused without a message");
    FUZZ_CHECK(!ok || total > 0, "accepted with no text");
    free(object);
    return 0;
}
