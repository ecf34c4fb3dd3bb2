/* What gcnasm and gcndis share: reading input, writing output safely. */
#ifndef GCN_CLI_H
#define GCN_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Reads a whole file ("-": standard input). Prints the reason on failure. */
bool cli_read(const char *program, const char *path, char **data, size_t *length);
/* The same, but a named regular file is mapped read-only (mapped true)
 * where it can be: no copy, and its pages can be given back once read. */
bool cli_map(const char *program, const char *path, char **data, size_t *length, bool *mapped);
/* Frees what cli_read or cli_map gave. */
void cli_release(char *data, size_t length, bool mapped);
/* Writes data to path through a temporary file renamed on success, so a
 * failed run never leaves a partial file ("-": standard output). */
bool cli_write(const char *program, const char *path, const void *data, size_t length);

#endif
