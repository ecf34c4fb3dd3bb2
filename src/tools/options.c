/* The tools' command line, the same in every tool: options as GNU tools
 * and llvm-mc take them, one input, --help and --version. */
#include <string.h>
#include <strings.h>

#include "isa/isa.h"
#include "isa/isa_mnemonics.h"
#include "tools/cli.h"

#ifndef GCN_VERSION
#define GCN_VERSION "unknown"
#endif

void cli_parser_start(cli_parser *parser, const char *program, const cli_option *options,
                      size_t option_count, void (*help)(void), int argc, char **argv)
{
    *parser = (cli_parser){program, options, option_count, help, argc, 1, argv, false, "-",
                           false, NULL, GCN_DIALECT_CLRX, 0};
}

static int stop(cli_parser *parser, int status)
{
    parser->status = status;
    return CLI_EXIT;
}

static int take_input(cli_parser *parser, const char *input)
{
    if (parser->input_named) {
        fprintf(stderr, "%s: one input file expected, got '%s' and '%s'\n", parser->program,
                parser->input, input);
        return stop(parser, 2);
    }
    parser->input = input;
    parser->input_named = true;
    return CLI_END;
}

/* The options every tool has. */
enum { HELP = 'h', VERSION = 1 };
static const cli_option common_options[] = {
    {'a', "arch", true}, {'s', "syntax", true}, {HELP, "help", false}, {VERSION, "version", false},
};

/* The option named by argument (after its dashes: a letter, or a long
 * name up to '=' or the end): the tool's own first, then the common ones. */
static const cli_option *find_option(const cli_parser *parser, const char *name, size_t length,
                                     bool long_name)
{
    for (int table = 0; table < 2; table++) {
        const cli_option *options = table ? common_options : parser->options;
        size_t count = table ? sizeof common_options / sizeof common_options[0] : parser->option_count;
        for (size_t i = 0; i < count; i++) {
            const cli_option *option = &options[i];
            if (long_name ? option->long_name && strlen(option->long_name) == length &&
                                strncmp(option->long_name, name, length) == 0
                          : option->letter == name[0] && option->letter > ' ')
                return option;
        }
    }
    return NULL;
}

/* LLVM's tools take long options after one dash (-filetype=obj): a whole
 * long name, up to '=' or the end, is one before it is a letter and more. */
static const cli_option *single_dash_long(const cli_parser *parser, const char *name,
                                          const char **attached)
{
    const char *equals = strchr(name, '=');
    size_t length = equals ? (size_t)(equals - name) : strlen(name);
    if (length < 2)
        return NULL;
    const cli_option *option = find_option(parser, name, length, true);
    if (!option || (equals && !option->takes_value))
        return NULL;
    *attached = equals ? equals + 1 : NULL;
    return option;
}

/* -a, -s, --help, --version: CLI_END to go on, or CLI_EXIT. */
static int take_common(cli_parser *parser, int letter, const char *value)
{
    switch (letter) {
    case HELP:
        parser->help();
        return stop(parser, 0);
    case VERSION:
        printf("%s (libgcn) %s\n"
               "An assembler, disassembler and library for AMD GCN 1.0 to 1.4 machine code.\n",
               parser->program, GCN_VERSION);
        return stop(parser, 0);
    case 'a':
        parser->arch_name = value;
        return CLI_END;
    default: /* 's' */
        if (strcasecmp(value, "clrx") == 0)
            parser->dialect = GCN_DIALECT_CLRX;
        else if (strcasecmp(value, "llvm") == 0)
            parser->dialect = GCN_DIALECT_LLVM;
        else
            return cli_bad_value(parser, "syntax", value, "clrx or llvm");
        return CLI_END;
    }
}

int cli_next(cli_parser *parser, const char **value)
{
    while (parser->index < parser->argc) {
        const char *argument = parser->argv[parser->index++];
        if (parser->options_ended || argument[0] != '-' || argument[1] == '\0') {
            if (take_input(parser, argument) == CLI_EXIT)
                return CLI_EXIT;
            continue;
        }
        if (strcmp(argument, "--") == 0) {
            parser->options_ended = true;
            continue;
        }
        const cli_option *option;
        const char *attached = NULL;
        if (argument[1] == '-') {
            const char *name = argument + 2, *equals = strchr(name, '=');
            option = find_option(parser, name, equals ? (size_t)(equals - name) : strlen(name), true);
            if (option && equals) {
                if (!option->takes_value) {
                    fprintf(stderr, "%s: option '--%s' takes no value\n", parser->program,
                            option->long_name);
                    return stop(parser, 2);
                }
                attached = equals + 1;
            }
        } else if ((option = single_dash_long(parser, argument + 1, &attached))) {
            /* -filetype=obj: a long name after one dash, as LLVM's tools take it */
        } else {
            option = find_option(parser, argument + 1, 1, false);
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
            return stop(parser, 2);
        }
        *value = NULL;
        if (option->takes_value) {
            if (!attached && parser->index == parser->argc) {
                fprintf(stderr, "%s: option '%s' needs an argument\n", parser->program, argument);
                return stop(parser, 2);
            }
            *value = attached ? attached : parser->argv[parser->index++];
        }
        bool common = option >= common_options &&
                      option < common_options + sizeof common_options / sizeof common_options[0];
        if (!common)
            return option->letter;
        if (take_common(parser, option->letter, *value) == CLI_EXIT)
            return CLI_EXIT;
    }
    return CLI_END;
}

int cli_bad_value(cli_parser *parser, const char *what, const char *value, const char *known)
{
    fprintf(stderr, "%s: unknown %s '%s' (%s)\n", parser->program, what, value, known);
    return stop(parser, 2);
}

bool cli_arch_given(const cli_parser *parser, gcn_arch *arch)
{
    if (!parser->arch_name) {
        fprintf(stderr, "%s: -a ARCH is required\n%s --help lists the options\n", parser->program,
                parser->program);
        return false;
    }
    return cli_arch(parser->program, parser->arch_name, arch);
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
