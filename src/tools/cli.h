/* What gcnasm and gcndis share: reading input, writing output safely. */
#ifndef GCN_CLI_H
#define GCN_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Reads a whole file ("-": standard input). Prints the reason on failure. */
bool cli_read(const char *program, const char *path, char **data, size_t *length);
/* The same, but a named regular file that is not empty is opened, not
 * read: its descriptor in *descriptor, for the caller to read and close
 * (else *descriptor is -1, and the data is the caller's to free). */
bool cli_open(const char *program, const char *path, int *descriptor, char **data, size_t *length);
/* Writes data to path through a temporary file renamed on success, so a
 * failed run never leaves a partial file ("-": standard output). */
bool cli_write(const char *program, const char *path, const void *data, size_t length);

#endif
