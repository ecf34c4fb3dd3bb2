/* gcnemu: runs a scenario (a JSON file: a program, memory and registers)
 * on one emulated wave and prints the result as JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"
#include "trace.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: gcnemu [--trace] [--strict-waitcnt] SCENARIO.json\n"
            "  --trace            each executed instruction and what it changed, on standard error\n"
            "  --strict-waitcnt   a missing s_waitcnt is a fault, not a diagnostic\n"
            "exit status: 0 ended or halted, 1 fault, trap or instruction limit, 2 invalid scenario\n");
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
    bool trace_wanted = false, strict = false;
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--trace") == 0) {
            trace_wanted = true;
        } else if (strcmp(argv[i], "--strict-waitcnt") == 0) {
            strict = true;
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "gcnemu: unknown option %s\n", argv[i]);
            usage(stderr);
            return 2;
        } else if (file) {
            fprintf(stderr, "gcnemu: one scenario at a time (%s and %s)\n", file, argv[i]);
            return 2;
        } else {
            file = argv[i];
        }
    }
    if (!file) {
        usage(stderr);
        return 2;
    }
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
