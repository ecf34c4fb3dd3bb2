/* gcndis: disassemble GCN machine code, a whole buffer at a time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dis/disassembler.h"
#include "tools/cli.h"

static void usage(void)
{
    fputs("usage: gcndis -a ARCH [-s clrx|llvm] [-f raw|hex] [-e] [INPUT|-]\n"
          "  -f hex: 32-bit words separated by white space or commas, 0x optional, or\n"
          "          llvm-mc byte lists (0x04,0x50,... or [0x04,0x50,...]); # and // comments\n"
          "  -e: show each instruction's byte offset and words\n"
          "  The clrx text assembles back (gcnasm) to the same bytes; branch targets\n"
          "  are labels. The llvm text keeps llvm-mc's raw branch offsets.\n",
          stderr);
}

/* Standard output through a large buffer. */
typedef struct sink {
    char *data;
    size_t length, capacity;
} sink;

static bool flush(sink *s)
{
    if (s->length && fwrite(s->data, 1, s->length, stdout) != s->length)
        return false;
    s->length = 0;
    return true;
}

static bool write_text(void *context, const char *text, size_t length)
{
    sink *s = context;
    if (s->length + length > s->capacity && !flush(s))
        return false;
    if (length > s->capacity)
        return fwrite(text, 1, length, stdout) == length;
    memcpy(s->data + s->length, text, length);
    s->length += length;
    return true;
}

int main(int argc, char **argv)
{
    const char *arch_name = NULL, *syntax = "clrx", *format = "raw", *input = "-";
    bool show_encoding = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if ((!strcmp(a, "-a") || !strcmp(a, "-s") || !strcmp(a, "-f")) && i + 1 < argc) {
            const char *value = argv[++i];
            if (a[1] == 'a') arch_name = value;
            else if (a[1] == 's') syntax = value;
            else format = value;
        } else if (!strcmp(a, "-e")) {
            show_encoding = true;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage();
            return 0;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "gcndis: unknown option '%s'\n", a);
            usage();
            return 2;
        } else {
            input = a;
        }
    }
    gcn_arch arch;
    if (!arch_name) {
        fputs("gcndis: -a ARCH is required\n", stderr);
        usage();
        return 2;
    }
    if (gcn_arch_from_name(arch_name, &arch) != GCN_OK) {
        fprintf(stderr, "gcndis: unknown architecture '%s'\n", arch_name);
        return 2;
    }
    if (strcmp(syntax, "clrx") && strcmp(syntax, "llvm")) {
        fprintf(stderr, "gcndis: unknown syntax '%s' (clrx or llvm)\n", syntax);
        return 2;
    }
    if (strcmp(format, "raw") && strcmp(format, "hex")) {
        fprintf(stderr, "gcndis: unknown input format '%s' (raw or hex)\n", format);
        return 2;
    }
    char *data;
    size_t length;
    if (!cli_read("gcndis", input, &data, &length))
        return 1;
    uint8_t *bytes = (uint8_t *)data;
    if (!strcmp(format, "hex")) {
        uint8_t *decoded;
        char error[128];
        if (!gcn_read_hex_input(data, length, &decoded, &length, error, sizeof error)) {
            fprintf(stderr, "gcndis: %s: %s\n", strcmp(input, "-") ? input : "<stdin>", error);
            free(data);
            return 1;
        }
        free(data);
        bytes = decoded;
        data = (char *)decoded;
    }
    static char buffer[1 << 16];
    sink out = {buffer, 0, sizeof buffer};
    gcn_listing_options options = {arch, strcmp(syntax, "llvm") ? GCN_DIALECT_CLRX : GCN_DIALECT_LLVM,
                                   show_encoding};
    bool ok = gcn_disassemble_buffer(&options, bytes, length, write_text, &out) && flush(&out) &&
              fflush(stdout) == 0;
    if (!ok)
        perror("gcndis: cannot write the output");
    free(data);
    return ok ? 0 : 1;
}
