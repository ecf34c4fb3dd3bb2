/* A small test harness: counts, the first failures in full, and a closing
 * line "NAME: N passed, N failed, N skipped" that tests/run adds up. */
#ifndef GCN_TEST_HARNESS_H
#define GCN_TEST_HARNESS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct test_summary {
    const char *name;
    unsigned passed, failed, skipped;
} test_summary;

void test_pass(test_summary *summary);
void test_fail(test_summary *summary, const char *format, ...) __attribute__((format(printf, 2, 3)));
void test_skip(test_summary *summary, unsigned count, const char *reason);
/* Prints the closing line; returns the exit status (1 if anything failed). */
int test_finish(test_summary *summary);

/* The shared folder (../shared beside the repository, or $GCN_SHARED);
 * NULL if it is missing. */
const char *test_shared_path(void);

/* Reads a whole file; NULL on failure. */
char *test_read_file(const char *path, size_t *length);

/* Splits a tab-separated line in place; returns the field count. */
size_t test_split_tabs(char *line, char **fields, size_t max_fields);

/* Replaces "\n" and "\t" escapes in place. */
void test_unescape(char *text);

/* Collapses runs of white space to one space and trims, in place. */
void test_collapse_space(char *text);

#endif
