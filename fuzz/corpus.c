/* Builds the fuzz seed corpora and dictionary from the test data:
 *   corpus SHARED_DIR EXAMPLES_DIR OUT_DIR
 * reads SHARED_DIR/vectors/clrx-isa/{dis,asm}.tsv (the whole ISA; without it
 * SHARED_DIR/vectors/clrx/, its first four families) and the .s files of EXAMPLES_DIR and
 * writes OUT_DIR/corpus/TARGET/NNNNN (input layouts as the targets' own
 * comments say) and OUT_DIR/gcn.dict (the mnemonics from the ISA rows and
 * the syntax's words). LLVM texts come from formatting the dis.tsv words
 * with libgcn itself. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "isa/isa.h"

static const char *out_dir;
static unsigned counts[5];
static const char *const targets[5] = {"decode_format", "parse_encode", "assemble", "disassemble",
                                       "assemble_file"};
enum { DECODE_FORMAT, PARSE_ENCODE, ASSEMBLE, DISASSEMBLE, ASSEMBLE_FILE };

/* Concatenated rows per generation and dialect, for whole-buffer seeds. */
typedef struct buffer {
    char *data;
    size_t length, capacity;
} buffer;
static buffer code[GCN_ARCH_COUNT], source[GCN_ARCH_COUNT][2];

static void append(buffer *b, const void *data, size_t length)
{
    if (b->length + length > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 4096;
        while (capacity < b->length + length)
            capacity *= 2;
        char *bigger = realloc(b->data, capacity);
        if (!bigger) {
            perror("corpus");
            exit(1);
        }
        b->data = bigger;
        b->capacity = capacity;
    }
    memcpy(b->data + b->length, data, length);
    b->length += length;
}

static void make_directory(const char *path)
{
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "corpus: cannot create %s: %s\n", path, strerror(errno));
        exit(1);
    }
}

/* One seed: an optional leading control byte (two for assemble_file, the
 * low byte first), then the data. */
static void seed(int target, int control, const void *data, size_t length)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/corpus/%s/%05u", out_dir, targets[target], counts[target]++);
    FILE *file = fopen(path, "wb");
    if (!file) {
        fprintf(stderr, "corpus: cannot write %s: %s\n", path, strerror(errno));
        exit(1);
    }
    if (control >= 0)
        fputc(control, file);
    if (target == ASSEMBLE_FILE) /* a second byte: where the text lands */
        fputc(control >> 8, file);
    fwrite(data, 1, length, file);
    if (fclose(file) != 0) {
        fprintf(stderr, "corpus: cannot write %s\n", path);
        exit(1);
    }
}

static char *read_file(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (!file)
        return NULL;
    buffer b = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, file)) > 0)
        append(&b, chunk, n);
    fclose(file);
    append(&b, "", 1);
    return b.data;
}

static size_t split_tabs(char *line, char **fields, size_t max)
{
    size_t n = 0;
    while (n < max) {
        fields[n++] = line;
        char *tab = strchr(line, '\t');
        if (!tab)
            break;
        *tab = '\0';
        line = tab + 1;
    }
    return n;
}

static void unescape(char *text)
{
    char *out = text;
    for (const char *in = text; *in; in++) {
        if (in[0] == '\\' && (in[1] == 'n' || in[1] == 't')) {
            *out++ = in[1] == 'n' ? '\n' : '\t';
            in++;
        } else {
            *out++ = *in;
        }
    }
    *out = '\0';
}

static void text_seeds(gcn_arch arch, gcn_dialect dialect, const char *text)
{
    size_t length = strlen(text);
    seed(PARSE_ENCODE, -1, text, length);
    seed(ASSEMBLE, (int)arch | (dialect == GCN_DIALECT_LLVM ? 4 : 0), text, length);
    /* One text in 16 for assemble_file, whose runs are slower: copies,
     * filler and distance from the edge spread over them. */
    static unsigned texts;
    if (texts++ % 16 == 0)
        seed(ASSEMBLE_FILE, (int)arch | (dialect == GCN_DIALECT_LLVM ? 4 : 0) | (int)(texts / 16 % 32) << 3 |
                                (int)(texts * 7 % 256) << 8,
             text, length);
    if (source[arch][dialect].length < 16384) {
        append(&source[arch][dialect], text, length);
        append(&source[arch][dialect], "\n", 1);
    }
}

static void dis_rows(char *data)
{
    unsigned row = 0;
    for (char *line = strtok(data, "\n"); line; line = strtok(NULL, "\n"), row++) {
        char *fields[3];
        gcn_arch arch;
        if (row == 0 || split_tabs(line, fields, 3) != 3 ||
            gcn_arch_from_name(fields[0], &arch) != GCN_OK)
            continue;
        uint8_t bytes[1 + 4 * GCN_MAX_WORDS];
        uint32_t words[GCN_MAX_WORDS];
        size_t count = 0;
        char *p = fields[1], *end;
        while (count < GCN_MAX_WORDS) {
            unsigned long word = strtoul(p, &end, 16);
            if (end == p)
                break;
            words[count] = (uint32_t)word;
            for (int b = 0; b < 4; b++)
                bytes[1 + 4 * count + b] = (uint8_t)(word >> (8 * b));
            count++;
            p = end;
        }
        if (count == 0)
            continue;
        /* A spread of small format buffer sizes (bits 2-7). */
        bytes[0] = (uint8_t)(arch | (row % 64) << 2);
        seed(DECODE_FORMAT, -1, bytes, 1 + 4 * count);
        seed(DISASSEMBLE, (int)arch | (row % 2 ? 4 : 0), bytes + 1, 4 * count);
        if (row % 8 == 0) /* hex input (bit 4), -e (bit 3) */
            seed(DISASSEMBLE, (int)arch | 16 | (row % 16 ? 8 : 0), fields[1], strlen(fields[1]));
        if (code[arch].length < 16384)
            append(&code[arch], bytes + 1, 4 * count);
        text_seeds(arch, GCN_DIALECT_CLRX, fields[2]);
        gcn_instruction instruction;
        char text[256];
        if (gcn_decode(arch, words, count, &instruction) == GCN_OK &&
            gcn_format(&instruction, GCN_DIALECT_LLVM, 0, text, sizeof text, NULL) == GCN_OK)
            text_seeds(arch, GCN_DIALECT_LLVM, text);
    }
}

static void asm_rows(char *data)
{
    unsigned row = 0;
    for (char *line = strtok(data, "\n"); line; line = strtok(NULL, "\n"), row++) {
        char *fields[5];
        gcn_arch arch;
        if (row == 0 || split_tabs(line, fields, 5) < 4 ||
            gcn_arch_from_name(fields[0], &arch) != GCN_OK)
            continue;
        unescape(fields[1]);
        text_seeds(arch, GCN_DIALECT_CLRX, fields[1]);
    }
}

static void examples(const char *directory_path)
{
    DIR *directory = opendir(directory_path);
    if (!directory)
        return;
    struct dirent *entry;
    while ((entry = readdir(directory)) != NULL) {
        size_t n = strlen(entry->d_name);
        if (n < 3 || strcmp(entry->d_name + n - 2, ".s") != 0)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", directory_path, entry->d_name);
        char *text = read_file(path);
        if (!text)
            continue;
        for (int arch = 0; arch < GCN_ARCH_COUNT; arch++)
            for (int dialect = 0; dialect < 2; dialect++) {
                seed(ASSEMBLE, arch | dialect << 2, text, strlen(text));
                seed(ASSEMBLE_FILE, arch | dialect << 2 | (arch + dialect) << 3 | (16 + 40 * arch) << 8,
                     text, strlen(text));
            }
        free(text);
    }
    closedir(directory);
}

static void dictionary_word(FILE *file, const char *word)
{
    fputc('"', file);
    for (; *word; word++) {
        unsigned char c = (unsigned char)*word;
        if (c == '"' || c == '\\')
            fprintf(file, "\\%c", c);
        else if (c < 32 || c > 126)
            fprintf(file, "\\x%02X", c);
        else
            fputc(c, file);
    }
    fputs("\"\n", file);
}

/* The syntax's own words, beyond the mnemonics. */
static const char *const syntax_words[] = {
    "s[", "v[", "ttmp[", "s0", "v0", "vcc", "vcc_lo", "vcc_hi", "exec", "exec_lo", "exec_hi",
    "m0", "flat_scratch", "xnack_mask", "tba", "tma", "off", "glc", "slc", "tfe", "lds", "offen",
    "idxen", "addr64", "nv", "offset:", "inst_offset:", "glc:1", "vmcnt(", "expcnt(",
    "lgkmcnt(", "sendmsg(", "MSG_GS", "GS_OP_EMIT", "gpr_idx(", "0x", "0b", "-", "~", "<<",
    ">>", "(", ")", ":", ",", ";", "#", "//", "/*", "*/", "\n", ".byte", ".short", ".int",
    ".long", ".quad", ".word", ".include", ".macro", ".endm", ".rept", ".endr", ".irp",
    ".set", ".equ", ".align", ".p2align", ".text", "label:", "=", "\\", "1f", "1b",
};

int main(int argc, char **argv)
{
    if (argc != 4) {
        fputs("usage: corpus SHARED_DIR EXAMPLES_DIR OUT_DIR\n", stderr);
        return 2;
    }
    out_dir = argv[3];
    char path[4096];
    make_directory(out_dir);
    snprintf(path, sizeof path, "%s/corpus", out_dir);
    make_directory(path);
    for (int t = 0; t < 5; t++) {
        snprintf(path, sizeof path, "%s/corpus/%s", out_dir, targets[t]);
        make_directory(path);
    }
    /* clrx-isa, a superset of clrx: seeds of the scalar ALU and of the
     * families still to come too */
    const char *folder = "clrx-isa";
    snprintf(path, sizeof path, "%s/vectors/%s/dis.tsv", argv[1], folder);
    char *data = read_file(path);
    if (!data) {
        folder = "clrx";
        snprintf(path, sizeof path, "%s/vectors/%s/dis.tsv", argv[1], folder);
        data = read_file(path);
    }
    if (data) {
        dis_rows(data);
        free(data);
    } else {
        fprintf(stderr, "corpus: %s is missing; seeds from the examples only\n", path);
    }
    snprintf(path, sizeof path, "%s/vectors/%s/asm.tsv", argv[1], folder);
    if ((data = read_file(path)) != NULL) {
        asm_rows(data);
        free(data);
    }
    examples(argv[2]);
    for (int arch = 0; arch < GCN_ARCH_COUNT; arch++) {
        if (code[arch].length)
            for (int dialect = 0; dialect < 2; dialect++)
                seed(DISASSEMBLE, arch | dialect << 2, code[arch].data, code[arch].length);
        for (int dialect = 0; dialect < 2; dialect++)
            if (source[arch][dialect].length) {
                seed(ASSEMBLE, arch | dialect << 2, source[arch][dialect].data,
                     source[arch][dialect].length);
                seed(ASSEMBLE_FILE, arch | dialect << 2 | 3 << 3 | arch << 5, source[arch][dialect].data,
                     source[arch][dialect].length > 4096 ? 4096 : source[arch][dialect].length);
            }
        free(code[arch].data);
        free(source[arch][0].data);
        free(source[arch][1].data);
    }
    snprintf(path, sizeof path, "%s/gcn.dict", out_dir);
    FILE *dictionary = fopen(path, "w");
    if (!dictionary) {
        fprintf(stderr, "corpus: cannot write %s\n", path);
        return 1;
    }
    for (size_t i = 0; i < GCN_ROW_COUNT; i++)
        dictionary_word(dictionary, gcn_rows[i].name);
    for (size_t i = 0; i < sizeof syntax_words / sizeof syntax_words[0]; i++)
        dictionary_word(dictionary, syntax_words[i]);
    fclose(dictionary);
    printf("corpus: %u decode_format, %u parse_encode, %u assemble, %u assemble_file, %u disassemble "
           "seeds in %s\n", counts[0], counts[1], counts[2], counts[4], counts[3], out_dir);
    return 0;
}
