#include "llvm.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"

static bool executable(const char *path)
{
    struct stat status;
    return stat(path, &status) == 0 && S_ISREG(status.st_mode) && access(path, X_OK) == 0;
}

static const char *search_path(const char *name, char *out, size_t size)
{
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    while (*path) {
        const char *colon = strchr(path, ':');
        size_t length = colon ? (size_t)(colon - path) : strlen(path);
        if (length && (size_t)snprintf(out, size, "%.*s/%s", (int)length, path, name) < size &&
            executable(out))
            return out;
        path += length + (colon != NULL);
    }
    return NULL;
}

const char *llvm_mc_path(void)
{
    static char found[4096];
    const char *forced = getenv("LLVM_MC");
    if (forced && *forced)
        return executable(forced) ? forced : NULL;
    if (search_path("llvm-mc", found, sizeof found))
        return found;
    if (search_path("llvm-mc-14", found, sizeof found))
        return found;
    return NULL;
}

/* Runs argv with stdin, stdout and stderr on files; returns the exit status or -1. */
static int run_process(char *const argv[], const char *in, const char *out, const char *err)
{
    pid_t child = fork();
    if (child < 0)
        return -1;
    if (child == 0) {
        int i = open(in, O_RDONLY);
        int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (i < 0 || o < 0 || e < 0 || dup2(i, 0) < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0)
            _exit(126);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    while (waitpid(child, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

const char *llvm_mc_version(void)
{
    static char version[200];
    const char *mc = llvm_mc_path();
    if (!mc)
        return "(none)";
    char directory[] = "/tmp/gcn-llvm-XXXXXX";
    if (!mkdtemp(directory))
        return "(unknown)";
    char out[64], in[64];
    snprintf(out, sizeof out, "%s/out", directory);
    snprintf(in, sizeof in, "/dev/null");
    char *argv[] = {(char *)mc, (char *)"--version", NULL};
    snprintf(version, sizeof version, "(unknown)");
    if (run_process(argv, in, out, out) == 0) {
        char *data = test_read_file(out, NULL);
        char *line = data ? strstr(data, "version") : NULL;
        if (line) {
            while (line > data && line[-1] != '\n')
                line--;
            size_t n = strcspn(line, "\n");
            snprintf(version, sizeof version, "%.*s", (int)n, line);
            test_collapse_space(version);
        }
        free(data);
    }
    unlink(out);
    rmdir(directory);
    return version;
}

void llvm_bracket_words(const uint32_t *words, size_t count, char *out, size_t size)
{
    size_t used = 0;
    used += (size_t)snprintf(out, size, "[");
    for (size_t i = 0; i < count && used < size; i++)
        for (int b = 0; b < 4 && used < size; b++)
            used += (size_t)snprintf(out + used, size - used, "%s0x%02x", i || b ? "," : "",
                                     (words[i] >> (8 * b)) & 0xff);
    if (used < size)
        snprintf(out + used, size - used, "]");
}

void llvm_results_free(llvm_result *results, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        free(results[i].text);
        free(results[i].message);
        results[i].text = results[i].message = NULL;
    }
}

/* "...  ; encoding: [0x00,0x00,0x80,0xbf]" -> bytes; the text before it. */
static bool split_encoding(char *line, llvm_result *result)
{
    char *mark = strstr(line, "; encoding: [");
    if (!mark)
        return false;
    *mark = '\0';
    char *p = mark + strlen("; encoding: [");
    result->byte_count = 0;
    while (*p && *p != ']') {
        char *end;
        unsigned long value = strtoul(p, &end, 0);
        if (end == p)
            return false;
        if (result->byte_count < sizeof result->bytes)
            result->bytes[result->byte_count] = (uint8_t)value;
        result->byte_count++;
        p = end;
        if (*p == ',')
            p++;
    }
    return result->byte_count <= sizeof result->bytes;
}

static bool is_marker(const char *collapsed, llvm_mode mode, const char *raw_line)
{
    if (strcmp(collapsed, "v_nop") != 0)
        return false;
    return mode == LLVM_DISASSEMBLE || strstr(raw_line, "[0x00,0x00,0x00,0x7e]") != NULL;
}

static bool match_output(char *data, llvm_mode mode, llvm_result *results, size_t count,
                         char *error, size_t error_size)
{
    size_t index = 0;
    for (char *line = data; line && *line;) {
        char *next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        char raw[160];
        snprintf(raw, sizeof raw, "%s", line);
        llvm_result scratch = {0};
        bool encoded = mode == LLVM_ASSEMBLE && split_encoding(line, &scratch);
        test_collapse_space(line);
        if (*line == '\0' || (line[0] == '.' && !encoded)) { /* .text and the like */
            line = next;
            continue;
        }
        if (mode == LLVM_ASSEMBLE && !encoded) {
            snprintf(error, error_size, "llvm-mc printed '%s' without an encoding", raw);
            return false;
        }
        if (is_marker(line, mode, raw)) {
            index++;
            line = next;
            continue;
        }
        if (index >= count) {
            snprintf(error, error_size, "llvm-mc printed '%s' after the last line", raw);
            return false;
        }
        llvm_result *result = &results[index];
        if (result->accepted) {
            result->extra++;
        } else {
            result->accepted = true;
            result->text = strdup(line);
            memcpy(result->bytes, scratch.bytes, sizeof result->bytes);
            result->byte_count = scratch.byte_count;
        }
        line = next;
    }
    if (index != count) {
        snprintf(error, error_size, "llvm-mc printed %zu markers for %zu lines", index, count);
        return false;
    }
    return true;
}

/* "<stdin>:LINE:COLUMN: error: message": the first diagnostic per line.
 * An error line is never accepted, even if something was printed. */
static void match_diagnostics(char *data, llvm_result *results, size_t count)
{
    for (char *line = data; line && *line;) {
        char *next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        unsigned long number = 0;
        char *p = line;
        if (strncmp(p, "<stdin>:", 8) == 0) {
            number = strtoul(p + 8, &p, 10);
            if (*p == ':')
                strtoul(p + 1, &p, 10);
        }
        /* Input line 2i+1 is line i; even lines are markers. */
        if (number >= 1 && number % 2 == 1 && (number - 1) / 2 < count && *p == ':') {
            llvm_result *result = &results[(number - 1) / 2];
            p++;
            while (*p == ' ')
                p++;
            bool is_error = strncmp(p, "error:", 6) == 0;
            if (!result->message)
                result->message = strdup(p);
            else if (is_error && strncmp(result->message, "error:", 6) != 0) {
                free(result->message);
                result->message = strdup(p);
            }
            if (is_error)
                result->accepted = false;
        }
        line = next;
    }
}

bool llvm_run(const char *cpu, llvm_mode mode, char *const *lines, size_t count,
              llvm_result *results, char *error, size_t error_size)
{
    memset(results, 0, count * sizeof *results);
    const char *mc = llvm_mc_path();
    if (!mc) {
        snprintf(error, error_size, "llvm-mc not found");
        return false;
    }
    const char *temporary = getenv("TMPDIR");
    char directory[4096];
    snprintf(directory, sizeof directory, "%s/gcn-llvm-XXXXXX",
             temporary && *temporary ? temporary : "/tmp");
    if (!mkdtemp(directory)) {
        snprintf(error, error_size, "mkdtemp %s: %s", directory, strerror(errno));
        return false;
    }
    char in[4200], out[4200], err[4200];
    snprintf(in, sizeof in, "%s/in.s", directory);
    snprintf(out, sizeof out, "%s/out", directory);
    snprintf(err, sizeof err, "%s/err", directory);
    bool ok = false;
    FILE *file = fopen(in, "w");
    if (!file) {
        snprintf(error, error_size, "cannot write %s", in);
        goto done;
    }
    const char *marker = mode == LLVM_ASSEMBLE ? "v_nop" : "[0x00,0x00,0x00,0x7e]";
    for (size_t i = 0; i < count; i++)
        fprintf(file, "%s\n%s\n", lines[i], marker);
    if (fclose(file) != 0) {
        snprintf(error, error_size, "cannot write %s", in);
        goto done;
    }
    char arch_option[] = "-arch=amdgcn";
    char cpu_option[64];
    snprintf(cpu_option, sizeof cpu_option, "-mcpu=%s", cpu);
    char mode_option[] = "-show-encoding", disassemble_option[] = "-disassemble";
    char *argv[] = {(char *)mc, arch_option, cpu_option,
                    mode == LLVM_ASSEMBLE ? mode_option : disassemble_option, NULL};
    int status = run_process(argv, in, out, err);
    char *output = test_read_file(out, NULL), *diagnostics = test_read_file(err, NULL);
    if (status < 0 || !output || !diagnostics) {
        snprintf(error, error_size, "could not run %s", mc);
    } else if (match_output(output, mode, results, count, error, error_size)) {
        match_diagnostics(diagnostics, results, count);
        ok = true;
    } else if (status != 0) {
        size_t n = strcspn(diagnostics, "\n");
        snprintf(error + strlen(error), error_size - strlen(error), " (exit %d: %.*s)", status,
                 (int)n, diagnostics);
    }
    free(output);
    free(diagnostics);
done:
    unlink(in);
    unlink(out);
    unlink(err);
    rmdir(directory);
    if (!ok)
        llvm_results_free(results, count);
    return ok;
}
