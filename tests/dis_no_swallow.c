/* gcndis never swallows an instruction (issue 12, point 4): where words
 * that could start a two-word instruction print as data (an illegal
 * opcode, in every mode and dialect; no llvm text; under exact a text that
 * would not give back every bit), only the first word is data, and the
 * listing goes on at the next word as if it started there. Checked on
 * random words of every generation, in both dialects with and without
 * exact: an illegal opcode's line is one data word, and after each such
 * data line the rest of the listing is the listing of the words after it
 * (branch lines aside in clrx, whose labels are addresses). Each
 * generation and mode must meet such lines, or the test proves nothing.
 * And the case of the issue: on fiji, a float literal (0xc0500000, an
 * illegal SMEM opcode) before a flat_store_dword leaves it whole. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dis/disassembler.h"
#include "support/harness.h"
#include "support/random.h"
#include "support/text.h"


/* Words of the four families (two-word starts often), float literals
 * such as 0xc0500000, or any word. */
static uint32_t draw_word(test_random *random)
{
    uint32_t word = test_random_word(random);
    switch (test_random_below(random, 8)) {
    case 0: return 0xbf800000u | (word & 0x7fffff); /* SOPP */
    case 1: return 0xc0000000u | (word & 0x07ffffff); /* SMRD / SMEM */
    case 2: return 0xc0000000u | (word & 0x3ff00000u); /* a float literal like -3.25 */
    case 3: return 0xe0000000u | (word & 0x03ffffff); /* MUBUF */
    case 4: return 0xdc000000u | (word & 0x03ffffff); /* FLAT */
    default: return word;
    }
}

/* The listing's lines, split in place. */
static size_t split_lines(char *data, char ***lines)
{
    size_t count = 0, capacity = 0;
    *lines = NULL;
    for (char *at = data; at && *at;) {
        char *end = strchr(at, '\n');
        if (end)
            *end = '\0';
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 256;
            *lines = realloc(*lines, capacity * sizeof **lines);
        }
        (*lines)[count++] = at;
        at = end ? end + 1 : NULL;
    }
    return count;
}

/* The byte offset an -e line shows; false for a label line. */
static bool line_offset(const char *line, bool clrx, unsigned long long *offset)
{
    const char *at;
    if (clrx) {
        if (strncmp(line, "/*", 2) != 0)
            return false;
        at = line + 2;
    } else {
        const char *last = NULL;
        for (const char *p = strstr(line, " // "); p; p = strstr(p + 1, " // "))
            last = p;
        if (!last)
            return false;
        at = last + 4;
    }
    return sscanf(at, "%llx", offset) == 1;
}

/* A data line of one word, with or without the text of the instruction
 * it could start in a comment (--exact). */
static bool one_data_word(const char *line, bool clrx)
{
    const char *prefix = clrx ? ".int 0x" : ".long 0x";
    size_t length = strlen(prefix);
    if (strncmp(line, prefix, length) != 0 || strlen(line) < length + 8)
        return false;
    const char *after = line + length + 8;
    return *after == '\0' || strncmp(after, clrx ? " /* " : " // ", 4) == 0;
}

static bool listing(const gcn_listing_options *options, const uint8_t *bytes, size_t length,
                    test_text *out)
{
    out->length = 0;
    return gcn_disassemble_buffer(options, bytes, length, test_text_append, out);
}

/* lines[from, count) against again[0, again_count), branch lines (".L")
 * left out of both. */
static bool same_rest(char **lines, size_t from, size_t count, char **again, size_t again_count)
{
    size_t i = from, j = 0;
    for (;;) {
        while (i < count && strstr(lines[i], ".L"))
            i++;
        while (j < again_count && strstr(again[j], ".L"))
            j++;
        if (i == count || j == again_count)
            return i == count && j == again_count;
        if (strcmp(lines[i], again[j]) != 0)
            return false;
        i++;
        j++;
    }
}

/* The fiji code: v_mov_b32 v1, 0xc0500000 (VOP1, not supported
 * yet: data), its float literal (an illegal SMEM opcode), flat_store_dword
 * v[0:1], v1 and s_endpgm, listed exactly. */
static void check_fiji_literal(test_summary *summary, gcn_dialect dialect, bool exact,
                               const char *name)
{
    static const uint8_t bytes[] = {0xff, 0x02, 0x02, 0x7e, 0x00, 0x00, 0x50, 0xc0, 0x00, 0x00,
                                    0x70, 0xdc, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x81, 0xbf};
    static const char *const clrx =
        ".int 0x7e0202ff\n"
        ".int 0xc0500000 /* SMEM_ill_20     s0, s[0:1], s0 */\n"
        "flat_store_dword v[0:1], v1\n"
        "s_endpgm\n";
    static const char *const llvm =
        ".long 0x7e0202ff\n"
        ".long 0xc0500000\n"
        "flat_store_dword v[0:1], v1\n"
        "s_endpgm\n";
    const char *want = dialect == GCN_DIALECT_CLRX ? clrx : llvm;
    gcn_listing_options options = {GCN_ARCH_GCN12, dialect, false, exact};
    test_text out = {0};
    if (listing(&options, bytes, sizeof bytes, &out) && out.length == strlen(want) &&
        memcmp(out.data, want, out.length) == 0)
        test_pass(summary);
    else
        test_fail(summary, "fiji %s: the float literal 0xc0500000 takes the flat_store_dword after "
                  "it:\n%.*s\nwant:\n%s", name, (int)out.length, out.data ? out.data : "", want);
    free(out.data);
}

enum { WORDS = 400, BUFFERS = 24, CHECKS_PER_BUFFER = 4 };

int main(void)
{
    test_summary summary = {"dis-no-swallow", 0, 0, 0};
    static const char *const names[GCN_ARCH_COUNT] = {"gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"};
    static const struct mode {
        gcn_dialect dialect;
        bool exact;
        const char *name;
    } modes[] = {
        {GCN_DIALECT_LLVM, false, "llvm"},
        {GCN_DIALECT_LLVM, true, "llvm --exact"},
        {GCN_DIALECT_CLRX, true, "clrx --exact"},
        {GCN_DIALECT_CLRX, false, "clrx"},
    };
    uint64_t seed = test_seed();
    test_text with = {0}, without = {0}, rest = {0};
    for (int a = 0; a < GCN_ARCH_COUNT; a++) {
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
            const struct mode *mode = &modes[m];
            bool clrx = mode->dialect == GCN_DIALECT_CLRX;
            unsigned checked = 0, failed = 0, illegal = 0;
            for (unsigned b = 0; b < BUFFERS; b++) {
                test_random random;
                test_random_start(&random, seed, "dis-no-swallow", (uint64_t)a * 8 + m, b);
                uint32_t words[WORDS];
                uint8_t bytes[WORDS * 4];
                for (size_t i = 0; i < WORDS; i++) {
                    words[i] = draw_word(&random);
                    for (int k = 0; k < 4; k++)
                        bytes[4 * i + k] = (uint8_t)(words[i] >> (8 * k));
                }
                gcn_listing_options options = {(gcn_arch)a, mode->dialect, true, mode->exact};
                gcn_listing_options plain = options;
                plain.show_encoding = false;
                char **lines_e = NULL, **lines = NULL;
                if (!listing(&options, bytes, sizeof bytes, &with) ||
                    !listing(&plain, bytes, sizeof bytes, &without)) {
                    test_fail(&summary, "%s %s: gcn_disassemble_buffer failed", names[a], mode->name);
                    continue;
                }
                size_t count_e = split_lines(with.data, &lines_e);
                size_t count = split_lines(without.data, &lines);
                if (count != count_e) {
                    test_fail(&summary, "%s %s buffer %u: %zu lines with -e, %zu without", names[a],
                              mode->name, b, count_e, count);
                    free(lines_e);
                    free(lines);
                    continue;
                }
                /* An illegal opcode of two words is one data word. */
                for (size_t k = 0; k < count; k++) {
                    unsigned long long offset;
                    gcn_instruction instruction;
                    if (!line_offset(lines_e[k], clrx, &offset) ||
                        gcn_decode((gcn_arch)a, words + offset / 4, WORDS - offset / 4,
                                   &instruction) != GCN_OK ||
                        instruction.row != GCN_ROW_NONE || instruction.word_count < 2)
                        continue;
                    illegal++;
                    if (one_data_word(lines[k], clrx))
                        test_pass(&summary);
                    else if (failed++ < 5)
                        test_fail(&summary, "%s %s buffer %u: the illegal opcode at byte %llu takes "
                                  "more than its first word: '%s'",
                                  names[a], mode->name, b, offset, lines_e[k]);
                    else
                        summary.failed++;
                }
                unsigned here = 0;
                for (size_t k = 0; k < count && here < CHECKS_PER_BUFFER; k++) {
                    unsigned long long offset;
                    if (!line_offset(lines_e[k], clrx, &offset) || !one_data_word(lines[k], clrx))
                        continue;
                    size_t i = (size_t)(offset / 4);
                    gcn_instruction instruction;
                    if (i + 1 >= WORDS ||
                        gcn_decode((gcn_arch)a, words + i, WORDS - i, &instruction) != GCN_OK ||
                        instruction.word_count < 2)
                        continue; /* not a two-word candidate */
                    here++;
                    checked++;
                    char **again = NULL;
                    if (!listing(&plain, bytes + 4 * (i + 1), sizeof bytes - 4 * (i + 1), &rest)) {
                        test_fail(&summary, "%s %s: gcn_disassemble_buffer failed", names[a],
                                  mode->name);
                        break;
                    }
                    size_t again_count = split_lines(rest.data, &again);
                    if (same_rest(lines, k + 1, count, again, again_count)) {
                        test_pass(&summary);
                    } else if (failed++ < 5) {
                        test_fail(&summary,
                                  "%s %s buffer %u: after the data word %08x at byte %llu ('%s'), "
                                  "the listing is not that of the words after it (first: '%s')",
                                  names[a], mode->name, b, (unsigned)words[i], offset, lines[k],
                                  again_count ? again[0] : "");
                    } else {
                        summary.failed++;
                    }
                    free(again);
                }
                free(lines_e);
                free(lines);
            }
            if (checked == 0 || illegal == 0)
                test_fail(&summary, "%s %s: %u data words started a two-word candidate, %u illegal "
                          "opcodes of two words: the test proves nothing",
                          names[a], mode->name, checked, illegal);
            else
                printf("dis-no-swallow: %s %s: %u data words that start a two-word candidate, "
                       "%u illegal opcodes of two words\n",
                       names[a], mode->name, checked, illegal);
        }
    }
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
        check_fiji_literal(&summary, modes[m].dialect, modes[m].exact, modes[m].name);
    free(with.data);
    free(without.data);
    free(rest.data);
    return test_finish(&summary);
}
