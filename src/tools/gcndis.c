/* gcndis: disassemble GCN machine code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcn.h"
#include "tools/cli.h"

static void usage(void)
{
    fputs("usage: gcndis -a ARCH [-s clrx|llvm] [-f raw|hex] [-e] [INPUT|-]\n"
          "  -f hex: 32-bit words separated by white space, 0x optional, # comments\n"
          "  -e: show each instruction's byte offset and words\n",
          stderr);
}

/* Hex words: white space separated, 0x optional, '#' to the end of a line. */
static bool parse_hex(const char *text, size_t length, uint8_t **bytes, size_t *count)
{
    uint8_t *out = malloc(length / 2 + 8);
    if (!out)
        return false;
    size_t used = 0, line = 1;
    for (size_t i = 0; i < length;) {
        char c = text[i];
        if (c == '\n') line++;
        if (c == '#') {
            while (i < length && text[i] != '\n') i++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',') {
            i++;
            continue;
        }
        if (c == '0' && i + 1 < length && (text[i + 1] == 'x' || text[i + 1] == 'X'))
            i += 2;
        uint32_t word = 0;
        size_t digits = 0;
        for (; i < length; i++, digits++) {
            char d = text[i];
            unsigned v;
            if (d >= '0' && d <= '9') v = (unsigned)(d - '0');
            else if (d >= 'a' && d <= 'f') v = (unsigned)(d - 'a' + 10);
            else if (d >= 'A' && d <= 'F') v = (unsigned)(d - 'A' + 10);
            else break;
            word = word << 4 | v;
        }
        if (digits == 0 || digits > 8 || (i < length && !strchr(" \t\r\n,#", text[i]))) {
            fprintf(stderr, "gcndis: line %zu: expected a 32-bit hex word\n", line);
            free(out);
            return false;
        }
        for (int b = 0; b < 4; b++)
            out[used++] = (uint8_t)(word >> (8 * b));
    }
    *bytes = out;
    *count = used;
    return true;
}

typedef struct output {
    char *data;
    size_t length, capacity;
} output;

static bool out_reserve(output *o, size_t more)
{
    if (o->length + more <= o->capacity)
        return true;
    if (o->length) {
        if (fwrite(o->data, 1, o->length, stdout) != o->length)
            return false;
        o->length = 0;
    }
    return more <= o->capacity;
}

static void out_text(output *o, const char *text, size_t n)
{
    if (out_reserve(o, n)) {
        memcpy(o->data + o->length, text, n);
        o->length += n;
    }
}

static void out_words(output *o, const uint32_t *words, size_t count, bool upper)
{
    char buffer[16];
    for (size_t i = 0; i < count; i++) {
        snprintf(buffer, sizeof buffer, upper ? "%s%08X" : "%s%08x", i ? " " : "", words[i]);
        out_text(o, buffer, strlen(buffer));
    }
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
    gcn_dialect dialect = strcmp(syntax, "llvm") ? GCN_DIALECT_CLRX : GCN_DIALECT_LLVM;
    bool llvm = dialect == GCN_DIALECT_LLVM;
    char *data;
    size_t length;
    if (!cli_read("gcndis", input, &data, &length))
        return 1;
    uint8_t *bytes = (uint8_t *)data;
    if (!strcmp(format, "hex")) {
        uint8_t *decoded;
        if (!parse_hex(data, length, &decoded, &length)) {
            free(data);
            return 1;
        }
        free(data);
        bytes = decoded;
        data = (char *)decoded;
    }
    static char out_buffer[1 << 16];
    output o = {out_buffer, 0, sizeof out_buffer};
    char text[256], prefix[64];
    size_t offset = 0;
    while (offset < length) {
        size_t available = (length - offset) / 4;
        if (available == 0) { /* a trailing part of a word */
            for (; offset < length; offset++) {
                int n = snprintf(text, sizeof text, ".byte 0x%02x\n", bytes[offset]);
                out_text(&o, text, (size_t)n);
            }
            break;
        }
        uint32_t words[GCN_MAX_WORDS];
        size_t count = available < GCN_MAX_WORDS ? available : GCN_MAX_WORDS;
        for (size_t i = 0; i < count; i++)
            words[i] = (uint32_t)bytes[offset + 4 * i] | (uint32_t)bytes[offset + 4 * i + 1] << 8 |
                       (uint32_t)bytes[offset + 4 * i + 2] << 16 |
                       (uint32_t)bytes[offset + 4 * i + 3] << 24;
        gcn_instruction instruction;
        size_t text_length = 0, used = 1;
        gcn_status status = gcn_decode(arch, words, count, &instruction);
        if (status == GCN_OK)
            status = gcn_format(&instruction, dialect, offset, text, sizeof text, &text_length);
        if (status == GCN_OK) {
            used = instruction.word_count;
        } else { /* not an instruction this dialect can express: data */
            text_length = (size_t)snprintf(text, sizeof text, "%s 0x%08x", llvm ? ".long" : ".int",
                                           words[0]);
        }
        if (show_encoding && !llvm) {
            int n = snprintf(prefix, sizeof prefix, "/*%012zx: ", offset);
            out_text(&o, prefix, (size_t)n);
            out_words(&o, words, used, false);
            out_text(&o, "*/ ", 3);
        }
        out_text(&o, text, text_length);
        if (show_encoding && llvm) {
            int n = snprintf(prefix, sizeof prefix, " // %012zX: ", offset);
            out_text(&o, prefix, (size_t)n);
            out_words(&o, words, used, true);
        }
        out_text(&o, "\n", 1);
        offset += used * 4;
    }
    bool ok = out_reserve(&o, sizeof out_buffer) && fflush(stdout) == 0;
    if (!ok)
        perror("gcndis: cannot write the output");
    free(data);
    return ok ? 0 : 1;
}
