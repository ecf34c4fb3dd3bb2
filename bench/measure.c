/* measure: runs a command, its standard output to a file, and prints
 * "wall user system peak_rss_kib status" for bench/run.sh. CPU times come
 * from wait4 in microseconds, so they stay meaningful on a busy machine
 * where wall time does not; peak RSS is the kernel's ru_maxrss, as
 * /usr/bin/time -v reports it. */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double seconds(struct timeval t)
{
    return (double)t.tv_sec + (double)t.tv_usec / 1e6;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fputs("usage: measure OUTPUT COMMAND [ARGUMENT...]\n", stderr);
        return 2;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t child = fork();
    if (child < 0) {
        perror("measure: fork");
        return 2;
    }
    if (child == 0) {
        int output = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (output < 0 || dup2(output, STDOUT_FILENO) < 0) {
            perror("measure: cannot open the output");
            _exit(127);
        }
        close(output);
        execvp(argv[2], argv + 2);
        perror("measure: cannot run the command");
        _exit(127);
    }
    int status;
    struct rusage usage;
    if (wait4(child, &status, 0, &usage) < 0) {
        perror("measure: wait4");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double wall = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    printf("%.6f %.6f %.6f %ld %d\n", wall, seconds(usage.ru_utime), seconds(usage.ru_stime),
           usage.ru_maxrss, code);
    return 0;
}
