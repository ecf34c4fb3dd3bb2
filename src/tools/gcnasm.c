/* gcnasm: assemble GCN source into machine code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "asm/assembler.h"
#include "object/object.h"
#include "tools/cli.h"
#include "tools/object_input.h"

static void help(void)
{
    puts("Usage: gcnasm -a ARCH [-s clrx|llvm] [-f raw|hex|elf] [-o OUT] [-I DIR]... [--] [INPUT|-]\n"
         "Assemble AMD GCN source text into machine code.\n"
         "\n"
         "Reads INPUT (standard input without it, or with -) and writes the machine\n"
         "code of its .text section (-f raw, -f hex) or an ELF object (-f elf).\n"
         "\n"
         "Options:\n"
         "  -a, --arch ARCH      the generation (required); .gpu or .arch in the\n"
         "                       source change it from there on; an LLVM processor may\n"
         "                       name target features (gfx906:sramecc+:xnack-)\n"
         "  -s, --syntax NAME    the dialect: clrx (default) or llvm\n"
         "  -f, --format FORMAT  raw (default): the machine code, little-endian bytes;\n"
         "                       hex: one line per instruction or data directive,\n"
         "                       its 32-bit words as 8 hex digits; elf: an ELF\n"
         "                       relocatable object for AMDGPU, as llvm-mc\n"
         "                       -filetype=obj makes it (kernel descriptors, metadata)\n"
         "      --filetype obj   the same as -f elf (also -filetype=obj, as llvm-mc)\n"
         "      --amdhsa-code-object-version 3|4\n"
         "                       the object's code object version (default 4; also\n"
         "                       .amdhsa_code_object_version in the source)\n"
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
    enum { FILETYPE = 1, CODE_OBJECT_VERSION = 2 }; /* long options only */
    static const cli_option options[] = {
        {'f', "format", true}, {'o', "output", true}, {'I', "include", true},
        {FILETYPE, "filetype", true}, {CODE_OBJECT_VERSION, "amdhsa-code-object-version", true},
    };
    const char *format = "raw", *out = NULL;
    const char *includes[64];
    unsigned code_object_version = 0;
    size_t include_count = 0;
    cli_parser parser;
    cli_parser_start(&parser, "gcnasm", options, sizeof options / sizeof options[0], help, argc, argv);
    const char *value;
    for (int letter; (letter = cli_next(&parser, &value)) != CLI_END;) {
        if (letter == CLI_EXIT)
            return parser.status;
        if (letter == 'f') {
            if (strcmp(value, "raw") && strcmp(value, "hex") && strcmp(value, "elf"))
                return cli_bad_value(&parser, "output format", value, "raw, hex or elf"), parser.status;
            format = value;
        } else if (letter == FILETYPE) {
            if (strcmp(value, "obj"))
                return cli_bad_value(&parser, "file type", value, "obj"), parser.status;
            format = "elf";
        } else if (letter == CODE_OBJECT_VERSION) {
            if (strcmp(value, "3") && strcmp(value, "4"))
                return cli_bad_value(&parser, "code object version", value, "3 or 4"), parser.status;
            code_object_version = (unsigned)(value[0] - '0');
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
    /* A processor with target features (gfx906:xnack-) names its generation. */
    gcn_target target;
    char target_error[160];
    const char *arch_name = parser.arch_name;
    bool is_target = arch_name && gcn_target_parse(arch_name, strlen(arch_name), &target, target_error,
                                                   sizeof target_error);
    if (is_target && gcn_arch_from_name(arch_name, &arch) != GCN_OK) {
        arch = target.processor->arch;
    } else if (arch_name && !is_target && (strchr(arch_name, ':') || strchr(arch_name, '+'))) {
        fprintf(stderr, "gcnasm: %s\n", target_error);
        return 2;
    } else if (!cli_arch_given(&parser, &arch)) {
        return 2;
    }
    bool elf = strcmp(format, "elf") == 0;
    if (!out)
        out = strcmp(format, "hex") == 0 ? "-" : "a.out";
    /* A named file is read by the assembler as it goes (memory does not
     * grow with it); standard input or a pipe is read whole first. */
    char *source = NULL;
    size_t length = 0;
    int descriptor;
    if (!cli_open("gcnasm", input, &descriptor, &source, &length))
        return 1;
    if (cli_reject_binary("gcnasm", input, descriptor, source, length)) {
        if (descriptor >= 0)
            close(descriptor);
        free(source);
        return 1;
    }
    gcn_assembly assembly = {arch, parser.dialect,
                             strcmp(input, "-") ? input : "<stdin>", stderr, 0, 0, 0};
    gcn_object object = {0};
    gcn_output output = {.skip_statement_ends = strcmp(format, "hex") != 0,
                         .object = elf ? &object : NULL,
                         .target = is_target ? arch_name : NULL,
                         .code_object_version = code_object_version};
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
        if (elf) {
            /* Only a whole object is written: none after an error. */
            size_t size = 0;
            char error[256] = "";
            uint8_t *bytes = ok ? gcn_object_write_elf(&object, &size, error, sizeof error) : NULL;
            if (ok && !bytes)
                fprintf(stderr, "gcnasm: cannot make the ELF object: %s\n", error);
            written = bytes && cli_write("gcnasm", out, bytes, size);
            free(bytes);
        } else if (!strcmp(format, "hex")) {
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
    gcn_object_free(&object);
    return ok ? 0 : 1;
}
