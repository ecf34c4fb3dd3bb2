/* gcnasm: assemble GCN source into machine code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "asm/assembler.h"
#include "object/object.h"
#include "tools/cli.h"
#include "tools/object_input.h"

static void usage(void)
{
    fputs("usage: gcnasm -a ARCH [-s clrx|llvm] [-f raw|hex|elf] [-o OUT] [-I DIR]... [INPUT|-]\n"
          "  ARCH: gcn1.0..gcn1.4, gfx6..gfx9, an LLVM cpu (tahiti, tonga, gfx900, ...)\n"
          "        with target features (gfx906:sramecc+:xnack-)\n"
          "        or a CLRX device (Pitcairn, Hawaii, Ellesmere, Vega10, ...);\n"
          "        .gpu/.arch in the source change it from there on\n"
          "  -f hex: one line per instruction or data directive, 32-bit words\n"
          "  -f elf (or -filetype=obj): an ELF relocatable object, as llvm-mc makes it\n"
          "  --amdhsa-code-object-version=3|4: the object's version (4; also\n"
          "        .amdhsa_code_object_version in the source)\n"
          "  -I DIR: where .include looks after the including file's directory\n"
          "  raw and hex output is the .text section; on any error no file is written.\n",
          stderr);
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
    const char *arch_name = NULL, *syntax = "clrx", *format = "raw", *out = NULL, *input = "-";
    const char *includes[64];
    unsigned code_object_version = 0;
    size_t include_count = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strncmp(a, "-I", 2) && (a[2] || i + 1 < argc)) {
            if (include_count == sizeof includes / sizeof includes[0]) {
                fputs("gcnasm: too many -I directories (limit 64)\n", stderr);
                return 2;
            }
            includes[include_count++] = a[2] ? a + 2 : argv[++i];
        } else if ((!strcmp(a, "-a") || !strcmp(a, "-s") || !strcmp(a, "-f") || !strcmp(a, "-o")) &&
            i + 1 < argc) {
            const char *value = argv[++i];
            if (a[1] == 'a') arch_name = value;
            else if (a[1] == 's') syntax = value;
            else if (a[1] == 'f') format = value;
            else out = value;
        } else if (!strcmp(a, "-filetype=obj")) {
            format = "elf";
        } else if (!strncmp(a, "--amdhsa-code-object-version=", 29)) {
            char *end;
            long version = strtol(a + 29, &end, 10);
            if (*end || version < 3 || version > 4) {
                fprintf(stderr, "gcnasm: code object version '%s' is not supported (3 or 4)\n", a + 29);
                return 2;
            }
            code_object_version = (unsigned)version;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage();
            return 0;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "gcnasm: unknown option '%s'\n", a);
            usage();
            return 2;
        } else {
            input = a;
        }
    }
    gcn_arch arch;
    if (!arch_name) {
        fputs("gcnasm: -a ARCH is required\n", stderr);
        usage();
        return 2;
    }
    /* A processor with features (gfx906:xnack-) names its generation. */
    gcn_target target;
    char target_error[160];
    bool is_target = gcn_target_parse(arch_name, strlen(arch_name), &target, target_error, sizeof target_error);
    if (gcn_arch_from_name(arch_name, &arch) != GCN_OK) {
        if (!is_target) {
            if (strchr(arch_name, ':') || strchr(arch_name, '+'))
                fprintf(stderr, "gcnasm: %s\n", target_error);
            else
                fprintf(stderr, "gcnasm: unknown architecture '%s'\n", arch_name);
            return 2;
        }
        arch = target.processor->arch;
    }
    if (strcmp(syntax, "clrx") && strcmp(syntax, "llvm")) {
        fprintf(stderr, "gcnasm: unknown syntax '%s' (clrx or llvm)\n", syntax);
        return 2;
    }
    if (strcmp(format, "raw") && strcmp(format, "hex") && strcmp(format, "elf")) {
        fprintf(stderr, "gcnasm: unknown output format '%s' (raw, hex or elf)\n", format);
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
    gcn_assembly assembly = {arch, strcmp(syntax, "llvm") ? GCN_DIALECT_CLRX : GCN_DIALECT_LLVM,
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
