/* Relocations in scalar ALU literals (s_add_u32 s0, s0, fn@rel32@lo+4):
 * what gcnasm -f elf records (type, offset, symbol, addend, the literal
 * word), the errors of raw output and of forms llvm-mc refuses, each at
 * its column, and the round trip of every form through gcndis -s llvm
 * --reassemble. tests/objects.c compares whole objects with llvm-mc's
 * (tests/data/objects/code_relocations_gfx900.s); tests/object_read.c
 * reads llvm-mc's (tests/data/object_read/code_relocations_gfx900.o). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/assembler.h"
#include "object/notes.h"
#include "object/object.h"
#include "support/command.h"
#include "support/harness.h"
#include "support/object_dump.h"

static test_summary summary = {"code-relocations", 0, 0, 0};

/* Assembles source (llvm dialect unless clrx, gfx900); the messages in
 * *messages (malloc'ed), into object when given. */
static bool assemble(const char *source, gcn_dialect dialect, gcn_object *object, char **messages)
{
    size_t length = 0;
    FILE *diagnostics = open_memstream(messages, &length);
    gcn_assembly assembly = {GCN_ARCH_GCN14, dialect, "t.s", diagnostics, 0, 0, 0};
    gcn_output output = {.skip_statement_ends = true, .object = object};
    bool ok = gcn_assemble(&assembly, source, strlen(source), &output);
    fclose(diagnostics);
    gcn_output_free(&output);
    return ok;
}

static void check_error(const char *source, gcn_dialect dialect, bool object, const char *expected)
{
    gcn_object made = {0};
    char *messages = NULL;
    bool ok = assemble(source, dialect, object ? &made : NULL, &messages);
    if (!ok && messages && strstr(messages, expected))
        test_pass(&summary);
    else
        test_fail(&summary, "'%s'%s: expected '%s', got %s", source, object ? " (-f elf)" : "", expected,
                  messages ? messages : "nothing");
    free(messages);
    gcn_object_free(&made);
}

static void test_errors(void)
{
    /* Raw output has no relocation: an error that names the symbol. */
    check_error(" s_add_u32 s0, s0, fn@rel32@lo+4\n", GCN_DIALECT_LLVM, false,
                "t.s:1:20: error: 'fn@rel32@lo' needs a relocation: only an object (gcnasm -f elf) takes it");
    check_error(" s_mov_b32 s4, sym\n", GCN_DIALECT_LLVM, false, "t.s:1:16: error: undefined symbol 'sym'");
    /* What llvm-mc refuses in an object. */
    check_error(" s_mov_b32 s0, sym@rel64\n", GCN_DIALECT_LLVM, true, "t.s:1:16: error: invalid variant 'rel64'");
    check_error(" s_mov_b32 s0, sym@lo\n", GCN_DIALECT_LLVM, true, "t.s:1:16: error: invalid variant 'lo'");
    check_error(" s_mov_b64 s[0:1], sym\n", GCN_DIALECT_LLVM, true,
                "t.s:1:20: error: llvm-mc takes no symbol in a 64-bit operand");
    check_error(" s_add_u32 s0, a, b\n", GCN_DIALECT_LLVM, true,
                "t.s:1:19: error: only one literal of an instruction may name a symbol");
    check_error(" s_mov_b32 s0, sym@rel32@lo*2\n", GCN_DIALECT_LLVM, true,
                "t.s:1:28: error: expected '+' or '-' and a number after 'sym@rel32@lo'");
    check_error(" s_mov_b32 s0, sym@rel32@lo+x\n", GCN_DIALECT_LLVM, true,
                "t.s:1:29: error: the addend of 'sym@rel32@lo' names 'x', not a number");
    /* No literal to hold it: a 16-bit immediate, llvm-mc's "invalid operand". */
    check_error(" s_cmpk_eq_u32 s4, sym@abs32@lo\n", GCN_DIALECT_LLVM, true,
                "t.s:1:20: error: 'sym@abs32@lo': a relocation fits only a SOP1, SOP2 or SOPC literal or a data word");
    check_error(" s_setreg_imm32_b32 hwreg(HW_REG_MODE), sym@abs32@lo\n", GCN_DIALECT_LLVM, true,
                "t.s:1:41: error: 'sym@abs32@lo': a relocation fits only a SOP1, SOP2 or SOPC literal or a data word");
    /* CLRX takes no @ form in an operand. */
    check_error(" s_mov_b32 s0, sym@rel32@lo+4\n", GCN_DIALECT_CLRX, true, "t.s:1:");
}

typedef struct expected_relocation {
    uint64_t offset;
    uint32_t type;
    const char *symbol; /* NULL: the section symbol of .text */
    int64_t addend;
} expected_relocation;

static void test_records(void)
{
    static const char source[] = "constant = 0x1234\n"
                                 "entry:\n"
                                 " s_getpc_b64 s[0:1]\n"                    /* 0 */
                                 " s_add_u32 s0, s0, fn@rel32@lo+4\n"       /* 4: literal at 8 */
                                 " s_addc_u32 s1, s1, fn@rel32@hi+12\n"     /* 12: 16 */
                                 " s_mov_b32 s2, sym\n"                     /* 20: 24 */
                                 " s_mov_b32 s3, sym - 4\n"                 /* 28: 32 */
                                 " s_mov_b32 s4, sym@gotpcrel32@lo + 2*2\n" /* 36: 40 */
                                 " s_mov_b32 s5, local@abs32@hi\n"          /* 44: 48 */
                                 " s_mov_b32 s6, local\n"                   /* 52: 56, settled: 0x48 - 56 */
                                 " s_mov_b32 s7, constant\n"                /* 60: 64, a number */
                                 " s_mov_b32 s8, later\n"                   /* 68: 72, its value */
                                 "local:\n"
                                 " s_endpgm\n"
                                 "later = 0x77\n";
    static const expected_relocation expected[] = {
        {8, GCN_R_AMDGPU_REL32_LO, "fn", 4},       {16, GCN_R_AMDGPU_REL32_HI, "fn", 12},
        {24, GCN_R_AMDGPU_REL32, "sym", 0},        {32, GCN_R_AMDGPU_ABS32, "sym", -4},
        {40, GCN_R_AMDGPU_GOTPCREL32_LO, "sym", 4}, {48, GCN_R_AMDGPU_ABS32, NULL, 0x4c}};
    static const uint32_t literals[][2] = {{56, 0x4c - 56}, {64, 0x1234}, {72, 0x77}, {8, 0}, {48, 0}};
    gcn_object made = {0};
    char *messages = NULL;
    if (!assemble(source, GCN_DIALECT_LLVM, &made, &messages) || made.section_count < 1) {
        test_fail(&summary, "the records' source does not assemble: %s", messages ? messages : "");
        free(messages);
        gcn_object_free(&made);
        return;
    }
    size_t count = sizeof expected / sizeof expected[0];
    if (made.relocation_count == count)
        test_pass(&summary);
    else
        test_fail(&summary, "%zu relocations, expected %zu", made.relocation_count, count);
    for (size_t i = 0; i < count && i < made.relocation_count; i++) {
        const gcn_object_relocation *r = &made.relocations[i];
        const char *name = r->symbol >= 0 ? made.symbols[r->symbol].name : NULL;
        bool symbol = expected[i].symbol ? name && strcmp(name, expected[i].symbol) == 0
                                         : r->symbol == gcn_object_section_symbol(0);
        if (r->section == 0 && r->offset == expected[i].offset && r->type == expected[i].type && symbol &&
            r->addend == expected[i].addend)
            test_pass(&summary);
        else
            test_fail(&summary, "relocation %zu: offset %llu type %u symbol %s addend %lld", i,
                      (unsigned long long)r->offset, r->type, name ? name : "(section)", (long long)r->addend);
    }
    const gcn_object_section *text = &made.sections[0];
    for (size_t i = 0; i < sizeof literals / sizeof literals[0]; i++) {
        uint32_t at = literals[i][0], word = 0;
        for (unsigned b = 0; b < 4 && text->bytes && at + 4 <= text->size; b++)
            word |= (uint32_t)text->bytes[at + b] << 8 * b;
        if (word == literals[i][1])
            test_pass(&summary);
        else
            test_fail(&summary, "the literal at %u is 0x%x, expected 0x%x", at, word, literals[i][1]);
    }
    free(messages);
    gcn_object_free(&made);
}

/* gcnasm -f elf, gcndis --reassemble, gcnasm -f elf: the same object. */
static void test_round_trip(const char *folder)
{
    static const char source[] = "\t.text\n\t.globl entry\nentry:\n"
                                 "\ts_getpc_b64 s[0:1]\n"
                                 "\ts_add_u32 s0, s0, fn@rel32@lo+4\n"
                                 "\ts_addc_u32 s1, s1, fn@rel32@hi+12\n"
                                 "\ts_add_u32 s0, s0, got@gotpcrel32@lo+4\n"
                                 "\ts_addc_u32 s1, s1, got@gotpcrel32@hi+12\n"
                                 "\ts_mov_b32 s2, sym@abs32@lo\n"
                                 "\ts_mov_b32 s3, sym@abs32@hi-8\n"
                                 "\ts_mov_b32 s4, sym\n"
                                 "\ts_mov_b32 s5, sym+8\n"
                                 "\ts_mov_b32 s6, sym-4\n"
                                 "\ts_mov_b32 s7, entry\n"
                                 "\ts_mov_b32 s8, data\n"
                                 "\ts_mov_b32 s9, sym@gotpcrel\n"
                                 "\ts_cmp_eq_u32 s1, fn@abs32@lo\n"
                                 "\ts_xor_b32 s10, data@rel32@lo+4, s10\n"
                                 "\ts_endpgm\n"
                                 "\t.data\ndata:\n\t.long 5\n";
    const char *build = command_build();
    char path[256], command[2048];
    snprintf(path, sizeof path, "%s/round.s", folder);
    FILE *f = fopen(path, "w");
    if (!f || fputs(source, f) < 0 || fclose(f) != 0) {
        test_fail(&summary, "cannot write %s", path);
        return;
    }
    snprintf(command, sizeof command,
             "%1$s/gcnasm -s llvm -a gfx900 -f elf -o %2$s/first.o %2$s/round.s && "
             "%1$s/gcndis -s llvm --reassemble %2$s/first.o >%2$s/again.s && "
             "%1$s/gcnasm -s llvm -a gfx900 -f elf -o %2$s/again.o %2$s/again.s",
             build, folder);
    run_result r = command_run(command);
    if (r.status != 0 || r.err_length) {
        test_fail(&summary, "round trip: exit %d: %.400s", r.status, r.err);
        command_free(&r);
        return;
    }
    command_free(&r);
    char first[256], again[256], error[256];
    snprintf(first, sizeof first, "%s/first.o", folder);
    snprintf(again, sizeof again, "%s/again.o", folder);
    char *a = object_dump(first, error, sizeof error), *b = object_dump(again, error, sizeof error);
    if (a && b && strcmp(a, b) == 0 && strstr(a, "relocation") && strstr(a, "type=4 symbol=sym"))
        test_pass(&summary);
    else
        test_fail(&summary, "round trip: the objects differ:\n%s\n---\n%s", a ? a : error, b ? b : error);
    free(a);
    free(b);
}

int main(void)
{
    test_errors();
    test_records();
    const char *folder = command_folder();
    if (!folder) {
        test_fail(&summary, "cannot make a temporary folder");
    } else {
        test_round_trip(folder);
        command_folder_remove();
    }
    return test_finish(&summary);
}
