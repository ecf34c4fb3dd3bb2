/* The parser's one-pass path against its full path: statements of every
 * row on every generation, as each dialect prints them, then mutated
 * (spacing, commas, register names and cases, special registers, numbers
 * at boundaries, modifiers). Each goes to the one-pass path alone, to the
 * full path alone and to both as the parser runs them. Where the one-pass
 * path takes a statement, the full path must take it too, with no warning,
 * to the same instruction; and the parser must give what the full path
 * gives, for every statement: status, error, warning, words. */
#include <stdio.h>
#include <string.h>

#include "gcn.h"
#include "isa/mnemonic_hash.h"
#include "support/harness.h"
#include "support/instances.h"
#include "syntax/generic.h"
#include "syntax/parse.h"

static test_summary summary = {"plain-path", 0, 0, 0};
static unsigned reported;

#define CHECK(condition, ...)                                   \
    do {                                                        \
        if (condition) {                                        \
            test_pass(&summary);                                \
        } else {                                                \
            printf("  (tests/plain_path.c:%d) ", __LINE__);     \
            test_fail(&summary, __VA_ARGS__);                   \
        }                                                       \
    } while (0)

/* What a path made of a statement. */
typedef struct outcome {
    gcn_status status;
    gcn_parse_error error;
    gcn_instruction instruction;
    uint32_t words[GCN_MAX_WORDS];
    size_t word_count;
    const char *end; /* where the operands' reading stopped */
    bool read;       /* the path took the operands */
} outcome;

enum path { PLAIN, FULL, BOTH };

/* The statement through one path, as gcn_parse_named runs the usual one
 * (text padded with NULs for the lookup's loads). False where it is not
 * a usual statement (no row, another generation's). */
static bool run(enum path path, gcn_arch arch, gcn_dialect dialect, const char *text, outcome *out)
{
    size_t length = strlen(text), name = strcspn(text, " \t");
    uint16_t index = gcn_mnemonic_lookup(text, length);
    memset(out, 0, sizeof *out);
    if (index == GCN_ROW_NONE || gcn_rows[index].name_length != name || gcn_rows[index].opcode[arch] < 0)
        return false;
    const gcn_row *row = &gcn_rows[index];
    gcn_parse_options options = {.arch = arch, .dialect = dialect};
    gcn_cursor cursor = {text, text + name, text + length, &options, &out->error, false};
    gcn_instruction_start_row(&out->instruction, arch, (gcn_family)row->family, index,
                              (unsigned)row->opcode[arch], 1);
    bool read = path == PLAIN ? gcn_parse_plain(&cursor, row, &out->instruction)
                : (path == FULL ? gcn_full_parsers : gcn_shape_parsers)[gcn_row_layouts[index]](&cursor, row,
                                                                                              &out->instruction);
    out->end = cursor.pos;
    out->read = read;
    out->status = !read ? gcn_parse_failed(&cursor)
                  : cursor.pos < cursor.end ? gcn_parse_after_operands(&cursor)
                                            : GCN_OK;
    if (out->status == GCN_OK)
        gcn_encode(&out->instruction, out->words, &out->word_count);
    return true;
}

static bool same_instruction(const gcn_instruction *a, const gcn_instruction *b)
{
    return a->row == b->row && a->word_count == b->word_count && a->encoding == b->encoding &&
           a->opcode == b->opcode && a->modifiers == b->modifiers && a->operand_count == b->operand_count &&
           a->offset == b->offset && a->literal == b->literal && a->reserved[0] == b->reserved[0] &&
           a->reserved[1] == b->reserved[1] &&
           memcmp(a->operands, b->operands, a->operand_count * sizeof a->operands[0]) == 0;
}

static unsigned taken[GCN_FAMILY_COUNT], left[GCN_FAMILY_COUNT];

static void compare(gcn_arch arch, gcn_dialect dialect, const char *text)
{
    static outcome plain, full, both;
    if (!run(FULL, arch, dialect, text, &full))
        return;
    run(BOTH, arch, dialect, text, &both);
    const char *name = dialect == GCN_DIALECT_LLVM ? "llvm" : "clrx";
    bool same = both.status == full.status && both.error.column == full.error.column &&
                strcmp(both.error.message, full.error.message) == 0 &&
                both.error.warning_column == full.error.warning_column &&
                strcmp(both.error.warning, full.error.warning) == 0 && both.word_count == full.word_count &&
                memcmp(both.words, full.words, sizeof both.words) == 0;
    if (!same && reported++ < 20)
        CHECK(false, "%s %s '%s': parser %d %u '%s' '%s', full path %d %u '%s' '%s'", gcn_arch_name(arch), name,
              text, (int)both.status, both.error.column, both.error.message, both.error.warning,
              (int)full.status, full.error.column, full.error.message, full.error.warning);
    else if (same)
        test_pass(&summary);
    run(PLAIN, arch, dialect, text, &plain);
    unsigned family = plain.instruction.family;
    if (plain.error.message[0] || plain.error.warning[0]) { /* it reports nothing */
        if (reported++ < 20)
            CHECK(false, "%s %s '%s': the one-pass path reported '%s' '%s'", gcn_arch_name(arch), name, text,
                  plain.error.message, plain.error.warning);
        return;
    }
    if (!plain.read) {
        left[family]++;
        return;
    }
    taken[family]++;
    bool agree = full.status == GCN_OK && plain.status == GCN_OK && !full.error.warning[0] &&
                 plain.end == full.end && same_instruction(&plain.instruction, &full.instruction) &&
                 plain.word_count == full.word_count && memcmp(plain.words, full.words, sizeof plain.words) == 0;
    if (!agree && reported++ < 20)
        CHECK(false, "%s %s '%s': one-pass %d (%zu words %08x %08x), full path %d '%s' '%s' (%zu words %08x %08x)",
              gcn_arch_name(arch), name, text, (int)plain.status, plain.word_count, plain.words[0], plain.words[1],
              (int)full.status, full.error.message, full.error.warning, full.word_count, full.words[0],
              full.words[1]);
    else if (agree)
        test_pass(&summary);
}

/* Operand replacements: special registers, registers and numbers at
 * their boundaries, other spellings. */
static const char *const replacements[] = {
    "vcc", "vcc_lo", "VCC", "exec", "exec_hi", "m0", "null", "flat_scratch", "xnack_mask", "xnack_mask_lo",
    "tba", "tma_hi", "ttmp0", "ttmp11", "ttmp15", "ttmp[2:3]", "ttmp[12:15]", "s0", "s1", "S1", "s01", "s101",
    "s102", "s103", "s[0:1]", "s[1:2]", "s[2:3]", "s[100:101]", "s[102:103]", "s[4:7]", "s[5:8]", "s[100:103]",
    "s[96:103]", "s[ 4:7]", "s[4:4]", "s[8:15]", "s[84:99]", "v0", "v255", "v256", "V3", "v[254:255]", "v[0:1]",
    "v[1:4]", "v[0:2]", "v[0:3]", "off", "OFF", "0", "-16", "-17", "64", "65", "0x0", "0x10", "0x7f", "0x80",
    "0xff", "0x100", "0xfffff", "0x100000", "-0x100000", "0x1fffff", "0x200000", "1048575", "2097151", "4095",
    "4096", "8191", "-1", "-4096", "-4097", "00", "012", "0X10", "1.0", "0.5", "-4.0", "lit(1)", "s5x", "4+1",
    "scc", "vccz", "execz", "src_shared_base", "ill_125", "x", "",
};
/* Modifiers appended. */
static const char *const modifiers[] = {
    " glc", " slc", " glc slc", " slc glc", " glc glc", " offset:4095", " offset:4096", " offset:-1",
    " offset:0", " offset:0x10", " offset:-4096", " offset:8191", " tfe", " lds", " nv", " GLC", " offen",
    " idxen", " addr64", " offen offset:4095 glc", " glc offset:16", ", glc", " noglc", " glc:1", " dlc",
    " inst_offset:8", " offset:4 offen", " idxen offen", " offen tfe", " lds slc", "  glc", " glc ",
};

/* The statement with its operand i (0 the first after the mnemonic)
 * replaced by with; false if it has no such operand. */
static bool replace_operand(const char *text, unsigned i, const char *with, char *out, size_t size)
{
    const char *p = text + strcspn(text, " ");
    if (!*p)
        return false;
    p++;
    for (unsigned k = 0; k < i; k++) {
        const char *comma = strstr(p, ", ");
        if (!comma)
            return false;
        p = comma + 2;
    }
    size_t length = strcspn(p, ", ");
    snprintf(out, size, "%.*s%s%s", (int)(p - text), text, with, p + length);
    return true;
}

/* text with every from replaced by to. */
static void replace_all(const char *text, const char *from, const char *to, char *out, size_t size)
{
    size_t used = 0, length = strlen(from);
    for (const char *p = text; *p && used + 8 < size;) {
        if (strncmp(p, from, length) == 0) {
            used += (size_t)snprintf(out + used, size - used, "%s", to);
            p += length;
        } else {
            out[used++] = *p++;
        }
    }
    out[used] = '\0';
}

static void mutate(test_random *random, gcn_arch arch, gcn_dialect dialect, const char *text)
{
    char buffer[512];
    compare(arch, dialect, text);
    size_t name = strcspn(text, " ");
    /* spacing and commas */
    snprintf(buffer, sizeof buffer, "%.*s  %s", (int)name, text, text[name] ? text + name + 1 : "");
    compare(arch, dialect, buffer);
    snprintf(buffer, sizeof buffer, "%.*s\t%s", (int)name, text, text[name] ? text + name + 1 : "");
    compare(arch, dialect, buffer);
    snprintf(buffer, sizeof buffer, "%s ", text);
    compare(arch, dialect, buffer);
    replace_all(text, ", ", ",", buffer, sizeof buffer);
    compare(arch, dialect, buffer);
    replace_all(text, ", ", " , ", buffer, sizeof buffer);
    compare(arch, dialect, buffer);
    replace_all(text, ", ", ",, ", buffer, sizeof buffer);
    compare(arch, dialect, buffer);
    replace_all(text, ", ", " ", buffer, sizeof buffer);
    compare(arch, dialect, buffer);
    /* upper case past the mnemonic */
    snprintf(buffer, sizeof buffer, "%s", text);
    for (char *p = buffer + name; *p; p++)
        *p = (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p);
    compare(arch, dialect, buffer);
    /* the last word dropped (a modifier, or the last operand) */
    snprintf(buffer, sizeof buffer, "%s", text);
    char *space = strrchr(buffer, ' ');
    if (space && space > buffer + name) {
        *space = '\0';
        compare(arch, dialect, buffer);
    }
    for (unsigned n = 0; n < 14; n++) {
        unsigned operand = test_random_below(random, 4);
        const char *with = replacements[test_random_below(random, sizeof replacements / sizeof replacements[0])];
        if (replace_operand(text, operand, with, buffer, sizeof buffer))
            compare(arch, dialect, buffer);
    }
    for (unsigned n = 0; n < 5; n++) {
        snprintf(buffer, sizeof buffer, "%s%s", text,
                 modifiers[test_random_below(random, sizeof modifiers / sizeof modifiers[0])]);
        compare(arch, dialect, buffer);
    }
}

int main(void)
{
    unsigned instances = test_scaled(12);
    for (unsigned a = 0; a < GCN_ARCH_COUNT; a++) {
        gcn_arch arch = (gcn_arch)a;
        for (unsigned row = 0; row < GCN_ROW_COUNT; row++) {
            if (gcn_rows[row].opcode[arch] < 0)
                continue;
            test_random random;
            test_random_start(&random, test_seed(), "plain-path", row, arch);
            for (unsigned n = 0; n < instances; n++) {
                uint32_t words[GCN_MAX_WORDS];
                gcn_instruction instruction;
                char why[128], text[256];
                bool made = n % 2 ? test_row_instance(&random, row, arch, words, &instruction, why, sizeof why)
                                  : test_plain_row_instance(&random, row, arch, words, &instruction, why,
                                                            sizeof why);
                for (int d = 0; made && d < 2; d++)
                    if (gcn_format(&instruction, (gcn_dialect)d, 0, text, sizeof text, NULL) == GCN_OK)
                        mutate(&random, arch, (gcn_dialect)d, text);
            }
        }
    }
    /* Not vacuous: the one-pass path takes most of the usual statements of
     * each family it reads, and leaves the others. */
    static const gcn_family families[] = {GCN_FAMILY_SMEM, GCN_FAMILY_MUBUF, GCN_FAMILY_FLAT,
                                          GCN_FAMILY_SOP2, GCN_FAMILY_SOP1, GCN_FAMILY_SOPC};
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++) {
        unsigned family = families[i];
        printf("plain-path %s: the one-pass path took %u statements, left %u\n", test_family_name(family),
               taken[family], left[family]);
        CHECK(taken[family] > 1000 && left[family] > 1000, "%s: taken %u, left %u", test_family_name(family),
              taken[family], left[family]);
    }
    return test_finish(&summary);
}
