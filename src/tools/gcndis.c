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

static void usage(void)
{
    fputs("usage: gcndis -a ARCH [-s clrx|llvm] [-f raw|hex] [-e] [INPUT|-]\n"
          "       gcndis [-a ARCH] [-s clrx|llvm] [--reassemble] [-e] OBJECT\n"
          "  OBJECT: an AMDGPU ELF object or code object (known by its magic, whatever -f);\n"
          "          a listing as llvm-objdump -d -r prints it, or with --reassemble (and\n"
          "          always in the clrx dialect) source that gcnasm -f elf assembles back\n"
          "  -f hex: 32-bit words separated by white space or commas, 0x optional, or\n"
          "          llvm-mc byte lists (0x04,0x50,... or [0x04,0x50,...]); # and // comments\n"
          "  -e: show each instruction's byte offset and words\n"
          "  The clrx text assembles back (gcnasm) to the same bytes; branch targets\n"
          "  are labels. The llvm text keeps llvm-mc's raw branch offsets.\n",
          stderr);
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
    const char *arch_name = NULL, *syntax = "clrx", *format = "raw", *input = "-";
    bool show_encoding = false, reassemble = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if ((!strcmp(a, "-a") || !strcmp(a, "-s") || !strcmp(a, "-f")) && i + 1 < argc) {
            const char *value = argv[++i];
            if (a[1] == 'a') arch_name = value;
            else if (a[1] == 's') syntax = value;
            else format = value;
        } else if (!strcmp(a, "-e")) {
            show_encoding = true;
        } else if (!strcmp(a, "--reassemble")) {
            reassemble = true;
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
    if (cli_is_elf(input) && (!strcmp(syntax, "clrx") || !strcmp(syntax, "llvm")))
        return gcndis_object(input, arch_name, !strcmp(syntax, "llvm"), reassemble, show_encoding);
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
    gcn_listing_options options = {arch, strcmp(syntax, "llvm") ? GCN_DIALECT_CLRX : GCN_DIALECT_LLVM,
                                   show_encoding};
    return strcmp(format, "hex") ? disassemble_raw(&options, input) : disassemble_hex(&options, input);
}
