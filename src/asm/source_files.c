/* Source files: opened (regular files only), read whole when they fit
 * in a window or kept open to be read through one, found for .include
 * beside the including file, as given, or in the -I directories. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "asm/internal.h"

/* Opens a regular file to read, with its size; -1 with *reason otherwise. */
static int open_regular(const char *path, uint64_t *size, const char **reason)
{
    /* O_NONBLOCK: a FIFO nobody writes must not hang the open. */
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        *reason = strerror(errno);
        return -1;
    }
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        *reason = S_ISDIR(info.st_mode) ? strerror(EISDIR) : "not a regular file";
        close(fd);
        return -1;
    }
    if ((uint64_t)info.st_size > ASM_MAX_SECTION_SIZE) {
        *reason = strerror(EFBIG);
        close(fd);
        return -1;
    }
    *size = (uint64_t)info.st_size;
    return fd;
}

FILE *asm_open_regular(const char *path, const char **reason)
{
    uint64_t size;
    int fd = open_regular(path, &size, reason);
    if (fd < 0)
        return NULL;
    FILE *file = fdopen(fd, "rb");
    if (!file) {
        *reason = strerror(errno);
        close(fd);
    }
    return file;
}

size_t asm_read_at(int descriptor, char *into, size_t count, uint64_t offset, bool *failed)
{
    size_t got = 0;
    *failed = false;
    while (got < count) {
        ssize_t n = pread(descriptor, into + got, count - got, (off_t)(offset + got));
        if (n > 0)
            got += (size_t)n;
        else if (n < 0 && errno == EINTR)
            continue;
        else {
            *failed = n < 0;
            break;
        }
    }
    return got;
}

/* Takes descriptor's file (size bytes when opened) as state->files[index]:
 * read whole if it fits in a window, else kept open to be read through
 * one. owned: the descriptor is the assembler's to close. False with
 * *reason on failure, the descriptor closed if owned. */
static bool take_file(asm_file *file, int descriptor, uint64_t size, bool owned, const char **reason)
{
    file->data = NULL;
    file->length = (size_t)size;
    file->descriptor = -1;
    file->owned = true;
    if (size > ASM_WINDOW) {
        file->descriptor = descriptor;
        file->owned = owned;
        return true;
    }
    char *data = malloc((size_t)size + 1);
    bool failed = !data;
    if (data) {
        file->length = asm_read_at(descriptor, data, (size_t)size, 0, &failed);
        data[file->length] = '\0';
    }
    if (failed) {
        *reason = data ? strerror(errno) : "out of memory";
        free(data);
        data = NULL;
    }
    if (owned)
        close(descriptor);
    file->data = data;
    return data != NULL;
}

bool asm_take_source(asm_state *state, int descriptor, const char **reason)
{
    struct stat info;
    if (fstat(descriptor, &info) != 0) {
        *reason = strerror(errno);
        return false;
    }
    if (!S_ISREG(info.st_mode)) {
        *reason = "not a regular file";
        return false;
    }
    if (!take_file(&state->files[0], descriptor, (uint64_t)info.st_size, false, reason))
        return false;
    /* The first pass's window, had here, where a failure can be told. */
    if (state->files[0].descriptor >= 0 && !(state->windows[0] = malloc(ASM_WINDOW))) {
        *reason = "out of memory";
        return false;
    }
    return true;
}

void asm_files_free(asm_state *state)
{
    for (size_t i = 0; i < state->file_count; i++) {
        asm_file *file = &state->files[i];
        free(file->path);
        if (file->owned) {
            free((char *)file->data);
            if (file->descriptor >= 0)
                close(file->descriptor);
        }
    }
    free(state->files);
    state->files = NULL;
    state->file_count = state->file_capacity = 0;
    for (size_t i = 0; i < ASM_MAX_INCLUDE_DEPTH; i++) {
        free(state->windows[i]);
        state->windows[i] = NULL;
    }
}

static bool file_exists(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0;
}

/* The file's index in state->files, reading it the first time. */
static bool open_file(asm_state *state, const char *path, uint32_t *index, const char **error)
{
    for (size_t i = 0; i < state->file_count; i++) {
        if (strcmp(state->files[i].path, path) == 0 &&
            (state->files[i].data || state->files[i].descriptor >= 0)) {
            *index = (uint32_t)i;
            return true;
        }
    }
    if (state->file_count == state->file_capacity) {
        size_t capacity = state->file_capacity ? state->file_capacity * 2 : 8;
        asm_file *files = realloc(state->files, capacity * sizeof *files);
        if (!files) {
            *error = "out of memory";
            return false;
        }
        state->files = files;
        state->file_capacity = capacity;
    }
    uint64_t size;
    int descriptor = open_regular(path, &size, error);
    if (descriptor < 0)
        return false;
    asm_file *file = &state->files[state->file_count];
    file->path = strdup(path);
    if (!file->path) {
        close(descriptor);
        *error = "out of memory";
        return false;
    }
    if (!take_file(file, descriptor, size, true, error)) {
        free(file->path);
        return false;
    }
    *index = (uint32_t)state->file_count++;
    return true;
}

bool asm_enter_file(asm_state *state, asm_frame *frame, uint32_t index)
{
    const asm_file *file = &state->files[index];
    frame->file = index;
    frame->line = 1;
    if (file->descriptor < 0) {
        frame->text = file->data;
        frame->length = file->length;
        return true;
    }
    /* File frames are nested: one window for each include depth. */
    char **window = &state->windows[state->include_depth - 1];
    if (!*window)
        *window = malloc(ASM_WINDOW);
    frame->text = *window;
    frame->length = 0;
    frame->read_offset = 0;
    frame->read_end = file->length;
    return *window != NULL;
}

bool asm_push_file(asm_state *state, const char *name, size_t name_length, unsigned column)
{
    if (state->include_depth >= ASM_MAX_INCLUDE_DEPTH) {
        asm_report(state, true, column, ".include nested too deeply (limit %d): does the file include itself?",
                   ASM_MAX_INCLUDE_DEPTH);
        return false;
    }
    /* Relative names: beside the including file, then as given, then in
     * the -I directories. */
    char path[4096];
    const char *including = state->files[state->location.file].path;
    const char *slash = strrchr(including, '/');
    bool found = false;
    if (name_length == 0 || name_length >= 2048) {
        asm_report(state, true, column, "bad file name");
        return false;
    }
    if (name[0] != '/' && slash) {
        snprintf(path, sizeof path, "%.*s/%.*s", (int)(slash - including), including, (int)name_length,
                 name);
        found = file_exists(path);
    }
    if (!found) {
        snprintf(path, sizeof path, "%.*s", (int)name_length, name);
        found = file_exists(path);
    }
    for (size_t i = 0; !found && name[0] != '/' && i < state->include_directory_count; i++) {
        snprintf(path, sizeof path, "%s/%.*s", state->include_directories[i], (int)name_length, name);
        found = file_exists(path);
    }
    if (!found)
        snprintf(path, sizeof path, "%.*s", (int)name_length, name);
    uint32_t index;
    const char *error = "?";
    if (!open_file(state, path, &index, &error)) {
        asm_report(state, true, column, "cannot include '%s': %s", path, error);
        return false;
    }
    asm_frame *frame = asm_push_frame(state, FRAME_FILE);
    if (!frame) {
        asm_report(state, true, column, "out of memory");
        return false;
    }
    asm_frame_context(state, frame, CONTEXT_FILE, NULL, 0, column);
    if (!asm_enter_file(state, frame, index)) {
        asm_pop_frame(state);
        asm_report(state, true, column, "out of memory");
        return false;
    }
    return true;
}
