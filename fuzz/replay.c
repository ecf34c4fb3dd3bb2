/* Replays saved fuzz inputs through one fuzz target without libFuzzer, each
 * in a child process with a time limit, so a crash or hang counts as one
 * failed case. Linked once per target as build/tests/fuzz_TARGET (the name
 * tells the target) and run by `make test`: the inputs are
 * fuzz/regressions/TARGET/ (or $GCN_FUZZ_REGRESSIONS/TARGET/), or the files
 * and folders given. */
#include <dirent.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuzz.h"

#define TIME_LIMIT_SECONDS 10

static unsigned passed, failed;
static const char *target = "?";

static uint8_t *read_all(const char *path, size_t *size)
{
    FILE *file = fopen(path, "rb");
    if (!file)
        return NULL;
    size_t capacity = 4096, used = 0;
    uint8_t *data = malloc(capacity);
    while (data) {
        used += fread(data + used, 1, capacity - used, file);
        if (used < capacity)
            break;
        uint8_t *bigger = realloc(data, capacity *= 2);
        if (!bigger)
            free(data);
        data = bigger;
    }
    fclose(file);
    *size = used;
    return data;
}

static void replay_file(const char *path)
{
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        size_t size = 0;
        uint8_t *data = read_all(path, &size);
        if (!data) {
            fprintf(stderr, "cannot read %s\n", path);
            _exit(3);
        }
        alarm(TIME_LIMIT_SECONDS);
        LLVMFuzzerTestOneInput(data, size);
        free(data);
        exit(0); /* exit, not _exit: LeakSanitizer checks at exit */
    }
    int status = 0;
    if (child < 0 || waitpid(child, &status, 0) < 0) {
        printf("FAIL fuzz-%s: %s: cannot run it\n", target, path);
        failed++;
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        passed++;
    } else {
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
            printf("FAIL fuzz-%s: %s: still running after %d s\n", target, path,
                   TIME_LIMIT_SECONDS);
        else if (WIFSIGNALED(status))
            printf("FAIL fuzz-%s: %s: signal %d\n", target, path, WTERMSIG(status));
        else
            printf("FAIL fuzz-%s: %s: exit status %d\n", target, path, WEXITSTATUS(status));
        failed++;
    }
}

static void replay(const char *path)
{
    struct stat info;
    if (stat(path, &info) != 0) {
        printf("FAIL fuzz-%s: %s is missing\n", target, path);
        failed++;
        return;
    }
    if (!S_ISDIR(info.st_mode)) {
        replay_file(path);
        return;
    }
    DIR *directory = opendir(path);
    if (!directory) {
        printf("FAIL fuzz-%s: cannot open %s\n", target, path);
        failed++;
        return;
    }
    struct dirent *entry;
    while ((entry = readdir(directory)) != NULL) {
        if (entry->d_name[0] == '.')
            continue;
        char child[4096];
        snprintf(child, sizeof child, "%s/%s", path, entry->d_name);
        if (stat(child, &info) == 0 && S_ISREG(info.st_mode))
            replay_file(child);
    }
    closedir(directory);
}

int main(int argc, char **argv)
{
    const char *slash = strrchr(argv[0], '/');
    target = slash ? slash + 1 : argv[0];
    if (strncmp(target, "fuzz_", 5) == 0)
        target += 5;
    if (argc > 1) {
        for (int i = 1; i < argc; i++)
            replay(argv[i]);
    } else {
        const char *root = getenv("GCN_FUZZ_REGRESSIONS");
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", root && *root ? root : "fuzz/regressions",
                 target);
        replay(path);
    }
    printf("fuzz-%s: %u passed, %u failed, 0 skipped\n", target, passed, failed);
    return failed ? 1 : 0;
}
