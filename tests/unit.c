/* Unit tests of the pieces through their interfaces: architecture names,
 * expressions, the text buffer, parse errors, API misuse, and SOPP decode,
 * encode, format and parse in both dialects. Every expected value is exact:
 * SOPP texts agree with ../shared/vectors/clrx/dis.tsv (CLRX) and with
 * llvm-mc 14 (LLVM). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/assembler.h"
#include "asm/internal.h"
#include "gcn.h"
#include "support/harness.h"
#include "syntax/cursor.h"
#include "syntax/operand.h"
#include "syntax/syntax.h"
#include "syntax/text.h"

static test_summary summary = {"unit", 0, 0, 0};

#define CHECK(condition, ...)                        \
    do {                                             \
        if (condition) {                             \
            test_pass(&summary);                     \
        } else {                                     \
            printf("  (tests/unit.c:%d) ", __LINE__); \
            test_fail(&summary, __VA_ARGS__);        \
        }                                            \
    } while (0)

static const char *dialect_name(gcn_dialect dialect)
{
    return dialect == GCN_DIALECT_LLVM ? "llvm" : "clrx";
}

/* ---- architecture names ---- */

static const struct {
    const char *name;
    gcn_arch arch;
} arch_names[] = {
    {"gcn1.0", GCN_ARCH_GCN10}, {"gcn1.1", GCN_ARCH_GCN11}, {"gcn1.2", GCN_ARCH_GCN12},
    {"gcn1.4", GCN_ARCH_GCN14}, {"gfx6", GCN_ARCH_GCN10}, {"gfx7", GCN_ARCH_GCN11},
    {"gfx8", GCN_ARCH_GCN12}, {"gfx9", GCN_ARCH_GCN14}, {"si", GCN_ARCH_GCN10},
    {"ci", GCN_ARCH_GCN11}, {"vi", GCN_ARCH_GCN12},
    {"gfx600", GCN_ARCH_GCN10}, {"tahiti", GCN_ARCH_GCN10}, {"gfx601", GCN_ARCH_GCN10},
    {"pitcairn", GCN_ARCH_GCN10}, {"verde", GCN_ARCH_GCN10}, {"gfx602", GCN_ARCH_GCN10},
    {"oland", GCN_ARCH_GCN10}, {"hainan", GCN_ARCH_GCN10}, {"capeverde", GCN_ARCH_GCN10},
    {"gfx700", GCN_ARCH_GCN11}, {"kaveri", GCN_ARCH_GCN11}, {"gfx701", GCN_ARCH_GCN11},
    {"hawaii", GCN_ARCH_GCN11}, {"gfx702", GCN_ARCH_GCN11}, {"gfx703", GCN_ARCH_GCN11},
    {"kabini", GCN_ARCH_GCN11}, {"mullins", GCN_ARCH_GCN11}, {"gfx704", GCN_ARCH_GCN11},
    {"bonaire", GCN_ARCH_GCN11}, {"gfx705", GCN_ARCH_GCN11}, {"spectre", GCN_ARCH_GCN11},
    {"spooky", GCN_ARCH_GCN11}, {"kalindi", GCN_ARCH_GCN11},
    {"gfx801", GCN_ARCH_GCN12}, {"carrizo", GCN_ARCH_GCN12}, {"gfx802", GCN_ARCH_GCN12},
    {"iceland", GCN_ARCH_GCN12}, {"tonga", GCN_ARCH_GCN12}, {"gfx803", GCN_ARCH_GCN12},
    {"fiji", GCN_ARCH_GCN12}, {"polaris10", GCN_ARCH_GCN12}, {"polaris11", GCN_ARCH_GCN12},
    {"polaris12", GCN_ARCH_GCN12}, {"gfx805", GCN_ARCH_GCN12}, {"tongapro", GCN_ARCH_GCN12},
    {"gfx810", GCN_ARCH_GCN12}, {"stoney", GCN_ARCH_GCN12}, {"goose", GCN_ARCH_GCN12},
    {"horse", GCN_ARCH_GCN12}, {"ellesmere", GCN_ARCH_GCN12}, {"baffin", GCN_ARCH_GCN12},
    {"gfx804", GCN_ARCH_GCN12}, {"lexa", GCN_ARCH_GCN12},
    {"gfx900", GCN_ARCH_GCN14}, {"gfx902", GCN_ARCH_GCN14}, {"gfx904", GCN_ARCH_GCN14},
    {"gfx906", GCN_ARCH_GCN14}, {"gfx909", GCN_ARCH_GCN14}, {"gfx90c", GCN_ARCH_GCN14},
    {"vega10", GCN_ARCH_GCN14}, {"gfx901", GCN_ARCH_GCN14}, {"raven", GCN_ARCH_GCN14},
    {"gfx903", GCN_ARCH_GCN14}, {"vega12", GCN_ARCH_GCN14}, {"gfx905", GCN_ARCH_GCN14},
    {"vega20", GCN_ARCH_GCN14}, {"gfx907", GCN_ARCH_GCN14},
};

static void test_arch_names(void)
{
    for (size_t i = 0; i < sizeof arch_names / sizeof arch_names[0]; i++) {
        const char *name = arch_names[i].name;
        char upper[32], mixed[32];
        size_t n = strlen(name);
        for (size_t j = 0; j <= n; j++) {
            char c = name[j];
            upper[j] = c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
            mixed[j] = j % 2 ? upper[j] : c;
        }
        const char *spellings[3] = {name, upper, mixed};
        for (int s = 0; s < 3; s++) {
            gcn_arch arch = GCN_ARCH_COUNT;
            gcn_status status = gcn_arch_from_name(spellings[s], &arch);
            CHECK(status == GCN_OK && arch == arch_names[i].arch,
                  "arch name '%s': status %d arch %d, want arch %d", spellings[s], status, arch,
                  arch_names[i].arch);
        }
    }
    static const char *const unknown[] = {"", "gcn", "gcn1.3", "gcn2.0", "gfx5", "gfx10",
                                          "gfx1010", "tahit", "tahitii", " tahiti", "tahiti ",
                                          "gcn1.0\n", "vega", "navi10", "r600", "gfx9x"};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        gcn_arch arch = GCN_ARCH_GCN12;
        gcn_status status = gcn_arch_from_name(unknown[i], &arch);
        CHECK(status == GCN_ERROR_INVALID_ARGUMENT && arch == GCN_ARCH_GCN12,
              "unknown arch name '%s': status %d, arch changed to %d", unknown[i], status, arch);
    }
    static const char *const names[GCN_ARCH_COUNT] = {"gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"};
    static const char *const cpus[GCN_ARCH_COUNT] = {"tahiti", "bonaire", "tonga", "gfx900"};
    for (int a = 0; a < GCN_ARCH_COUNT; a++) {
        CHECK(strcmp(gcn_arch_name((gcn_arch)a), names[a]) == 0, "gcn_arch_name(%d) = '%s'", a,
              gcn_arch_name((gcn_arch)a));
        CHECK(strcmp(gcn_arch_llvm_cpu((gcn_arch)a), cpus[a]) == 0, "gcn_arch_llvm_cpu(%d) = '%s'",
              a, gcn_arch_llvm_cpu((gcn_arch)a));
        /* Each arch's own names lead back to it. */
        gcn_arch back;
        CHECK(gcn_arch_from_name(names[a], &back) == GCN_OK && back == (gcn_arch)a,
              "'%s' does not name arch %d", names[a], a);
        CHECK(gcn_arch_from_name(cpus[a], &back) == GCN_OK && back == (gcn_arch)a,
              "'%s' does not name arch %d", cpus[a], a);
    }
    CHECK(strcmp(gcn_arch_name(GCN_ARCH_COUNT), "unknown") == 0, "gcn_arch_name(COUNT) = '%s'",
          gcn_arch_name(GCN_ARCH_COUNT));
    CHECK(strcmp(gcn_arch_llvm_cpu((gcn_arch)-1), "unknown") == 0, "gcn_arch_llvm_cpu(-1) = '%s'",
          gcn_arch_llvm_cpu((gcn_arch)-1));
}

/* ---- expressions ---- */

static bool resolve(void *context, const char *name, size_t length, int64_t *value)
{
    static const struct {
        const char *name;
        int64_t value;
    } symbols[] = {{"x", 5}, {"loop_end", 0x100}, {"minus", -7}, {"big", INT64_MAX}};
    (*(unsigned *)context)++;
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        if (strlen(symbols[i].name) == length && memcmp(symbols[i].name, name, length) == 0) {
            *value = symbols[i].value;
            return true;
        }
    }
    return false;
}

/* Evaluates text as one expression; *rest receives what it left unread. */
static bool evaluate(const char *text, bool with_resolver, int64_t *value, gcn_parse_error *error,
                     size_t *rest)
{
    unsigned calls = 0;
    gcn_parse_options options = {.arch = GCN_ARCH_GCN12, .dialect = GCN_DIALECT_CLRX, .address = 0x40,
        .resolve = with_resolver ? resolve : NULL, .resolve_context = &calls};
    memset(error, 0, sizeof *error);
    gcn_cursor cursor = {.text = text, .pos = text, .end = text + strlen(text),
                         .options = &options, .error = error, .failed = false};
    bool ok = gcn_parse_expression(&cursor, value);
    *rest = (size_t)(cursor.end - cursor.pos);
    return ok;
}

static void expect_value(const char *text, int64_t want)
{
    int64_t value = 0;
    gcn_parse_error error;
    size_t rest;
    bool ok = evaluate(text, true, &value, &error, &rest);
    CHECK(ok && value == want && rest == 0, "expression '%s': ok %d value %lld rest %zu (%s), want %lld",
          text, ok, (long long)value, rest, error.message, (long long)want);
}

static void expect_expression_error(const char *text, bool with_resolver, unsigned column,
                                    const char *message)
{
    int64_t value = 0;
    gcn_parse_error error;
    size_t rest;
    bool ok = evaluate(text, with_resolver, &value, &error, &rest);
    CHECK(!ok && error.column == column && strcmp(error.message, message) == 0,
          "expression '%s': ok %d column %u '%s', want column %u '%s'", text, ok, error.column,
          error.message, column, message);
}

static void test_expressions(void)
{
    /* precedence and associativity, as in C */
    expect_value("1+2*3", 7);
    expect_value("(1+2)*3", 9);
    expect_value("10-4-3", 3);
    expect_value("64/4/2", 8);
    expect_value("2*3%4", 2);
    expect_value("1<<4|1", 17);
    expect_value("1|2^3&4", 3);
    expect_value("6&3^1|8", 11);
    expect_value("1+2<<3", 24);
    expect_value("3>2==1", 1);
    expect_value("1<2<3", 1);
    expect_value("2>=2 && 3<=2", 0);
    expect_value("0 || 1 && 0", 0);
    expect_value("1 || 0 && 0", 1);
    expect_value("5 != 5", 0);
    expect_value("1 ? 2 : 3", 2);
    expect_value("0 ? 2 : 1 ? 4 : 5", 4);
    expect_value(" ( 7 ) ", 7);
    /* unary operators */
    expect_value("-5", -5);
    expect_value("- -3", 3);
    expect_value("-2*-3", 6);
    expect_value("~0", -1);
    expect_value("~0x0f & 0xff", 0xf0);
    expect_value("!5", 0);
    expect_value("!!5", 1);
    expect_value("+4", 4);
    expect_value("-(2+3)*2", -10);
    /* C division truncates toward zero; shifts are arithmetic */
    expect_value("-7/2", -3);
    expect_value("7%-3", 1);
    expect_value("-7%3", -1);
    expect_value("-16>>2", -4);
    expect_value("1<<63>>63", -1);
    expect_value("1<<64", 0);
    expect_value("-9223372036854775807-1", INT64_MIN);
    expect_value("(-9223372036854775807-1)/-1", INT64_MIN); /* wraps, no trap */
    expect_value("big+1", INT64_MIN);                       /* wraps, no trap */
    /* numbers */
    expect_value("0x1F", 31);
    expect_value("0XfF", 255);
    expect_value("017", 15);
    expect_value("0", 0);
    expect_value("00", 0);
    expect_value("0b101", 5);
    expect_value("0B11", 3);
    expect_value("18446744073709551615", -1);
    expect_value("0xffffffffffffffff", -1);
    expect_value("'a'", 97);
    /* symbols and the current address */
    expect_value("x", 5);
    expect_value("x*2+1", 11);
    expect_value("loop_end - . ", 0x100 - 0x40);
    expect_value("minus/x", -1);
    expect_value(".+8", 0x48);
    /* errors, with the column of the offending token */
    expect_expression_error("1/0", true, 2, "division by zero");
    expect_expression_error("5 % (x-5)", true, 3, "division by zero");
    expect_expression_error("y+1", true, 1, "undefined symbol 'y'");
    expect_expression_error("2*undefined_name", true, 3, "undefined symbol 'undefined_name'");
    expect_expression_error("x", false, 1, "undefined symbol 'x'");
    expect_expression_error("09", true, 1, "invalid digit in number");
    expect_expression_error("0b102", true, 1, "invalid digit in number");
    expect_expression_error("0x", true, 1, "invalid number");
    expect_expression_error("12abc", true, 1, "invalid digit in number");
    expect_expression_error("12g", true, 1, "invalid number");
    expect_expression_error("0x10000000000000000", true, 1, "number does not fit in 64 bits");
    expect_expression_error("18446744073709551616", true, 1, "number does not fit in 64 bits");
    expect_expression_error("", true, 1, "expected an expression");
    expect_expression_error("1+", true, 3, "expected an expression");
    expect_expression_error("1 + * 2", true, 5, "expected an expression");
    expect_expression_error("(1+2", true, 5, "expected ')'");
    expect_expression_error("1 ? 2", true, 6, "expected ':' in conditional expression");
    /* The nesting limit stops deep input before the stack does; modest
     * nesting still works. */
    static char deep[4100];
    memset(deep, '(', 2000);
    strcpy(deep + 2000, "1");
    memset(deep + 2001, ')', 2000);
    deep[4001] = '\0';
    int64_t value;
    gcn_parse_error error;
    size_t rest;
    bool ok = evaluate(deep, true, &value, &error, &rest);
    CHECK(!ok && strcmp(error.message, "expression nested too deeply") == 0 && error.column > 1 &&
              error.column <= 2000,
          "2000 parentheses: ok %d column %u '%s'", ok, error.column, error.message);
    memset(deep, '-', 4000);
    strcpy(deep + 4000, "1");
    ok = evaluate(deep, true, &value, &error, &rest);
    CHECK(!ok && strcmp(error.message, "expression nested too deeply") == 0,
          "4000 unary minus signs: ok %d '%s'", ok, error.message);
    memset(deep, '(', 10);
    strcpy(deep + 10, "42");
    memset(deep + 12, ')', 10);
    deep[22] = '\0';
    expect_value(deep, 42);
    expect_value("-(-(-(-(-(-(-(-1)))))))", 1);
    expect_value("-(-(-(-(-(-(-1))))))", -1);
    expect_value("((1+2)*(3+4))", 21);
    /* An expression stops before what is not an operator. */
    ok = evaluate("1+2 , 3", true, &value, &error, &rest);
    CHECK(ok && value == 3 && rest == 3, "'1+2 , 3': ok %d value %lld rest %zu", ok,
          (long long)value, rest);
    /* The resolver is asked only for identifiers. */
    unsigned calls = 0;
    gcn_parse_options options = {.arch = GCN_ARCH_GCN10, .dialect = GCN_DIALECT_LLVM, .address = 0,
        .resolve = resolve, .resolve_context = &calls};
    const char *text = "x + loop_end + 3";
    gcn_cursor cursor = {.text = text, .pos = text, .end = text + strlen(text),
                         .options = &options, .error = &error, .failed = false};
    ok = gcn_parse_expression(&cursor, &value);
    CHECK(ok && value == 0x108 && calls == 2, "'%s': ok %d value %lld resolver calls %u", text, ok,
          (long long)value, calls);
}

/* ---- the text buffer ---- */

static void test_text(void)
{
    /* On overflow the length keeps counting and the buffer stays a
     * NUL-terminated string inside its size. */
    char buffer[8];
    memset(buffer, 'x', sizeof buffer);
    gcn_text text = {buffer, sizeof buffer, 0};
    gcn_put(&text, "hello world");
    CHECK(text.length == 11, "length after overflow %zu, want 11", text.length);
    CHECK(gcn_text_finish(&text) == -1 && memchr(buffer, '\0', sizeof buffer),
          "overflowed text is not terminated");

    char big[64], four_bytes[4];
    gcn_text fits = {big, sizeof big, 0};
    gcn_put_char(&fits, '-'); /* (the listing's negative label values) */
    gcn_put_unsigned(&fits, (uint64_t)INT64_MAX + 1);
    gcn_put_char(&fits, ' ');
    gcn_put_unsigned(&fits, UINT64_MAX);
    gcn_put_char(&fits, ' ');
    gcn_put_hex(&fits, 0);
    gcn_put_char(&fits, ' ');
    gcn_put_hex(&fits, 0xDEADbeefULL);
    CHECK(gcn_text_finish(&fits) == 0 &&
              strcmp(big, "-9223372036854775808 18446744073709551615 0x0 0xdeadbeef") == 0,
          "numbers: '%s'", big);

    gcn_text padded = {big, sizeof big, 0};
    gcn_put(&padded, "s_nop");
    gcn_put_pad(&padded, 0, 16);
    gcn_put(&padded, "0x1");
    CHECK(gcn_text_finish(&padded) == 0 && strcmp(big, "s_nop           0x1") == 0,
          "padding: '%s'", big);
    gcn_text long_name = {big, sizeof big, 0};
    gcn_put(&long_name, "s_cbranch_cdbgsys_and_user");
    gcn_put_pad(&long_name, 0, 16);
    CHECK(gcn_text_finish(&long_name) == 0 && strcmp(big, "s_cbranch_cdbgsys_and_user ") == 0,
          "padding past the column: '%s'", big);

    /* The digit writers against printf, at every length and its edges. */
    for (int digits = 0; digits <= 20; digits++) {
        uint64_t power = 1;
        for (int i = 0; i < digits; i++)
            power *= 10;
        uint64_t values[3] = {power - 1, power, power + 1};
        for (int v = 0; v < 3; v++) {
            char want_text[64];
            gcn_text number = {big, sizeof big, 0};
            gcn_put_unsigned(&number, values[v]);
            snprintf(want_text, sizeof want_text, "%llu", (unsigned long long)values[v]);
            CHECK(gcn_text_finish(&number) == 0 && strcmp(big, want_text) == 0,
                  "gcn_put_unsigned: '%s', want '%s'", big, want_text);
        }
    }
    for (int shift = 0; shift < 64; shift += 3) {
        uint64_t value = 0x0123456789abcdefULL >> shift;
        char want_text[64];
        gcn_text hex = {big, sizeof big, 0};
        gcn_put_hex_digits(&hex, value, 12, false);
        gcn_put_char(&hex, ' ');
        gcn_put_hex_digits(&hex, value, 1, true);
        gcn_put_char(&hex, ' ');
        gcn_put_hex_digits(&hex, (uint32_t)value, 8, true);
        snprintf(want_text, sizeof want_text, "%012llx %llX %08X", (unsigned long long)value,
                 (unsigned long long)value, (unsigned)(uint32_t)value);
        CHECK(gcn_text_finish(&hex) == 0 && strcmp(big, want_text) == 0,
              "hex digits: '%s', want '%s'", big, want_text);
    }
    gcn_text short_hex = {four_bytes, sizeof four_bytes, 0};
    gcn_put_hex_digits(&short_hex, 0xabcdef01u, 8, false);
    gcn_put_unsigned(&short_hex, 12345);
    CHECK(short_hex.length == 13 && gcn_text_finish(&short_hex) == -1,
          "digits past the end: length %zu", short_hex.length);

    /* Register names go straight into the text when it has room, else
     * through a spare buffer: the same text, and the length it needed. */
    gcn_text registers = {big, sizeof big, 0};
    gcn_format_scalar(&registers, GCN_ARCH_GCN14, GCN_DIALECT_LLVM, 108, 4);
    CHECK(gcn_text_finish(&registers) == 0 && strcmp(big, "ttmp[0:3]") == 0, "register ranges: '%s'", big);
    gcn_text cramped = {four_bytes, sizeof four_bytes, 0};
    gcn_format_scalar(&cramped, GCN_ARCH_GCN14, GCN_DIALECT_LLVM, 108, 4);
    CHECK(cramped.length == 9 && gcn_text_finish(&cramped) == -1,
          "register range past the end: length %zu", cramped.length);
    /* CLRX's VGPR tuple wrapping past v255, as clrxdisasm prints it */
    const uint32_t wrapped_words[2] = {0xe05c2000u, 0x8001fe00u};
    gcn_instruction wrapped;
    size_t wrapped_length = 0;
    CHECK(gcn_decode(GCN_ARCH_GCN14, wrapped_words, 2, &wrapped) == GCN_OK &&
              gcn_format(&wrapped, GCN_DIALECT_CLRX, 0, big, sizeof big, &wrapped_length) == GCN_OK &&
              strcmp(big, "buffer_load_dwordx4 v[254:1], v0, s[4:7], 0 idxen") == 0,
          "wrapped VGPRs: '%s'", big);

    /* exactly full: the terminating NUL needs the last byte */
    char four[4];
    gcn_text exact = {four, sizeof four, 0};
    gcn_put(&exact, "abc");
    CHECK(gcn_text_finish(&exact) == 0 && strcmp(four, "abc") == 0, "3 in 4: '%s'", four);
    memset(four, 'x', sizeof four);
    gcn_text over = {four, sizeof four, 0};
    gcn_put(&over, "abcd");
    CHECK(gcn_text_finish(&over) == -1 && over.length == 4 && memchr(four, '\0', sizeof four),
          "4 in 4: length %zu, not terminated", over.length);
    gcn_text empty = {NULL, 0, 0};
    gcn_put(&empty, "xyz");
    CHECK(gcn_text_finish(&empty) == -1 && empty.length == 3, "no buffer: length %zu",
          empty.length);

    /* gcn_format reports the length it needed. */
    static const char want[] = "s_waitcnt       vmcnt(0) & expcnt(0) & lgkmcnt(0)";
    gcn_instruction instruction;
    uint32_t word = 0xbf8c0000;
    CHECK(gcn_decode(GCN_ARCH_GCN10, &word, 1, &instruction) == GCN_OK, "decode bf8c0000");
    char out[64];
    size_t length = 0;
    memset(out, 'x', sizeof out);
    gcn_status status = gcn_format(&instruction, GCN_DIALECT_CLRX, 0, out, 10, &length);
    CHECK(status == GCN_ERROR_BUFFER_TOO_SMALL && length == strlen(want) && memchr(out, '\0', 10),
          "format into 10 bytes: status %d length %zu", status, length);
    length = 0;
    status = gcn_format(&instruction, GCN_DIALECT_CLRX, 0, out, strlen(want), &length);
    CHECK(status == GCN_ERROR_BUFFER_TOO_SMALL && length == strlen(want),
          "format into %zu bytes: status %d length %zu", strlen(want), status, length);
    length = 0;
    status = gcn_format(&instruction, GCN_DIALECT_CLRX, 0, out, strlen(want) + 1, &length);
    CHECK(status == GCN_OK && length == strlen(want) && strcmp(out, want) == 0,
          "format into %zu bytes: status %d length %zu '%s'", strlen(want) + 1, status, length, out);
    length = 0;
    status = gcn_format(&instruction, GCN_DIALECT_LLVM, 0, NULL, 0, &length);
    CHECK(status == GCN_ERROR_BUFFER_TOO_SMALL && length == strlen("s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)"),
          "format into no buffer: status %d length %zu", status, length);

    /* gcn_put_unsigned and gcn_write_unsigned at every digit count's edges. */
    for (uint64_t power = 1, i = 0; i < 20; i++, power *= 10) {
        uint64_t values[4] = {power - 1, power, power + 1, power * 2 - 1};
        for (int j = 0; j < 4; j++) {
            char put[32], raw[32], printed[32];
            gcn_text decimal = {put, sizeof put, 0};
            gcn_put_unsigned(&decimal, values[j]);
            gcn_text_finish(&decimal);
            *gcn_write_unsigned(raw, values[j]) = '\0';
            snprintf(printed, sizeof printed, "%llu", (unsigned long long)values[j]);
            CHECK(strcmp(put, printed) == 0 && strcmp(raw, printed) == 0,
                  "unsigned %s: put '%s', write '%s'", printed, put, raw);
        }
    }

    /* Below 10^8 (labels, branch targets): high and low parts of every
     * shape, some with zeros inside, and near a text's end. */
    for (uint64_t value = 100; value < 200000000; value += value / 7 + 1) {
        for (size_t room = 4; room <= 12; room += 8) {
            char put[32], printed[32];
            size_t printed_length = (size_t)snprintf(printed, sizeof printed, "%llu",
                                                     (unsigned long long)value);
            gcn_text decimal = {put, printed_length + room - 3, 0};
            gcn_put_unsigned(&decimal, value);
            bool finished = gcn_text_finish(&decimal) == 0;
            CHECK(finished && decimal.length == printed_length && strcmp(put, printed) == 0,
                  "unsigned %s in %zu bytes: '%s'", printed, decimal.size, put);
        }
    }

    /* The branch-free writers: every small value, and offsets of either sign
     * (0 writes nothing), as printf prints them. */
    for (int value = -9999; value < 10000; value++) {
        char raw[32], printed[32];
        if (value >= 0) {
            *gcn_write_small_unsigned(raw, (unsigned)value) = '\0';
            snprintf(printed, sizeof printed, "%d", value);
            CHECK(strcmp(raw, printed) == 0, "small unsigned %s: '%s'", printed, raw);
        }
        *gcn_write_small_field(raw, " offset:", 8, value) = '\0';
        if (value)
            snprintf(printed, sizeof printed, " offset:%d", value);
        else
            printed[0] = '\0';
        CHECK(strcmp(raw, printed) == 0, "offset '%s': '%s'", printed, raw);
        *gcn_write_small_field(raw, " inst_offset:", 13, value) = '\0';
        if (value)
            snprintf(printed, sizeof printed, " inst_offset:%d", value);
        CHECK(strcmp(raw, printed) == 0, "field '%s': '%s'", printed, raw);
    }
    for (int set = 0; set < 2; set++) {
        char raw[32];
        *gcn_write_if(gcn_write_if(raw, " glc\0\0\0", 4, set), " addr64", 7, !set) = '\0';
        CHECK(strcmp(raw, set ? " glc" : " addr64") == 0, "gcn_write_if %d: '%s'", set, raw);
    }

    /* gcn_write_hex (raw) writes what gcn_put_hex does, at every digit count. */
    for (unsigned shift = 0; shift < 64; shift++) {
        uint64_t values[3] = {(uint64_t)1 << shift, ((uint64_t)1 << shift) - 1,
                              0x9e3779b97f4a7c15u >> shift};
        for (int i = 0; i < 3; i++) {
            char put[32], raw[32];
            gcn_text hex = {put, sizeof put, 0};
            gcn_put_hex(&hex, values[i]);
            size_t raw_length = (size_t)(gcn_write_hex(raw, values[i]) - raw);
            CHECK(raw_length == hex.length && memcmp(raw, put, raw_length) == 0,
                  "gcn_write_hex(%llx): '%.*s'", (unsigned long long)values[i], (int)raw_length, raw);
        }
    }
}

/* ---- SOPP: decode, encode, format ---- */

/* The llvm writer's one path for the shapes with a number (none, imm,
 * branch), decimal and hex made in a word: every 16-bit value against
 * printf. */
static void test_sopp_llvm_numbers(void)
{
    for (uint32_t value = 0; value < 0x10000; value++) {
        static const struct {
            uint32_t opcode;
            const char *name;
        } rows[] = {{0, "s_nop"}, {1, "s_endpgm"}, {2, "s_branch"}, {0xa, "s_barrier"}};
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            uint32_t word = 0xbf800000u | rows[i].opcode << 16 | value;
            gcn_instruction instruction;
            char text[64], expected[64];
            size_t length = 0;
            CHECK(gcn_decode(GCN_ARCH_GCN14, &word, 1, &instruction) == GCN_OK, "decode %08x", word);
            gcn_status status =
                gcn_format(&instruction, GCN_DIALECT_LLVM, 0, text, sizeof text, &length);
            if (rows[i].opcode == 0 && value > 64)
                snprintf(expected, sizeof expected, "%s 0x%x", rows[i].name, value);
            else if (value || rows[i].opcode == 0 || rows[i].opcode == 2)
                snprintf(expected, sizeof expected, "%s %u", rows[i].name, value);
            else
                snprintf(expected, sizeof expected, "%s", rows[i].name);
            if (rows[i].opcode == 0xa && value)
                CHECK(status != GCN_OK, "llvm %08x: '%s', expected none", word, text);
            else
                CHECK(status == GCN_OK && strcmp(text, expected) == 0, "llvm %08x: '%s', expected '%s'",
                      word, status == GCN_OK ? text : "", expected);
        }
    }
}

static void expect_format(gcn_arch arch, uint64_t address, uint32_t word, const char *clrx,
                          const char *llvm)
{
    gcn_instruction instruction;
    gcn_status status = gcn_decode(arch, &word, 1, &instruction);
    CHECK(status == GCN_OK && instruction.family == GCN_FAMILY_SOPP && instruction.word_count == 1,
          "decode %s %08x: status %d family %d", gcn_arch_name(arch), word, status,
          instruction.family);
    if (status != GCN_OK)
        return;
    const char *want[2] = {clrx, llvm};
    for (int d = 0; d < 2; d++) {
        char text[128] = "";
        size_t length = 0;
        status = gcn_format(&instruction, (gcn_dialect)d, address, text, sizeof text, &length);
        if (want[d]) {
            CHECK(status == GCN_OK && strcmp(text, want[d]) == 0 && length == strlen(want[d]),
                  "format %s %s %08x at %llu: status %d '%s', want '%s'", gcn_arch_name(arch),
                  dialect_name((gcn_dialect)d), word, (unsigned long long)address, status, text,
                  want[d]);
        } else {
            CHECK(status == GCN_ERROR_NOT_INSTRUCTION,
                  "format %s %s %08x: status %d '%s', want GCN_ERROR_NOT_INSTRUCTION",
                  gcn_arch_name(arch), dialect_name((gcn_dialect)d), word, status, text);
        }
    }
    uint32_t words[GCN_MAX_WORDS] = {0};
    size_t count = 0;
    status = gcn_encode(&instruction, words, &count);
    CHECK(status == GCN_OK && count == 1 && words[0] == word,
          "encode %s %08x: status %d count %zu word %08x", gcn_arch_name(arch), word, status, count,
          words[0]);
}

static void test_sopp_format(void)
{
    /* CLRX texts from dis.tsv; LLVM texts from llvm-mc -disassemble (tonga,
     * gfx900) or what llvm-mc prints when it assembles them (tahiti). */
    expect_format(GCN_ARCH_GCN10, 0, 0xbf810000, "s_endpgm", "s_endpgm");
    expect_format(GCN_ARCH_GCN12, 0, 0xbf800006, "s_nop           0x6", "s_nop 6");
    expect_format(GCN_ARCH_GCN12, 0, 0xbf80cd26, "s_nop           0xcd26", "s_nop 0xcd26");
    expect_format(GCN_ARCH_GCN12, 0, 0xbf818d33, "s_endpgm        0x8d33", "s_endpgm 36147");
    expect_format(GCN_ARCH_GCN10, 0, 0xbf820029, "s_branch        .L168_0", "s_branch 41");
    expect_format(GCN_ARCH_GCN12, 0, 0xbf82ffff, "s_branch        .L0_0", "s_branch 65535");
    expect_format(GCN_ARCH_GCN12, 4, 0xbf820005, "s_branch        .L28_0", "s_branch 5");
    expect_format(GCN_ARCH_GCN14, 0x100, 0xbf89fffe, "s_cbranch_execnz .L252_0",
                  "s_cbranch_execnz 65534");
    expect_format(GCN_ARCH_GCN11, 0, 0xbf9a0029, "s_cbranch_cdbgsys_and_user .L168_0",
                  "s_cbranch_cdbgsys_and_user 41");
    expect_format(GCN_ARCH_GCN12, 0, 0xbf8a0000, "s_barrier", "s_barrier");
    expect_format(GCN_ARCH_GCN12, 0, 0xbf8c0070, "s_waitcnt       vmcnt(0) & lgkmcnt(0)",
                  "s_waitcnt vmcnt(0) lgkmcnt(0)");
    expect_format(GCN_ARCH_GCN10, 0, 0xbf8c0f7f, "s_waitcnt       vmcnt(15) & expcnt(7) & lgkmcnt(15)",
                  "s_waitcnt vmcnt(15) expcnt(7) lgkmcnt(15)");
    expect_format(GCN_ARCH_GCN10, 0, 0xbf8c0080,
                  "s_waitcnt       vmcnt(0) & expcnt(0) & lgkmcnt(0) :0x80",
                  "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)");
    expect_format(GCN_ARCH_GCN14, 0, 0xbf8c8f78, "s_waitcnt       vmcnt(40)", "s_waitcnt vmcnt(40)");
    expect_format(GCN_ARCH_GCN14, 0, 0xbf8cc07f, "s_waitcnt       lgkmcnt(0)", "s_waitcnt lgkmcnt(0)");
    expect_format(GCN_ARCH_GCN12, 0, 0xbf8e008d, "s_sleep         0x8d", "s_sleep 0x8d");
    expect_format(GCN_ARCH_GCN12, 0, 0xbf8f0003, "s_setprio       0x3", "s_setprio 3");
    expect_format(GCN_ARCH_GCN10, 0, 0xbf900001, "s_sendmsg       sendmsg(interrupt)",
                  "s_sendmsg sendmsg(MSG_INTERRUPT)");
    expect_format(GCN_ARCH_GCN12, 0, 0xbf900022, "s_sendmsg       sendmsg(gs, emit, 0)",
                  "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0)");
    expect_format(GCN_ARCH_GCN12, 0, 0xbf900332, "s_sendmsg       sendmsg(gs, emit-cut, 3)",
                  "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT_CUT, 3)");
    expect_format(GCN_ARCH_GCN12, 0, 0xbf91001b, "s_sendmsghalt   sendmsg(@11, cut, 0)",
                  "s_sendmsghalt sendmsg(11, 1, 0)");
    expect_format(GCN_ARCH_GCN12, 0, 0xbf90021f, "s_sendmsg       sendmsg(system, cut, 2)",
                  "s_sendmsg sendmsg(15, 1, 2)");
    expect_format(GCN_ARCH_GCN12, 0, 0xbf9d0009, "s_set_gpr_idx_mode 0x9",
                  "s_set_gpr_idx_mode gpr_idx(SRC0,DST)");
    expect_format(GCN_ARCH_GCN12, 0, 0xbf830000, "s_wakeup", "s_wakeup");
    /* an opcode this generation lacks: CLRX names it, LLVM cannot */
    expect_format(GCN_ARCH_GCN10, 0, 0xbf830020, "SOPP_ill_3      0x20", NULL);
    expect_format(GCN_ARCH_GCN12, 0, 0xbf9e0020, "SOPP_ill_30     0x20", NULL);
    expect_format(GCN_ARCH_GCN14, 0, 0xbf9e0000, "s_endpgm_ordered_ps_done", "s_endpgm_ordered_ps_done");
    /* a no-operand instruction with a nonzero field: LLVM has no text for it */
    expect_format(GCN_ARCH_GCN12, 0, 0xbf8a0001, "s_barrier       0x1", NULL);

    /* decode: what is not SOPP, and the mnemonic */
    uint32_t word = 0x7e000280; /* v_mov_b32: no family of this library */
    gcn_instruction instruction;
    CHECK(gcn_decode(GCN_ARCH_GCN12, &word, 1, &instruction) == GCN_ERROR_NOT_INSTRUCTION,
          "v_mov_b32 decodes as an instruction");
    word = 0xbf8c0000;
    CHECK(gcn_decode(GCN_ARCH_GCN12, &word, 1, &instruction) == GCN_OK &&
              gcn_mnemonic(&instruction) && strcmp(gcn_mnemonic(&instruction), "s_waitcnt") == 0,
          "gcn_mnemonic of bf8c0000");
    word = 0xbf830020;
    CHECK(gcn_decode(GCN_ARCH_GCN10, &word, 1, &instruction) == GCN_OK &&
              instruction.row == GCN_ROW_NONE && gcn_mnemonic(&instruction) == NULL,
          "opcode 3 on gcn1.0 has a row");
    /* every SOPP word decodes and encodes back to itself, on every generation */
    unsigned mismatches = 0, first = 0;
    for (int arch = 0; arch < GCN_ARCH_COUNT; arch++) {
        for (uint32_t opcode = 0; opcode < 128; opcode++) {
            static const uint16_t values[] = {0, 1, 0x7f, 0x8000, 0xffff, 0x1234};
            for (size_t v = 0; v < sizeof values / sizeof values[0]; v++) {
                uint32_t w = 0xbf800000u | opcode << 16 | values[v], out[GCN_MAX_WORDS];
                size_t count = 0;
                if (gcn_decode((gcn_arch)arch, &w, 1, &instruction) != GCN_OK ||
                    gcn_encode(&instruction, out, &count) != GCN_OK || count != 1 || out[0] != w) {
                    if (!mismatches++)
                        first = w;
                }
            }
        }
    }
    CHECK(mismatches == 0, "%u SOPP words do not survive decode+encode, first %08x", mismatches,
          first);
}

/* ---- parsing ---- */

static gcn_status parse(gcn_arch arch, gcn_dialect dialect, uint64_t address, const char *text,
                        gcn_instruction *instruction, gcn_parse_error *error)
{
    gcn_parse_options options = {.arch = arch, .dialect = dialect, .address = address,
        .resolve = NULL, .resolve_context = NULL};
    return gcn_parse(&options, text, strlen(text), instruction, error);
}

/* Parses text and encodes it: one word, optionally with a warning. */
static void expect_word_at(gcn_arch arch, gcn_dialect dialect, uint64_t address, const char *text,
                           uint32_t want, const char *warning)
{
    gcn_instruction instruction;
    gcn_parse_error error;
    gcn_status status = parse(arch, dialect, address, text, &instruction, &error);
    uint32_t words[GCN_MAX_WORDS] = {0};
    size_t count = 0;
    if (status == GCN_OK)
        status = gcn_encode(&instruction, words, &count);
    CHECK(status == GCN_OK && count == 1 && words[0] == want,
          "parse %s %s '%s': status %d (%u: %s) word %08x, want %08x", gcn_arch_name(arch),
          dialect_name(dialect), text, status, error.column, error.message, words[0], want);
    if (status != GCN_OK)
        return;
    if (warning)
        CHECK(error.warning_column > 0 && strstr(error.warning, warning),
              "parse %s '%s': warning %u '%s', want one with '%s'", dialect_name(dialect), text,
              error.warning_column, error.warning, warning);
    else
        CHECK(error.warning_column == 0, "parse %s '%s': unexpected warning %u '%s'",
              dialect_name(dialect), text, error.warning_column, error.warning);
}

static void expect_word(gcn_arch arch, gcn_dialect dialect, const char *text, uint32_t want)
{
    expect_word_at(arch, dialect, 0, text, want, NULL);
}

static void expect_parse_error(gcn_arch arch, gcn_dialect dialect, const char *text,
                               unsigned column, const char *message)
{
    gcn_instruction instruction;
    gcn_parse_error error;
    gcn_status status = parse(arch, dialect, 0, text, &instruction, &error);
    CHECK(status == GCN_ERROR_SYNTAX && error.column == column && strcmp(error.message, message) == 0,
          "parse %s %s '%s': status %d column %u '%s', want column %u '%s'", gcn_arch_name(arch),
          dialect_name(dialect), text, status, error.column, error.message, column, message);
}

static void test_parse_errors(void)
{
    const gcn_dialect C = GCN_DIALECT_CLRX, L = GCN_DIALECT_LLVM;
    expect_parse_error(GCN_ARCH_GCN12, C, "s_endpgmm", 1,
                       "unknown instruction 's_endpgmm'; did you mean 's_endpgm'?");
    expect_parse_error(GCN_ARCH_GCN12, L, "   s_brnch 4", 4,
                       "unknown instruction 's_brnch'; did you mean 's_branch'?");
    expect_parse_error(GCN_ARCH_GCN10, C, "S_WAITCNTT vmcnt(0)", 1,
                       "unknown instruction 'S_WAITCNTT'; did you mean 's_waitcnt'?");
    expect_parse_error(GCN_ARCH_GCN12, C, "xyzzy_plugh", 1, "unknown instruction 'xyzzy_plugh'");
    expect_parse_error(GCN_ARCH_GCN12, C, "", 1, "expected an instruction");
    expect_parse_error(GCN_ARCH_GCN12, C, "   ", 4, "expected an instruction");
    expect_parse_error(GCN_ARCH_GCN12, C, "0x12", 1, "expected an instruction");
    /* the generations that have it */
    expect_parse_error(GCN_ARCH_GCN10, C, "s_wakeup", 1,
                       "'s_wakeup' is not available on gcn1.0; it exists on gcn1.2, gcn1.4");
    expect_parse_error(GCN_ARCH_GCN10, L, "  s_setkill 1", 3,
                       "'s_setkill' is not available on gcn1.0; it exists on gcn1.1, gcn1.2, gcn1.4");
    expect_parse_error(GCN_ARCH_GCN12, C, "s_endpgm_ordered_ps_done", 1,
                       "'s_endpgm_ordered_ps_done' is not available on gcn1.2; it exists on gcn1.4");
    expect_parse_error(GCN_ARCH_GCN11, C, "S_Set_Gpr_Idx_Off", 1,
                       "'s_set_gpr_idx_off' is not available on gcn1.1; it exists on gcn1.2, gcn1.4");
    /* trailing garbage and missing operands */
    expect_parse_error(GCN_ARCH_GCN12, C, "s_nop 1 2", 9, "unexpected '2' after the operands");
    expect_parse_error(GCN_ARCH_GCN12, L, "s_nop 1, 2", 8, "unexpected ', 2' after the operands");
    expect_parse_error(GCN_ARCH_GCN12, L, "s_barrier 1", 11, "s_barrier takes no operand");
    expect_parse_error(GCN_ARCH_GCN12, C, "s_nop", 6, "s_nop needs an immediate operand");
    expect_parse_error(GCN_ARCH_GCN12, C, "s_branch", 9, "s_branch needs a branch target");
    expect_parse_error(GCN_ARCH_GCN12, C, "s_nop 1+", 9, "expected an expression");
    expect_parse_error(GCN_ARCH_GCN12, C, "s_nop 1/0", 8, "division by zero");
    expect_parse_error(GCN_ARCH_GCN12, C, "s_nop foo", 7, "undefined symbol 'foo'");
    /* values out of range */
    expect_parse_error(GCN_ARCH_GCN12, L, "s_nop 0x10000", 7, "value 65536 does not fit in 16 bits");
    expect_parse_error(GCN_ARCH_GCN12, L, "s_branch 70000", 10,
                       "branch offset 70000 does not fit in 16 bits");
    expect_parse_error(GCN_ARCH_GCN12, C, "s_branch 6", 10,
                       "branch target is not a multiple of 4 bytes");
    expect_parse_error(GCN_ARCH_GCN12, C, "s_branch 0x40000", 10,
                       "branch target out of range (65535 words away)");
    expect_parse_error(GCN_ARCH_GCN12, L, "s_waitcnt vmcnt(16)", 17,
                       "vmcnt(16) out of range: at most 15");
    expect_parse_error(GCN_ARCH_GCN12, C, "s_waitcnt vmcnt(1) & foo(2)", 22,
                       "expected vmcnt, expcnt or lgkmcnt");
    expect_parse_error(GCN_ARCH_GCN10, C, "s_sendmsg sendmsg(savewave)", 19,
                       "message 'savewave' is not available on gcn1.0");
    expect_parse_error(GCN_ARCH_GCN12, L, "s_sendmsg sendmsg(MSG_GS)", 19,
                       "message requires an operation");
    expect_parse_error(GCN_ARCH_GCN12, L, "s_sendmsg sendmsg(MSG_INTERRUPT, 0)", 34,
                       "message does not support operations");
    expect_parse_error(GCN_ARCH_GCN12, C, "s_sendmsg sendmsg(bogus)", 19, "unknown message 'bogus'");
    expect_parse_error(GCN_ARCH_GCN10, L, "s_getreg_b32 s43, hwreg(ib_dbg1, 6, 8)", 25,
                       "hwreg register 'ib_dbg1' is not available on gcn1.0");
    expect_parse_error(GCN_ARCH_GCN12, C, "s_getreg_b32 s43, hwreg(bogus)", 25, "unknown hwreg register 'bogus'");
    expect_parse_error(GCN_ARCH_GCN12, C, "s_sendmsg sendmsg(gs, bogus)", 23, "unknown message operation 'bogus'");
    expect_parse_error(GCN_ARCH_GCN12, C, "s_sendmsg sendmsg(gs, emit, 0", 30,
                       "expected ')' to close sendmsg");
    expect_parse_error(GCN_ARCH_GCN12, L, "s_set_gpr_idx_mode gpr_idx(SRC0,SRC0)", 33,
                       "duplicate VGPR index mode");

    /* only the given length is read */
    gcn_instruction instruction;
    gcn_parse_error error;
    gcn_parse_options options = {.arch = GCN_ARCH_GCN12, .dialect = GCN_DIALECT_CLRX, .address = 0,
        .resolve = NULL, .resolve_context = NULL};
    uint32_t word = 0;
    size_t count;
    gcn_status status = gcn_parse(&options, "s_nop 5garbage", 7, &instruction, &error);
    if (status == GCN_OK)
        status = gcn_encode(&instruction, &word, &count);
    CHECK(status == GCN_OK && word == 0xbf800005, "'s_nop 5' of 's_nop 5garbage': status %d %08x",
          status, word);
    /* the error struct is optional */
    CHECK(gcn_parse(&options, "s_bogus", 7, &instruction, NULL) == GCN_ERROR_SYNTAX,
          "parse without an error struct");
}

static void test_sopp_parse(void)
{
    const gcn_dialect C = GCN_DIALECT_CLRX, L = GCN_DIALECT_LLVM;
    /* plain immediates */
    expect_word(GCN_ARCH_GCN10, C, "s_nop 0x6", 0xbf800006);
    expect_word(GCN_ARCH_GCN10, L, "S_NOP 6", 0xbf800006);
    expect_word(GCN_ARCH_GCN12, C, "s_endpgm", 0xbf810000);
    expect_word(GCN_ARCH_GCN12, L, "s_endpgm 3", 0xbf810003);
    expect_word(GCN_ARCH_GCN12, C, "s_setprio -1", 0xbf8fffff);
    expect_word_at(GCN_ARCH_GCN12, C, 0, "s_nop 0x12345", 0xbf802345, "truncated to 16 bits");
    /* branches: CLRX takes the target address, LLVM the word offset */
    expect_word(GCN_ARCH_GCN12, C, "s_branch 0x100", 0xbf82003f);
    expect_word_at(GCN_ARCH_GCN12, C, 0x100, "s_branch .", 0xbf82ffff, NULL);
    expect_word_at(GCN_ARCH_GCN12, C, 0x100, "s_cbranch_scc0 .+8", 0xbf840001, NULL);
    expect_word(GCN_ARCH_GCN12, L, "s_branch 5", 0xbf820005);
    expect_word(GCN_ARCH_GCN12, L, "s_branch -1", 0xbf82ffff);
    expect_word(GCN_ARCH_GCN12, L, "s_cbranch_execz 65535", 0xbf88ffff);
    /* s_waitcnt */
    expect_word(GCN_ARCH_GCN10, C, "s_waitcnt  vmcnt(14) & expcnt(2)", 0xbf8c0f2e);
    expect_word(GCN_ARCH_GCN10, C, "s_waitcnt  VmCnt  (  14  )&exPCnt(  2  )", 0xbf8c0f2e);
    expect_word(GCN_ARCH_GCN12, C, "s_waitcnt vmcnt(0) & lgkmcnt(0)", 0xbf8c0070);
    expect_word(GCN_ARCH_GCN12, L, "s_waitcnt vmcnt(0) lgkmcnt(0)", 0xbf8c0070);
    expect_word(GCN_ARCH_GCN12, L, "s_waitcnt vmcnt(0), lgkmcnt(0)", 0xbf8c0070);
    expect_word(GCN_ARCH_GCN12, L, "s_waitcnt vmcnt(0) & lgkmcnt(0)", 0xbf8c0070);
    expect_word(GCN_ARCH_GCN12, L, "s_waitcnt 0", 0xbf8c0000);
    expect_word(GCN_ARCH_GCN12, L, "s_waitcnt vmcnt_sat(20)", 0xbf8c0f7f);
    expect_word(GCN_ARCH_GCN14, L, "s_waitcnt vmcnt(40)", 0xbf8c8f78);
    expect_word(GCN_ARCH_GCN14, C, "s_waitcnt vmcnt(63)", 0xbf8ccf7f);
    expect_word(GCN_ARCH_GCN14, L, "s_waitcnt vmcnt(40) expcnt(2) lgkmcnt(3)", 0xbf8c8328);
    expect_word_at(GCN_ARCH_GCN10, C, 0, "s_waitcnt  vmcnt(33) & expcnt(10) & lgkmcnt(27)",
                   0xbf8c0b21, "out of range");
    expect_word_at(GCN_ARCH_GCN10, C, 0, "s_waitcnt  vmcnt(14) & expcnt(2)&expcnt(3)", 0xbf8c0f3e,
                   "expcnt was already defined");
    /* s_sendmsg */
    expect_word(GCN_ARCH_GCN10, C, "s_sendmsg sendmsg(interrupt)", 0xbf900001);
    expect_word(GCN_ARCH_GCN10, C, "s_sendmsg sendmsg(MSG_INTERRUPT)", 0xbf900001);
    expect_word(GCN_ARCH_GCN10, L, "s_sendmsg sendmsg(MSG_INTERRUPT)", 0xbf900001);
    expect_word(GCN_ARCH_GCN10, C, "s_sendmsg sendmsg(system)", 0xbf90000f);
    expect_word(GCN_ARCH_GCN10, C, "s_sendmsg sendmsg(gs, cut, 1)", 0xbf900112);
    expect_word(GCN_ARCH_GCN10, C, "s_sendmsg sendmsg(gs, emit-cut, 3)", 0xbf900332);
    expect_word(GCN_ARCH_GCN10, C, "s_sendmsg  sendmsg ( gs    , emit_cut  , 3  )", 0xbf900332);
    expect_word(GCN_ARCH_GCN12, L, "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT_CUT, 3)", 0xbf900332);
    expect_word(GCN_ARCH_GCN12, L, "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_TTRACE_PC)", 0xbf90004f);
    expect_word(GCN_ARCH_GCN12, L, "s_sendmsg 0x22", 0xbf900022);
    expect_word(GCN_ARCH_GCN12, L, "s_sendmsg sendmsg(11, 1, 0)", 0xbf90001b);
    expect_word(GCN_ARCH_GCN12, C, "s_sendmsghalt sendmsg(@11, cut, 0)", 0xbf91001b);
    expect_word(GCN_ARCH_GCN12, C, "s_sendmsg sendmsg(savewave)", 0xbf900004);
    /* s_set_gpr_idx_mode */
    expect_word(GCN_ARCH_GCN12, L, "s_set_gpr_idx_mode gpr_idx(SRC0,DST)", 0xbf9d0009);
    expect_word(GCN_ARCH_GCN12, C, "s_set_gpr_idx_mode 9", 0xbf9d0009);
    expect_word(GCN_ARCH_GCN14, L, "s_set_gpr_idx_mode gpr_idx()", 0xbf9d0000);
}

/* ---- API misuse ---- */

static void test_misuse(void)
{
    const gcn_status I = GCN_ERROR_INVALID_ARGUMENT;
    gcn_arch arch;
    CHECK(gcn_arch_from_name(NULL, &arch) == I, "gcn_arch_from_name(NULL, ...)");
    CHECK(gcn_arch_from_name("tonga", NULL) == I, "gcn_arch_from_name(..., NULL)");

    uint32_t word = 0xbf810000, words[GCN_MAX_WORDS];
    gcn_instruction instruction;
    CHECK(gcn_decode(GCN_ARCH_GCN12, NULL, 1, &instruction) == I, "gcn_decode(NULL words)");
    CHECK(gcn_decode(GCN_ARCH_GCN12, &word, 1, NULL) == I, "gcn_decode(NULL instruction)");
    CHECK(gcn_decode(GCN_ARCH_COUNT, &word, 1, &instruction) == I, "gcn_decode(arch COUNT)");
    CHECK(gcn_decode((gcn_arch)-1, &word, 1, &instruction) == I, "gcn_decode(arch -1)");
    CHECK(gcn_decode(GCN_ARCH_GCN12, &word, 0, &instruction) == GCN_ERROR_TRUNCATED,
          "gcn_decode(0 words)");

    CHECK(gcn_decode(GCN_ARCH_GCN12, &word, 1, &instruction) == GCN_OK, "decode s_endpgm");
    size_t count;
    CHECK(gcn_encode(NULL, words, &count) == I, "gcn_encode(NULL instruction)");
    CHECK(gcn_encode(&instruction, NULL, &count) == I, "gcn_encode(NULL words)");
    CHECK(gcn_encode(&instruction, words, NULL) == GCN_OK, "gcn_encode(NULL count) must work");
    gcn_instruction bad = instruction;
    bad.family = GCN_FAMILY_NONE;
    CHECK(gcn_encode(&bad, words, &count) == I, "gcn_encode(family NONE)");
    bad.family = GCN_FAMILY_COUNT;
    CHECK(gcn_encode(&bad, words, &count) == I, "gcn_encode(family COUNT)");
    bad = instruction;
    bad.arch = GCN_ARCH_COUNT;
    CHECK(gcn_encode(&bad, words, &count) == I, "gcn_encode(arch COUNT)");
    bad = instruction;
    bad.opcode = 200;
    CHECK(gcn_encode(&bad, words, &count) == GCN_ERROR_NOT_ENCODABLE, "gcn_encode(SOPP opcode 200)");

    char text[64];
    size_t length;
    CHECK(gcn_format(NULL, GCN_DIALECT_CLRX, 0, text, sizeof text, &length) == I,
          "gcn_format(NULL instruction)");
    CHECK(gcn_format(&instruction, GCN_DIALECT_CLRX, 0, NULL, 10, &length) == I,
          "gcn_format(NULL buffer, size 10)");
    CHECK(gcn_format(&instruction, (gcn_dialect)2, 0, text, sizeof text, &length) == I,
          "gcn_format(dialect 2)");
    bad = instruction;
    bad.arch = GCN_ARCH_COUNT;
    CHECK(gcn_format(&bad, GCN_DIALECT_CLRX, 0, text, sizeof text, &length) == I,
          "gcn_format(arch COUNT)");
    bad = instruction;
    bad.family = GCN_FAMILY_NONE;
    CHECK(gcn_format(&bad, GCN_DIALECT_LLVM, 0, text, sizeof text, &length) == I,
          "gcn_format(family NONE)");
    bad.family = 200;
    CHECK(gcn_format(&bad, GCN_DIALECT_LLVM, 0, text, sizeof text, &length) == I,
          "gcn_format(family 200)");
    bad = instruction;
    bad.row = (uint16_t)(GCN_ROW_NONE - 1);
    CHECK(gcn_format(&bad, GCN_DIALECT_CLRX, 0, text, sizeof text, &length) == I,
          "gcn_format(row out of the table)");
    CHECK(gcn_format(&instruction, GCN_DIALECT_CLRX, 0, text, sizeof text, NULL) == GCN_OK &&
              strcmp(text, "s_endpgm") == 0,
          "gcn_format(NULL length) must work");

    gcn_parse_options options = {.arch = GCN_ARCH_GCN12, .dialect = GCN_DIALECT_CLRX, .address = 0,
        .resolve = NULL, .resolve_context = NULL};
    gcn_parse_error error;
    CHECK(gcn_parse(NULL, "s_endpgm", 8, &instruction, &error) == I, "gcn_parse(NULL options)");
    CHECK(gcn_parse(&options, NULL, 8, &instruction, &error) == I, "gcn_parse(NULL text)");
    CHECK(gcn_parse(&options, "s_endpgm", 8, NULL, &error) == I, "gcn_parse(NULL instruction)");
    options.arch = GCN_ARCH_COUNT;
    CHECK(gcn_parse(&options, "s_endpgm", 8, &instruction, &error) == I, "gcn_parse(arch COUNT)");
    options.arch = (gcn_arch)-1;
    CHECK(gcn_parse(&options, "s_endpgm", 8, &instruction, &error) == I, "gcn_parse(arch -1)");

    CHECK(gcn_mnemonic(NULL) == NULL, "gcn_mnemonic(NULL)");
}

/* Parses and encodes text; false on any failure. */
static bool encode_text(gcn_arch arch, gcn_dialect dialect, const char *text, uint32_t *words,
                        size_t *count, gcn_parse_error *error)
{
    gcn_instruction instruction;
    return parse(arch, dialect, 0, text, &instruction, error) == GCN_OK &&
           gcn_encode(&instruction, words, count) == GCN_OK;
}

/* The fast paths (plain numbers, plain register tuples) give what the
 * expression parser gives for the same values spelled otherwise. */
static void expect_parse_warning(gcn_arch arch, gcn_dialect dialect, const char *text, unsigned column,
                                 const char *warning);
static void expect_same_words(gcn_arch arch, gcn_dialect dialect, const char *fast, const char *slow)
{
    uint32_t fast_words[GCN_MAX_WORDS] = {0}, slow_words[GCN_MAX_WORDS] = {0};
    size_t fast_count = 0, slow_count = 0;
    gcn_parse_error fast_error, slow_error;
    bool fast_ok = encode_text(arch, dialect, fast, fast_words, &fast_count, &fast_error);
    bool slow_ok = encode_text(arch, dialect, slow, slow_words, &slow_count, &slow_error);
    CHECK(fast_ok && slow_ok && fast_count == slow_count &&
              memcmp(fast_words, slow_words, sizeof fast_words) == 0,
          "%s '%s' (%d: %s) and '%s' (%d: %s) differ", dialect_name(dialect), fast, fast_ok,
          fast_error.message, slow, slow_ok, slow_error.message);
}

/* Two spellings that must parse alike: the same status, column, message,
 * warning and words (one through a fast path, one through the general
 * path). Returns the first's status. */
static gcn_status expect_same_outcome(gcn_arch arch, gcn_dialect dialect, const char *fast,
                                      const char *slow)
{
    gcn_instruction first, second;
    gcn_parse_error first_error, second_error;
    uint32_t first_words[GCN_MAX_WORDS] = {0}, second_words[GCN_MAX_WORDS] = {0};
    gcn_status a = parse(arch, dialect, 0, fast, &first, &first_error);
    gcn_status b = parse(arch, dialect, 0, slow, &second, &second_error);
    if (a == GCN_OK)
        gcn_encode(&first, first_words, NULL);
    if (b == GCN_OK)
        gcn_encode(&second, second_words, NULL);
    CHECK(a == b && first_error.column == second_error.column &&
              strcmp(first_error.message, second_error.message) == 0 &&
              first_error.warning_column == second_error.warning_column &&
              strcmp(first_error.warning, second_error.warning) == 0 &&
              memcmp(first_words, second_words, sizeof first_words) == 0,
          "%s dialect %d '%s' (%d: %s %s) and '%s' (%d: %s %s) differ", gcn_arch_name(arch),
          (int)dialect, fast, (int)a, first_error.message, first_error.warning, slow, (int)b,
          second_error.message, second_error.warning);
    return a;
}

static void test_fast_paths(void)
{
    /* gcn_lower's table: letters to lower case, every other byte as is */
    for (int c = 0; c < 256; c++) {
        int want = c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
        CHECK(gcn_lower((char)c) == want, "gcn_lower(%d) = %d, want %d", c, gcn_lower((char)c), want);
    }

    /* gcn_skip_space: none (the early return), some, all, at the end */
    static const struct {
        const char *text;
        size_t skipped;
    } spaces[] = {{"x", 0}, {"", 0}, {" x", 1}, {"\t \tx", 3}, {"  ", 2}, {"\t", 1}, {"x ", 0}};
    for (size_t i = 0; i < sizeof spaces / sizeof spaces[0]; i++) {
        const char *text = spaces[i].text;
        gcn_cursor cursor = {.text = text, .pos = text, .end = text + strlen(text)};
        gcn_skip_space(&cursor);
        CHECK(cursor.pos == text + spaces[i].skipped, "gcn_skip_space('%s') skipped %zu, want %zu",
              text, (size_t)(cursor.pos - text), spaces[i].skipped);
    }

    const gcn_dialect C = GCN_DIALECT_CLRX, L = GCN_DIALECT_LLVM;
    const gcn_arch G = GCN_ARCH_GCN14;

    /* plain numbers, and what the full parser reads past them */
    expect_value("0x1ff", 0x1ff);
    expect_value("-1", -1);
    expect_value("1<<3", 8);
    expect_value("1 << 3", 8);
    expect_value("12 ", 12);
    expect_value("0", 0);
    expect_value("010", 8);
    expect_value("0b101", 5);
    expect_value("-x", -5);
    expect_value("2-1", 1);
    expect_value("1?2:3", 2);
    expect_value("18446744073709551615", -1);
    expect_value("0xffffffffffffffff", -1);
    expect_expression_error("18446744073709551616", false, 1, "number does not fit in 64 bits");
    expect_expression_error("0x10000000000000000", false, 1, "number does not fit in 64 bits");
    expect_expression_error("0x", false, 1, "invalid number");
    expect_expression_error("12z", false, 1, "invalid number");
    expect_expression_error("08", false, 1, "invalid digit in number");
    expect_expression_error("-", false, 2, "expected an expression");
    /* a lone symbol, and symbols in expressions */
    expect_value("x", 5);
    expect_value("x ", 5);
    expect_value("x+1", 6);
    expect_value("loop_end - x", 0xfb);
    expect_value(".", 0x40);
    expect_expression_error("  nowhere", true, 3, "undefined symbol 'nowhere'");
    expect_expression_error("nowhere+1", true, 1, "undefined symbol 'nowhere'");
    expect_expression_error("x", false, 1, "undefined symbol 'x'");

    /* register tuples and offsets, read fast and through the full parser */
    for (int d = 0; d < 2; d++) {
        gcn_dialect dialect = d ? L : C;
        expect_same_words(G, dialect, "buffer_load_dwordx4 v[2:5], off, s[4:7], s0",
                          "buffer_load_dwordx4 v[ 2 : 5 ], off, s[ 4 : 7 ], s0");
        expect_same_words(G, dialect, "buffer_load_dwordx4 v[2:5], off, s[4:7], s0",
                          "buffer_load_dwordx4 v[1+1:5], off, s[0x4:0x7], s[0]");
        expect_same_words(G, dialect, "buffer_load_dword v1, off, s[16:19], ttmp3 offset:511",
                          "buffer_load_dword v[1], off, s[0x10:0x13], ttmp[3] offset:0x1ff");
        expect_same_words(G, dialect, "buffer_load_dword v1, off, TTMP[4:7], S0 offset:8",
                          "buffer_load_dword V[1:1], off, ttmp[2*2:7], s[0:0] offset:1<<3");
        expect_same_words(G, dialect, "global_load_dword v1, v[2:3], off offset:-1",
                          "global_load_dword v1, v[2:3], off offset:-(1)");
        expect_same_words(G, dialect, "s_load_dwordx4 s[16:19], s[2:3], 0x10",
                          "s_load_dwordx4 s[0x10:0x13], s[2:1+2], 16");
        expect_same_words(G, dialect, "s_load_dword ttmp1, ttmp[2:3], 0x10",
                          "s_load_dword ttmp[1], ttmp[ 2:3 ], 16");
        expect_parse_error(G, dialect, "buffer_load_dwordx4 v[2:300], off, s[4:7], s0", 21,
                           "VGPR out of range: v0..v255");
        expect_parse_error(G, dialect, "buffer_load_dword v1000000, off, s[4:7], s0", 19,
                           "register number too large");
        expect_parse_error(G, dialect, "buffer_load_dword v[1:1, off, s[4:7], s0", 24,
                           "expected ']' to close the register range");
        expect_parse_error(G, dialect, "buffer_load_dword v[08:8], off, s[4:7], s0", 21,
                           "invalid digit in number");
        expect_parse_error(G, dialect, "buffer_load_dword v1, off, s[4:7], s0 offset:99999999999999999999",
                           46, "number does not fit in 64 bits");
        expect_parse_error(G, dialect, "buffer_load_dword v1, off, s[4:7], s0 offset:x", 46,
                           "undefined symbol 'x'");
        expect_parse_error(G, dialect, "buffer_load_dword v1, off, s[5:8], s0", 28,
                           "misaligned register tuple 's[5:8]': it must start at a multiple of 4");
        expect_parse_error(G, dialect, "buffer_load_dword v1, off, s[4:7], s102", 36,
                           "SGPR out of range: gcn1.4 has s0..s101");
        expect_parse_error(G, dialect, "s_load_dwordx2 s[2:3], s[0:1], 1b", 32,
                           "undefined local label '1b'");
    }
    /* MUBUF's one-pass modifiers and small decimal offsets, against the full path */
    for (int d = 0; d < 2; d++) {
        gcn_dialect dialect = d ? L : C;
        expect_same_words(G, dialect, "buffer_load_dword v1, v2, s[4:7], s0 idxen offset:4095 glc",
                          "buffer_load_dword v1, v2, s[4:7], s0 idxen offset:4000+95 glc:1");
        expect_same_words(G, dialect, "buffer_load_dword v1, off, s[4:7], s0 offset:8 slc",
                          "buffer_load_dword v1, off, s[4:7], s0 offset:010 slc");
        expect_same_words(G, dialect, "buffer_load_dword v1, off, s[4:7], s0 offset:12 glc",
                          "buffer_load_dword v1, off, s[4:7], s0 offset: 10 + 2 glc");
        expect_same_words(G, dialect, "global_load_dword v1, v[2:3], off offset:-4096",
                          "global_load_dword v1, v[2:3], off offset:-0x1000");
        expect_parse_error(G, dialect, "buffer_load_dword v1, off, s[4:7], s0 glc glc", 43,
                           "modifier 'glc' given twice");
        expect_parse_error(G, dialect, "buffer_load_dword v1, off, s[4:7], s0 offset:1f", 46,
                           "undefined local label '1f'");
    }
    expect_parse_error(G, L, "buffer_load_dword v1, off, s[4:7], s0 offset:123456", 46,
                       "offset 123456 out of range [0, 4095]");
    expect_parse_error(G, L, "global_load_dword v1, v[2:3], off offset:-4097", 42,
                       "offset -4097 out of range [-4096, 4095]");
    /* SMEM's register offset as llvm-mc prints it, and through the full path */
    expect_same_words(G, L, "s_load_dword s1, s[2:3], s4 glc", "s_load_dword s1, s[2:3], s[4] glc");
    expect_same_words(G, L, "s_load_dword s1, s[2:3], ttmp4", "s_load_dword s1, s[2:3], ttmp[4:4]");
    expect_same_words(G, L, "s_load_dword s1, s[2:3], s4", "s_load_dword s1, s[2:3], S4");
    expect_parse_error(G, L, "s_load_dword s1, s[2:3], s[4:5]", 26,
                       "offset needs 1 scalar register, found 2");
    expect_parse_error(G, L, "buffer_load_dword v1, off, s[4:7], s0 offset:4 offset:4", 48,
                       "offset given twice");
    expect_same_words(G, C, "buffer_load_dword v1, off, s[4:7], s0 offset:4",
                      "buffer_load_dword v1, off, s[4:7], s0 offset:2 offset:4");
    expect_parse_error(G, L, "buffer_load_dwordx4 v[5:2], off, s[4:7], s0", 21,
                       "invalid register range");
    expect_parse_error(G, L, "s_load_dwordx2 s[1:2], s[0:1], 0x0", 16,
                       "misaligned register tuple 's[1:2]': it must start at a multiple of 2");
    expect_parse_error(G, L, "global_load_dword v1, v[2:3], off offset:-4097", 42,
                       "offset -4097 out of range [-4096, 4095]");
    /* the mnemonic looked up up to the first space, or scanned */
    expect_same_words(G, L, "s_nop\t1", "s_nop 1");
    expect_same_words(G, L, "  S_Nop   1", "s_nop 1");
    expect_same_words(G, L, "s_nop 1+0", "s_nop 1");
    expect_parse_error(G, L, "s_nop,1", 6, "expected an expression");
    expect_parse_error(G, L, "s_nopx 1", 1, "unknown instruction 's_nopx'; did you mean 's_nop'?");
    /* FLAT's one-pass LLVM modifiers (offset:N, glc, slc) and what falls back */
    expect_same_words(G, L, "global_load_dword v1, v[2:3], off offset:8 slc",
                      "global_load_dword v1, v[2:3], off offset : 4+4 noglc slc");
    expect_same_words(G, L, "flat_load_dword v1, v[2:3] inst_offset:8",
                      "flat_load_dword v1, v[2:3], offset:8 noslc");
    /* noglc is glc given as 0: once (llvm-mc: "duplicate cache policy modifier") */
    expect_parse_error(G, L, "global_load_dword v1, v[2:3], off glc noglc", 39,
                       "modifier 'noglc' given twice");
    expect_parse_error(G, L, "flat_load_dword_e64 v1, v[2:3]", 1,
                       "e64 variant of flat_load_dword is not supported");
    expect_parse_error(G, L, "global_load_dword v1, v[2:3], off glc glc", 39,
                       "modifier 'glc' given twice");
    expect_parse_error(G, L, "global_load_dword v1, v[2:3], off glc offset:4", 39,
                       "offset:N must come before glc and slc in LLVM syntax");
    expect_parse_error(G, L, "global_load_dword v1, v[2:3], off glc:1", 35,
                       "'glc' takes no value in LLVM syntax");
    expect_parse_error(G, L, "global_load_dword v1, v[2:3], off offset:4 offset:8", 44,
                       "offset given twice");
    expect_parse_error(G, L, "global_load_dword v1, v[2:3], off offset:4 tfe", 44,
                       "modifier 'tfe' is not valid for this instruction on gcn1.4");
    expect_parse_error(G, L, "flat_load_dword v1, v[2:3] offset:8192", 35,
                       "offset 8192 out of range [0, 8191]");
    expect_same_words(G, C, "flat_load_dword v1, v[2:3] glc inst_offset:4 slc lds",
                      "flat_load_dword v1, v[2:3] glc:1 offset : 2+2 slc:1 lds");
    expect_parse_error(G, C, "scratch_load_dword v1, off, s5 inst_offset:4095 glc glc", 53,
                       "modifier 'glc' given twice");
    expect_parse_error(G, C, "flat_load_dword v[1:2], v[2:3] tfe lds", 32,
                       "modifier 'tfe' is not valid for this instruction on gcn1.4");
    /* the modifier word picked by its first letter, then compared whole */
    expect_same_words(G, C, "buffer_load_dword v[1:2], v2, s[4:7], s0 offen glc slc tfe",
                      "buffer_load_dword v[1:2], v2, s[4:7], s0 OFFEN Glc SLC tfe:1");
    expect_parse_error(G, L, "buffer_load_dword v1, v2, s[4:7], s0 offen gl", 44,
                       "unknown modifier 'gl'");
    expect_parse_error(G, L, "buffer_load_dword v1, v2, s[4:7], s0 offen glcx", 44,
                       "unknown modifier 'glcx'");
    /* mnemonics in any case; the size suffix in any case */
    expect_same_words(G, C, "S_LOAD_DWORD_E64 s5, s[2:3], 0x4", "s_load_dword s5, s[2:3], 0x4");
    expect_same_words(G, L, "Buffer_Load_Dword v1, OFF, s[4:7], s0 OFFSET:4 GLC",
                      "buffer_load_dword v1, off, s[4:7], s0 offset:4 glc");
    /* SMEM's one-pass llvm reader (first) and the general path (second:
     * upper case, an expression, no comma, a comma before glc, the offset
     * left out) on GCN 1.2 and 1.4 */
    for (gcn_arch arch = GCN_ARCH_GCN12; arch <= GCN_ARCH_GCN14; arch++) {
        expect_same_words(arch, L, "s_load_dwordx2 s[2:3], s[4:5], 0x10 glc",
                          "s_load_dwordx2 s[2:3], s[4:5], 0x10 GLC");
        expect_same_words(arch, L, "s_buffer_store_dword s32, s[8:11], 0xfffff glc",
                          "s_buffer_store_dword s32, s[8:11], 0xffff0+0xf glc");
        expect_same_words(arch, L, "s_buffer_load_dwordx16 s[16:31], s[8:11], 1048575",
                          "s_buffer_load_dwordx16 s[16:31] s[8:11] 0xfffff");
        expect_same_words(arch, L, "s_load_dword ttmp4, ttmp[2:3], ttmp5",
                          "s_load_dword ttmp4 ttmp[2:3] ttmp5");
        expect_same_words(arch, L, "s_load_dword s5, s[2:3], 0", "s_load_dword s5, s[2:3]");
        expect_same_words(arch, L, "s_load_dword s5 ,\ts[2:3] ,  7", "s_load_dword s5, s[2:3], 3+4");
        expect_same_words(arch, L, "s_memtime s[4:5]", "s_memtime s[4:5] ");
        expect_same_words(arch, L, "s_atc_probe 7, s[2:3], 0x10", "s_atc_probe 3+4, s[2:3], 0x10");
        expect_same_words(arch, L, "s_load_dword s5, s[2:3], 0x10, glc", "s_load_dword s5, s[2:3], 16 glc");
        expect_same_words(arch, L, "s_dcache_wb", "s_dcache_wb ");
    }
    /* GCN 1.4's negative offsets as llvm-mc prints them (-0x...): the
     * one-pass reader where they fit and the base is no buffer's, the
     * general path (an expression) otherwise; the same words, warnings and
     * errors either way, in both dialects and on GCN 1.2 too */
    static const char *const negatives[][2] = {
        {"s_load_dword s5, s[2:3], -0x5", "s_load_dword s5, s[2:3], -(0x5)"},
        {"s_load_dword s5, s[2:3], -0xfffff", "s_load_dword s5, s[2:3], -(0xfffff)"},
        {"s_load_dword s5, s[2:3], -0x100000", "s_load_dword s5, s[2:3], -(0x100000)"},
        {"s_load_dword s5, s[2:3], -0x100001", "s_load_dword s5, s[2:3], -(0x100001)"},
        {"s_load_dword s5, s[2:3], -0", "s_load_dword s5, s[2:3], -(0)"},
        {"s_load_dword s5, s[2:3], -7", "s_load_dword s5, s[2:3], -(7)"},
        {"s_load_dword s5, s[2:3], -0x5 glc", "s_load_dword s5, s[2:3], -(0x5) glc"},
        {"s_store_dword s5, s[2:3], -0x7b86b glc", "s_store_dword s5, s[2:3], -(0x7b86b) glc"},
        {"s_atomic_add s63, s[84:85], -0x7b86b", "s_atomic_add s63, s[84:85], -(0x7b86b)"},
        {"s_buffer_load_dword s5, s[4:7], -0x10", "s_buffer_load_dword s5, s[4:7], -(0x10)"},
        {"s_atc_probe 7, s[2:3], -0x10", "s_atc_probe 7, s[2:3], -(0x10)"},
    };
    for (gcn_arch arch = GCN_ARCH_GCN12; arch <= GCN_ARCH_GCN14; arch++)
        for (int dialect = 0; dialect < 2; dialect++)
            for (size_t i = 0; i < sizeof negatives / sizeof negatives[0]; i++)
                expect_same_outcome(arch, (gcn_dialect)dialect, negatives[i][0], negatives[i][1]);
    /* special names (vcc, exec, m0, null, flat_scratch...) and offsets in
     * the one-pass reader (with glc) and the general path (llvm: GLC, clrx:
     * glc:1): the same words, warnings and errors, on GCN 1.2 and 1.4 */
    static const char *const specials[] = {
        "s_load_dword vcc_lo, s[2:3], 0x10", "s_load_dwordx2 vcc, vcc, m0",
        "s_load_dwordx4 s[4:7], exec, null", "s_load_dword m0, flat_scratch, exec_hi",
        "s_store_dword null, xnack_mask, vcc_hi", "s_buffer_load_dword tba_lo, vcc, s1",
        "s_load_dword tma_hi, s[2:3], flat_scratch_lo",
        /* errors, or the general path's reading */
        "s_load_dword vcc, s[2:3], 0x10", "s_load_dword s5, null, 0x10",
        "s_load_dword s5, vcc_lo, 0x10", "s_load_dword s5, s[2:3], vcc",
        "s_load_dword VCC_LO, s[2:3], 0x10", "s_load_dword nullx, s[2:3], 0x10",
        "s_load_dword s5, s[2:3], src_shared_base", "s_load_dwordx8 s[8:15], vcc, exec",
        "s_load_dword s5, s[2:3], null", "s_load_dword s5, exec, vcc_lo",
        "s_load_dwordx2 VCC, s[2:3], Xnack_Mask_Lo", "s_store_dword s5, s[2:3], m0",
        "s_atomic_add s63, s[84:85], 0x184795", "s_buffer_load_dword s5, s[4:7], 0x1fffff",
        "s_load_dword s5, s[2:3], 0x200000", "s_load_dword s5, s[2:3], 2097151",
        "s_load_dword s5, s[2:3], 0x100000", "s_load_dword s5, s[2:3], 0xfffff",
    };
    for (gcn_arch arch = GCN_ARCH_GCN12; arch <= GCN_ARCH_GCN14; arch++)
        for (unsigned dialect = 0; dialect < 2; dialect++)
            for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++) {
                char fast[80], slow[80];
                snprintf(fast, sizeof fast, "%s glc", specials[i]);
                snprintf(slow, sizeof slow, dialect == L ? "%s GLC" : "%s glc:1", specials[i]);
                gcn_status a = expect_same_outcome(arch, (gcn_dialect)dialect, fast, slow);
                CHECK(i >= 7 || arch != GCN_ARCH_GCN12 || dialect != L || a == GCN_OK,
                      "gcn1.2 '%s' fails (status %d)", fast, (int)a);
            }
    /* the same in clrx (the general path: upper-case registers, glc:1) */
    for (gcn_arch arch = GCN_ARCH_GCN12; arch <= GCN_ARCH_GCN14; arch++) {
        expect_same_words(arch, C, "s_load_dwordx2 s[2:3], s[4:5], 0x10 glc",
                          "s_load_dwordx2 S[2:3], S[4:5], 0x10 glc:1");
        expect_same_words(arch, C, "s_buffer_load_dwordx16 s[84:99], s[8:11], 1048575",
                          "s_buffer_load_dwordx16 S[84:99], S[8:11], 0xfffff");
        expect_same_words(arch, C, "s_load_dword ttmp4, ttmp[2:3], ttmp11",
                          "s_load_dword TTMP4, TTMP[2:3], TTMP11");
        expect_same_words(arch, C, "s_load_dword s101, s[2:3], s101", "s_load_dword S101, S[2:3], S101");
        expect_same_words(arch, C, "s_memtime s[4:5]", "s_memtime S[4:5]");
        expect_same_words(arch, C, "s_dcache_wb", "s_dcache_wb ");
        /* past what the general path reads as plain registers: the same
         * result through it */
        static const char *const pairs[][2] = {
            {"s_load_dwordx4 s[100:103], s[2:3], 0", "s_load_dwordx4 S[100:103], S[2:3], 0"},
            {"s_load_dword s5, s[2:3], s102", "s_load_dword S5, S[2:3], S102"},
            {"s_load_dwordx4 ttmp[12:15], s[2:3], 0", "s_load_dwordx4 TTMP[12:15], S[2:3], 0"},
            {"s_store_dword s5, s[2:3], s7", "s_store_dword S5, S[2:3], S7"},
            {"s_load_dword s5, s[2:3], 0x100000", "s_load_dword S5, S[2:3], 0x100000"},
            {"s_memtime s[4:5] glc", "s_memtime S[4:5] glc"},
            {"s_atc_probe 0x7f, s[2:3], 0x10", "s_atc_probe 0x7f, S[2:3], 0x10"},
            {"s_atc_probe 0x80, s[2:3], 0x10", "s_atc_probe 0x80, S[2:3], 0x10"},
        };
        for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
            gcn_instruction first, second;
            gcn_parse_error first_error, second_error;
            uint32_t first_words[GCN_MAX_WORDS] = {0}, second_words[GCN_MAX_WORDS] = {0};
            gcn_status a = parse(arch, C, 0, pairs[i][0], &first, &first_error);
            gcn_status b = parse(arch, C, 0, pairs[i][1], &second, &second_error);
            if (a == GCN_OK)
                gcn_encode(&first, first_words, NULL);
            if (b == GCN_OK)
                gcn_encode(&second, second_words, NULL);
            CHECK(a == b && first_error.column == second_error.column &&
                      strcmp(first_error.message, second_error.message) == 0 &&
                      strcmp(first_error.warning, second_error.warning) == 0 &&
                      memcmp(first_words, second_words, sizeof first_words) == 0,
                  "%s clrx '%s' (%d: %s %s) and '%s' (%d: %s %s) differ", gcn_arch_name(arch),
                  pairs[i][0], (int)a, first_error.message, first_error.warning, pairs[i][1], (int)b,
                  second_error.message, second_error.warning);
        }
    }
    expect_same_words(G, L, "s_atomic_cmpswap_x2 s[0:3], s[0:1], s80 glc",
                      "s_atomic_cmpswap_x2 s[0:3], s[0:1], s80, glc");
    expect_same_words(G, L, "s_dcache_discard s[2:3], s5", "s_dcache_discard s[2:3] s5");
    expect_parse_error(G, L, "s_memtime s[4:5] glc", 18, "modifier 'glc' is not valid for this instruction on gcn1.4");
    expect_parse_error(G, L, "s_load_dword s5, s[2:3], 0x100000", 26,
                       "offset 1048576 out of range: expected a 21-bit signed offset");
    expect_parse_error(G, L, "s_load_dword s5, s[3:4], 0x10", 18,
                       "sbase 's[3:4]' must start at an even register");
    expect_parse_error(G, L, "s_load_dwordx2 s[3:4], s[2:3], 0x10", 16,
                       "misaligned register tuple 's[3:4]': it must start at a multiple of 2");
    /* SMRD/SMEM's modifiers by the generic parser: llvm-mc 14's noglc, no
     * comma after the last, e64 refused at the name (its column); CLRX's
     * glc:N any nonzero value as 1, a flag or offset:X given twice the last */
    expect_same_words(G, L, "s_load_dword s5, s[2:3], 0x10 noglc", "s_load_dword s5, s[2:3], 0x10");
    expect_parse_error(G, L, "s_load_dword s5, s[2:3], 0x10 glc,", 34, "expected a modifier");
    expect_parse_error(G, L, "s_load_dword_e64 s5, s[2:3], 0x10", 1, "e64 variant of s_load_dword is not supported");
    expect_parse_error(G, L, "s_load_dword s5, s[2:3], 0x10 nv", 31,
                       "modifier 'nv' is not valid for this instruction on gcn1.4");
    expect_parse_error(G, L, "s_load_dword s5, s[2:3], s7 offset:4", 29, "unknown modifier 'offset'");
    expect_parse_error(GCN_ARCH_GCN10, GCN_DIALECT_CLRX, "s_load_dword s5, s[2:3], 0x10 glc", 31,
                       "modifier 'glc' is not valid for this instruction on gcn1.0");
    expect_same_words(G, GCN_DIALECT_CLRX, "s_load_dword s5, s[2:3], 0x10 glc", "s_load_dword s5, s[2:3], 0x10 glc:2");
    expect_same_words(G, GCN_DIALECT_CLRX, "s_load_dword s5, s[2:3], 0x10", "s_load_dword s5, s[2:3], 0x10 glc glc:0");
    expect_parse_error(G, L, "s_load_dword s5, s[2:3], 0x10 glc glc", 35, "modifier 'glc' given twice");
    expect_same_words(G, GCN_DIALECT_CLRX, "s_load_dword s5, s[2:3], s7 offset:5", "s_load_dword s5, s[2:3], s7 offset:4 offset:5");
    expect_parse_warning(G, GCN_DIALECT_CLRX, "s_load_dword s5, s[2:3], s7 offset:4 offset:5", 38,
                         "offset is already defined");
    expect_parse_error(G, GCN_DIALECT_CLRX, "s_load_dword s5, s[2:3], 0x10 offset:4", 31,
                       "illegal second offset: offset:X follows only an SGPR offset");
    expect_parse_warning(GCN_ARCH_GCN10, L, "s_load_dword s5, s[2:3], 0x10 glc", 31, "SMRD has no glc bit on gcn1.0: ignored");
    /* CLRX's reserved= takes the bits no field covers (encodings.def) */
    expect_parse_error(G, GCN_DIALECT_CLRX, "s_load_dword sdata=1 reserved=0x4000", 31,
                       "reserved=0x4000 sets bits that are not reserved SMEM bits on gcn1.4");
    expect_parse_error(GCN_ARCH_GCN12, GCN_DIALECT_CLRX, "s_load_dword sdata=1 reserved=0x1",
                       31, "reserved=0x1 sets bits that are not reserved SMEM bits on gcn1.2");
}

/* The name index: every row by its name in any case and with CLRX's
 * _e32/_e64 suffix; names no row has (prefixes, one letter changed, every
 * length up to past the longest) find nothing. */
/* Branch labels: a lone label up to the end of the statement is read
 * once and given to the section lookup; with a space after it, the general
 * expression reads it. Both give the same words, messages and columns, and
 * ask the lookup once. */
typedef struct test_label {
    const char *name;
    int64_t value;
    unsigned section;
} test_label;
static unsigned label_lookups;
static bool test_label_lookup(void *context, const char *name, size_t length, int64_t *value,
                              unsigned *section)
{
    label_lookups++;
    for (const test_label *label = context; label->name; label++)
        if (strlen(label->name) == length && memcmp(label->name, name, length) == 0) {
            *value = label->value;
            *section = label->section;
            return true;
        }
    return false;
}

static void test_branch_labels(void)
{
    static const test_label labels[] = {
        {"a", 0x200, 1}, {".L3412_0", 0x100, 1}, {"L$x.y_Z9", 0x0, 1}, {"abs", 0x40, 0},
        {"far", 0x100000, 1}, {"odd", 0x102, 1}, {"other", 0x200, 2},
        {"a_label_name_of_sixteen_", 0x300, 1}, {"exactly_16_bytes", 0x80, 1},
        {"abcdefghijklmnopqrstuvwxyz0123456789", 0x180, 1}, {NULL, 0, 0}};
    gcn_section_lookup lookup = {test_label_lookup, (void *)labels, 1, 0, NULL};
    static const char *const names[] = {
        "a", ".L3412_0", "L$x.y_Z9", "abs", "far", "odd", "other", "a_label_name_of_sixteen_",
        "exactly_16_bytes", "abcdefghijklmnopqrstuvwxyz0123456789", "missing", ".", "b-c", "x@y",
        "A", "_"};
    static const char *const mnemonics[] = {"s_branch", "s_cbranch_vccnz", "s_cbranch_cdbgsys_and_user"};
    for (int dialect = 0; dialect < 2; dialect++)
        for (size_t m = 0; m < sizeof mnemonics / sizeof mnemonics[0]; m++)
            for (size_t n = 0; n < sizeof names / sizeof names[0]; n++)
                for (int spaces = 1; spaces <= 3; spaces += 2) {
                    gcn_parse_options options = {.arch = GCN_ARCH_GCN14, .dialect = (gcn_dialect)dialect,
                        .address = 0x100, .resolve = gcn_section_resolver, .resolve_context = &lookup};
                    char plain[96], spaced[100];
                    int length = snprintf(plain, sizeof plain, "%s%*s%s", mnemonics[m], spaces, "",
                                          names[n]);
                    snprintf(spaced, sizeof spaced, "%s ", plain);
                    gcn_instruction first, second;
                    gcn_parse_error first_error, second_error;
                    label_lookups = 0;
                    gcn_status first_status = gcn_parse(&options, plain, (size_t)length, &first, &first_error);
                    unsigned first_lookups = label_lookups;
                    gcn_status second_status =
                        gcn_parse(&options, spaced, (size_t)length + 1, &second, &second_error);
                    CHECK(first_status == second_status &&
                              (first_status != GCN_OK || first.operands[0].value == second.operands[0].value) &&
                              (first_status == GCN_OK ||
                               (first_error.column == second_error.column &&
                                strcmp(first_error.message, second_error.message) == 0)) &&
                              first_lookups == label_lookups - first_lookups && first_lookups <= 1,
                          "branch '%s' (dialect %d): %d %04x %u '%s', spaced: %d %04x %u '%s', lookups %u of %u",
                          plain, dialect, (int)first_status, first.operands[0].value, first_error.column,
                          first_error.message, (int)second_status, second.operands[0].value,
                          second_error.column, second_error.message, first_lookups, label_lookups);
                }
    /* The usual label: its field. */
    gcn_parse_options options = {.arch = GCN_ARCH_GCN14, .dialect = GCN_DIALECT_LLVM,
        .address = 0x100, .resolve = gcn_section_resolver, .resolve_context = &lookup};
    gcn_instruction instruction;
    gcn_parse_error error;
    CHECK(gcn_parse(&options, "s_branch .L3412_0", 17, &instruction, &error) == GCN_OK &&
              instruction.operands[0].value == 0xffff,
          "s_branch .L3412_0 at 0x100: %04x %s", instruction.operands[0].value, error.message);
}

/* SOPP immediates: a plain number up to the end of the statement is read
 * without the expression parser; with a space after it, the expression
 * parser reads it. Both give the same field, warning and error. */
static void test_sopp_immediates(void)
{
    static const char *const numbers[] = {
        "0", "00", "07", "0x", "0x0", "0xffff", "0x10000", "0XAbC", "0xFFFFFFFF", "0x123456789",
        "65535", "65536", "123456789", "1234567890", "-1", "1a", "0x1g", "99999999999999999999",
        "1+1", "x", "0b1", "1b"};
    static const char *const mnemonics[] = {"s_setprio", "s_trap", "s_waitcnt", "s_sleep"};
    for (int dialect = 0; dialect < 2; dialect++)
        for (size_t m = 0; m < sizeof mnemonics / sizeof mnemonics[0]; m++)
            for (size_t n = 0; n < sizeof numbers / sizeof numbers[0]; n++) {
                gcn_parse_options options = {.arch = GCN_ARCH_GCN14, .dialect = (gcn_dialect)dialect};
                char plain[64], spaced[66];
                int length = snprintf(plain, sizeof plain, "%s %s", mnemonics[m], numbers[n]);
                snprintf(spaced, sizeof spaced, "%s ", plain);
                gcn_instruction first, second;
                gcn_parse_error first_error, second_error;
                gcn_status first_status = gcn_parse(&options, plain, (size_t)length, &first, &first_error);
                gcn_status second_status =
                    gcn_parse(&options, spaced, (size_t)length + 1, &second, &second_error);
                CHECK(first_status == second_status &&
                          (first_status != GCN_OK || first.operands[0].value == second.operands[0].value) &&
                          (first_status == GCN_OK ||
                           (first_error.column == second_error.column &&
                            strcmp(first_error.message, second_error.message) == 0)) &&
                          first_error.warning_column == second_error.warning_column &&
                          strcmp(first_error.warning, second_error.warning) == 0,
                      "'%s' (dialect %d): %d %04x %u '%s' '%s', spaced: %d %04x %u '%s' '%s'", plain,
                      dialect, (int)first_status, first.operands[0].value, first_error.column, first_error.message,
                      first_error.warning, (int)second_status, second.operands[0].value, second_error.column,
                      second_error.message, second_error.warning);
            }
}

static void test_mnemonic_lookup(void)
{
    for (unsigned row = 0; row < GCN_ROW_COUNT; row++) {
        const char *name = gcn_rows[row].name;
        size_t n = strlen(name);
        char other[64];
        CHECK(gcn_row_for_name(name, n) == row, "gcn_row_for_name(%s) = %u", name,
              gcn_row_for_name(name, n));
        for (size_t i = 0; i < n; i++)
            other[i] = (char)(i % 2 && name[i] >= 'a' && name[i] <= 'z' ? name[i] - 'a' + 'A' : name[i]);
        CHECK(gcn_row_for_name(other, n) == row, "gcn_row_for_name(%.*s)", (int)n, other);
        memcpy(other + n, "_E64", 4);
        CHECK(gcn_row_for_name(other, n + 4) == row, "gcn_row_for_name(%.*s)", (int)n + 4, other);
        CHECK(gcn_row_for_name(name, n - 1) == GCN_ROW_NONE ||
                  strlen(gcn_rows[gcn_row_for_name(name, n - 1)].name) == n - 1,
              "gcn_row_for_name(%.*s) finds a longer name", (int)n - 1, name);
        memcpy(other, name, n);
        other[n / 2] = other[n / 2] == 'q' ? 'j' : 'q';
        CHECK(gcn_row_for_name(other, n) == GCN_ROW_NONE, "gcn_row_for_name(%.*s) found %u", (int)n,
              other, gcn_row_for_name(other, n));
    }
    char text[48];
    memset(text, 'x', sizeof text);
    for (size_t n = 0; n <= sizeof text; n++)
        CHECK(gcn_row_for_name(text, n) == GCN_ROW_NONE, "gcn_row_for_name(x * %zu)", n);

    /* gcn_parse reads the mnemonic eight bytes at a time: each row's name
     * at the end of the text, before a space, a tab or NUL bytes, in upper
     * case, is that row (or an error past the name); one more letter is
     * unknown. Exact-size copies, so that a read past the end shows. */
    gcn_parse_options options = {.arch = GCN_ARCH_GCN14, .dialect = GCN_DIALECT_CLRX};
    for (unsigned row = 0; row < GCN_ROW_COUNT; row++) {
        const char *name = gcn_rows[row].name;
        size_t n = strlen(name);
        static const char *const afters[] = {"", " ", "\t", " s0", "\0 s0", "\0\0\0\0\0\0\0\0\0 s0",
                                             " s0, s1, s2"};
        static const size_t after_lengths[] = {0, 1, 1, 3, 4, 12, 11};
        for (size_t a = 0; a < sizeof afters / sizeof afters[0]; a++) {
            for (int upper = 0; upper < 2; upper++) {
                size_t length = n + after_lengths[a];
                char *copy = malloc(length);
                for (size_t i = 0; i < n; i++)
                    copy[i] = (char)(upper && name[i] >= 'a' && name[i] <= 'z' ? name[i] - 'a' + 'A' : name[i]);
                memcpy(copy + n, afters[a], after_lengths[a]);
                gcn_instruction instruction;
                gcn_parse_error error;
                gcn_status status = gcn_parse(&options, copy, length, &instruction, &error);
                CHECK(status == GCN_OK ? instruction.row == row
                                       : strncmp(error.message, "unknown instruction", 19) != 0 &&
                                             (error.column > n || strstr(error.message, name)),
                      "gcn_parse('%s' + after %zu, upper %d): %d, row %u, %u: %s", name, a, upper,
                      (int)status, instruction.row, error.column, error.message);
                free(copy);
            }
        }
        /* every text length up to 40 (the lookup reads texts of 8 to 31
         * bytes in 8-byte loads that end at the text's end) */
        for (size_t length = n; length <= 40; length++) {
            char *copy = malloc(length);
            memcpy(copy, name, n);
            memset(copy + n, 'x', length - n);
            if (length > n)
                copy[n] = ' ';
            gcn_instruction instruction;
            gcn_parse_error error;
            gcn_status status = gcn_parse(&options, copy, length, &instruction, &error);
            CHECK(status == GCN_OK ? instruction.row == row
                                   : strncmp(error.message, "unknown instruction", 19) != 0,
                  "gcn_parse('%s' in %zu bytes): %d, %s", name, length, (int)status, error.message);
            copy[n - 1] = copy[n - 1] == 'q' ? 'j' : 'q';
            status = gcn_parse(&options, copy, length, &instruction, &error);
            CHECK(status != GCN_OK, "gcn_parse('%.*s' in %zu bytes) took it", (int)n, copy, length);
            free(copy);
        }
        char longer[64];
        memcpy(longer, name, n);
        memcpy(longer + n, "q s0", 4);
        gcn_instruction instruction;
        gcn_parse_error error;
        CHECK(gcn_parse(&options, longer, n + 4, &instruction, &error) != GCN_OK &&
                  strncmp(error.message, "unknown instruction", 19) == 0,
              "gcn_parse('%.*s'): %s", (int)n + 4, longer, error.message);
    }
}

/* Parses text: success with exactly this warning (column 0: none). */
static void expect_parse_warning(gcn_arch arch, gcn_dialect dialect, const char *text,
                                 unsigned column, const char *warning)
{
    gcn_instruction instruction;
    gcn_parse_error error;
    gcn_status status = parse(arch, dialect, 0, text, &instruction, &error);
    CHECK(status == GCN_OK && error.warning_column == column &&
              strcmp(error.warning, column ? warning : "") == 0,
          "parse %s %s '%s': status %d (%s) warning %u '%s', want %u '%s'", gcn_arch_name(arch),
          dialect_name(dialect), text, status, error.message, error.warning_column, error.warning,
          column, warning);
}

/* MUBUF's and FLAT's one-pass statements and the register readers give the
 * full path's words for the same statement spelled so that it goes the full
 * way (capitals, spaces, other numbers), and where they give up the full
 * path's messages, columns and warnings. */
static void test_family_fast_paths(void)
{
    const gcn_arch G = GCN_ARCH_GCN14, T = GCN_ARCH_GCN12, S = GCN_ARCH_GCN10;
    const gcn_dialect C = GCN_DIALECT_CLRX, L = GCN_DIALECT_LLVM;
    enum { CLRX = 1, LLVM = 2, BOTH = 3 };
    static const struct {
        gcn_arch arch;
        int dialects;
        const char *fast, *slow;
    } same[] = {
        {G, LLVM, "buffer_load_ubyte v4, v197, s[64:67], s0 idxen offset:16 glc tfe",
         "buffer_load_ubyte V4 , v197 ,s[64:67],  s0 IDXEN offset : 16 glc tfe"},
        {G, CLRX, "buffer_load_ubyte v[4:5], v197, s[64:67], s0 idxen offset:16 glc tfe",
         "buffer_load_ubyte v[4:5] , v197, s[64:67], s0 idxen offset:0x10 GLC tfe"},
        {G, BOTH, "buffer_store_dword v1, off, s[8:11], 64 offset:4095 slc",
         "buffer_store_dword v1, off, s[8:11], 0x40 offset:4095 SLC"},
        {G, BOTH, "buffer_atomic_add v1, v[2:3], ttmp[4:7], -16 idxen offen",
         "buffer_atomic_add v1, v[2:3], ttmp[4:7], -0x10 OFFEN idxen"},
        {G, BOTH, "buffer_load_dword v255, v[254:255], s[96:99], ttmp15 offen idxen offset:0",
         "buffer_load_dword v255, v[254:255], s[96:99], ttmp15 offen idxen offset:0x0"},
        {G, BOTH, "buffer_load_dword v1, off, s[4:7], 0", "buffer_load_dword v1, off, s[4:7], 0x0"},
        {G, CLRX, "buffer_load_dword v1, v2, s[4:7], s0", "buffer_load_dword v1, v2, s[4:7], s0 GLC:0"},
        {G, BOTH, "buffer_wbinvl1", "buffer_wbinvl1 "},
        {S, BOTH, "buffer_load_dword v1, v[2:3], s[4:7], s103 addr64 offset:1",
         "buffer_load_dword v1, v[2:3], s[4:7], s103 ADDR64 offset:1"},
        {G, BOTH, "global_load_dword v1, v2, s[0:1] offset:-4",
         "global_load_dword v1, v2, s[0:1] offset:-0x4"},
        {G, BOTH, "global_store_dwordx2 v[2:3], v[4:5], off offset:4095 glc slc",
         "global_store_dwordx2 v[2:3], v[4:5], off offset:4095 GLC slc"},
        {G, BOTH, "scratch_store_dword off, v1, s5 offset:-4096",
         "scratch_store_dword OFF, v1, s5 offset:-4096"},
        {G, BOTH, "scratch_load_dword v1, v2, off", "scratch_load_dword v1, v2, OFF"},
        {G, LLVM, "flat_atomic_add v0, v[0:1], v0 glc", "flat_atomic_add v0, v[0:1], v0 GLC"},
        {G, LLVM, "flat_atomic_add v[0:1], v0 offset:8 slc", "flat_atomic_add v[0:1], v0, offset:8 slc"},
        {G, CLRX, "flat_atomic_add v0, v[0:1], v0 inst_offset:4095",
         "flat_atomic_add v0, v[0:1], v0 inst_offset : 4095"},
        {G, CLRX, "flat_load_dword v1, v[2:3] inst_offset:4095 nv",
         "flat_load_dword v1, v[2:3] inst_offset:4095 NV"},
        {G, CLRX, "global_load_dword v1, v2, s[0:1] offset:-4096 lds",
         "global_load_dword v1, v2, s[0:1] offset:-4096 LDS"},
        {T, CLRX, "flat_load_dword v[1:2], v[2:3] tfe glc", "flat_load_dword v[1:2], v[2:3] TFE glc"},
        {T, LLVM, "flat_load_dword v1, v[2:3] offset:0", "flat_load_dword v1, v[2:3] offset:0x0"},
        {G, LLVM, "buffer_store_lds_dword s[4:7], s0 offset:8",
         "buffer_store_lds_dword s[4:7], s0 offset:8 LDS"},
        {G, LLVM, "buffer_store_lds_dword s[4:7], -1 offset:8 lds glc",
         "buffer_store_lds_dword s[4:7], -1 offset:8 lds GLC"},
        {G, CLRX, "buffer_store_lds_dword s[4:7], 5 glc lds",
         "buffer_store_lds_dword s[4:7], 5 GLC lds"},
        {G, BOTH, "flat_load_dword   v1, v[2:3]", "flat_load_dword\tv1, v[2:3]"},
        /* FLAT on the generic one-pass path: an atomic's result only with
         * glc (CLRX may name it without), saddr beside one VGPR, off */
        {G, LLVM, "global_atomic_add v2, v3, s[0:1] offset:-8", "global_atomic_add v2, v3, S[0:1] offset:-8"},
        {G, BOTH, "global_atomic_cmpswap_x2 v[0:1], v1, v[2:5], s[0:1] offset:-8 glc",
         "global_atomic_cmpswap_x2 v[0:1], v1, v[2:5], s[0:1] offset:-8 GLC"},
        {G, CLRX, "global_atomic_add v0, v[2:3], v3, off", "global_atomic_add v0, v[2:3], v3, OFF"},
        {G, BOTH, "global_atomic_smax_x2 v[2:3], v[4:5], off slc",
         "global_atomic_smax_x2 v[2:3], v[4:5], off SLC"},
        {T, CLRX, "flat_atomic_add v[0:1], v[2:3], v4 tfe glc", "flat_atomic_add v[0:1], v[2:3], v4 TFE glc"},
        {T, BOTH, "flat_atomic_cmpswap v1, v[2:3], v[4:5] glc", "flat_atomic_cmpswap v1, v[2:3], v[4:5] GLC"},
        {G, BOTH, "scratch_load_dwordx2 v[1:2], off, s3 offset:4095",
         "scratch_load_dwordx2 v[1:2], OFF, s3 offset:4095"},
        {G, BOTH, "scratch_store_dword v1, v2, off offset:-1", "scratch_store_dword v1, v2, off offset:-0x1"},
        {G, BOTH, "flat_store_dwordx4 v[2:3], v[4:7] offset:12", "flat_store_dwordx4 v[2:3], v[4:7] offset:0xc"},
        {GCN_ARCH_GCN11, BOTH, "flat_load_dwordx3 v[1:3], v[2:3] glc",
         "flat_load_dwordx3 v[1:3], v[2:3] GLC"},
        {G, BOTH, "buffer_load_dword  v1, off, s[4:7], s0",
         "buffer_load_dword\tv1, off, s[4:7], s0"},
        /* SMEM on the generic one-pass path (its operands by its hook),
         * against its full path, SMRD's (GCN 1.0/1.1) too */
        {G, BOTH, "s_load_dwordx2 s[2:3], s[4:5], 0x10 glc", "s_load_dwordx2 s[2:3] , s[4:5] , 16 glc"},
        {T, BOTH, "s_buffer_store_dword s5, s[8:11], m0 glc", "s_buffer_store_dword s5,s[8:11],m0 glc"},
        {G, BOTH, "s_atc_probe 7, s[2:3], 0x10", "s_atc_probe 7,s[2:3],0x10"},
        {G, BOTH, "s_memtime s[4:5]", "s_memtime\ts[4:5]"},
        {G, BOTH, "s_dcache_discard s[2:3], s4", "s_dcache_discard s[2:3],s4"},
        {G, CLRX, "s_load_dword    s5, s[2:3], 0x1fffff", "s_load_dword s5 , s[2:3], 0x1fffff"},
        {G, LLVM, "s_load_dword s5, s[2:3], -0x10", "s_load_dword s5, s[2:3], -(0x10)"},
        {G, BOTH, "s_load_dword ttmp4, ttmp[2:3], ttmp5", "s_load_dword ttmp4,ttmp[2:3],ttmp5"},
        {G, BOTH, "s_buffer_load_dwordx16 s[16:31], s[8:11], 0xfffff",
         "s_buffer_load_dwordx16 s[16:31], s[8:11],0xfffff"},
        {S, BOTH, "s_load_dword s5, s[2:3], 0x10", "s_load_dword s5,s[2:3],0x10"},
        {GCN_ARCH_GCN11, CLRX, "s_load_dword s5, s[2:3], 0x12345", "s_load_dword s5,s[2:3],0x12345"},
        /* the scalar ALU's one-pass reader (SGPRs, inline integers) */
        {G, BOTH, "s_add_u32 s0, s1, 4", "s_add_u32 s0 ,s1 , 0x4"},
        {G, BOTH, "s_and_b64 s[4:5], s[100:101], -16", "s_and_b64 s[4:5], s[100:101], -0x10"},
        {G, BOTH, "s_mov_b32 s101, 64", "s_mov_b32 s101, 0x40"},
        {S, BOTH, "s_lshl_b64 s[2:3], s[4:5], s6", "s_lshl_b64 s[2:3], S[4:5], s6"},
        {G, BOTH, "s_cmp_eq_u32 s0, 0", "s_cmp_eq_u32 s0, -0"},
        {G, CLRX, "s_not_b32           s7, s8", "s_not_b32 s7,s8"},
        {G, BOTH, "s_setpc_b64 s[8:9]", "s_setpc_b64 s[8:9] "},
        {S, BOTH, "s_mov_b32 s0, s103", "s_mov_b32 s0,s103"}, /* past s101: the full path */
    };
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        for (int d = 0; d < 2; d++) {
            if (!(same[i].dialects & (1 << d)))
                continue;
            gcn_dialect dialect = d ? L : C;
            expect_same_words(same[i].arch, dialect, same[i].fast, same[i].slow);
            expect_parse_warning(same[i].arch, dialect, same[i].fast, 0, "");
        }
    }
    /* where the scalar one-pass reader gives up, the full path's answer */
    expect_parse_error(G, L, "s_mov_b64 s[1:2], s[4:5]", 11,
                       "misaligned register tuple 's[1:2]': it must start at a multiple of 2");
    expect_parse_error(G, L, "s_mov_b64 s[4:5], s4", 19, "expected 2 scalar registers, found 1");
    expect_parse_error(G, L, "s_setpc_b64 4", 13, "llvm-mc takes only a 64-bit scalar register here");
    /* where the one-pass reader gives up */
    expect_parse_error(S, L, "s_load_dwordx4 tba, s[0:1], 0xca", 16, "sdata needs 4 scalar registers, found 2");
    expect_parse_error(S, L, "s_buffer_load_dword m0, s[12:15], ttmp3", 21,
                       "llvm-mc takes neither m0 nor exec as sdata");
    /* a misaligned SGPR tuple: an error in CLRX too, as clrxasm's scalar
     * register rule; a ttmp tuple it takes as written */
    expect_parse_error(S, C, "s_load_dwordx2 s[3:4], s[2:3], 0x10", 16,
                       "misaligned register tuple 's[3:4]': it must start at a multiple of 2");
    expect_parse_error(S, C, "s_buffer_load_dword s1, s[2:5], 0x10", 25,
                       "misaligned register tuple 's[2:5]': it must start at a multiple of 4");
    expect_parse_warning(S, C, "s_load_dwordx2 ttmp[3:4], s[2:3], 0x10", 0, "");
    expect_parse_error(S, L, "s_load_dwordx2 ttmp[3:4], s[2:3], 0x10", 16,
                       "misaligned register tuple 'ttmp[3:4]': it must start at a multiple of 2");
    expect_parse_error(GCN_ARCH_GCN14, C, "global_load_dword v1, v2, s[3:4]", 27,
                       "misaligned register tuple 's[3:4]': it must start at a multiple of 2");
    expect_parse_warning(GCN_ARCH_GCN14, C, "global_load_dword v1, v2, ttmp[3:4]", 0, "");
    expect_parse_error(G, L, "buffer_load_dword v[1:2], off, s[4:7], s0", 19,
                       "buffer_load_dword takes 1 vector register as data, found 2");
    expect_parse_error(G, L, "buffer_load_dword v1, v2, s[4:7], s0", 23,
                       "the address must be 'off' without offen, idxen or addr64");
    expect_parse_error(G, L, "buffer_load_dword v1, v[2:3], s[4:7], s0 idxen", 23,
                       "expected 1 vector register as address, found 2");
    expect_parse_warning(G, L, "buffer_load_dword v1, off, s[4:7], s0 offset:4096", 46,
                         "offset 4096 out of range, truncated to 12 bits: the hardware reads 0");
    expect_parse_error(G, L, "buffer_load_dword v1, off, s[4:7], s0 offset:-1", 46,
                       "offset -1 out of range [0, 4095]");
    expect_parse_error(G, L, "buffer_load_dword v1, off, s[5:8], s0", 28,
                       "misaligned register tuple 's[5:8]': it must start at a multiple of 4");
    expect_parse_error(G, L, "buffer_load_dword v1, off, s[4:7], s0 lds tfe", 43,
                       "lds and tfe cannot be used together");
    expect_parse_error(G, L, "buffer_load_dword v1, off, s[4:7], 65", 36,
                       "constant 65 is not an inline constant (-16..64)");
    expect_parse_error(G, L, "buffer_load_dword v1, off, s[4:7], -17", 36,
                       "constant -17 is not an inline constant (-16..64)");
    expect_parse_error(G, L, "buffer_load_dword v1, off, s[4:7], s[0:1]", 36,
                       "SOFFSET takes one scalar register or an inline constant, found 2 registers");
    expect_parse_error(G, L, "buffer_load_dword v1, off, s[4:7], s0 glc glc", 43,
                       "modifier 'glc' given twice");
    expect_parse_error(G, L, "global_atomic_add v[2:3], v4, off glc", 19,
                       "glc returns the old value: name vdst first (vdst, vaddr, vdata)");
    expect_parse_error(G, C, "global_atomic_add v2, v[2:3], v4, s[0:1]", 23,
                       "expected 1 vector register as address, found 2");
    expect_parse_error(G, L, "global_load_dword v1, off, s[0:1]", 23,
                       "expected a vector register, found 'off'");
    expect_parse_error(G, L, "global_load_dword v1, v2, s[1:2]", 27,
                       "misaligned register tuple 's[1:2]': it must start at a multiple of 2");
    expect_parse_error(G, L, "global_load_dword v1, v[2:3], s[0:1]", 23,
                       "expected 1 vector register as address, found 2");
    expect_parse_error(G, L, "scratch_load_dword v1, v2, s0", 24,
                       "SCRATCH takes vaddr or saddr, not both: one must be off");
    expect_parse_error(G, L, "scratch_load_dword v1, off, off", 24, "vaddr and saddr are both off");
    expect_parse_error(G, L, "flat_atomic_add v0, v[0:1], v0", 17,
                       "an atomic without glc returns nothing: drop vdst or add glc");
    expect_parse_error(G, L, "flat_atomic_add v[0:1], v0 glc", 17,
                       "glc returns the old value: name vdst first (vdst, vaddr, vdata)");
    expect_parse_error(G, L, "global_load_dword v1, v[2:3], off offset:4096", 42,
                       "offset 4096 out of range [-4096, 4095]");
    expect_parse_error(G, L, "flat_load_dword v1, v[2:3] glc offset:8", 32,
                       "offset:N must come before glc and slc in LLVM syntax");
    expect_parse_error(G, L, "flat_load_dword v[1:2], v[2:3] glc slc", 17,
                       "flat_load_dword takes 1 vector register as data, found 2");
    expect_parse_error(G, C, "flat_load_dword v1, v[2:3] tfe", 28,
                       "modifier 'tfe' is not valid for this instruction on gcn1.4");
    expect_parse_error(T, C, "flat_load_dword v1, v[2:3] tfe", 17,
                       "flat_load_dword takes 2 vector registers as data, found 1");
    expect_parse_warning(G, L, "flat_load_dword v1, v[2:3] offset:4096", 28,
                         "llvm-mc prints this offset but does not assemble it (FLAT takes 12 bits; "
                         "the hardware ignores bit 12)");
    expect_parse_warning(T, L, "flat_load_dword v1, v[2:3] offset:8", 28,
                         "llvm-mc prints this offset but does not assemble it (no FLAT offset "
                         "before gcn1.4: reserved bits)");
    expect_parse_warning(T, C, "flat_load_dword v1, v[2:3] inst_offset:8", 28,
                         "gcn1.2 has no FLAT offset, lds, segment or saddr: these set reserved bits");
    expect_parse_warning(G, C, "flat_load_dword v1, v[2:3] lds", 28,
                         "lds on FLAT: CLRX takes it on GLOBAL and SCRATCH only");
    /* FLAT's full path is the generic one (generic_modifiers.c): CLRX's
     * fields between the modifiers, GCN 1.1/1.2's seg= and saddr= as the
     * reserved bits GCN 1.4 has the fields in, the FLAT segment's saddr= */
    expect_same_words(G, C, "flat_load_dword v1, v[2:3] glc vdata=5", "flat_load_dword v1, v[2:3] vdata = 5 glc");
    expect_same_words(G, C, "scratch_load_dword v1, v0, off", "scratch_load_dword v1, off, off");
    expect_same_words(GCN_ARCH_GCN11, C, "FLAT_ill_5 v0, v[2:3], v4", "FLAT_ill_5 v[2:3], v4");
    expect_parse_warning(T, C, "flat_load_dword v1, v[2:3] seg=1 saddr=3", 28,
                         "gcn1.2 has no FLAT offset, lds, segment or saddr: these set reserved bits");
    expect_parse_warning(G, C, "flat_load_dword v1, v[2:3] glc saddr=3", 32,
                         "FLAT takes no saddr: saddr= sets bits llvm-mc calls an invalid encoding");
    expect_parse_error(GCN_ARCH_GCN11, L, "flat_load_dword v1, v[2:3] offset:8", 28,
                       "FLAT offsets exist from gcn1.4 on; gcn1.1 has none");
    /* FLAT's faults in the generic path's words (the column as before) */
    expect_parse_error(G, C, "flat_load_dword v1, v2", 21, "expected 2 vector registers as address, found 1");
    expect_parse_error(G, C, "flat_atomic_cmpswap v[1:2], v[2:3], v[4:5] glc", 21,
                       "flat_atomic_cmpswap takes 1 vector register as result, found 2");
    expect_parse_error(G, C, "flat_load_dword v1, v[2:3] vdst=3", 28, "expected a modifier or a field (vdata=...)");
    expect_parse_error(G, C, "global_load_dword v1, v2, s[4:5] seg=2", 34, "expected a modifier or a field (vdata=...)");
    expect_parse_error(G, C, "global_atomic_add v1, v2, v3, s[4:5] glc saddr=1", 42, "expected a modifier");
    expect_parse_error(G, C, "flat_load_dword v1, v[2:3] vdata=256", 34, "vdata 256 out of range [0, 255]");
    expect_parse_error(G, C, "flat_load_dword v1, v[2:3] vdata=1 glc vdata=2", 40, "vdata given twice");
    expect_parse_error(G, C, "flat_load_dword v1", 19, "expected ','");
    {
        /* no length limit (flat.c copied the statement into 4096 bytes) */
        static char longer[5100];
        snprintf(longer, sizeof longer, "flat_load_dword v1, v[2:3] glc%5000s", "");
        expect_same_words(G, C, "flat_load_dword v1, v[2:3] glc", longer);
    }
    /* the register readers' bounds */
    expect_parse_error(G, L, "buffer_load_dword v1, v256, s[4:7], s0 offen", 23,
                       "VGPR out of range: v0..v255");
    expect_parse_error(G, L, "buffer_load_dword v1, off, s[4:7], s102", 36,
                       "SGPR out of range: gcn1.4 has s0..s101");
    expect_parse_error(G, L, "buffer_load_dword v1, off, s[4:7], ttmp16", 36,
                       "TTMP register out of range: gcn1.4 has ttmp0..ttmp15");
    expect_parse_error(T, L, "buffer_load_dword v1, off, s[4:7], ttmp12", 36,
                       "TTMP register out of range: gcn1.2 has ttmp0..ttmp11");
    expect_same_words(G, L, "buffer_load_dword v1, off, s[4:7], s101",
                      "buffer_load_dword v01, off, s[4:7], S101");
    expect_same_words(T, C, "buffer_load_dword v1, v0, s[4:7], ttmp11",
                      "buffer_load_dword v1, v0, s[4:7], TTMP11");
    /* named SOFFSETs, read by gcn_read_named_scalar */
    expect_same_words(G, L, "buffer_load_dword v1, off, s[4:7], vcc_hi offset:4",
                      "buffer_load_dword v1, off, s[4:7], VCC_HI offset:4");
    expect_same_words(G, C, "buffer_load_dword v1, v0, s[4:7], xnack_mask_lo glc",
                      "buffer_load_dword v1, v0, s[4:7], XNACK_MASK_LO glc");
    expect_same_words(S, C, "buffer_load_dword v1, v0, s[4:7], m0",
                      "buffer_load_dword v1, v0, s[4:7], M0");
    expect_same_words(G, L, "buffer_load_dword v1, off, s[4:7], src_shared_base",
                      "buffer_load_dword v1, off, s[4:7], SRC_SHARED_BASE");
    expect_parse_error(G, L, "buffer_load_dword v1, off, s[4:7], vcc", 36,
                       "SOFFSET takes one scalar register or an inline constant, found 2 registers");
}

/* ---- the assembler's symbol table ---- */

/* A symbol's slot entry (hash << 32 | index + 1), in the slots or among
 * the names not yet put there; 0 if neither has it. */
static uint64_t symbol_entry(const asm_state *state, size_t index)
{
    for (unsigned k = 0; k < ASM_DEFERRED_SLOTS; k++)
        if (state->deferred[k] != 0 && (uint32_t)state->deferred[k] == index + 1)
            return state->deferred[k];
    for (size_t s = 0; s < state->slot_capacity; s++)
        if (state->symbol_slots[s] != 0 && (uint32_t)state->symbol_slots[s] == index + 1)
            return state->symbol_slots[s];
    return 0;
}

static int symbol_text(char *out, size_t size, const char *form, unsigned number)
{
    return snprintf(out, size, form, number);
}

/* Every name of a list found at its index; names[i] was created i-th. */
static bool symbols_found(asm_state *state, const char *const *names, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        asm_symbol *symbol = asm_symbol_find(state, names[i], strlen(names[i]));
        if (!symbol || (size_t)(symbol - state->symbols) != i ||
            strcmp(asm_symbol_name(state, symbol), names[i]) != 0)
            return false;
    }
    return true;
}

/* Creation and lookup through the filter, the names not yet in the slots
 * and the slots, as the table grows: each name found at once, all of
 * them after each growth, names never made not found, and a name made
 * again the same symbol. */
static void test_symbol_growth(void)
{
    enum { COUNT = 6000 };
    static char storage[COUNT][40];
    static const char *names[COUNT];
    asm_state *state = calloc(1, sizeof *state);
    static const char *const forms[] = {"n%u", ".L%u_0", "a_label_name_longer_than_inline_%u", "x%uy"};
    size_t capacity = 0, growths = 0;
    bool ok = true;
    unsigned made = 0;
    for (unsigned i = 0; i < COUNT && ok; i++, made++) {
        symbol_text(storage[i], sizeof storage[i], forms[i % 4], i);
        names[i] = storage[i];
        asm_symbol *symbol = asm_symbol_get(state, names[i], strlen(names[i]));
        ok = symbol && (size_t)(symbol - state->symbols) == i && state->symbol_count == i + 1;
        CHECK(ok, "symbol %u '%s' made at %zd", i, names[i], symbol ? symbol - state->symbols : -1);
        /* the newest ones (not yet in the slots) and one long before */
        for (unsigned back = 0; back < 12 && back <= i && ok; back++)
            ok = asm_symbol_find(state, names[i - back], strlen(names[i - back])) == &state->symbols[i - back];
        ok = ok && asm_symbol_find(state, names[i / 2], strlen(names[i / 2])) == &state->symbols[i / 2];
        CHECK(ok, "symbols before %u '%s' found", i, names[i]);
        if (state->slot_capacity != capacity) {
            capacity = state->slot_capacity;
            growths++;
            CHECK(symbols_found(state, names, i + 1), "all %u symbols after the slots grew to %zu", i + 1,
                  capacity);
        }
    }
    CHECK(growths >= 4, "the slots grew %zu times", growths);
    CHECK(made == COUNT && symbols_found(state, names, made), "all %u symbols", made);
    char other[48];
    unsigned missing = 0;
    for (unsigned i = 0; i < 20000; i++) {
        symbol_text(other, sizeof other, i % 2 ? "n%u_" : "m%u", i);
        missing += asm_symbol_find(state, other, strlen(other)) != NULL;
    }
    CHECK(missing == 0, "%u names never made were found", missing);
    for (unsigned i = 0; i < made; i += 97) {
        asm_symbol *again = asm_symbol_get(state, names[i], strlen(names[i]));
        CHECK(again == &state->symbols[i] && state->symbol_count == made, "'%s' made again: %zd, %zu symbols",
              names[i], again ? again - state->symbols : -1, state->symbol_count);
    }
    /* a new pass keeps them all findable */
    asm_symbols_start_pass(state);
    CHECK(symbols_found(state, names, made), "all %u symbols in a second pass", made);
    asm_symbols_free(state);
    free(state);
}

/* Names whose hashes start their probes at the same slot, and names with
 * the same bits in the filter, made between others: long probe runs past
 * each other, across the names not yet in the slots and a growth. */
static void test_symbol_collisions(void)
{
    enum { POOL = 40000, CHOSEN = 48 };
    asm_state *probe = calloc(1, sizeof *probe);
    asm_symbols_reserve(probe, POOL);
    static char pool[POOL][16];
    static const char *same_slot[CHOSEN], *same_filter[CHOSEN];
    size_t slot_count = 0, filter_count = 0;
    uint32_t first_hash = 0;
    for (unsigned i = 0; i < POOL; i++) {
        symbol_text(pool[i], sizeof pool[i], "c%u", i);
        asm_symbol_get(probe, pool[i], strlen(pool[i]));
        uint32_t hash = (uint32_t)(symbol_entry(probe, i) >> 32);
        if (i == 0)
            first_hash = hash;
        if ((hash & 1023) == (first_hash & 1023) && slot_count < CHOSEN)
            same_slot[slot_count++] = pool[i];
        else if ((hash >> 20) == (first_hash >> 20) && filter_count < CHOSEN)
            same_filter[filter_count++] = pool[i];
    }
    CHECK(slot_count >= 20 && filter_count >= 5, "%zu names at one slot, %zu with the same filter bits",
          slot_count, filter_count);
    asm_symbols_free(probe);
    free(probe);

    asm_state *state = calloc(1, sizeof *state);
    static const char *names[3 * CHOSEN + 2000];
    static char others[2000][16];
    size_t count = 0;
    for (size_t i = 0; i < CHOSEN; i++) {
        if (i < slot_count)
            names[count++] = same_slot[i];
        if (i < filter_count)
            names[count++] = same_filter[i];
        for (unsigned k = 0; k < 30; k++) { /* past 1024 slots' three quarters: a growth */
            size_t o = i * 30 + k;
            if (o >= 2000)
                break;
            symbol_text(others[o], sizeof others[o], "other%u", (unsigned)o);
            names[count++] = others[o];
        }
    }
    bool ok = true;
    for (size_t i = 0; i < count && ok; i++) {
        asm_symbol *symbol = asm_symbol_get(state, names[i], strlen(names[i]));
        ok = symbol == &state->symbols[i] && symbols_found(state, names, i + 1);
        CHECK(ok, "colliding symbol %zu '%s'", i, names[i]);
    }
    CHECK(state->slot_capacity > 1024, "the slots grew: %zu", state->slot_capacity);
    unsigned found = 0;
    for (unsigned i = 0; i < POOL; i += 7) {
        bool made = false;
        for (size_t k = 0; k < count; k++)
            made |= strcmp(names[k], pool[i]) == 0;
        found += !made && asm_symbol_find(state, pool[i], strlen(pool[i])) != NULL;
    }
    CHECK(found == 0, "%u names of the pool not made were found", found);
    asm_symbols_free(state);
    free(state);
}

/* Assembles source: whether it succeeded, its bytes and its diagnostics
 * (malloc'ed, in *diagnostics). */
static bool assemble_text(gcn_arch arch, gcn_dialect dialect, const char *source, size_t length,
                          gcn_output *output, char **diagnostics)
{
    size_t diagnostics_length = 0;
    *diagnostics = NULL;
    FILE *sink = open_memstream(diagnostics, &diagnostics_length);
    gcn_assembly assembly = {arch, dialect, "unit.s", sink, 0, 0, 0};
    memset(output, 0, sizeof *output);
    bool ok = gcn_assemble(&assembly, source, length, output);
    fclose(sink);
    return ok;
}

static uint32_t output_word(const gcn_output *output, size_t i)
{
    const uint8_t *b = output->bytes + 4 * i;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* Thousands of labels, each branched to from near it, backward and
 * forward, short names and long: every branch's word, in both dialects;
 * a small source (its tables grown as it goes) and a large one (reserved
 * from its size). */
static void test_assembled_labels(void)
{
    static const unsigned counts[] = {1500, 4000};
    for (size_t c = 0; c < 2; c++)
        for (int dialect = 0; dialect < 2; dialect++) {
            unsigned count = counts[c];
            size_t size = (size_t)count * 120, used = 0;
            char *source = malloc(size);
            for (unsigned i = 0; i < count; i++) {
                unsigned target = i % 3 == 0 && i >= 40 ? i - 37 : i % 3 == 1 ? (i + 5) % count : i / 2;
                const char *form = i % 5 == 4 ? "label_with_a_long_name_%u" : ".L%u_0";
                used += (size_t)snprintf(source + used, size - used, form, i);
                used += (size_t)snprintf(source + used, size - used, ":\ns_branch ");
                form = target % 5 == 4 ? "label_with_a_long_name_%u" : ".L%u_0";
                used += (size_t)snprintf(source + used, size - used, form, target);
                used += (size_t)snprintf(source + used, size - used, c ? "\n%*s\n" : "\n", 60, "");
            }
            gcn_output output;
            char *messages = NULL;
            bool ok = assemble_text(GCN_ARCH_GCN14, (gcn_dialect)dialect, source, strlen(source), &output, &messages);
            CHECK(ok && output.length == 4u * count && messages && messages[0] == '\0',
                  "%u labels (dialect %d): %d, %zu bytes, '%s'", count, dialect, ok, output.length,
                  messages ? messages : "");
            unsigned wrong = 0;
            for (unsigned i = 0; ok && i < count; i++) {
                unsigned target = i % 3 == 0 && i >= 40 ? i - 37 : i % 3 == 1 ? (i + 5) % count : i / 2;
                wrong += output_word(&output, i) != (0xbf820000u | (uint16_t)(target - i - 1));
            }
            CHECK(wrong == 0, "%u labels (dialect %d): %u branches wrong", count, dialect, wrong);
            free(messages);
            gcn_output_free(&output);
            free(source);
        }
}

static void expect_assembled(gcn_dialect dialect, const char *source, const uint32_t *words, size_t count,
                             const char *want_messages)
{
    gcn_output output;
    char *messages = NULL;
    bool ok = assemble_text(GCN_ARCH_GCN14, dialect, source, strlen(source), &output, &messages);
    bool same = output.length == 4 * count || want_messages[0] != '\0';
    for (size_t i = 0; same && want_messages[0] == '\0' && i < count; i++)
        same = output_word(&output, i) == words[i];
    CHECK(ok == (want_messages[0] == '\0') && same && messages && strcmp(messages, want_messages) == 0,
          "'%s' (dialect %d): %d, %zu bytes, messages '%s', want '%s'", source, (int)dialect, ok,
          output.length, messages ? messages : "", want_messages);
    free(messages);
    gcn_output_free(&output);
}

/* Local labels (their counters and instances are symbols), a second pass
 * (.skip of a later difference) and the redefinition errors. */
static void test_assembled_symbols(void)
{
    static const uint32_t locals[] = {0xbf82ffff, 0xbf820000, 0xbf82ffff, 0, 0xbf800000, 0xbf82fffe};
    for (int dialect = 0; dialect < 2; dialect++) {
        expect_assembled((gcn_dialect)dialect,
                         "1:\ns_branch 1b\ns_branch 1f\n1:\ns_branch 1b\n.skip end - start\nstart:\n"
                         "s_nop 0\nend:\ns_branch start\n",
                         locals, 6, "");
        expect_assembled((gcn_dialect)dialect, "x:\ns_nop 0\nx:\n", NULL, 0,
                         "unit.s:3:1: error: symbol 'x' is already defined (at unit.s:1)\nx:\n^\n");
        expect_assembled((gcn_dialect)dialect, "y = 1\ny = 2\n.equiv w, 1\n.equiv w, 2\n", NULL, 0,
                         "unit.s:4:8: error: symbol 'w' is already defined (at unit.s:3)\n.equiv w, 2\n       ^\n");
        expect_assembled((gcn_dialect)dialect, "a_long_label_name:\ns_nop 0\na_long_label_name = 5\n", NULL, 0,
                         "unit.s:3:1: error: label 'a_long_label_name' is already defined (at unit.s:1)\n"
                         "a_long_label_name = 5\n^\n");
        expect_assembled((gcn_dialect)dialect, "2:\n2:\ns_branch 2b\n3:\n", (const uint32_t[]){0xbf82ffff}, 1,
                         "");
    }
}

/* Names about ASM_SYMBOL_INLINE characters long (kept in the record below
 * it, in state->names from it), alike up to and past it: each found as
 * itself, with its name and length; redefinitions and suggestions name
 * them whole. Variables, whose definitions are kept beside the records
 * (asm_symbol_history): one redefined around a fixup that uses it takes
 * a second pass with the value it had there; one redefined before it
 * does not; labels guessed from the previous pass. */
static void test_symbol_names_and_history(void)
{
    static const char *const names[] = {"abcdefghij", "abcdefghijk", "abcdefghijkl", "abcdefghijklm",
                                        "abcdefghijkm", "abcdefghijkmx", "abcdefghijklmnopqrstuvw1",
                                        "abcdefghijklmnopqrstuvw2", "abcdefghijl", "b", ""};
    size_t count = sizeof names / sizeof names[0];
    asm_state *state = calloc(1, sizeof *state);
    for (size_t i = 0; i < count; i++) {
        asm_symbol *symbol = asm_symbol_get(state, names[i], strlen(names[i]));
        CHECK(symbol == &state->symbols[i], "'%s' made at %zd", names[i], symbol ? symbol - state->symbols : -1);
    }
    for (size_t i = 0; i < count; i++) {
        asm_symbol *symbol = asm_symbol_find(state, names[i], strlen(names[i]));
        CHECK(symbol == &state->symbols[i] && asm_symbol_length(symbol) == strlen(names[i]) &&
                  strcmp(asm_symbol_name(state, symbol), names[i]) == 0,
              "'%s' found at %zd as '%s'", names[i], symbol ? symbol - state->symbols : -1,
              symbol ? asm_symbol_name(state, symbol) : "");
    }
    CHECK(asm_symbol_find(state, "abcdefghijklmn", 14) == NULL && asm_symbol_find(state, "abcdefghijk", 10) ==
              &state->symbols[0] && asm_symbol_find(state, "abcdefghijklmnopqrstuvw3", 24) == NULL,
          "names never made, or cut short");
    asm_symbols_free(state);
    free(state);

    for (int dialect = 0; dialect < 2; dialect++) {
        expect_assembled((gcn_dialect)dialect,
                         "abcdefghijk:\nabcdefghijkl:\nabcdefghijkm = 3\ns_nop 0\nabcdefghijk:\nabcdefghijkl:\n"
                         "s_branch abcdefghijkn\n",
                         NULL, 0,
                         "unit.s:5:1: error: symbol 'abcdefghijk' is already defined (at unit.s:1)\n"
                         "abcdefghijk:\n^\n"
                         "unit.s:6:1: error: symbol 'abcdefghijkl' is already defined (at unit.s:2)\n"
                         "abcdefghijkl:\n^\n"
                         "unit.s:7:10: error: undefined symbol 'abcdefghijkn'; did you mean 'abcdefghijk'?\n"
                         "s_branch abcdefghijkn\n         ^\n");
        expect_assembled((gcn_dialect)dialect, "v = 1\n.long v + fwd - fwd\nv = 2\nfwd:\n.long v\n",
                         (const uint32_t[]){1, 2}, 2, "");
        expect_assembled((gcn_dialect)dialect, "w = 1\nw = 2\n.long w + fwd - fwd\nfwd:\n",
                         (const uint32_t[]){2}, 1, "");
        expect_assembled((gcn_dialect)dialect,
                         ".skip end - start\nstart:\ns_nop 0\nend:\ns_branch start\n.long end\n",
                         (const uint32_t[]){0, 0xbf800000, 0xbf82fffe, 8}, 4, "");
    }
    expect_assembled(GCN_DIALECT_LLVM, "v = 1\ns_branch v + fwd - fwd\nv = 2\ns_branch v + fwd - fwd\nfwd:\nv = 3\n",
                     (const uint32_t[]){0xbf820001, 0xbf820002}, 2, "");
}

/* Fixup records (32 bytes) and the runs they share (file, context, arch,
 * dialect, section, sequence): fixups in macro and .rept expansions, with
 * local labels, data, lines with comments (kept as written before their
 * blanked copy) and without; their messages, with the expansion notes. Then
 * a run for each of hundreds of .arch changes, past the runs' first growth. */
static void test_fixup_records(void)
{
    static const char source[] = ".macro m\n"
                                 "s_branch far_\\@ // why\n"
                                 ".long 1f - 1b, nowhere\n"
                                 ".endm\n"
                                 "1:\n"
                                 "s_branch later // to it\n"
                                 "m\n"
                                 ".long later, 1f\n"
                                 "1:\n"
                                 "s_branch missing_label ; x\n"
                                 "later:\n"
                                 "s_nop 0\n"
                                 ".rept 2\n"
                                 "s_branch gone\n"
                                 ".endr\n";
    static const char gone[] = "unit.s:14:10: error: undefined symbol 'gone'\n"
                               "s_branch gone\n"
                               "         ^\n"
                               "unit.s:13:1: note: in expansion of directive '.rept'\n"
                               ".rept 2\n"
                               "^\n";
    static const char in_m[] = "unit.s:7:1: note: in expansion of macro 'm'\n"
                               "m\n"
                               "^\n";
    char want[2][2048];
    snprintf(want[GCN_DIALECT_LLVM], sizeof want[0], "%s%s%s%s%s%s%s",
             "unit.s:2:10: error: undefined symbol 'far_1'\n"
             "s_branch far_1 // why\n"
             "         ^\n", in_m,
             "unit.s:3:16: error: undefined symbol 'nowhere'\n"
             ".long 1f - 1b, nowhere\n"
             "               ^\n", in_m,
             "unit.s:10:10: error: undefined symbol 'missing_label'\n"
             "s_branch missing_label ; x\n"
             "         ^\n", gone, gone);
    snprintf(want[GCN_DIALECT_CLRX], sizeof want[0], "%s%s%s%s%s%s%s%s",
             "unit.s:6:19: error: undefined symbol 'to'\n"
             "s_branch later // to it\n"
             "                  ^\n"
             "unit.s:2:10: error: undefined symbol 'far_1'\n"
             "s_branch far_1 // why\n"
             "         ^\n", in_m,
             "unit.s:3:16: error: undefined symbol 'nowhere'\n"
             ".long 1f - 1b, nowhere\n"
             "               ^\n", in_m,
             "unit.s:10:10: error: undefined symbol 'missing_label'\n"
             "s_branch missing_label ; x\n"
             "         ^\n",
             "unit.s:10:26: error: unknown instruction 'x'\n"
             "s_branch missing_label ; x\n"
             "                         ^\n", gone, gone);
    for (int dialect = 0; dialect < 2; dialect++)
        expect_assembled((gcn_dialect)dialect, source, NULL, 0, want[dialect]);
    expect_assembled(GCN_DIALECT_LLVM,
                     "s_branch a\n.arch gfx6\ns_branch a\ns_cbranch_scc0 a // c\n.long a, b\n.arch gfx9\n"
                     "s_branch a\na:\ns_nop 1\nb:\n",
                     (const uint32_t[]){0xbf820005, 0xbf820004, 0xbf840003, 0x18, 0x1c, 0xbf820000, 0xbf800001},
                     7, "");

    enum { SWITCHES = 300 };
    size_t size = SWITCHES * 48 + 16, used = 0;
    char *text = malloc(size);
    uint32_t *words = malloc(2 * SWITCHES * sizeof *words);
    for (unsigned i = 0; i < SWITCHES; i++) {
        used += (size_t)snprintf(text + used, size - used, "s_branch end\n.arch gfx6\n.long end\n.arch gfx9\n");
        words[2 * i] = 0xbf820000u | (uint16_t)(2 * SWITCHES - 2 * i - 1);
        words[2 * i + 1] = 4u * 2 * SWITCHES;
    }
    snprintf(text + used, size - used, "end:\n");
    for (int dialect = 0; dialect < 2; dialect++)
        expect_assembled((gcn_dialect)dialect, text, words, 2 * SWITCHES, "");
    free(words);
    free(text);
}

/* s_waitcnt's one-pass reader (vmcnt(N) expcnt(N) lgkmcnt(N), one space or
 * " & " apart) gives what the general loop gives for the same text with
 * the names in upper case: fields, warnings, errors and their columns. */
/* The generic printer's fast writer (gcndis's path) against gcn_format
 * (the general one) on random words of the scalar ALU's encodings: where
 * the fast writer writes, the same text. */
static void test_scalar_fast_writer(void)
{
    static const uint32_t prefixes[] = {0x80000000u, 0xb0000000u, 0xbe800000u, 0xbf000000u};
    uint64_t state = 0x9e3779b97f4a7c15ull;
    unsigned written = 0;
    for (unsigned n = 0; n < 40000; n++) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        uint32_t random = (uint32_t)(state >> 32);
        uint32_t word = prefixes[n % 4] | (random & (n % 4 == 0 ? 0x3fffffffu : n % 4 == 1 ? 0x0fffffffu
                                                      : n % 4 == 2 ? 0x007fffffu : 0x007fffffu));
        uint32_t words[3] = {word, random ^ 0x5a5a5a5au, 0};
        gcn_arch arch = (gcn_arch)(n / 4 % GCN_ARCH_COUNT);
        gcn_instruction in;
        if (gcn_decode(arch, words, 3, &in) != GCN_OK)
            continue;
        for (int d = 0; d < 2; d++) {
            gcn_dialect dialect = d ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX;
            char fast[GCN_TEXT_ROOM + 64], general[512];
            char *end = d ? gcn_write_llvm_generic(&in, fast) : gcn_write_clrx(&in, 0x100, fast);
            if (!end)
                continue;
            *end = '\0';
            written++;
            bool same = gcn_format(&in, dialect, 0x100, general, sizeof general, NULL) == GCN_OK &&
                        strcmp(fast, general) == 0;
            CHECK(same, "%s %s [%08x %08x]: fast '%s', general '%s'", gcn_arch_name(arch),
                  d ? "llvm" : "clrx", words[0], words[1], fast, same ? "" : general);
        }
    }
    CHECK(written > 5000, "the fast writer wrote only %u texts", written);
}

static void test_waitcnt_fast_path(void)
{
    static const char *const values[] = {"0", "1", "5", "7", "8", "9", "10", "15", "16", "19",
                                         "53", "63", "64", "99", "100", "05", "00", "x", ""};
    static const char *const separators[] = {" ", " & ", "  ", "&", " &", ", ", ""};
    static const char *const shapes[][3] = {
        {"vmcnt", "expcnt", "lgkmcnt"}, {"lgkmcnt", "vmcnt", NULL}, {"expcnt", NULL, NULL},
        {"vmcnt", "vmcnt", NULL},       {"lgkmcnt", "expcnt", "vmcnt"}, {"vmcnt_sat", NULL, NULL},
        {"vmcnt", "lgkmcnt", "lgkmcnt"}};
    size_t value_count = sizeof values / sizeof values[0];
    for (int arch = 0; arch < GCN_ARCH_COUNT; arch++)
        for (int dialect = 0; dialect < 2; dialect++)
            for (size_t shape = 0; shape < sizeof shapes / sizeof shapes[0]; shape++)
                for (size_t separator = 0; separator < sizeof separators / sizeof separators[0]; separator++)
                    for (size_t v = 0; v < value_count; v++) {
                        char fast[128] = "s_waitcnt ", slow[128] = "s_waitcnt ";
                        for (int k = 0; k < 3 && shapes[shape][k]; k++) {
                            const char *value = values[(v + 7 * (size_t)k) % value_count];
                            char name[16], item[48];
                            snprintf(name, sizeof name, "%s", shapes[shape][k]);
                            snprintf(item, sizeof item, "%s%s(%s)", k ? separators[separator] : "",
                                     name, value);
                            strcat(fast, item);
                            for (char *c = name; *c; c++)
                                *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
                            snprintf(item, sizeof item, "%s%s(%s)", k ? separators[separator] : "",
                                     name, value);
                            strcat(slow, item);
                        }
                        expect_same_outcome((gcn_arch)arch, (gcn_dialect)dialect, fast, slow);
                        strcat(fast, " ");
                        strcat(slow, " ");
                        expect_same_outcome((gcn_arch)arch, (gcn_dialect)dialect, fast, slow);
                    }
}

/* The assembler's usual statement (its first word read with the mnemonic
 * lookup, 32 bytes readable after it) gives what the general path gives
 * (is_instruction, then gcn_parse looks the mnemonic up), which a macro
 * (any, not called) selects: the same status, bytes and diagnostics. */
static void test_statement_path(void)
{
    static const char *const statements[] = {
        "s_nop 0", "s_endpgm", "s_endpgm ", "s_nop   1", "s_nop \t1", "s_nop\t1", "S_NOP 1",
        "  s_nop 2", "\ts_nop 2", "s_nop 0x10000", "s_nopx 1", "s_nop: s_nop 3", "s_nop:",
        "s_nop = 4", "s_nop=4", "s_nop == 4", "s_nop :", "s_nop  =5", "x: s_nop 5", "s_nop 1 ; s_nop 2",
        "s_branch .", "s_cbranch_scc0 later", "s_waitcnt vmcnt(0)", "s_dcache_wb",
        "s_load_dword s1, s[2:3], 0x10", "buffer_load_dword v1, off, s[4:7], s0 offset:4 glc",
        "buffer_load_format_d16_xyzw v[1:2], v0, s[4:7], s0 idxen offset:16",
        "global_atomic_cmpswap_x2 v[0:1], v1, v[2:5], s[0:1] offset:-8 glc",
        "flat_load_dword v1, v[2:3]", "flat_load_dword v1, v[2:3] glc slc extra",
        "scratch_load_dword v1, off, s2", "buffer_load_dword_and_more_than_32_bytes v1",
        "buffer_atomic_cmpswap_x2xxxxxxxxxx v[0:3]", "s_nop_s_nop_s_nop_s_nop_s_nop_s_n 1",
        "s_nop_s_nop_s_nop_s_nop_s_nop_s_no 1", "sopp_ill_3", "s_nop\x01 1", "s_nop\x80 1",
        "s_nop 1 2", "s_nop, 1", ".text", "s_nop .", "v_add_f32 v0, v1, v2", "here: s_nop 0",
        /* CLRX's padding, and blanks to the 32 bytes read at once and past them */
        "s_setprio       0x5f45", "s_nop           \t1", "s_nop                          1",
        "s_nop                           1", "s_nop                            1",
        "s_nop                                    1", "s_nop                          =1",
        "s_nop                           :", "s_nop                                 = 2",
        "s_nop                  \t  :", "s_nop  \t                               1",
        "s_endpgm                  ", "s_endpgm                                   ",
    };
    static const char macro[] = ".macro unused_macro\n.endm\n";
    for (size_t k = 0; k < sizeof statements / sizeof statements[0]; k++)
        for (int dialect = 0; dialect < 2; dialect++)
            for (int arch = 0; arch < GCN_ARCH_COUNT; arch++) {
                const char *statement = statements[k];
                char usual[256], general[256];
                /* the statement on line 3 in both, 40 blanks after it in one */
                const char *after = strstr(statement, " later") ? "later:\n" : "";
                int usual_length = snprintf(usual, sizeof usual, "\n\n%s\n%s%40s", statement, after, "");
                int general_length = snprintf(general, sizeof general, "%s%s\n%s", macro, statement, after);
                gcn_output first, second;
                char *first_diagnostics, *second_diagnostics;
                bool a = assemble_text((gcn_arch)arch, (gcn_dialect)dialect, usual, (size_t)usual_length,
                                       &first, &first_diagnostics);
                bool b = assemble_text((gcn_arch)arch, (gcn_dialect)dialect, general,
                                       (size_t)general_length, &second, &second_diagnostics);
                CHECK(a == b && first.length == second.length &&
                          memcmp(first.bytes, second.bytes, first.length) == 0 &&
                          strcmp(first_diagnostics, second_diagnostics) == 0,
                      "%s %s '%s': %d %zu bytes '%s' and %d %zu bytes '%s' differ",
                      gcn_arch_name((gcn_arch)arch), dialect_name((gcn_dialect)dialect), statement, a,
                      first.length, first_diagnostics, b, second.length, second_diagnostics);
                free(first_diagnostics);
                free(second_diagnostics);
                gcn_output_free(&first);
                gcn_output_free(&second);
            }
}

int main(void)
{
    test_arch_names();
    test_expressions();
    test_text();
    test_sopp_llvm_numbers();
    test_sopp_format();
    test_parse_errors();
    test_sopp_parse();
    test_misuse();
    test_fast_paths();
    test_mnemonic_lookup();
    test_family_fast_paths();
    test_branch_labels();
    test_sopp_immediates();
    test_symbol_growth();
    test_symbol_collisions();
    test_assembled_labels();
    test_assembled_symbols();
    test_symbol_names_and_history();
    test_fixup_records();
    test_statement_path();
    test_waitcnt_fast_path();
    test_scalar_fast_writer();
    return test_finish(&summary);
}
