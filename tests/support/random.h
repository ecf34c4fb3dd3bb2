/* A small deterministic random generator for the property and differential
 * tests, and the count scale they share. */
#ifndef GCN_TEST_RANDOM_H
#define GCN_TEST_RANDOM_H

#include <stdbool.h>
#include <stdint.h>

typedef struct test_random {
    uint64_t state;
} test_random;

/* The base seed: $GCN_TEST_SEED, or a fixed default. */
uint64_t test_seed(void);

/* Seeds a generator from the base seed and a few labels, so that each
 * (purpose, row, generation) draws the same numbers however many other rows
 * the table holds. */
void test_random_start(test_random *random, uint64_t seed, const char *label, uint64_t a,
                       uint64_t b);

uint64_t test_random_next(test_random *random);
/* 0..bound-1; bound 0 gives 0. */
unsigned test_random_below(test_random *random, unsigned bound);
bool test_random_percent(test_random *random, unsigned percent);
/* A 32-bit word drawn from a mix of shapes: uniform, sparse, dense, all
 * zeros, all ones, so that every field often sits at its boundaries. */
uint32_t test_random_word(test_random *random);

/* Multiplies count by $GCN_DIFF_SCALE (default 1, at least 1 is returned
 * when count is nonzero). */
unsigned test_scaled(unsigned count);

#endif
