/* gcnemu: runs a scenario (a JSON file: a program, memory and registers)
 * on one emulated wave and prints the result as JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "scenario.h"
#include "trace.h"

static void help(void)
{
    puts("Usage: gcnemu [--trace] [--strict-waitcnt] [--] SCENARIO.json\n"
         "Run a GCN program on one emulated wave and print the result as JSON.\n"
         "\n"
         "The scenario (a JSON file) names the architecture, the program and the\n"
         "initial registers and memory; see the README.\n"
         "\n"
         "Options:\n"
         "      --trace           each executed instruction and what it changed, on\n"
         "                        standard error\n"
         "      --strict-waitcnt  a missing s_waitcnt is a fault, not a diagnostic\n"
         "  -h, --help            this help\n"
         "      --version         the version\n"
         "  --                    ends the options\n"
         "\n"
         "Exit status: 0 ended or halted, 1 fault, trap or instruction limit,\n"
         "2 invalid scenario or command line.");
}

bool scenario_format_at(const scenario *s, uint64_t pc, bool with_words, char *buffer, size_t size)
{
    uint64_t base;
    size_t count;
    const uint32_t *words = gcn_machine_program(s->machine, &base, &count);
    if (pc < base || (pc & 3) || (pc - base) / 4 >= count) {
        return false;
    }
    size_t index = (size_t)((pc - base) / 4);
    gcn_instruction instruction;
    char text[200];
    size_t used = 1;
    if (gcn_decode(s->arch, words + index, count - index, &instruction) == GCN_OK &&
        gcn_format(&instruction, s->dialect, pc, text, sizeof text, NULL) == GCN_OK) {
        used = instruction.word_count;
    } else {
        snprintf(text, sizeof text, "%s 0x%08x", s->dialect == GCN_DIALECT_LLVM ? ".long" : ".int",
                 words[index]);
    }
    if (!with_words) {
        snprintf(buffer, size, "%s", text);
        return true;
    }
    char hex[40] = "";
    for (size_t i = 0; i < used; i++)
        snprintf(hex + strlen(hex), sizeof hex - strlen(hex), "%s%08x", i ? " " : "", words[index + i]);
    if (s->dialect == GCN_DIALECT_LLVM) {
        for (char *c = hex; *c; c++)
            if (*c >= 'a' && *c <= 'f')
                *c = (char)(*c - 'a' + 'A');
        snprintf(buffer, size, "%s // %012llX: %s", text, (unsigned long long)pc, hex);
    } else {
        snprintf(buffer, size, "/*%012llx: %s*/ %s", (unsigned long long)pc, hex, text);
    }
    return true;
}

int main(int argc, char **argv)
{
    enum { TRACE = 1, STRICT = 2 }; /* long options only */
    static const cli_option options[] = {{TRACE, "trace", false}, {STRICT, "strict-waitcnt", false}};
    bool trace_wanted = false, strict = false;
    cli_parser parser;
    cli_parser_start(&parser, "gcnemu", options, sizeof options / sizeof options[0], help, argc, argv);
    const char *value;
    for (int letter; (letter = cli_next(&parser, &value)) != CLI_END;) {
        if (letter == CLI_EXIT)
            return parser.status;
        if (letter == TRACE)
            trace_wanted = true;
        else
            strict = true;
    }
    if (parser.arch_name) {
        fprintf(stderr, "gcnemu: -a: the scenario names its architecture (\"arch\")\n");
        return 2;
    }
    if (!parser.input_named) {
        fprintf(stderr, "gcnemu: a scenario file expected (gcnemu --help)\n");
        return 2;
    }
    const char *file = parser.input;
    scenario s;
    if (!scenario_load(&s, file, strict))
        return 2;
    gcn_run_status status;
    if (trace_wanted) {
        trace *t = trace_create(&s, stderr);
        if (!t) {
            fprintf(stderr, "gcnemu: out of memory\n");
            scenario_free(&s);
            return 2;
        }
        uint64_t executed = 0;
        status = gcn_wave_status(s.wave);
        while (status == GCN_RUN_RUNNING) {
            if (executed++ == s.max_instructions) {
                status = gcn_wave_run(s.wave, 0);
                break;
            }
            trace_before(t);
            status = gcn_wave_step(s.wave);
            trace_after(t);
        }
        trace_destroy(t);
    } else {
        status = gcn_wave_run(s.wave, s.max_instructions);
    }
    bool ok = scenario_write_result(&s, stdout);
    ok &= fflush(stdout) == 0;
    scenario_free(&s);
    if (!ok) {
        fprintf(stderr, "gcnemu: cannot write the result\n");
        return 2;
    }
    return status == GCN_RUN_ENDED || status == GCN_RUN_HALTED ? 0 : 1;
}
