/* Fuzz target: the whole-file assembler on arbitrary text. Byte 0 picks the
 * generation (bits 0-1), the dialect (bit 2) and whether diagnostics go to
 * /dev/null or nowhere (bit 3). Checks: no crash, hang or leak; the output
 * ends on statement boundaries; a clean run reports no error. */
#include <string.h>

#include "asm/assembler.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static FILE *null_sink;
    if (!null_sink)
        null_sink = fopen("/dev/null", "w");
    size_t length = size - 1;
    char *source = malloc(length ? length : 1);
    if (!source)
        return 0;
    memcpy(source, data + 1, length);
    gcn_assembly assembly = {
        .arch = (gcn_arch)(data[0] & 3),
        .dialect = data[0] & 4 ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX,
        .file_name = "fuzz.s",
        .diagnostics = data[0] & 8 ? NULL : null_sink,
    };
    gcn_output output = {0};
    bool ok = gcn_assemble(&assembly, source, length, &output);
    FUZZ_CHECK(ok == (assembly.errors == 0), "returned %d with %u errors", ok, assembly.errors);
    FUZZ_CHECK(output.length <= output.capacity, "length %zu over capacity %zu", output.length,
               output.capacity);
    size_t previous = 0;
    for (size_t i = 0; i < output.statement_count; i++) {
        FUZZ_CHECK(output.statement_ends[i] >= previous && output.statement_ends[i] <= output.length,
                   "statement %zu ends at %u (previous %zu, length %zu)", i,
                   output.statement_ends[i], previous, output.length);
        previous = output.statement_ends[i];
    }
    gcn_output_free(&output);
    free(source);
    return 0;
}
