#include "crash.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

static test_summary *guarded;
static char context[1024];

void test_crash_context(const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(context, sizeof context, format, arguments);
    va_end(arguments);
}

/* Only async-signal-safe calls from here on. */
static void put(const char *text)
{
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t written = write(1, text, length);
        if (written <= 0)
            return;
        text += written;
        length -= (size_t)written;
    }
}

static void put_unsigned(unsigned value)
{
    char digits[16];
    size_t n = sizeof digits;
    digits[--n] = '\0';
    do {
        digits[--n] = (char)('0' + value % 10);
        value /= 10;
    } while (value && n > 0);
    put(digits + n);
}

static void on_crash(int signal_number)
{
    put("\nFAIL ");
    put(guarded->name);
    put(": crashed with signal ");
    put_unsigned((unsigned)signal_number);
    put(" while checking: ");
    put(context);
    put("\n");
    put(guarded->name);
    put(": ");
    put_unsigned(guarded->passed);
    put(" passed, ");
    put_unsigned(guarded->failed + 1);
    put(" failed, ");
    put_unsigned(guarded->skipped);
    put(" skipped\n");
    _exit(1);
}

void test_crash_guard(test_summary *summary)
{
    guarded = summary;
    setvbuf(stdout, NULL, _IOLBF, 0); /* nothing printed is lost at _exit */
    if (SANITIZED)
        return;
    static const int signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_crash;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
        sigaction(signals[i], &action, NULL);
}
