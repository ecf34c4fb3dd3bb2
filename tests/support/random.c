#include "random.h"

#include <stdlib.h>

uint64_t test_seed(void)
{
    const char *value = getenv("GCN_TEST_SEED");
    return value && *value ? strtoull(value, NULL, 0) : 0x67636e5f74657374ull;
}

/* splitmix64: good enough and tiny. */
uint64_t test_random_next(test_random *random)
{
    uint64_t z = (random->state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void test_random_start(test_random *random, uint64_t seed, const char *label, uint64_t a,
                       uint64_t b)
{
    uint64_t hash = 0xcbf29ce484222325ull; /* FNV-1a over the label */
    for (const char *p = label; p && *p; p++)
        hash = (hash ^ (unsigned char)*p) * 0x100000001b3ull;
    random->state = seed ^ hash;
    random->state ^= test_random_next(random) + a * 0x9e3779b97f4a7c15ull;
    random->state ^= test_random_next(random) + b * 0xc2b2ae3d27d4eb4full;
    test_random_next(random);
}

unsigned test_random_below(test_random *random, unsigned bound)
{
    return bound ? (unsigned)(test_random_next(random) % bound) : 0;
}

bool test_random_percent(test_random *random, unsigned percent)
{
    return test_random_below(random, 100) < percent;
}

uint32_t test_random_word(test_random *random)
{
    uint32_t a = (uint32_t)test_random_next(random);
    uint32_t b = (uint32_t)test_random_next(random);
    uint32_t c = (uint32_t)test_random_next(random);
    switch (test_random_below(random, 10)) {
    case 0: return 0;
    case 1: return ~0u;
    case 2: case 3: return a & b & c;       /* sparse: one bit in eight */
    case 4: case 5: return a | b | c;       /* dense */
    default: return a;                      /* uniform */
    }
}

unsigned test_scaled(unsigned count)
{
    const char *value = getenv("GCN_DIFF_SCALE");
    double scale = value && *value ? strtod(value, NULL) : 1.0;
    if (!(scale > 0))
        scale = 1.0;
    double scaled = count * scale;
    if (count && scaled < 1)
        return 1;
    return scaled > 1e8 ? 100000000u : (unsigned)scaled;
}
