/* What the tools share: their command line (options, architecture,
 * dialect, one input, --help and --version), reading input, writing
 * output safely. */
#ifndef GCN_CLI_H
#define GCN_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gcn.h"

/* An option: -L VALUE (also -LVALUE), or --long VALUE (also
 * --long=VALUE) where long_name is set; a flag takes no value. */
typedef struct cli_option {
    char letter;
    const char *long_name;
    bool takes_value;
} cli_option;

/* Reads argv one option at a time. Every tool has -a/--arch, -s/--syntax,
 * -h/--help and --version, which the parser takes itself; "--" ends the
 * options, and "-" alone is an input (standard input). */
typedef struct cli_parser {
    const char *program;
    const cli_option *options; /* the tool's own */
    size_t option_count;
    void (*help)(void);        /* prints the tool's --help */
    int argc, index;
    char **argv;
    bool options_ended;
    const char *input;         /* the one input, "-" until one is named */
    bool input_named;
    const char *arch_name;     /* -a, NULL until given */
    gcn_dialect dialect;       /* -s, clrx until given */
    int status;                /* after CLI_EXIT: the exit status */
} cli_parser;

enum {
    CLI_END = 0,   /* no more arguments */
    CLI_EXIT = -1  /* stop with parser->status: 0 after --help or --version, 2 after
                      a mistake (reported) */
};
void cli_parser_start(cli_parser *parser, const char *program, const cli_option *options,
                      size_t option_count, void (*help)(void), int argc, char **argv);
/* The next option of the tool's own: its letter (its value in *value),
 * CLI_END or CLI_EXIT. Inputs are taken on the way: a second one is an
 * error ("one input file expected", as llvm-mc says). */
int cli_next(cli_parser *parser, const char **value);
/* An unknown value of an option: reported with the ones known; CLI_EXIT. */
int cli_bad_value(cli_parser *parser, const char *what, const char *value, const char *known);
/* After the options: the architecture -a named (required); false (and
 * reported) if it is missing or unknown. */
bool cli_arch_given(const cli_parser *parser, gcn_arch *arch);

/* The architecture by any of its names; an unknown one is reported with
 * the names known. */
bool cli_arch(const char *program, const char *name, gcn_arch *arch);
/* The help's lines on the architectures and the instruction families
 * the library supports, and those not yet: the same in every tool. */
void cli_help_common(FILE *out);

/* Reads a whole file ("-": standard input). Prints the reason on failure. */
bool cli_read(const char *program, const char *path, char **data, size_t *length);
/* The same, but a named regular file that is not empty is opened, not
 * read: its descriptor in *descriptor, for the caller to read and close
 * (else *descriptor is -1, and the data is the caller's to free). */
bool cli_open(const char *program, const char *path, int *descriptor, char **data, size_t *length);
/* Writes data to path through a temporary file renamed on success, so a
 * failed run never leaves a partial file ("-": standard output). */
bool cli_write(const char *program, const char *path, const void *data, size_t length);

#endif
