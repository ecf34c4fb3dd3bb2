#include "harness.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* How many failures to show in full: $GCN_TEST_SHOW, default 40. */
static unsigned shown_failures(void)
{
    const char *value = getenv("GCN_TEST_SHOW");
    return value && *value ? (unsigned)strtoul(value, NULL, 10) : 40;
}

void test_pass(test_summary *summary)
{
    summary->passed++;
}

void test_fail(test_summary *summary, const char *format, ...)
{
    if (summary->failed++ < shown_failures()) {
        va_list arguments;
        va_start(arguments, format);
        printf("FAIL %s: ", summary->name);
        vprintf(format, arguments);
        printf("\n");
        va_end(arguments);
    } else if (summary->failed == shown_failures() + 1) {
        printf("FAIL %s: (further failures not shown)\n", summary->name);
    }
}

void test_skip(test_summary *summary, unsigned count, const char *reason)
{
    summary->skipped += count;
    printf("SKIP %s: %u case%s: %s\n", summary->name, count, count == 1 ? "" : "s", reason);
}

int test_finish(test_summary *summary)
{
    printf("%s: %u passed, %u failed, %u skipped\n", summary->name, summary->passed,
           summary->failed, summary->skipped);
    return summary->failed ? 1 : 0;
}

const char *test_shared_path(void)
{
    const char *path = getenv("GCN_SHARED");
    if (!path || !*path)
        path = "../shared";
    struct stat status;
    return stat(path, &status) == 0 && S_ISDIR(status.st_mode) ? path : NULL;
}

char *test_read_file(const char *path, size_t *length)
{
    FILE *file = fopen(path, "rb");
    if (!file)
        return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *data = size >= 0 ? malloc((size_t)size + 1) : NULL;
    if (data && fread(data, 1, (size_t)size, file) != (size_t)size) {
        free(data);
        data = NULL;
    }
    fclose(file);
    if (data) {
        data[size] = '\0';
        if (length)
            *length = (size_t)size;
    }
    return data;
}

size_t test_split_tabs(char *line, char **fields, size_t max_fields)
{
    size_t count = 0;
    char *p = line;
    while (count < max_fields) {
        fields[count++] = p;
        char *tab = strchr(p, '\t');
        if (!tab)
            break;
        *tab = '\0';
        p = tab + 1;
    }
    return count;
}

void test_unescape(char *text)
{
    char *out = text;
    for (char *p = text; *p; p++) {
        if (p[0] == '\\' && p[1] == 'n') {
            *out++ = '\n';
            p++;
        } else if (p[0] == '\\' && p[1] == 't') {
            *out++ = '\t';
            p++;
        } else {
            *out++ = *p;
        }
    }
    *out = '\0';
}

void test_collapse_space(char *text)
{
    char *out = text;
    bool space = false;
    for (char *p = text; *p; p++) {
        if (*p == ' ' || *p == '\t' || *p == '\n') {
            space = out != text;
            continue;
        }
        if (space)
            *out++ = ' ';
        space = false;
        *out++ = *p;
    }
    *out = '\0';
}
