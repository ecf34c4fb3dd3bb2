/* ELF objects for gcndis, binary files refused by gcnasm. */
#define _XOPEN_SOURCE 700 /* pread */
#include "tools/object_input.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dis/object.h"
#include "object/elf_read.h"
#include "tools/cli.h"

bool cli_is_elf(const char *path)
{
    bool standard = strcmp(path, "-") == 0;
    int fd = standard ? STDIN_FILENO : open(path, O_RDONLY);
    if (fd < 0)
        return false; /* the usual path says why */
    struct stat info;
    uint8_t magic[4];
    bool elf = false;
    if (fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
        off_t at = standard ? lseek(fd, 0, SEEK_CUR) : 0;
        elf = at >= 0 && pread(fd, magic, sizeof magic, at) == (ssize_t)sizeof magic &&
              gcn_elf_magic(magic, sizeof magic);
    }
    if (!standard)
        close(fd);
    return elf;
}

static bool write_stdout(void *context, const char *text, size_t length)
{
    (void)context;
    return fwrite(text, 1, length, stdout) == length;
}

int gcndis_object(const char *path, const char *arch_name, bool llvm, bool reassemble,
                  bool show_encoding)
{
    const char *name = strcmp(path, "-") ? path : "<stdin>";
    gcn_object_options options = {llvm ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX, arch_name != NULL,
                                  GCN_ARCH_GCN10, reassemble, show_encoding, name};
    if (arch_name && gcn_arch_from_name(arch_name, &options.arch) != GCN_OK) {
        fprintf(stderr, "gcndis: unknown architecture '%s'\n", arch_name);
        return 2;
    }
    char *data;
    size_t length;
    if (!cli_read("gcndis", path, &data, &length))
        return 1;
    char error[300], warning[300];
    bool ok = gcn_disassemble_object(&options, (const uint8_t *)data, length, write_stdout, NULL,
                                     error, sizeof error, warning, sizeof warning);
    free(data);
    if (warning[0])
        fprintf(stderr, "gcndis: %s: warning: %s\n", name, warning);
    if (ok && fflush(stdout) != 0)
        ok = false;
    if (!ok && error[0])
        fprintf(stderr, "gcndis: %s: error: %s\n", name, error);
    else if (!ok)
        perror("gcndis: cannot write the output");
    return ok ? 0 : 1;
}

bool cli_reject_binary(const char *program, const char *path, int descriptor, const char *data,
                       size_t length)
{
    char head[1 << 16];
    if (descriptor >= 0) {
        ssize_t n = pread(descriptor, head, sizeof head, 0);
        if (n <= 0)
            return false; /* the assembler reports a read error */
        data = head;
        length = (size_t)n;
    } else if (length > sizeof head) {
        length = sizeof head;
    }
    const char *nul = memchr(data, '\0', length);
    if (!nul)
        return false;
    const char *name = strcmp(path, "-") ? path : "<stdin>";
    if (gcn_elf_magic((const uint8_t *)data, length))
        fprintf(stderr, "%s: %s: error: an ELF object, not assembly source (gcndis disassembles it)\n",
                program, name);
    else
        fprintf(stderr, "%s: %s: error: a binary file (a NUL byte at offset %zu), not assembly source\n",
                program, name, (size_t)(nul - data));
    return true;
}
