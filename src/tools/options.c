/* The tools' command line, the same in every tool: options as GNU tools
 * and llvm-mc take them, one input, --help and --version. */
#include <string.h>
#include <strings.h>

#include "isa/arch_names.h"
#include "isa/isa_mnemonics.h"
#include "tools/cli.h"

#ifndef GCN_VERSION
#define GCN_VERSION "unknown"
#endif

void cli_parser_start(cli_parser *parser, const char *program, const cli_option *options,
                      size_t option_count, int argc, char **argv)
{
    *parser = (cli_parser){program, options, option_count, argc, 1, argv, false, "-", false};
}

static int take_input(cli_parser *parser, const char *input)
{
    if (parser->input_named) {
        fprintf(stderr, "%s: one input file expected, got '%s' and '%s'\n", parser->program,
                parser->input, input);
        return CLI_ERROR;
    }
    parser->input = input;
    parser->input_named = true;
    return 1;
}

int cli_next(cli_parser *parser, const char **value)
{
    while (parser->index < parser->argc) {
        const char *argument = parser->argv[parser->index++];
        if (parser->options_ended || argument[0] != '-' || argument[1] == '\0') {
            if (take_input(parser, argument) == CLI_ERROR)
                return CLI_ERROR;
            continue;
        }
        if (strcmp(argument, "--") == 0) {
            parser->options_ended = true;
            continue;
        }
        const cli_option *option = NULL;
        const char *attached = NULL;
        if (argument[1] == '-') {
            const char *name = argument + 2, *equals = strchr(name, '=');
            size_t length = equals ? (size_t)(equals - name) : strlen(name);
            if (length == 4 && strncmp(name, "help", 4) == 0 && !equals)
                return CLI_HELP;
            if (length == 7 && strncmp(name, "version", 7) == 0 && !equals)
                return CLI_VERSION;
            for (size_t i = 0; i < parser->option_count && !option; i++)
                if (parser->options[i].long_name && strlen(parser->options[i].long_name) == length &&
                    strncmp(parser->options[i].long_name, name, length) == 0)
                    option = &parser->options[i];
            if (option && equals) {
                if (!option->takes_value) {
                    fprintf(stderr, "%s: option '--%s' takes no value\n", parser->program,
                            option->long_name);
                    return CLI_ERROR;
                }
                attached = equals + 1;
            }
        } else {
            if (argument[1] == 'h' && argument[2] == '\0')
                return CLI_HELP;
            for (size_t i = 0; i < parser->option_count && !option; i++)
                if (parser->options[i].letter == argument[1])
                    option = &parser->options[i];
            if (option && argument[2] != '\0') {
                if (!option->takes_value)
                    option = NULL; /* -ex: not a flag with more after it */
                else
                    attached = argument + 2;
            }
        }
        if (!option) {
            fprintf(stderr, "%s: unknown option '%s'\n%s --help lists the options\n", parser->program,
                    argument, parser->program);
            return CLI_ERROR;
        }
        *value = NULL;
        if (option->takes_value) {
            if (!attached && parser->index == parser->argc) {
                fprintf(stderr, "%s: option '%s' needs an argument\n", parser->program, argument);
                return CLI_ERROR;
            }
            *value = attached ? attached : parser->argv[parser->index++];
        }
        return option->letter;
    }
    return CLI_END;
}

int cli_bad_value(const cli_parser *parser, const char *what, const char *value, const char *known)
{
    fprintf(stderr, "%s: unknown %s '%s' (%s)\n", parser->program, what, value, known);
    return CLI_ERROR;
}

bool cli_arch(const char *program, const char *name, gcn_arch *arch)
{
    if (gcn_arch_from_name(name, arch) == GCN_OK)
        return true;
    fprintf(stderr, "%s: unknown architecture '%s'; the known ones:\n ", program, name);
    const char *known;
    gcn_arch each;
    size_t column = 1;
    for (size_t i = 0; (known = gcn_arch_name_at(i, &each)) != NULL; i++) {
        size_t n = strlen(known) + 2;
        if (i && column + n > 78) {
            fputs(",\n ", stderr);
            column = 1;
        } else if (i) {
            fputc(',', stderr);
        }
        fprintf(stderr, " %s", known);
        column += n;
    }
    fputc('\n', stderr);
    return false;
}

bool cli_dialect(const char *program, const char *name, gcn_dialect *dialect)
{
    if (strcasecmp(name, "clrx") == 0)
        *dialect = GCN_DIALECT_CLRX;
    else if (strcasecmp(name, "llvm") == 0)
        *dialect = GCN_DIALECT_LLVM;
    else {
        fprintf(stderr, "%s: unknown syntax '%s' (clrx or llvm)\n", program, name);
        return false;
    }
    return true;
}

void cli_version(const char *program)
{
    printf("%s (libgcn) %s\n"
           "An assembler, disassembler and library for AMD GCN 1.0 to 1.4 machine code.\n",
           program, GCN_VERSION);
}

void cli_help_common(FILE *out)
{
    fputs("\nArchitectures (-a, any case): gcn1.0, gcn1.1, gcn1.2, gcn1.4; gfx6 to gfx9;\n"
          "an LLVM processor (tahiti, bonaire, hawaii, tonga, fiji, polaris10, gfx900,\n"
          "gfx906, ...) or a CLRX device (Pitcairn, Ellesmere, Vega10, ...).\n"
          "\n"
          "Dialects (-s, any case): clrx (CLRX's clrxasm and clrxdisasm, the default)\n"
          "or llvm (llvm-mc 14).\n",
          out);
    /* From the list of the ISA's encodings and the tables: it stays true
     * as encodings arrive. */
    for (int supported = 1; supported >= 0; supported--) {
        const char *lead = supported ? "Instruction encodings supported:" : "Not supported yet:";
        fprintf(out, "\n%s", lead);
        const char *encoding;
        size_t column = strlen(lead);
        bool first = true;
        for (size_t i = 0; (encoding = gcn_isa_encoding(i)) != NULL; i++) {
            if (gcn_isa_encoding_supported(encoding) != (supported == 1))
                continue;
            size_t n = strlen(encoding) + 2;
            if (!first)
                fputc(',', out);
            if (column + n > 78) {
                fputc('\n', out);
                column = 0;
            } else {
                fputc(' ', out);
            }
            fputs(encoding, out);
            column += n;
            first = false;
        }
        fputs(first ? " none\n" : "\n", out);
    }
}
