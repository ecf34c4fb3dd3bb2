/* Running a tool in a test (command.h). */
#include "command.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "harness.h"

static char folder[64];

const char *command_folder(void)
{
    if (!folder[0]) {
        snprintf(folder, sizeof folder, "/tmp/gcn-test-XXXXXX");
        if (!mkdtemp(folder)) {
            folder[0] = '\0';
            return NULL;
        }
    }
    return folder;
}

void command_folder_remove(void)
{
    if (!folder[0])
        return;
    char command[128];
    snprintf(command, sizeof command, "rm -rf %s", folder);
    if (system(command) != 0)
        printf("cannot remove %s\n", folder);
    folder[0] = '\0';
}

static char *read_path(const char *path, size_t *length)
{
    char *data = test_read_file(path, length);
    if (!data) {
        data = calloc(1, 1);
        *length = 0;
    }
    return data;
}

run_result command_run(const char *command)
{
    char line[4096], out[128], err[128];
    const char *where = command_folder();
    run_result r = {0};
    r.status = 127;
    if (!where) {
        r.out = calloc(1, 1);
        r.err = calloc(1, 1);
        return r;
    }
    snprintf(out, sizeof out, "%s/out", where);
    snprintf(err, sizeof err, "%s/err", where);
    snprintf(line, sizeof line, "%s >%s 2>%s", command, out, err);
    int status = system(line);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    r.out = read_path(out, &r.out_length);
    r.err = read_path(err, &r.err_length);
    return r;
}

void command_free(run_result *r)
{
    free(r->out);
    free(r->err);
}

bool command_exists(const char *program)
{
    char command[256];
    snprintf(command, sizeof command, "command -v %s >/dev/null 2>&1", program);
    return system(command) == 0;
}

const char *command_build(void)
{
    const char *build = getenv("GCN_BUILD");
    return build && *build ? build : "build";
}
