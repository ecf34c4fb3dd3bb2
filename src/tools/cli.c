#define _XOPEN_SOURCE 700 /* realpath */
#include "tools/cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* descriptor: NULL to always read; else a named regular file that is not
 * empty is left open there, not read. */
static bool read_input(const char *program, const char *path, char **data, size_t *length, int *descriptor)
{
    bool standard = strcmp(path, "-") == 0;
    int fd = standard ? STDIN_FILENO : open(path, O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, "%s: cannot open '%s': %s\n", program, path, strerror(errno));
        return false;
    }
    /* A regular file is read into a buffer of its size; if it grows, or
     * for a pipe, the buffer doubles. */
    size_t capacity = 1 << 16, used = 0;
    struct stat info;
    bool regular = fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0 &&
                   (uint64_t)info.st_size < SIZE_MAX / 2;
    if (regular)
        capacity = (size_t)info.st_size + 1;
    /* Standard input may be read from the middle of a file: read it. */
    if (regular && descriptor && !standard) {
        *descriptor = fd;
        return true;
    }
    FILE *file = standard ? stdin : fdopen(fd, "rb");
    if (!file) {
        fprintf(stderr, "%s: cannot open '%s': %s\n", program, path, strerror(errno));
        close(fd);
        return false;
    }
    char *buffer = malloc(capacity + 1);
    while (buffer) {
        size_t n = fread(buffer + used, 1, capacity - used, file);
        used += n;
        if (used < capacity)
            break;
        capacity *= 2;
        char *bigger = realloc(buffer, capacity + 1);
        if (!bigger) {
            free(buffer);
            buffer = NULL;
        }
        buffer = bigger;
    }
    bool failed = !buffer || ferror(file);
    int saved = errno;
    if (!standard)
        fclose(file);
    if (failed) {
        fprintf(stderr, "%s: cannot read '%s': %s\n", program, path,
                buffer ? strerror(saved) : "out of memory");
        free(buffer);
        return false;
    }
    buffer[used] = '\0';
    *data = buffer;
    *length = used;
    if (descriptor)
        *descriptor = -1;
    return true;
}

bool cli_read(const char *program, const char *path, char **data, size_t *length)
{
    return read_input(program, path, data, length, NULL);
}

bool cli_open(const char *program, const char *path, int *descriptor, char **data, size_t *length)
{
    return read_input(program, path, data, length, descriptor);
}

bool cli_write(const char *program, const char *path, const void *data, size_t length)
{
    if (strcmp(path, "-") == 0) {
        if (fwrite(data, 1, length, stdout) != length || fflush(stdout) != 0) {
            fprintf(stderr, "%s: cannot write to standard output: %s\n", program, strerror(errno));
            return false;
        }
        return true;
    }
    /* A device or a pipe (say /dev/full, maybe through a symlink) cannot be
     * replaced: write straight to it. */
    struct stat info;
    if (stat(path, &info) == 0 && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode)) {
        FILE *file = fopen(path, "wb");
        bool ok = file && fwrite(data, 1, length, file) == length;
        if (file) {
            ok = fflush(file) == 0 && ok;
            ok = fclose(file) == 0 && ok;
        }
        if (!ok)
            fprintf(stderr, "%s: cannot write '%s': %s\n", program, path, strerror(errno));
        return ok;
    }
    /* Through a symlink, replace the file it names and keep the link. */
    char *resolved = NULL;
    if (lstat(path, &info) == 0 && S_ISLNK(info.st_mode))
        resolved = realpath(path, NULL);
    if (resolved)
        path = resolved;
    size_t n = strlen(path);
    char *temporary = malloc(n + 16);
    if (!temporary) {
        fprintf(stderr, "%s: out of memory\n", program);
        free(resolved);
        return false;
    }
    memcpy(temporary, path, n);
    memcpy(temporary + n, ".tmp.XXXXXX", 12);
    int fd = mkstemp(temporary);
    if (fd < 0) {
        fprintf(stderr, "%s: cannot create '%s': %s\n", program, temporary, strerror(errno));
        free(temporary);
        free(resolved);
        return false;
    }
    /* mkstemp makes the file 0600: give it the mode of the file it
     * replaces, or a new file's (0666 less the umask), as assemblers do. */
    mode_t mode;
    if (stat(path, &info) == 0 && S_ISREG(info.st_mode)) {
        mode = info.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    FILE *file = fchmod(fd, mode) == 0 ? fdopen(fd, "wb") : NULL;
    bool ok = file && fwrite(data, 1, length, file) == length;
    if (file) {
        ok = fflush(file) == 0 && ok;
        ok = fclose(file) == 0 && ok;
    } else {
        close(fd);
    }
    /* ext4 writes a file back at once when it is renamed over another
     * (its auto_da_alloc), which took a third of gcnasm's time: remove the
     * old file first, so that the rename makes a new name. */
    if (ok && lstat(path, &info) == 0 && S_ISREG(info.st_mode))
        unlink(path);
    if (ok && rename(temporary, path) != 0)
        ok = false;
    if (!ok) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", program, path, strerror(errno));
        unlink(temporary);
    }
    free(temporary);
    free(resolved);
    return ok;
}
