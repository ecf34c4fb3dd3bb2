/* gcndis: disassemble GCN machine code. Raw input streams through a block
 * buffer, so memory does not grow with it; -f hex input is read whole. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dis/disassembler.h"
#include "tools/cli.h"
#include "tools/object_input.h"

/* --exact and --reassemble have no one-letter form. */
enum { EXACT_OPTION = 1, REASSEMBLE_OPTION = 2 };

static void help(void)
{
    puts("Usage: gcndis -a ARCH [-s clrx|llvm] [-f raw|hex] [-e] [--exact] [--] [INPUT|-]\n"
         "  or:  gcndis [-a ARCH] [-s clrx|llvm] [--reassemble] [-e] [--] OBJECT\n"
         "Disassemble AMD GCN machine code.\n"
         "\n"
         "Reads INPUT (standard input without it, or with -) and writes one\n"
         "instruction per line to standard output. An OBJECT (an AMDGPU ELF object\n"
         "or code object, known by its magic whatever -f says; its generation from\n"
         "its header unless -a names one) is listed as llvm-objdump -d -r lists it in\n"
         "the llvm dialect, with its kernel descriptors and metadata; with\n"
         "--reassemble, and always in the clrx dialect, as source that gcnasm -f elf\n"
         "assembles back to an equivalent object.\n"
         "\n"
         "Options:\n"
         "  -a, --arch ARCH      the generation (required, but for an OBJECT)\n"
         "  -s, --syntax NAME    the dialect: clrx (default; clrxdisasm's text, branch\n"
         "                       targets become labels) or llvm (llvm-objdump's text,\n"
         "                       with raw branch offsets)\n"
         "  -f, --format FORMAT  raw (default): machine code bytes; hex: 32-bit words\n"
         "                       separated by white space or commas, 0x optional, or\n"
         "                       llvm-mc byte lists (0x04,0x50,... or [0x04,...]);\n"
         "                       # and // start comments\n"
         "  -e, --show-encoding  each instruction's byte offset and words, as\n"
         "                       clrxdisasm and llvm-objdump show them\n"
         "      --exact          text that assembles back (gcnasm) to the same bytes:\n"
         "                       where an instruction's text would lose bits, its first\n"
         "                       word prints as data with the text in a comment, and\n"
         "                       the next word is read afresh\n"
         "      --reassemble     an OBJECT as source for gcnasm -f elf (llvm dialect)\n"
         "  -h, --help           this help\n"
         "      --version        the version\n"
         "  --                   ends the options (an INPUT may then start with -)\n"
         "\n"
         "Words that are no instruction of the generation print as data (.int in clrx,\n"
         ".long in llvm), one word at a time: an illegal opcode of two words prints\n"
         "its first word (in clrx with clrxdisasm's text in a comment), and the next\n"
         "word is read afresh, so that data never hides an instruction. A command-line\n"
         "mistake exits with status 2, an unreadable input with 1.");
    cli_help_common(stdout);
}

static bool write_text(void *context, const char *text, size_t length)
{
    (void)context;
    return fwrite(text, 1, length, stdout) == length;
}

enum { BLOCK_SIZE = 1 << 16 };

/* What went wrong in a walk over raw input. */
typedef enum walk_status { WALK_OK, WALK_READ, WALK_SPOOL, WALK_LISTING } walk_status;

/* One walk over the input, a block at a time, carrying the bytes of a cut
 * instruction over to the next block; the scan may also copy the input to
 * spool. */
static walk_status walk(gcn_listing *listing, FILE *file, uint8_t *block, bool scan, FILE *spool)
{
    size_t carried = 0;
    for (;;) {
        size_t wanted = BLOCK_SIZE - carried;
        size_t n = fread(block + carried, 1, wanted, file);
        if (ferror(file))
            return WALK_READ;
        if (spool && n && fwrite(block + carried, 1, n, spool) != n)
            return WALK_SPOOL;
        size_t length = carried + n, used;
        bool last = n < wanted; /* fread stops short only at the end */
        bool ok = scan ? gcn_listing_scan(listing, block, length, last, &used)
                       : gcn_listing_print(listing, block, length, last, &used);
        if (!ok)
            return WALK_LISTING;
        if (last)
            return WALK_OK;
        carried = length - used;
        memmove(block, block + used, carried);
    }
}

/* Raw input: scan (clrx) and print. A regular file is read again from
 * where it started; other input (a pipe) is copied to a temporary file
 * during the scan. */
static int disassemble_raw(const gcn_listing_options *options, const char *input)
{
    bool standard = strcmp(input, "-") == 0;
    FILE *file = standard ? stdin : fopen(input, "rb");
    if (!file) {
        fprintf(stderr, "gcndis: cannot open '%s': %s\n", input, strerror(errno));
        return 1;
    }
    gcn_listing *listing = gcn_listing_create(options, write_text, NULL);
    uint8_t *block = malloc(BLOCK_SIZE);
    FILE *spool = NULL;
    walk_status status = listing && block ? WALK_OK : WALK_LISTING;
    if (status == WALK_OK && gcn_listing_needs_scan(listing)) {
        struct stat info;
        off_t start = ftello(file);
        bool again = fstat(fileno(file), &info) == 0 && S_ISREG(info.st_mode) && start >= 0;
        if (!again && !(spool = tmpfile())) {
            fprintf(stderr, "gcndis: cannot create a temporary file: %s\n", strerror(errno));
            status = WALK_SPOOL;
        } else {
            status = walk(listing, file, block, true, spool);
            if (status == WALK_OK && (again ? fseeko(file, start, SEEK_SET) : fseeko(spool, 0, SEEK_SET)) != 0)
                status = again ? WALK_READ : WALK_SPOOL;
        }
    }
    if (status == WALK_OK)
        status = walk(listing, spool ? spool : file, block, false, NULL);
    if (status == WALK_OK && fflush(stdout) != 0)
        status = WALK_LISTING;
    int saved = errno;
    if (status == WALK_READ)
        fprintf(stderr, "gcndis: cannot read '%s': %s\n", input, strerror(saved));
    else if (status == WALK_SPOOL && spool)
        fprintf(stderr, "gcndis: cannot write a temporary file: %s\n", strerror(saved));
    else if (status == WALK_LISTING && (!listing || !block))
        fputs("gcndis: out of memory\n", stderr);
    else if (status == WALK_LISTING)
        perror("gcndis: cannot write the output");
    if (spool)
        fclose(spool);
    if (!standard)
        fclose(file);
    free(block);
    gcn_listing_destroy(listing);
    return status == WALK_OK ? 0 : 1;
}

/* -f hex input, read whole. */
static int disassemble_hex(const gcn_listing_options *options, const char *input)
{
    char *data;
    size_t length;
    if (!cli_read("gcndis", input, &data, &length))
        return 1;
    uint8_t *bytes;
    char error[128];
    if (!gcn_read_hex_input(data, length, &bytes, &length, error, sizeof error)) {
        fprintf(stderr, "gcndis: %s: %s\n", strcmp(input, "-") ? input : "<stdin>", error);
        free(data);
        return 1;
    }
    free(data);
    bool ok = gcn_disassemble_buffer(options, bytes, length, write_text, NULL) && fflush(stdout) == 0;
    if (!ok)
        perror("gcndis: cannot write the output");
    free(bytes);
    return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
    static const cli_option options[] = {{'f', "format", true}, {'e', "show-encoding", false},
                                           {EXACT_OPTION, "exact", false},
                                           {REASSEMBLE_OPTION, "reassemble", false}};
    const char *format = "raw";
    bool show_encoding = false, exact = false, reassemble = false;
    cli_parser parser;
    cli_parser_start(&parser, "gcndis", options, sizeof options / sizeof options[0], help, argc, argv);
    const char *value;
    for (int letter; (letter = cli_next(&parser, &value)) != CLI_END;) {
        if (letter == CLI_EXIT)
            return parser.status;
        if (letter == 'e') {
            show_encoding = true;
        } else if (letter == EXACT_OPTION) {
            exact = true;
        } else if (letter == REASSEMBLE_OPTION) {
            reassemble = true;
        } else { /* -f */
            if (strcmp(value, "raw") && strcmp(value, "hex"))
                return cli_bad_value(&parser, "input format", value, "raw or hex"), parser.status;
            format = value;
        }
    }
    const char *input = parser.input;
    gcn_arch arch;
    if (cli_is_elf(input))
        return gcndis_object(input, parser.arch_name, parser.dialect == GCN_DIALECT_LLVM, reassemble,
                             show_encoding);
    if (!cli_arch_given(&parser, &arch))
        return 2;
    gcn_listing_options listing = {arch, parser.dialect, show_encoding, exact};
    /* The listing hands its text over in blocks of 256 KB: unbuffered, each
     * is one write (stdio's buffer cut each in two; 2% of the time). */
    setvbuf(stdout, NULL, _IONBF, 0);
    return strcmp(format, "hex") ? disassemble_raw(&listing, input) : disassemble_hex(&listing, input);
}
