/* gcnasm: assemble GCN source into machine code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "asm/assembler.h"
#include "tools/cli.h"

static void help(void)
{
    puts("Usage: gcnasm -a ARCH [-s clrx|llvm] [-f raw|hex] [-o OUT] [-I DIR]... [--] [INPUT|-]\n"
         "Assemble AMD GCN source text into machine code.\n"
         "\n"
         "Reads INPUT (standard input without it, or with -) and writes the machine\n"
         "code of its .text section.\n"
         "\n"
         "Options:\n"
         "  -a, --arch ARCH      the generation (required); .gpu or .arch in the\n"
         "                       source change it from there on\n"
         "  -s, --syntax NAME    the dialect: clrx (default) or llvm\n"
         "  -f, --format FORMAT  raw (default): the machine code, little-endian bytes;\n"
         "                       hex: one line per instruction or data directive,\n"
         "                       its 32-bit words as 8 hex digits\n"
         "  -o, --output OUT     the output file; - for standard output; without it\n"
         "                       raw output goes to a.out, hex output to standard output\n"
         "  -I, --include DIR    where .include and .incbin look after the including\n"
         "                       file's directory (repeatable)\n"
         "  -h, --help           this help\n"
         "      --version        the version\n"
         "  --                   ends the options (an INPUT may then start with -)\n"
         "\n"
         "Diagnostics go to standard error as FILE:LINE:COLUMN: error: MESSAGE. On any\n"
         "error the exit status is 1 and an output file is left untouched (standard\n"
         "output still gets the lines that assembled; a line with an error gives\n"
         "nothing). A command-line mistake exits with status 2.");
    cli_help_common(stdout);
}

/* One line per statement: its 32-bit words as 8 hex digits; a trailing
 * part of a word (data directives) as 2 digits a byte. */
static char *hex_lines(const gcn_output *output, size_t *length)
{
    char *text = malloc(output->length * 3 + output->statement_count + 1);
    if (!text)
        return NULL;
    static const char hex[] = "0123456789abcdef";
    size_t used = 0, begin = 0;
    for (size_t s = 0; s < output->statement_count; s++) {
        size_t end = output->statement_ends[s];
        for (size_t i = begin; i < end; i += 4) {
            if (i > begin)
                text[used++] = ' ';
            size_t n = end - i < 4 ? end - i : 4;
            for (size_t b = n; b-- > 0;) {
                text[used++] = hex[output->bytes[i + b] >> 4];
                text[used++] = hex[output->bytes[i + b] & 15];
            }
        }
        if (end > begin)
            text[used++] = '\n';
        begin = end;
    }
    *length = used;
    return text;
}

int main(int argc, char **argv)
{
    static const cli_option options[] = {
        {'f', "format", true}, {'o', "output", true}, {'I', "include", true},
    };
    const char *format = "raw", *out = NULL;
    const char *includes[64];
    size_t include_count = 0;
    cli_parser parser;
    cli_parser_start(&parser, "gcnasm", options, sizeof options / sizeof options[0], help, argc, argv);
    const char *value;
    for (int letter; (letter = cli_next(&parser, &value)) != CLI_END;) {
        if (letter == CLI_EXIT)
            return parser.status;
        if (letter == 'f') {
            if (strcmp(value, "raw") && strcmp(value, "hex"))
                return cli_bad_value(&parser, "output format", value, "raw or hex"), parser.status;
            format = value;
        } else if (letter == 'o') {
            out = value;
        } else if (include_count < sizeof includes / sizeof includes[0]) { /* -I */
            includes[include_count++] = value;
        } else {
            fputs("gcnasm: too many -I directories (limit 64)\n", stderr);
            return 2;
        }
    }
    const char *input = parser.input;
    gcn_arch arch;
    if (!cli_arch_given(&parser, &arch))
        return 2;
    if (!out)
        out = strcmp(format, "hex") == 0 ? "-" : "a.out";
    /* A named file is read by the assembler as it goes (memory does not
     * grow with it); standard input or a pipe is read whole first. */
    char *source = NULL;
    size_t length = 0;
    int descriptor;
    if (!cli_open("gcnasm", input, &descriptor, &source, &length))
        return 1;
    gcn_assembly assembly = {arch, parser.dialect,
                             strcmp(input, "-") ? input : "<stdin>", stderr, 0, 0, 0};
    gcn_output output = {.skip_statement_ends = strcmp(format, "hex") != 0};
    bool ok = descriptor >= 0
                  ? gcn_assemble_file(&assembly, includes, include_count, descriptor, &output)
                  : gcn_assemble_with_includes(&assembly, includes, include_count, source, length, &output);
    if (descriptor >= 0)
        close(descriptor);
    free(source);
    /* On errors a file is left untouched; standard output still gets the
     * lines that assembled. */
    bool to_stdout = strcmp(out, "-") == 0;
    if (ok || to_stdout) {
        bool written;
        if (!strcmp(format, "hex")) {
            size_t text_length;
            char *text = hex_lines(&output, &text_length);
            written = text && cli_write("gcnasm", out, text, text_length);
            free(text);
        } else {
            written = cli_write("gcnasm", out, output.bytes, output.length);
        }
        ok = ok && written;
    }
    gcn_output_free(&output);
    return ok ? 0 : 1;
}
