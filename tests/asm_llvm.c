/* Whole programs against llvm-mc: generated sources with labels, local
 * labels, forward and backward branches, data with label differences,
 * .p2align, .set symbols and expressions, .rept/.irp/.if and a macro are
 * assembled by llvm-mc -filetype=obj, llvm-objcopy -O binary
 * --only-section=.text, and by gcnasm's library; the bytes must be the
 * same. Half the programs use only parenthesized expressions, and these
 * must give the same bytes in the clrx dialect too. One llvm-mc process a
 * program. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "asm/assembler.h"
#include "support/harness.h"
#include "support/llvm.h"
#include "support/random.h"

typedef struct source {
    char *text;
    size_t length, capacity;
} source;

static void emit(source *s, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void emit(source *s, const char *format, ...)
{
    va_list arguments;
    if (!s->text) {
        s->capacity = 8192;
        s->text = malloc(s->capacity);
        if (!s->text)
            abort();
    }
    for (;;) {
        va_start(arguments, format);
        int n = vsnprintf(s->text + s->length, s->capacity - s->length, format, arguments);
        va_end(arguments);
        if (n >= 0 && s->length + (size_t)n < s->capacity) {
            s->length += (size_t)n;
            return;
        }
        s->capacity = s->capacity ? s->capacity * 2 : 8192;
        s->text = realloc(s->text, s->capacity);
        if (!s->text)
            abort();
    }
}

enum { SYMBOLS = 8, DIGITS = 3 };

typedef struct generator {
    test_random *random;
    gcn_arch arch;
    bool portable;           /* parenthesized: the same in both dialects */
    bool symbol_defined[SYMBOLS];
    unsigned labels;         /* L0 .. L(labels-1) are defined somewhere */
    unsigned local_defined[DIGITS + 1];
    unsigned local_future[DIGITS + 1]; /* definitions still to come */
} generator;

/* A small expression over constants and the .set symbols defined so far;
 * its value is masked to 0..mask so that any operand takes it. */
static void expression(generator *g, source *s, unsigned mask)
{
    test_random *r = g->random;
    unsigned a = test_random_below(r, SYMBOLS);
    char left[16], right[16];
    if (g->symbol_defined[a])
        snprintf(left, sizeof left, "s%u", a);
    else
        snprintf(left, sizeof left, "%u", test_random_below(r, 16));
    unsigned b = test_random_below(r, SYMBOLS);
    if (g->symbol_defined[b] && test_random_percent(r, 50))
        snprintf(right, sizeof right, "s%u", b);
    else
        snprintf(right, sizeof right, "%u", test_random_below(r, 8));
    static const char *const operators[] = {"+", "-", "*", "<<", "&", "|", "^", ">>"};
    const char *op1 = operators[test_random_below(r, 8)];
    const char *op2 = operators[test_random_below(r, 4)];
    unsigned third = test_random_below(r, 4);
    if (g->portable)
        emit(s, "(((%s %s %s) %s %u) & %u)", left, op1, right, op2, third, mask);
    else /* llvm-mc's precedence decides */
        emit(s, "((%s %s %s %s %u) & %u)", left, op1, right, op2, third, mask);
}

static void branch_target(generator *g, source *s)
{
    test_random *r = g->random;
    unsigned digit = 1 + test_random_below(r, DIGITS);
    unsigned kind = test_random_below(r, 4);
    if (kind == 0 && g->local_defined[digit])
        emit(s, "%ub", digit);
    else if (kind == 1 && g->local_future[digit])
        emit(s, "%uf", digit);
    else
        emit(s, "L%u", test_random_below(r, g->labels));
}

static void instruction(generator *g, source *s)
{
    test_random *r = g->random;
    bool gcn10 = g->arch == GCN_ARCH_GCN10;
    switch (test_random_below(r, 12)) {
    case 0: emit(s, "  s_nop "); expression(g, s, 15); break;
    case 1: emit(s, "  s_sleep "); expression(g, s, 63); break;
    case 2: emit(s, "  s_setprio "); expression(g, s, 3); break;
    case 3: emit(s, "  s_waitcnt vmcnt("); expression(g, s, 7); emit(s, ") lgkmcnt(1)"); break;
    case 4: emit(s, "  s_endpgm"); break;
    case 5: emit(s, "  s_barrier"); break;
    case 6: emit(s, "  s_sendmsg sendmsg(MSG_INTERRUPT)"); break;
    case 7: emit(s, "  s_trap "); expression(g, s, 255); break;
    case 8: /* SMRD/SMEM, 4 or 8 bytes (GCN 1.1 literal offsets) */
        emit(s, "  s_load_dword s5, s[2:3], ");
        if (g->arch == GCN_ARCH_GCN11 && test_random_percent(r, 40))
            emit(s, "0x%x", 0x100 + test_random_below(r, 0x100000));
        else
            expression(g, s, gcn10 ? 63 : 255);
        break;
    case 9:
        emit(s, "  buffer_load_dword v1, v2, s[4:7], s1 offen offset:");
        expression(g, s, 4095);
        break;
    case 10:
        if (!gcn10) {
            emit(s, "  flat_load_dword v1, v[2:3]");
            break;
        }
        /* fall through */
    default: {
        static const char *const branches[] = {"s_branch", "s_cbranch_scc0", "s_cbranch_scc1",
                                               "s_cbranch_vccz", "s_cbranch_execnz"};
        emit(s, "  %s ", branches[test_random_below(r, 5)]);
        branch_target(g, s);
    }
    }
    emit(s, "\n");
}

/* One program: items, with the labels L0.. and the local labels 1: 2: 3:
 * placed at random items beforehand, so that references know what comes. */
static void generate(test_random *r, gcn_arch arch, bool portable, source *s)
{
    generator g = {r, arch, portable, {false}, 0, {0}, {0}};
    unsigned items = 120 + test_random_below(r, 200);
    g.labels = 4 + test_random_below(r, 30);
    uint8_t *label_at = calloc(items + 1, 1), *local_at = calloc(items + 1, 1);
    for (unsigned l = 0; l < g.labels; l++) /* labels in order, at sorted items */
        label_at[test_random_below(r, items + 1)]++;
    for (unsigned i = 0; i <= items; i++)
        if (test_random_percent(r, 6)) {
            local_at[i] = (uint8_t)(1 + test_random_below(r, DIGITS));
            g.local_future[local_at[i]]++;
        }
    emit(s, ".text\n.macro pair a, b=2\n  s_nop \\a\n  s_sleep \\b\n.endm\n");
    unsigned next_label = 0;
    for (unsigned i = 0; i <= items; i++) {
        for (unsigned k = 0; k < label_at[i]; k++)
            emit(s, "L%u:\n", next_label++);
        if (local_at[i]) {
            emit(s, "%u:\n", local_at[i]);
            g.local_defined[local_at[i]]++;
            g.local_future[local_at[i]]--;
        }
        if (i == items)
            break;
        unsigned kind = test_random_below(r, 100);
        if (kind < 55) {
            instruction(&g, s);
        } else if (kind < 63) { /* label arithmetic, forward or back */
            emit(s, ".long L%u - L%u, L%u\n", test_random_below(r, g.labels), test_random_below(r, g.labels),
                 test_random_below(r, g.labels));
        } else if (kind < 67) {
            emit(s, ".byte ");
            expression(&g, s, 255);
            emit(s, ", 1, 2, 3\n.short 0x1234, ");
            expression(&g, s, 0xffff);
            emit(s, "\n");
        } else if (kind < 72) {
            emit(s, ".p2align %u\n", 2 + test_random_below(r, 4));
        } else if (kind < 80) {
            unsigned k = test_random_below(r, SYMBOLS);
            if (test_random_percent(r, 50))
                emit(s, ".set s%u, ", k);
            else
                emit(s, "s%u = ", k);
            expression(&g, s, 15);
            emit(s, "\n");
            g.symbol_defined[k] = true;
        } else if (kind < 84) {
            emit(s, ".rept %u\n", 1 + test_random_below(r, 3));
            instruction(&g, s);
            emit(s, ".endr\n");
        } else if (kind < 88) {
            emit(s, ".irp x, 1, 2, 3\n  s_nop \\x\n.endr\n");
        } else if (kind < 93) {
            emit(s, ".if ");
            expression(&g, s, 15);
            emit(s, " > 7\n  s_nop 1\n.else\n  s_nop 2\n  s_nop 3\n.endif\n");
        } else if (kind < 97) {
            emit(s, "  pair ");
            expression(&g, s, 15);
            if (test_random_percent(r, 50)) {
                emit(s, ", ");
                expression(&g, s, 15);
            }
            emit(s, "\n");
        } else {
            emit(s, ".balign 16\n");
        }
    }
    free(label_at);
    free(local_at);
}

static const char *objcopy_path(void)
{
    static const char *const names[] = {"llvm-objcopy-14", "/usr/lib/llvm-14/bin/llvm-objcopy",
                                        "llvm-objcopy"};
    const char *env = getenv("LLVM_OBJCOPY");
    if (env && *env)
        return env;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char command[256];
        snprintf(command, sizeof command, "command -v %s >/dev/null 2>&1", names[i]);
        if (system(command) == 0)
            return names[i];
    }
    return NULL;
}

static char *read_all(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t capacity = 4096, used = 0;
    char *data = malloc(capacity);
    for (size_t n; data && (n = fread(data + used, 1, capacity - used, f)) > 0;) {
        used += n;
        if (used == capacity) {
            capacity *= 2;
            data = realloc(data, capacity);
        }
    }
    fclose(f);
    *length = used;
    return data;
}

int main(void)
{
    test_summary summary = {"asm-llvm-programs", 0, 0, 0};
    const char *mc = llvm_mc_path(), *objcopy = objcopy_path();
    if (!mc || !objcopy) {
        test_skip(&summary, 1, "llvm-mc or llvm-objcopy is missing (Debian: apt-get install llvm-14)");
        return test_finish(&summary);
    }
    char directory[] = "/tmp/gcn-asm-llvm.XXXXXX";
    if (!mkdtemp(directory)) {
        test_fail(&summary, "cannot make a temporary directory");
        return test_finish(&summary);
    }
    static const char *const cpus[GCN_ARCH_COUNT] = {"tahiti", "bonaire", "tonga", "gfx900"};
    unsigned programs = test_scaled(6);
    uint64_t seed = test_seed();
    char path[64], object[64], binary[64], command[1024];
    snprintf(path, sizeof path, "%s/program.s", directory);
    snprintf(object, sizeof object, "%s/program.o", directory);
    snprintf(binary, sizeof binary, "%s/program.bin", directory);
    for (int a = 0; a < GCN_ARCH_COUNT; a++) {
        for (unsigned p = 0; p < programs; p++) {
            test_random random;
            test_random_start(&random, seed, "asm-llvm-programs", (uint64_t)a, p);
            bool portable = p % 2 == 0;
            source s = {0};
            generate(&random, (gcn_arch)a, portable, &s);
            FILE *f = fopen(path, "w");
            fwrite(s.text, 1, s.length, f);
            fclose(f);
            unlink(binary);
            snprintf(command, sizeof command,
                     "timeout 60 %s -arch=amdgcn -mcpu=%s -filetype=obj -o %s %s 2>%s/llvm.err && "
                     "%s -O binary --only-section=.text %s %s",
                     mc, cpus[a], object, path, directory, objcopy, object, binary);
            size_t want_length = 0;
            char *want = system(command) == 0 ? read_all(binary, &want_length) : NULL;
            if (!want) {
                snprintf(command, sizeof command, "%s/llvm.err", directory);
                size_t n;
                char *message = read_all(command, &n);
                test_fail(&summary, "%s program %u: llvm-mc rejects it: %.*s", cpus[a], p,
                          message ? (int)(n > 300 ? 300 : n) : 0, message ? message : "");
                free(message);
                free(s.text);
                continue;
            }
            for (int d = 0; d < (portable ? 2 : 1); d++) {
                gcn_dialect dialect = d ? GCN_DIALECT_CLRX : GCN_DIALECT_LLVM;
                char *diagnostics = NULL;
                size_t diagnostics_length = 0;
                FILE *sink = open_memstream(&diagnostics, &diagnostics_length);
                gcn_assembly assembly = {(gcn_arch)a, dialect, "program.s", sink, 0, 0, 0};
                gcn_output output = {0};
                bool ok = gcn_assemble(&assembly, s.text, s.length, &output);
                fclose(sink);
                if (ok && output.length == want_length && memcmp(output.bytes, want, want_length) == 0) {
                    test_pass(&summary);
                } else {
                    size_t at = 0;
                    while (ok && at < want_length && at < output.length && output.bytes[at] == (uint8_t)want[at])
                        at++;
                    test_fail(&summary, "%s program %u (%s): %s at byte %zu of %zu (ours %zu)%s%.400s",
                              cpus[a], p, d ? "clrx" : "llvm", ok ? "different bytes" : "gcnasm fails",
                              at, want_length, output.length, diagnostics_length ? "\n" : "",
                              diagnostics ? diagnostics : "");
                    if (getenv("GCN_TEST_KEEP")) {
                        char kept[128];
                        snprintf(kept, sizeof kept, "%s/failed-%s-%u.s", directory, cpus[a], p);
                        f = fopen(kept, "w");
                        fwrite(s.text, 1, s.length, f);
                        fclose(f);
                        fprintf(stderr, "  kept as %s\n", kept);
                    }
                }
                free(diagnostics);
                gcn_output_free(&output);
            }
            free(want);
            free(s.text);
        }
    }
    if (!getenv("GCN_TEST_KEEP")) {
        snprintf(command, sizeof command, "rm -rf %s", directory);
        if (system(command) != 0)
            fprintf(stderr, "cannot remove %s\n", directory);
    }
    return test_finish(&summary);
}
