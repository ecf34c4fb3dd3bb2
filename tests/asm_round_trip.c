/* Whole-buffer round trips on random bytes of every generation: in the
 * clrx dialect gcnasm(gcndis(bytes)) gives back every byte; in the llvm
 * dialect the text is a fixpoint (gcndis(gcnasm(text)) == text). Words are
 * drawn to hit every family, branches to every kind of target (before the
 * code, past it, inside an instruction, at its end), and some buffers end
 * in a part of a word. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/assembler.h"
#include "dis/disassembler.h"
#include "support/harness.h"
#include "support/random.h"
#include "support/text.h"


/* A word of some family, or any word. */
static uint32_t draw_word(test_random *random)
{
    uint32_t word = test_random_word(random);
    switch (test_random_below(random, 8)) {
    case 0: /* SOPP, often a branch */
        if (test_random_percent(random, 50))
            return 0xbf820000u | (uint32_t)test_random_below(random, 10) << 16 | (word & 0xffff);
        return 0xbf800000u | (word & 0x7fffff);
    case 1: return 0xc0000000u | (word & 0x07ffffff); /* SMRD / SMEM */
    case 2: return 0xc4000000u | (word & 0x03ffffff);
    case 3: return 0xe0000000u | (word & 0x03ffffff); /* MUBUF */
    case 4: return 0xdc000000u | (word & 0x03ffffff); /* FLAT */
    default: return word;
    }
}

static const char *const arch_names[GCN_ARCH_COUNT] = {"gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"};

static bool assemble(gcn_arch arch, gcn_dialect dialect, const char *source, size_t length,
                     gcn_output *output, char **diagnostics)
{
    size_t diagnostics_length = 0;
    FILE *sink = open_memstream(diagnostics, &diagnostics_length);
    gcn_assembly assembly = {arch, dialect, "listing.s", sink, 0, 0, 0};
    bool ok = gcn_assemble(&assembly, source, length, output);
    fclose(sink);
    return ok;
}

static void first_lines(const char *data, int lines)
{
    for (const char *p = data; p && *p && lines > 0; lines--) {
        const char *e = strchr(p, '\n');
        int n = e ? (int)(e - p) : (int)strlen(p);
        fprintf(stderr, "      %.*s\n", n, p);
        p = e ? e + 1 : NULL;
    }
}

static void round_trip(test_summary *summary, gcn_arch arch, const uint8_t *bytes, size_t length,
                       unsigned buffer)
{
    /* exact (gcndis --exact), in both dialects: the same bytes */
    test_text listing = {0};
    char *diagnostics = NULL;
    gcn_output output = {0};
    for (int d = 0; d < 2; d++) {
        gcn_dialect dialect = d ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX;
        gcn_listing_options exact = {arch, dialect, buffer % 2 == 0, true};
        listing.length = 0;
        if (!gcn_disassemble_buffer(&exact, bytes, length, test_text_append, &listing)) {
            test_fail(summary, "%s buffer %u: gcn_disassemble_buffer failed", arch_names[arch], buffer);
            free(listing.data);
            return;
        }
        bool ok = assemble(arch, dialect, listing.data ? listing.data : "", listing.length, &output,
                           &diagnostics);
        if (!ok || output.length != length || (length && memcmp(output.bytes, bytes, length) != 0)) {
            size_t at = 0;
            while (ok && at < length && at < output.length && output.bytes[at] == bytes[at])
                at++;
            test_fail(summary, "%s buffer %u (%zu bytes), %s --exact: %s at byte %zu",
                      arch_names[arch], buffer, length, d ? "llvm" : "clrx",
                      ok ? "different bytes" : "gcnasm fails", at);
            first_lines(diagnostics, 6);
        } else {
            test_pass(summary);
        }
        free(diagnostics);
        diagnostics = NULL;
        gcn_output_free(&output);
    }
    /* llvm without exact: a fixpoint */
    gcn_listing_options options = {arch, GCN_DIALECT_LLVM, false, false};
    listing.length = 0;
    test_text again = {0};
    diagnostics = NULL;
    if (!gcn_disassemble_buffer(&options, bytes, length, test_text_append, &listing)) {
        test_fail(summary, "%s buffer %u: gcn_disassemble_buffer (llvm) failed", arch_names[arch], buffer);
    } else if (!assemble(arch, GCN_DIALECT_LLVM, listing.data ? listing.data : "", listing.length,
                         &output, &diagnostics)) {
        test_fail(summary, "%s buffer %u, llvm: gcnasm rejects gcndis's text", arch_names[arch], buffer);
        first_lines(diagnostics, 6);
    } else if (!gcn_disassemble_buffer(&options, output.bytes, output.length, test_text_append, &again) ||
               again.length != listing.length ||
               (listing.length && memcmp(again.data, listing.data, listing.length) != 0)) {
        size_t at = 0, line = 0;
        while (at < listing.length && at < again.length && listing.data[at] == again.data[at])
            at++;
        while (at > 0 && listing.data[at - 1] != '\n')
            at--;
        for (size_t i = 0; i < at; i++)
            line += listing.data[i] == '\n';
        test_fail(summary, "%s buffer %u, llvm: the text is no fixpoint; line %zu:", arch_names[arch],
                  buffer, line + 1);
        first_lines(listing.data + at, 1);
        first_lines(again.data && at <= again.length ? again.data + at : "", 1);
    } else {
        test_pass(summary);
    }
    free(diagnostics);
    gcn_output_free(&output);
    free(listing.data);
    free(again.data);
}

int main(void)
{
    test_summary summary = {"asm-round-trip", 0, 0, 0};
    uint64_t seed = test_seed();
    unsigned buffers = test_scaled(60);
    for (int a = 0; a < GCN_ARCH_COUNT; a++) {
        for (unsigned b = 0; b < buffers; b++) {
            test_random random;
            test_random_start(&random, seed, "asm-round-trip", (uint64_t)a, b);
            size_t words = test_random_below(&random, 1200);
            size_t tail = test_random_percent(&random, 20) ? test_random_below(&random, 4) : 0;
            uint8_t *bytes = malloc(words * 4 + tail + 1);
            for (size_t i = 0; i < words; i++) {
                uint32_t w = draw_word(&random);
                memcpy(bytes + 4 * i, (uint8_t[4]){(uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16),
                                                   (uint8_t)(w >> 24)}, 4);
            }
            for (size_t i = 0; i < tail; i++)
                bytes[words * 4 + i] = (uint8_t)test_random_next(&random);
            round_trip(&summary, (gcn_arch)a, bytes, words * 4 + tail, b);
            free(bytes);
        }
        /* Branch targets of every kind: before the code, at its end, past
         * it, inside a two-word instruction. */
        static const uint32_t fixed[] = {
            0xbf82fffd, /* s_branch to -8 */
            0xbf820004, /* past the end */
            0xbf820003, /* to the end */
            0xbf820000, /* to the next */
            0xe0000000, 0x00000000, /* a two-word MUBUF load */
            0xbf82fffe, /* into the MUBUF's second word */
        };
        uint8_t bytes[sizeof fixed];
        for (size_t i = 0; i < sizeof fixed / 4; i++)
            for (int k = 0; k < 4; k++)
                bytes[4 * i + k] = (uint8_t)(fixed[i] >> (8 * k));
        round_trip(&summary, (gcn_arch)a, bytes, sizeof bytes, buffers);
    }
    return test_finish(&summary);
}
