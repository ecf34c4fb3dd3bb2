/* .include and .incbin. */
#include <stdio.h>
#include <string.h>

#include "asm/internal.h"

/* A file name: "quoted" or up to the end. */
static bool file_name(asm_state *state, const char *line, size_t name_end, size_t end, size_t *from,
                      size_t *to, size_t *after)
{
    size_t i = asm_skip_blank(line, name_end, end);
    if (i < end && line[i] == '"') {
        size_t j = i + 1;
        while (j < end && line[j] != '"')
            j++;
        if (j >= end) {
            asm_report(state, true, (unsigned)i + 1, "unterminated file name");
            return false;
        }
        *from = i + 1;
        *to = j;
        *after = j + 1;
    } else {
        size_t j = i;
        while (j < end && line[j] != ',' && line[j] != ' ' && line[j] != '\t')
            j++;
        *from = i;
        *to = j;
        *after = j;
    }
    if (*to == *from) {
        asm_report(state, true, (unsigned)i + 1, "expected a file name");
        return false;
    }
    return true;
}

void asm_directive_include(asm_state *state, const char *line, size_t start, size_t name_end,
                           size_t end, unsigned unused)
{
    (void)start, (void)unused;
    size_t from, to, after;
    if (!file_name(state, line, name_end, end, &from, &to, &after))
        return;
    if (asm_skip_blank(line, after, end) != end) {
        asm_report(state, true, (unsigned)after + 1, "unexpected text after the file name");
        return;
    }
    asm_push_file(state, line + from, to - from, (unsigned)from);
}

/* .incbin "FILE"[, SKIP[, COUNT]] */
void asm_directive_incbin(asm_state *state, const char *line, size_t start, size_t name_end,
                          size_t end, unsigned unused)
{
    (void)unused;
    size_t from, to, after;
    if (!file_name(state, line, name_end, end, &from, &to, &after))
        return;
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + after, line + end);
    int64_t skip = 0, count = -1;
    if (gcn_accept(&cursor, ',') && !asm_number(state, &cursor, &skip))
        return;
    if (gcn_accept(&cursor, ',') && !asm_number(state, &cursor, &count))
        return;
    if (!asm_at_end(state, &cursor, "the operands"))
        return;
    char path[4096];
    const char *including = state->files[state->location.file].path;
    const char *slash = strrchr(including, '/');
    if (line[from] != '/' && slash)
        snprintf(path, sizeof path, "%.*s/%.*s", (int)(slash - including), including, (int)(to - from),
                 line + from);
    else
        snprintf(path, sizeof path, "%.*s", (int)(to - from), line + from);
    const char *reason = "?";
    FILE *file = asm_open_regular(path, &reason);
    if (!file) {
        snprintf(path, sizeof path, "%.*s", (int)(to - from), line + from);
        file = asm_open_regular(path, &reason);
    }
    if (!file) {
        asm_report(state, true, (unsigned)from, "cannot include '%s': %s", path, reason);
        return;
    }
    if (skip < 0 || fseek(file, (long)skip, SEEK_SET) != 0) {
        asm_report(state, true, (unsigned)start + 1, "cannot skip %lld bytes of '%s'", (long long)skip, path);
        fclose(file);
        return;
    }
    uint8_t buffer[65536];
    uint64_t left = count < 0 ? UINT64_MAX : (uint64_t)count;
    while (left) {
        size_t n = fread(buffer, 1, left < sizeof buffer ? (size_t)left : sizeof buffer, file);
        if (n == 0)
            break;
        if (!asm_emit(state, buffer, n, (unsigned)from))
            break;
        left -= n;
    }
    if (ferror(file))
        asm_report(state, true, (unsigned)from, "cannot read '%s'", path);
    fclose(file);
}
