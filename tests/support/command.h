/* Running a tool in a test: a shell command with its standard output and
 * errors caught in files of a temporary folder. */
#ifndef GCN_TEST_COMMAND_H
#define GCN_TEST_COMMAND_H

#include <stdbool.h>
#include <stddef.h>

typedef struct run_result {
    char *out, *err; /* NUL-terminated */
    size_t out_length, err_length;
    int status; /* exit status, or 128 + signal */
} run_result;

/* Makes the temporary folder (NULL if it cannot) and removes it. */
const char *command_folder(void);
void command_folder_remove(void);
/* Runs command through the shell, in no folder of its own. */
run_result command_run(const char *command);
void command_free(run_result *result);
/* Whether a program is on PATH. */
bool command_exists(const char *program);
/* The build folder: $GCN_BUILD, else "build". */
const char *command_build(void);

#endif
