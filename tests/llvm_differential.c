/* Differential tests against llvm-mc 14, generic over the ISA rows:
 *
 * asm     For every row on every generation, random instances (random words
 *         with the row's opcode forced in, fields biased to boundaries) are
 *         printed in the LLVM dialect. llvm-mc assembles every line (one
 *         process per generation) and so do we (gcn_parse + gcn_encode):
 *         both must accept and give the same bytes.
 * dis     On tonga and gfx900 (LLVM cannot disassemble GCN 1.0/1.1), random
 *         words of each family and row-forced words are disassembled by
 *         llvm-mc and by us (gcn_decode + gcn_format): same text, white space
 *         collapsed; where llvm-mc finds an invalid encoding (or marks an
 *         operand as invalid in a comment) we must refuse. We may refuse a text
 *         llvm-mc prints if its own assembler rejects that text.
 * reject  Valid lines are mutated (an offset past its range, a tuple of the
 *         wrong size, a misaligned or out-of-range register, the wrong
 *         register kind, the line on a generation that lacks it, a modifier
 *         the instruction does not take). Where llvm-mc rejects a mutant,
 *         we must reject it too, with a column and a message.
 *
 * Rows flagged LLVM_ABSENT are left out (the round-trip test covers them).
 * Deterministic: the seed is fixed ($GCN_TEST_SEED changes it);
 * $GCN_DIFF_SCALE scales the counts. llvm-mc is required: without it this
 * test fails and says what to install. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"
#include "support/crash.h"
#include "support/harness.h"
#include "support/instances.h"
#include "support/llvm.h"
#include "support/random.h"

enum {
    ASM_INSTANCES = 24,          /* per row and generation */
    DIS_ROW_INSTANCES = 16,      /* per row, on tonga and gfx900 */
    DIS_FAMILY_INSTANCES = 1500, /* raw family words per family, on tonga and gfx900 */
    REDRAWS = 8,                 /* draws per asm line while the formatter refuses */
    MUTANTS_PER_LINE = 3,        /* drawn from all the mutations a line allows */
    MODIFIER_PERCENT = 50,       /* lines that also get a modifier inserted */
    GENERATION_PERCENT = 25,     /* lines also tried on a generation lacking the row */
    CROSS_PERCENT = 10,          /* lines also tried on another generation having it */
    EXAMPLES = 8,                /* failures shown in full per check and family */
    LISTED = 12,                 /* mnemonics listed per check and family */
    NOTES = 3                    /* notes shown per family and kind */
};

typedef enum check { CHECK_ASM, CHECK_DIS, CHECK_REJECT, CHECK_COUNT } check;
static const char *const check_names[CHECK_COUNT] = {"asm", "dis", "reject"};

typedef enum mutant_kind {
    MUTANT_NUMBER,         /* an offset, immediate or constant one past a range */
    MUTANT_TUPLE_SIZE,     /* a register tuple of the wrong size */
    MUTANT_ALIGNMENT,      /* a misaligned SGPR tuple */
    MUTANT_PAST_LAST,      /* a register past the last one */
    MUTANT_REGISTER_KIND,  /* an SGPR where a VGPR goes, and back */
    MUTANT_MODIFIER,       /* a modifier inserted anywhere after the operands */
    MUTANT_GENERATION,     /* the line on a generation whose rows lack it */
    MUTANT_CROSS,          /* the line on another generation that has the row */
    MUTANT_KIND_COUNT
} mutant_kind;
static const char *const mutant_names[MUTANT_KIND_COUNT] = {
    "number", "tuple-size", "alignment", "past-last", "register-kind", "modifier",
    "generation", "cross-generation"};

/* One line of the assembly differential (and the source of mutants). */
typedef struct line_case {
    char *text;
    uint32_t words[GCN_MAX_WORDS];
    uint8_t word_count, arch, family;
    uint16_t row;
    llvm_result llvm;
    char *llvm_disassembly; /* where llvm-mc rejects the line: what it prints for the words */
} line_case;

typedef struct mutant {
    char *text;
    size_t source; /* index in the cases */
    uint8_t arch, kind;
    unsigned group; /* mutants of one group count as rejected only if llvm-mc rejects all */
    llvm_result llvm;
    char *llvm_disassembly; /* where we accept it: what llvm-mc prints for our encoding */
} mutant;

typedef struct dis_case {
    uint32_t words[GCN_MAX_WORDS];
    uint8_t count, arch, family;
    uint16_t row;
    gcn_status status; /* ours: decode, then format */
    char text[256];
    llvm_result llvm;
    bool llvm_rejects_own; /* llvm-mc's assembler rejects the text its disassembler printed */
} dis_case;

typedef struct family_stats {
    unsigned asm_lines, asm_agree, asm_not_expressible, asm_no_instance;
    unsigned llvm_asymmetric; /* llvm-mc rejects what its own disassembler prints */
    unsigned dis_words, dis_same_text, dis_both_invalid;
    unsigned dis_llvm_rejects_own; /* we print data where llvm-mc prints what it rejects */
    unsigned mutants, reject_agree, discarded_llvm_accepts, discarded_invalid_source;
    unsigned discarded_asymmetric; /* llvm-mc rejects its own disassembly of our encoding */
    unsigned llvm_has_more; /* llvm-mc accepts a line on a generation our rows lack */
    unsigned failed[CHECK_COUNT];
} family_stats;

static test_summary summary = {"llvm-differential", 0, 0, 0};
static family_stats stats[GCN_FAMILY_COUNT];
static unsigned row_failures[CHECK_COUNT][GCN_ROW_COUNT];
static unsigned unnamed_failures[CHECK_COUNT][GCN_FAMILY_COUNT];
static unsigned show_all, shown_total; /* $GCN_TEST_SHOW: show every failure, up to this many */
static unsigned shown[CHECK_COUNT][GCN_FAMILY_COUNT];
static unsigned kind_checked[MUTANT_KIND_COUNT], kind_failed[MUTANT_KIND_COUNT];
static FILE *dump; /* $GCN_DIFF_DUMP: every comparison, one tab-separated line each */
static unsigned noted_asymmetric[GCN_FAMILY_COUNT], noted_more[GCN_FAMILY_COUNT];

static const gcn_arch dis_archs[] = {GCN_ARCH_GCN12, GCN_ARCH_GCN14};

/* ---- small helpers ---- */

#define PUSH(array, count, capacity, value)                                   \
    do {                                                                      \
        if ((count) == (capacity)) {                                          \
            (capacity) = (capacity) ? 2 * (capacity) : 1024;                  \
            void *grown = realloc((array), (capacity) * sizeof *(array));     \
            if (!grown) {                                                     \
                fprintf(stderr, "out of memory\n");                           \
                exit(2);                                                      \
            }                                                                 \
            (array) = grown;                                                  \
        }                                                                     \
        (array)[(count)++] = (value);                                         \
    } while (0)

static char *copy_text(const char *text)
{
    size_t n = strlen(text) + 1;
    char *copy = malloc(n);
    if (!copy) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return memcpy(copy, text, n);
}

/* text with [start, end) replaced. */
static char *splice(const char *text, size_t start, size_t end, const char *replacement)
{
    size_t n = strlen(text), r = strlen(replacement);
    char *out = malloc(n - (end - start) + r + 1);
    if (!out) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    memcpy(out, text, start);
    memcpy(out + start, replacement, r);
    memcpy(out + start + r, text + end, n - end + 1);
    return out;
}

static void format_bytes(const uint8_t *bytes, size_t count, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < count && used + 6 < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s0x%02x", i ? "," : "", bytes[i]);
}

static const char *llvm_message(const llvm_result *result)
{
    return result->message ? result->message : "(no message)";
}

/* Shows the first failure of each row (up to EXAMPLES per check and family)
 * and counts the rest, so that one broken family does not hide the others. */
static void failure(check which, gcn_family family, unsigned row, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
static void failure(check which, gcn_family family, unsigned row, const char *format, ...)
{
    char message[2048];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    stats[family].failed[which]++;
    summary.failed++;
    unsigned *per_row = row < GCN_ROW_COUNT ? &row_failures[which][row]
                                            : &unnamed_failures[which][family];
    bool first = (*per_row)++ == 0;
    if (show_all ? shown_total < show_all : first && shown[which][family] < EXAMPLES) {
        shown[which][family]++;
        shown_total++;
        printf("FAIL %s: %s\n", summary.name, message);
    }
}

/* Prints a note while *shown (per family and kind) is below NOTES. */
static void note(unsigned *shown_here, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
static void note(unsigned *shown_here, const char *format, ...)
{
    if ((*shown_here)++ >= NOTES)
        return;
    va_list arguments;
    va_start(arguments, format);
    printf("note %s: ", summary.name);
    vprintf(format, arguments);
    printf("\n");
    va_end(arguments);
}

/* Ours: parse in the LLVM dialect and encode. */
typedef struct ours_result {
    bool ok;
    uint8_t bytes[4 * GCN_MAX_WORDS];
    size_t byte_count;
    unsigned column;
    char message[300];
    char warning[300]; /* "" if none */
} ours_result;

static void ours_assemble(gcn_arch arch, const char *text, ours_result *result)
{
    gcn_parse_options options = {.arch = arch, .dialect = GCN_DIALECT_LLVM, .address = 0,
        .resolve = NULL, .resolve_context = NULL};
    gcn_parse_error error;
    gcn_instruction instruction;
    memset(result, 0, sizeof *result);
    test_crash_context("parsing '%s' on %s", text, gcn_arch_name(arch));
    size_t length = strlen(text);
    gcn_status status = gcn_parse(&options, text, length, &instruction, &error);
    if (status != GCN_OK) {
        result->column = error.column;
        snprintf(result->message, sizeof result->message, "column %u: %s", error.column,
                 error.message);
        if (error.column < 1 || error.column > length + 1 || !error.message[0])
            snprintf(result->message + strlen(result->message),
                     sizeof result->message - strlen(result->message),
                     " [bad diagnostic: column or message missing]");
        return;
    }
    if (error.warning_column)
        snprintf(result->warning, sizeof result->warning, "%s", error.warning);
    uint32_t words[GCN_MAX_WORDS];
    size_t count = 0;
    status = gcn_encode(&instruction, words, &count);
    if (status != GCN_OK) {
        snprintf(result->message, sizeof result->message, "parses, but encode fails: status %d",
                 status);
        return;
    }
    result->ok = true;
    result->byte_count = count * 4;
    for (size_t i = 0; i < count; i++)
        for (int b = 0; b < 4; b++)
            result->bytes[4 * i + b] = (uint8_t)(words[i] >> (8 * b));
}

/* ---- mutations ---- */

typedef struct register_token {
    size_t start, end;
    const char *prefix; /* "s", "v", "ttmp" */
    long first, last;
} register_token;

static bool identifier_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '.' || c == '$';
}

static bool digit(char c) { return c >= '0' && c <= '9'; }

/* sN, s[a:b], vN, v[a:b], ttmpN, ttmp[a:b] after the mnemonic. */
static size_t find_registers(const char *text, register_token *tokens, size_t max)
{
    static const char *const prefixes[] = {"ttmp", "s", "v"};
    size_t count = 0;
    const char *space = strchr(text, ' ');
    if (!space)
        return 0;
    for (size_t i = (size_t)(space - text); text[i] && count < max; i++) {
        if (i > 0 && identifier_char(text[i - 1]))
            continue;
        for (size_t p = 0; p < sizeof prefixes / sizeof prefixes[0]; p++) {
            size_t n = strlen(prefixes[p]);
            if (strncmp(text + i, prefixes[p], n) != 0)
                continue;
            const char *q = text + i + n;
            char *end;
            register_token token = {i, 0, prefixes[p], 0, 0};
            if (*q == '[' && digit(q[1])) {
                token.first = strtol(q + 1, &end, 10);
                if (*end != ':' || !digit(end[1]))
                    break;
                token.last = strtol(end + 1, &end, 10);
                if (*end != ']')
                    break;
                end++;
            } else if (digit(*q)) {
                token.first = token.last = strtol(q, &end, 10);
                if (identifier_char(*end))
                    break;
            } else {
                continue;
            }
            token.end = (size_t)(end - text);
            tokens[count++] = token;
            break;
        }
    }
    return count;
}

static void register_text(char *out, size_t size, const char *prefix, long first, long last)
{
    if (first == last)
        snprintf(out, size, "%s%ld", prefix, first);
    else
        snprintf(out, size, "%s[%ld:%ld]", prefix, first, last);
}

typedef struct candidate {
    char *text;
    mutant_kind kind;
} candidate;

typedef struct candidates {
    candidate items[96];
    size_t count;
} candidates;

static void add_candidate(candidates *list, mutant_kind kind, char *text, const char *source)
{
    if (list->count == sizeof list->items / sizeof list->items[0] || strcmp(text, source) == 0) {
        free(text);
        return;
    }
    list->items[list->count].text = text;
    list->items[list->count].kind = kind;
    list->count++;
}

static void register_mutations(const char *text, candidates *list)
{
    register_token tokens[8];
    size_t count = find_registers(text, tokens, 8);
    char name[48];
    for (size_t t = 0; t < count; t++) {
        const register_token *token = &tokens[t];
        long n = token->last - token->first + 1;
        long sizes[4] = {n + 1, n - 1, 2 * n, n / 2};
        for (int i = 0; i < 4; i++) {
            bool repeated = false;
            for (int j = 0; j < i; j++)
                repeated |= sizes[j] == sizes[i];
            if (sizes[i] < 1 || sizes[i] == n || repeated)
                continue;
            register_text(name, sizeof name, token->prefix, token->first,
                          token->first + sizes[i] - 1);
            add_candidate(list, MUTANT_TUPLE_SIZE, splice(text, token->start, token->end, name),
                          text);
        }
        if (strcmp(token->prefix, "v") != 0 && n >= 2) {
            for (long shift = 1; shift <= (n >= 4 ? 2 : 1); shift++) {
                register_text(name, sizeof name, token->prefix, token->first + shift,
                              token->last + shift);
                add_candidate(list, MUTANT_ALIGNMENT,
                              splice(text, token->start, token->end, name), text);
            }
        }
        static const long sgpr_lasts[] = {102, 103, 104, 105, 106};
        static const long vgpr_lasts[] = {256};
        static const long ttmp_lasts[] = {12, 16};
        const long *lasts = sgpr_lasts;
        size_t last_count = 5;
        if (strcmp(token->prefix, "v") == 0)
            lasts = vgpr_lasts, last_count = 1;
        else if (strcmp(token->prefix, "ttmp") == 0)
            lasts = ttmp_lasts, last_count = 2;
        for (size_t i = 0; i < last_count; i++) {
            if (lasts[i] - n + 1 < 0)
                continue;
            register_text(name, sizeof name, token->prefix, lasts[i] - n + 1, lasts[i]);
            add_candidate(list, MUTANT_PAST_LAST, splice(text, token->start, token->end, name),
                          text);
        }
        const char *other = strcmp(token->prefix, "v") == 0 ? "s" : "v";
        register_text(name, sizeof name, other, token->first, token->last);
        add_candidate(list, MUTANT_REGISTER_KIND, splice(text, token->start, token->end, name),
                      text);
    }
}

/* A number standing alone as an operand (SMEM offsets, SOPP immediates) or
 * after offset:, replaced by values one past the usual ranges. */
static void offset_mutations(const char *text, candidates *list)
{
    static const long long values[] = {-1, 0x100, 0x1000, -0x1001, 0x2000, -0x2001, 0x10000,
                                       -0x8001, 0x100000, -0x100001, 0x200000, -0x200001,
                                       0x100000000ll};
    const char *space = strchr(text, ' ');
    if (!space)
        return;
    for (const char *p = space; *p; p++) {
        bool after_offset = p - text >= 7 && strncmp(p - 7, "offset:", 7) == 0;
        bool standalone = (p[-1] == ' ' && (p[-2] == ',' || p - 1 == space));
        if (!after_offset && !standalone)
            continue;
        const char *q = p;
        if (*q == '-')
            q++;
        if (!digit(*q))
            continue;
        bool hex = q[0] == '0' && q[1] == 'x';
        const char *end = hex ? q + 2 : q;
        while (identifier_char(*end))
            end++;
        if (*end && *end != ',' && *end != ' ')
            continue;
        for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
            char number[40];
            long long v = values[i];
            if (hex)
                snprintf(number, sizeof number, "%s0x%llx", v < 0 ? "-" : "", v < 0 ? -v : v);
            else
                snprintf(number, sizeof number, "%lld", v);
            add_candidate(list, MUTANT_NUMBER,
                          splice(text, (size_t)(p - text), (size_t)(end - text), number), text);
        }
    }
}

/* Splits at spaces outside parentheses. */
static size_t split_tokens(const char *text, const char **starts, size_t *lengths, size_t max)
{
    size_t count = 0;
    const char *p = text;
    while (*p && count < max) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        const char *start = p;
        int depth = 0;
        while (*p && (depth > 0 || *p != ' ')) {
            depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
            p++;
        }
        starts[count] = start;
        lengths[count] = (size_t)(p - start);
        count++;
    }
    return count;
}

/* Inserts one modifier at every place after the last operand: llvm-mc fixes
 * the order, so the modifier is invalid only if it rejects every place. */
static void modifier_mutations(test_random *random, const char *text, candidates *list)
{
    static const char *const modifiers[] = {"glc", "slc", "tfe", "lds", "offen", "idxen",
                                            "addr64", "nv", "dlc", "gds", "offset:4"};
    const char *starts[32];
    size_t lengths[32];
    size_t count = split_tokens(text, starts, lengths, 32);
    if (count == 0 || count == 32)
        return;
    size_t last_operand = 0;
    for (size_t i = 1; i < count; i++) {
        last_operand = i;
        if (starts[i][lengths[i] - 1] != ',')
            break;
    }
    unsigned pick = test_random_below(random, sizeof modifiers / sizeof modifiers[0]);
    const char *modifier = modifiers[pick];
    size_t name_length = strcspn(modifier, ":");
    for (size_t i = last_operand + 1; i < count; i++)
        if (lengths[i] >= name_length && strncmp(starts[i], modifier, name_length) == 0 &&
            (lengths[i] == name_length || starts[i][name_length] == ':'))
            return; /* already there */
    for (size_t place = last_operand + 1; place <= count; place++) {
        size_t at = place < count ? (size_t)(starts[place] - text) : strlen(text);
        char inserted[32];
        snprintf(inserted, sizeof inserted, place < count ? "%s " : " %s", modifier);
        add_candidate(list, MUTANT_MODIFIER, splice(text, at, at, inserted), text);
    }
}

static void make_mutants(test_random *random, const line_case *source, size_t source_index,
                         mutant **mutants, size_t *count, size_t *capacity, unsigned *groups)
{
    candidates list = {.count = 0};
    offset_mutations(source->text, &list);
    register_mutations(source->text, &list);
    /* A few of the single mutations, each its own group. */
    for (unsigned n = 0; n < MUTANTS_PER_LINE && list.count > 0; n++) {
        size_t pick = test_random_below(random, (unsigned)list.count);
        mutant m = {list.items[pick].text, source_index, source->arch,
                    (uint8_t)list.items[pick].kind, (*groups)++, {0}, NULL};
        PUSH(*mutants, *count, *capacity, m);
        list.items[pick] = list.items[--list.count];
    }
    for (size_t i = 0; i < list.count; i++)
        free(list.items[i].text);
    list.count = 0;
    if (test_random_percent(random, MODIFIER_PERCENT)) {
        modifier_mutations(random, source->text, &list);
        unsigned group = (*groups)++;
        for (size_t i = 0; i < list.count; i++) {
            mutant m = {list.items[i].text, source_index, source->arch, MUTANT_MODIFIER, group,
                        {0}, NULL};
            PUSH(*mutants, *count, *capacity, m);
        }
    }
    const gcn_row *row = &gcn_rows[source->row];
    for (int arch = 0; arch < GCN_ARCH_COUNT; arch++) {
        if (arch == source->arch)
            continue;
        bool present = row->opcode[arch] >= 0;
        if (!test_random_percent(random, present ? CROSS_PERCENT : GENERATION_PERCENT))
            continue;
        mutant m = {copy_text(source->text), source_index, (uint8_t)arch,
                    present ? MUTANT_CROSS : MUTANT_GENERATION, (*groups)++, {0}, NULL};
        PUSH(*mutants, *count, *capacity, m);
    }
}

/* ---- the three checks ---- */

static void check_line(const line_case *c)
{
    gcn_family family = (gcn_family)c->family;
    const char *arch = gcn_arch_name((gcn_arch)c->arch);
    char hex[64], ours_bytes[80], llvm_bytes[80];
    test_format_words(c->words, c->word_count, hex, sizeof hex);
    ours_result ours;
    ours_assemble((gcn_arch)c->arch, c->text, &ours);
    format_bytes(ours.bytes, ours.byte_count, ours_bytes, sizeof ours_bytes);
    format_bytes(c->llvm.bytes, c->llvm.byte_count, llvm_bytes, sizeof llvm_bytes);
    if (dump)
        fprintf(dump, "asm\t%s\t%s\t[%s]\tllvm %s\tours %s\n", arch, c->text, hex,
                c->llvm.accepted ? llvm_bytes : llvm_message(&c->llvm),
                ours.ok ? ours_bytes : ours.message);
    if (!c->llvm.accepted && c->llvm_disassembly && strcmp(c->llvm_disassembly, c->text) == 0) {
        /* The text is LLVM's own disassembly of the words, which its
         * assembler rejects: the llvm dialect reads it back, to words that
         * print as the same text (the words may hold bits the text does
         * not show, which no text gives back). */
        uint32_t again[GCN_MAX_WORDS] = {0};
        for (size_t i = 0; i < ours.byte_count && i < sizeof again; i++)
            again[i / 4] |= (uint32_t)ours.bytes[i] << (8 * (i % 4));
        gcn_instruction decoded;
        char text[256] = "";
        bool same = ours.ok && gcn_decode((gcn_arch)c->arch, again, ours.byte_count / 4, &decoded) == GCN_OK &&
                    gcn_format(&decoded, GCN_DIALECT_LLVM, 0, text, sizeof text, NULL) == GCN_OK &&
                    strcmp(text, c->text) == 0;
        stats[family].llvm_asymmetric++;
        note(&noted_asymmetric[family],
             "llvm-mc prints '%s' for [%s] on %s but rejects it (%s); ours: %s", c->text, hex,
             arch, llvm_message(&c->llvm), ours.ok ? ours_bytes : ours.message);
        if (!ours.ok)
            failure(CHECK_ASM, family, c->row, "asm %s [%s] '%s' (llvm-mc's own text, which it "
                    "rejects: %s): we reject it too (%s)", arch, hex, c->text,
                    llvm_message(&c->llvm), ours.message);
        else if (!same)
            failure(CHECK_ASM, family, c->row, "asm %s [%s] '%s' (llvm-mc's own text, which it "
                    "rejects): ours [%s] prints as '%s'", arch, hex, c->text, ours_bytes, text);
        else if (!ours.warning[0]) /* the user is told that llvm-mc would refuse it */
            failure(CHECK_ASM, family, c->row, "asm %s [%s] '%s' (llvm-mc's own text, which it "
                    "rejects: %s): read back without a warning", arch, hex, c->text,
                    llvm_message(&c->llvm));
        else
            test_pass(&summary);
    } else if (!c->llvm.accepted && !ours.ok) {
        failure(CHECK_ASM, family, c->row, "asm %s [%s] '%s': both reject; llvm: %s; ours: %s",
                arch, hex, c->text, llvm_message(&c->llvm), ours.message);
    } else if (!c->llvm.accepted) {
        failure(CHECK_ASM, family, c->row, "asm %s [%s] '%s': llvm rejects (%s); ours [%s]",
                arch, hex, c->text, llvm_message(&c->llvm), ours_bytes);
    } else if (!ours.ok) {
        failure(CHECK_ASM, family, c->row, "asm %s [%s] '%s': we reject (%s); llvm [%s]", arch,
                hex, c->text, ours.message, llvm_bytes);
    } else if (ours.byte_count != c->llvm.byte_count ||
               memcmp(ours.bytes, c->llvm.bytes, ours.byte_count) != 0) {
        failure(CHECK_ASM, family, c->row, "asm %s [%s] '%s': ours [%s], llvm [%s] ('%s')", arch,
                hex, c->text, ours_bytes, llvm_bytes, c->llvm.text ? c->llvm.text : "");
    } else {
        stats[family].asm_agree++;
        test_pass(&summary);
    }
}

/* A mutant tests rejection only if its source is valid and llvm-mc rejects
 * it (and every other mutant of its group). */
static bool must_reject(const mutant *m, const line_case *source, bool group_accepted)
{
    return source->llvm.accepted && !m->llvm.accepted && !group_accepted;
}

static void check_mutant(const mutant *m, const line_case *source, bool group_accepted)
{
    gcn_family family = (gcn_family)source->family;
    const char *arch = gcn_arch_name((gcn_arch)m->arch);
    stats[family].mutants++;
    if (!source->llvm.accepted) {
        stats[family].discarded_invalid_source++;
        return;
    }
    if (!must_reject(m, source, group_accepted)) {
        stats[family].discarded_llvm_accepts++;
        if (m->kind == MUTANT_GENERATION && m->llvm.accepted) {
            stats[family].llvm_has_more++;
            note(&noted_more[family],
                 "llvm-mc accepts '%s' on %s, where the rows have no %s", m->text, arch,
                 gcn_rows[source->row].name);
        }
        return;
    }
    kind_checked[m->kind]++;
    ours_result ours;
    ours_assemble((gcn_arch)m->arch, m->text, &ours);
    char ours_bytes[80];
    format_bytes(ours.bytes, ours.byte_count, ours_bytes, sizeof ours_bytes);
    if (dump)
        fprintf(dump, "reject\t%s\t%s\t%s\tllvm %s\tours %s\n", arch, mutant_names[m->kind],
                m->text, llvm_message(&m->llvm), ours.ok ? ours_bytes : ours.message);
    if (ours.ok && m->llvm_disassembly && strcmp(m->llvm_disassembly, m->text) == 0) {
        /* LLVM prints exactly this for our encoding: its assembler is the odd one out. */
        stats[family].discarded_asymmetric++;
    } else if (ours.ok) {
        kind_failed[m->kind]++;
        failure(CHECK_REJECT, family, source->row,
                "reject %s %s: '%s' (from '%s' on %s): llvm rejects (%s); we accept: [%s]", arch,
                mutant_names[m->kind], m->text, source->text,
                gcn_arch_name((gcn_arch)source->arch), llvm_message(&m->llvm), ours_bytes);
    } else if (strstr(ours.message, "[bad diagnostic")) {
        kind_failed[m->kind]++;
        failure(CHECK_REJECT, family, source->row, "reject %s %s: '%s': our error %s", arch,
                mutant_names[m->kind], m->text, ours.message);
    } else {
        stats[family].reject_agree++;
        test_pass(&summary);
    }
}

static void check_dis(const dis_case *c)
{
    gcn_family family = (gcn_family)c->family;
    const char *arch = gcn_arch_name((gcn_arch)c->arch);
    char hex[64];
    test_format_words(c->words, c->count, hex, sizeof hex);
    bool ours_ok = c->status == GCN_OK;
    if (dump)
        fprintf(dump, "dis\t%s\t[%s]\tllvm %s\tours %s\n", arch, hex,
                c->llvm.accepted && c->llvm.text ? c->llvm.text : "invalid",
                ours_ok ? c->text : "refuses");
    /* llvm-mc marks an operand it cannot read as invalid in its text: no
     * valid text either. */
    bool llvm_valid = c->llvm.accepted && !(c->llvm.text && strstr(c->llvm.text, "/*invalid"));
    if (!llvm_valid) {
        if (!ours_ok) {
            stats[family].dis_both_invalid++;
            test_pass(&summary);
        } else {
            failure(CHECK_DIS, family, c->row, "dis %s [%s]: llvm: invalid encoding; ours '%s'",
                    arch, hex, c->text);
        }
        return;
    }
    char llvm_text[512];
    snprintf(llvm_text, sizeof llvm_text, "%s", c->llvm.text ? c->llvm.text : "");
    test_collapse_space(llvm_text);
    char extra[80] = "";
    if (c->llvm.extra)
        snprintf(extra, sizeof extra, " (llvm read fewer words: %u more instructions)",
                 c->llvm.extra);
    if (!ours_ok && c->llvm_rejects_own) {
        /* llvm-mc's text is no valid LLVM text: its own assembler rejects it. */
        stats[family].dis_llvm_rejects_own++;
        test_pass(&summary);
        return;
    }
    if (!ours_ok) {
        failure(CHECK_DIS, family, c->row, "dis %s [%s]: llvm '%s'%s; ours refuses (status %d)",
                arch, hex, llvm_text, extra, c->status);
        return;
    }
    char ours_text[256];
    snprintf(ours_text, sizeof ours_text, "%s", c->text);
    test_collapse_space(ours_text);
    if (strcmp(ours_text, llvm_text) != 0 || c->llvm.extra) {
        failure(CHECK_DIS, family, c->row, "dis %s [%s]: ours '%s', llvm '%s'%s", arch, hex,
                ours_text, llvm_text, extra);
        return;
    }
    stats[family].dis_same_text++;
    test_pass(&summary);
}

/* ---- building the cases ---- */

static void add_line_cases(uint64_t seed, line_case **cases, size_t *count, size_t *capacity)
{
    unsigned per_row = test_scaled(ASM_INSTANCES);
    for (int arch = 0; arch < GCN_ARCH_COUNT; arch++) {
        for (unsigned row = 0; row < GCN_ROW_COUNT; row++) {
            const gcn_row *entry = &gcn_rows[row];
            if (entry->opcode[arch] < 0 || (entry->flags & GCN_ROW_LLVM_ABSENT))
                continue;
            gcn_family family = (gcn_family)entry->family;
            test_random random;
            test_random_start(&random, seed, entry->name, 2, (uint64_t)arch);
            for (unsigned i = 0; i < per_row; i++) {
                uint32_t words[GCN_MAX_WORDS];
                gcn_instruction instruction;
                char why[256], text[512];
                bool built = false, expressible = false;
                /* Draw again when LLVM has no text for the words (a field it
                 * cannot express), so that every row gets its lines. */
                for (int attempt = 0; attempt < REDRAWS && !expressible; attempt++) {
                    bool plain = attempt >= REDRAWS / 2;
                    if (!(plain ? test_plain_row_instance : test_row_instance)(
                            &random, row, (gcn_arch)arch, words, &instruction, why, sizeof why))
                        break; /* the round-trip test reports these */
                    built = true;
                    expressible = gcn_format(&instruction, GCN_DIALECT_LLVM, 0, text,
                                             sizeof text, NULL) == GCN_OK;
                    if (!expressible)
                        stats[family].asm_not_expressible++;
                }
                if (!built)
                    stats[family].asm_no_instance++;
                if (!expressible)
                    continue;
                line_case c = {copy_text(text), {0}, instruction.word_count, (uint8_t)arch,
                               (uint8_t)family, (uint16_t)row, {0}, NULL};
                memcpy(c.words, words, sizeof c.words);
                stats[family].asm_lines++;
                PUSH(*cases, *count, *capacity, c);
            }
        }
    }
}

static void add_dis_case(gcn_arch arch, gcn_family family, const uint32_t *words,
                         dis_case **cases, size_t *count, size_t *capacity)
{
    dis_case c;
    memset(&c, 0, sizeof c);
    memcpy(c.words, words, sizeof c.words);
    c.arch = (uint8_t)arch;
    c.family = (uint8_t)family;
    c.row = GCN_ROW_NONE;
    char hex[64];
    test_format_words(words, GCN_MAX_WORDS, hex, sizeof hex);
    test_crash_context("decoding and formatting [%s] on %s", hex, gcn_arch_name(arch));
    gcn_instruction instruction;
    c.status = gcn_decode(arch, words, GCN_MAX_WORDS, &instruction);
    /* Words we cannot decode go whole: llvm-mc must then find nothing valid. */
    c.count = GCN_MAX_WORDS;
    if (c.status == GCN_OK) {
        c.count = instruction.word_count;
        c.row = instruction.row;
        if (c.row < GCN_ROW_COUNT && (gcn_rows[c.row].flags & GCN_ROW_LLVM_ABSENT))
            return;
        c.status = gcn_format(&instruction, GCN_DIALECT_LLVM, 0, c.text, sizeof c.text, NULL);
    }
    stats[family].dis_words++;
    PUSH(*cases, *count, *capacity, c);
}

static void add_dis_cases(uint64_t seed, gcn_arch arch, dis_case **cases, size_t *count,
                          size_t *capacity)
{
    unsigned per_family = test_scaled(DIS_FAMILY_INSTANCES);
    unsigned per_row = test_scaled(DIS_ROW_INSTANCES);
    for (int family = GCN_FAMILY_NONE + 1; family < GCN_FAMILY_COUNT; family++) {
        uint32_t mask, value;
        if (!test_family_encoding((gcn_family)family, arch, &mask, &value))
            continue;
        test_random random;
        test_random_start(&random, seed, "dis family", (uint64_t)family, (uint64_t)arch);
        for (unsigned i = 0; i < per_family; i++) {
            uint32_t words[GCN_MAX_WORDS];
            test_family_words(&random, (gcn_family)family, arch, words);
            add_dis_case(arch, (gcn_family)family, words, cases, count, capacity);
        }
    }
    for (unsigned row = 0; row < GCN_ROW_COUNT; row++) {
        const gcn_row *entry = &gcn_rows[row];
        if (entry->opcode[arch] < 0 || (entry->flags & GCN_ROW_LLVM_ABSENT))
            continue;
        test_random random;
        test_random_start(&random, seed, entry->name, 3, (uint64_t)arch);
        for (unsigned i = 0; i < per_row; i++) {
            uint32_t words[GCN_MAX_WORDS];
            gcn_instruction instruction;
            char why[256];
            /* Half of them plain, which LLVM more often reads. */
            if ((i % 2 ? test_plain_row_instance : test_row_instance)(
                    &random, row, arch, words, &instruction, why, sizeof why))
                add_dis_case(arch, (gcn_family)entry->family, words, cases, count, capacity);
        }
    }
}

/* ---- reporting ---- */

static void list_failures(check which, gcn_family family)
{
    bool listed[GCN_ROW_COUNT] = {false};
    printf("  %s %s disagreements by mnemonic:", test_family_name(family), check_names[which]);
    if (unnamed_failures[which][family])
        printf(" (no row) %u", unnamed_failures[which][family]);
    for (int n = 0; n < LISTED; n++) {
        unsigned best = GCN_ROW_COUNT;
        for (unsigned row = 0; row < GCN_ROW_COUNT; row++)
            if (gcn_rows[row].family == family && !listed[row] && row_failures[which][row] &&
                (best == GCN_ROW_COUNT || row_failures[which][row] > row_failures[which][best]))
                best = row;
        if (best == GCN_ROW_COUNT)
            break;
        listed[best] = true;
        printf(" %s %u", gcn_rows[best].name, row_failures[which][best]);
    }
    printf("\n");
}

static void report(void)
{
    for (int f = GCN_FAMILY_NONE + 1; f < GCN_FAMILY_COUNT; f++) {
        const family_stats *s = &stats[f];
        printf("%s %-5s: asm %u lines: %u agree, %u disagree (%u draws not expressible in llvm, %u "
               "lines not built); dis %u words: %u same text, %u both invalid, %u disagree; "
               "reject %u mutants: %u rejected by both, %u disagree, %u discarded (llvm accepts "
               "%u, source invalid %u, llvm rejects its own disassembly %u)\n",
               summary.name, test_family_name((gcn_family)f), s->asm_lines, s->asm_agree,
               s->failed[CHECK_ASM], s->asm_not_expressible, s->asm_no_instance, s->dis_words,
               s->dis_same_text, s->dis_both_invalid, s->failed[CHECK_DIS], s->mutants,
               s->reject_agree, s->failed[CHECK_REJECT],
               s->discarded_llvm_accepts + s->discarded_invalid_source + s->discarded_asymmetric,
               s->discarded_llvm_accepts, s->discarded_invalid_source, s->discarded_asymmetric);
        for (int which = 0; which < CHECK_COUNT; which++)
            if (s->failed[which])
                list_failures((check)which, (gcn_family)f);
        if (s->llvm_asymmetric)
            printf("  %s: llvm-mc rejects %u of our lines that are its own disassembly of the "
                   "words (each read back by ours to words that print the same)\n", test_family_name((gcn_family)f),
                   s->llvm_asymmetric);
        if (s->llvm_has_more)
            printf("  %s: llvm-mc accepts %u lines on a generation whose rows lack the "
                   "instruction\n", test_family_name((gcn_family)f), s->llvm_has_more);
        if (s->dis_llvm_rejects_own)
            printf("  %s: %u words we print as data where llvm-mc prints a text its own "
                   "assembler rejects (not counted as failures)\n",
                   test_family_name((gcn_family)f), s->dis_llvm_rejects_own);
    }
    printf("%s mutants checked (failed) by kind:", summary.name);
    for (int k = 0; k < MUTANT_KIND_COUNT; k++)
        printf(" %s %u (%u)", mutant_names[k], kind_checked[k], kind_failed[k]);
    printf("\n");
}

/* Runs one llvm-mc batch; on failure the whole test fails with the reason. */
static bool run_llvm(gcn_arch arch, llvm_mode mode, char **lines, size_t count,
                     llvm_result *results)
{
    char error[512];
    if (count == 0)
        return true;
    if (llvm_run(gcn_arch_llvm_cpu(arch), mode, lines, count, results, error, sizeof error))
        return true;
    test_fail(&summary, "llvm-mc %s on %s: %s", mode == LLVM_ASSEMBLE ? "assembly" : "disassembly",
              gcn_arch_llvm_cpu(arch), error);
    return false;
}

/* ---- the llvm-mc runs ---- */

/* What the assembly and rejection checks share. */
typedef struct work {
    line_case *cases;
    size_t case_count, case_capacity;
    mutant *mutants;
    size_t mutant_count, mutant_capacity;
    unsigned groups;
    bool *group_accepted;
    /* scratch for one batch */
    char **lines;
    size_t *owners;
    llvm_result *results;
} work;

static void *allocate(size_t count, size_t size)
{
    void *memory = calloc(count ? count : 1, size);
    if (!memory) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return memory;
}

/* One llvm-mc process per generation: its lines, then its mutants. */
static bool assemble_all(work *w)
{
    for (int arch = 0; arch < GCN_ARCH_COUNT; arch++) {
        size_t n = 0;
        for (size_t i = 0; i < w->case_count; i++)
            if (w->cases[i].arch == arch)
                w->owners[n] = i, w->lines[n++] = w->cases[i].text;
        size_t first_mutant = n;
        for (size_t i = 0; i < w->mutant_count; i++)
            if (w->mutants[i].arch == arch)
                w->owners[n] = i, w->lines[n++] = w->mutants[i].text;
        if (!run_llvm((gcn_arch)arch, LLVM_ASSEMBLE, w->lines, n, w->results))
            return false;
        for (size_t i = 0; i < n; i++) {
            if (i < first_mutant)
                w->cases[w->owners[i]].llvm = w->results[i];
            else
                w->mutants[w->owners[i]].llvm = w->results[i];
        }
    }
    for (size_t i = 0; i < w->mutant_count; i++)
        if (w->mutants[i].llvm.accepted)
            w->group_accepted[w->mutants[i].group] = true;
    return true;
}

/* Where llvm-mc rejects a line, or a mutant we accept, ask its disassembler
 * about the words: if it prints the very text, LLVM disagrees with itself. */
static bool ask_disassembler(work *w, gcn_arch arch)
{
    size_t n = 0;
    char bracket[200];
    for (size_t i = 0; i < w->case_count; i++) {
        if (w->cases[i].arch != arch || w->cases[i].llvm.accepted)
            continue;
        llvm_bracket_words(w->cases[i].words, w->cases[i].word_count, bracket, sizeof bracket);
        w->owners[n] = i;
        w->lines[n++] = copy_text(bracket);
    }
    size_t first_mutant = n;
    for (size_t i = 0; i < w->mutant_count; i++) {
        const mutant *m = &w->mutants[i];
        if (m->arch != arch || !must_reject(m, &w->cases[m->source], w->group_accepted[m->group]))
            continue;
        ours_result ours;
        ours_assemble(arch, m->text, &ours);
        if (!ours.ok)
            continue;
        uint32_t words[GCN_MAX_WORDS] = {0};
        for (size_t b = 0; b < ours.byte_count; b++)
            words[b / 4] |= (uint32_t)ours.bytes[b] << (8 * (b % 4));
        llvm_bracket_words(words, ours.byte_count / 4, bracket, sizeof bracket);
        w->owners[n] = i;
        w->lines[n++] = copy_text(bracket);
    }
    bool ran = run_llvm(arch, LLVM_DISASSEMBLE, w->lines, n, w->results);
    for (size_t i = 0; i < n; i++) {
        llvm_result *result = &w->results[i];
        if (ran && result->accepted && !result->extra) {
            char **slot = i < first_mutant ? &w->cases[w->owners[i]].llvm_disassembly
                                           : &w->mutants[w->owners[i]].llvm_disassembly;
            *slot = result->text;
            result->text = NULL;
        }
        if (ran)
            llvm_results_free(result, 1);
        free(w->lines[i]);
    }
    return ran;
}

static bool assembly_and_rejection(uint64_t seed)
{
    work w = {0};
    add_line_cases(seed, &w.cases, &w.case_count, &w.case_capacity);
    for (size_t i = 0; i < w.case_count; i++) {
        test_random random;
        test_random_start(&random, seed, w.cases[i].text, 4, w.cases[i].arch);
        make_mutants(&random, &w.cases[i], i, &w.mutants, &w.mutant_count, &w.mutant_capacity,
                     &w.groups);
    }
    size_t most = w.case_count + w.mutant_count;
    w.lines = allocate(most, sizeof *w.lines);
    w.owners = allocate(most, sizeof *w.owners);
    w.results = allocate(most, sizeof *w.results);
    w.group_accepted = allocate(w.groups, sizeof *w.group_accepted);
    bool ran = assemble_all(&w);
    for (size_t a = 0; a < sizeof dis_archs / sizeof dis_archs[0] && ran; a++)
        ran = ask_disassembler(&w, dis_archs[a]);
    if (ran) {
        for (size_t i = 0; i < w.case_count; i++)
            check_line(&w.cases[i]);
        for (size_t i = 0; i < w.mutant_count; i++) {
            const mutant *m = &w.mutants[i];
            check_mutant(m, &w.cases[m->source], w.group_accepted[m->group]);
        }
    }
    for (size_t i = 0; i < w.mutant_count; i++) {
        llvm_results_free(&w.mutants[i].llvm, 1);
        free(w.mutants[i].text);
        free(w.mutants[i].llvm_disassembly);
    }
    for (size_t i = 0; i < w.case_count; i++) {
        llvm_results_free(&w.cases[i].llvm, 1);
        free(w.cases[i].text);
        free(w.cases[i].llvm_disassembly);
    }
    free(w.mutants);
    free(w.cases);
    free(w.lines);
    free(w.owners);
    free(w.results);
    free(w.group_accepted);
    return ran;
}

/* Disassembly on the generations llvm-mc can disassemble. */
static bool disassembly(uint64_t seed, gcn_arch arch)
{
    dis_case *dis = NULL;
    size_t count = 0, capacity = 0;
    add_dis_cases(seed, arch, &dis, &count, &capacity);
    char **brackets = allocate(count, sizeof *brackets);
    llvm_result *results = allocate(count, sizeof *results);
    for (size_t i = 0; i < count; i++) {
        char bracket[200];
        llvm_bracket_words(dis[i].words, dis[i].count, bracket, sizeof bracket);
        brackets[i] = copy_text(bracket);
    }
    bool ran = run_llvm(arch, LLVM_DISASSEMBLE, brackets, count, results);
    /* Where we refuse llvm-mc's text, does its own assembler take it? */
    size_t asked = 0;
    size_t *owners = allocate(count, sizeof *owners);
    char **texts = allocate(count, sizeof *texts);
    llvm_result *again = allocate(count, sizeof *again);
    for (size_t i = 0; ran && i < count; i++) {
        dis[i].llvm = results[i];
        if (dis[i].status != GCN_OK && dis[i].llvm.accepted && dis[i].llvm.text &&
            !strstr(dis[i].llvm.text, "/*invalid"))
            owners[asked] = i, texts[asked++] = dis[i].llvm.text;
    }
    if (ran && asked)
        ran = run_llvm(arch, LLVM_ASSEMBLE, texts, asked, again);
    for (size_t k = 0; ran && k < asked; k++) {
        dis[owners[k]].llvm_rejects_own = !again[k].accepted;
        llvm_results_free(&again[k], 1);
    }
    free(owners);
    free(texts);
    free(again);
    for (size_t i = 0; ran && i < count; i++) {
        check_dis(&dis[i]);
        llvm_results_free(&dis[i].llvm, 1);
    }
    for (size_t i = 0; i < count; i++)
        free(brackets[i]);
    free(brackets);
    free(results);
    free(dis);
    return ran;
}

int main(void)
{
    test_crash_guard(&summary);
    const char *show = getenv("GCN_TEST_SHOW");
    show_all = show && *show ? (unsigned)strtoul(show, NULL, 10) : 0;
    const char *mc = llvm_mc_path();
    if (!mc) {
        test_fail(&summary, "llvm-mc (LLVM 14) is missing: install it (Debian: apt-get install "
                  "llvm-14, which provides llvm-mc-14 and /usr/lib/llvm-14/bin/llvm-mc), or set "
                  "LLVM_MC to its path");
        return test_finish(&summary);
    }
    const char *dump_path = getenv("GCN_DIFF_DUMP");
    if (dump_path && *dump_path && !(dump = fopen(dump_path, "w")))
        fprintf(stderr, "cannot write %s\n", dump_path);
    const char *version = llvm_mc_version();
    uint64_t seed = test_seed();
    printf("%s: %s (%s), seed 0x%llx, %u asm lines per row and generation\n", summary.name, mc,
           version, (unsigned long long)seed, test_scaled(ASM_INSTANCES));
    if (!strstr(version, " 14."))
        printf("note %s: expected LLVM 14, found '%s'\n", summary.name, version);
    bool ran = assembly_and_rejection(seed);
    for (size_t a = 0; a < sizeof dis_archs / sizeof dis_archs[0] && ran; a++)
        ran = disassembly(seed, dis_archs[a]);
    report();
    if (dump)
        fclose(dump);
    return test_finish(&summary);
}
