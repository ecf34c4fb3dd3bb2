/* A crash inside the library under test should still say which case
 * crashed and end with the closing line tests/run reads. */
#ifndef GCN_TEST_CRASH_H
#define GCN_TEST_CRASH_H

#include "harness.h"

/* Catches SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT: prints the current
 * context and summary's counts with one more failure, then exits with 1.
 * Left to the sanitizers when they are built in (their reports say more). */
void test_crash_guard(test_summary *summary);

/* Records what is being checked now (printf format). */
void test_crash_context(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif
