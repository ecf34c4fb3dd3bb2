/* The scalar ALU's golden files (tests/data/golden/{sop2,sopk,sop1,sopc}.tsv,
 * made once by tests/data/golden/make.py from llvm-mc 14 and the CLRX
 * vectors): exact expectations that need neither ../shared nor llvm-mc.
 *   dis ARCH WORDS CLRX LLVM: decoding WORDS prints CLRX in the clrx dialect
 *       and LLVM in the llvm dialect ('-': no expectation);
 *   asm ARCH WORDS DIALECT TEXT: parsing TEXT and encoding gives WORDS. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcn.h"
#include "support/harness.h"

static test_summary summary = {"golden", 0, 0, 0};

static size_t parse_words(const char *text, uint32_t *words, size_t max)
{
    size_t n = 0;
    char *end;
    while (n < max) {
        unsigned long value = strtoul(text, &end, 16);
        if (end == text)
            break;
        words[n++] = (uint32_t)value;
        text = end;
    }
    return n;
}

static void check_dis(const char *file, unsigned line, gcn_arch arch, const uint32_t *words,
                      size_t count, const char *clrx, const char *llvm)
{
    gcn_instruction instruction;
    if (gcn_decode(arch, words, count, &instruction) != GCN_OK || instruction.word_count != count) {
        test_fail(&summary, "%s:%u: the words do not decode as one instruction", file, line);
        return;
    }
    const char *want[2] = {clrx, llvm};
    for (int dialect = 0; dialect < 2; dialect++) {
        if (strcmp(want[dialect], "-") == 0)
            continue;
        char text[256];
        if (gcn_format(&instruction, (gcn_dialect)dialect, 0, text, sizeof text, NULL) != GCN_OK) {
            test_fail(&summary, "%s:%u: %s: no text, want '%s'", file, line,
                      dialect ? "llvm" : "clrx", want[dialect]);
            continue;
        }
        test_collapse_space(text);
        if (strcmp(text, want[dialect]) != 0)
            test_fail(&summary, "%s:%u: %s: '%s', want '%s'", file, line, dialect ? "llvm" : "clrx",
                      text, want[dialect]);
        else
            test_pass(&summary);
    }
}

static void check_asm(const char *file, unsigned line, gcn_arch arch, const uint32_t *words,
                      size_t count, const char *dialect, const char *text)
{
    gcn_parse_options options = {.arch = arch,
                                 .dialect = strcmp(dialect, "llvm") == 0 ? GCN_DIALECT_LLVM
                                                                        : GCN_DIALECT_CLRX,
                                 .resolve = gcn_branch_label_resolver};
    gcn_parse_error error;
    gcn_instruction instruction;
    uint32_t out[GCN_MAX_WORDS];
    size_t out_count = 0;
    gcn_status status = gcn_parse(&options, text, strlen(text), &instruction, &error);
    if (status != GCN_OK) {
        test_fail(&summary, "%s:%u: '%s' (%s) does not parse: column %u: %s", file, line, text,
                  dialect, error.column, error.message);
        return;
    }
    if (gcn_encode(&instruction, out, &out_count) != GCN_OK || out_count != count ||
        memcmp(out, words, count * sizeof words[0]) != 0) {
        test_fail(&summary, "%s:%u: '%s' (%s) does not encode as in the file", file, line, text,
                  dialect);
        return;
    }
    test_pass(&summary);
}

static void run_file(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "tests/data/golden/%s", name);
    char *data = test_read_file(path, NULL);
    if (!data) {
        test_fail(&summary, "cannot read %s (run the tests from the repository root)", path);
        return;
    }
    unsigned line = 0, lines = 0;
    for (char *next, *at = data; at && *at; at = next) {
        next = strchr(at, '\n');
        if (next)
            *next++ = '\0';
        line++;
        if (*at == '#' || !*at)
            continue;
        char *fields[5];
        size_t n = test_split_tabs(at, fields, 5);
        gcn_arch arch;
        uint32_t words[GCN_MAX_WORDS];
        size_t count = n == 5 ? parse_words(fields[2], words, GCN_MAX_WORDS) : 0;
        if (n != 5 || gcn_arch_from_name(fields[1], &arch) != GCN_OK || count == 0) {
            test_fail(&summary, "%s:%u: malformed line", path, line);
            continue;
        }
        lines++;
        if (strcmp(fields[0], "dis") == 0)
            check_dis(path, line, arch, words, count, fields[3], fields[4]);
        else
            check_asm(path, line, arch, words, count, fields[3], fields[4]);
    }
    printf("%s: %s: %u lines\n", summary.name, name, lines);
    free(data);
}

int main(void)
{
    static const char *const files[] = {"sop2.tsv", "sopk.tsv", "sop1.tsv", "sopc.tsv"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        run_file(files[i]);
    return test_finish(&summary);
}
