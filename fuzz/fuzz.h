/* Shared by the fuzz targets: the libFuzzer entry point and a check that
 * aborts with a message, so libFuzzer (and fuzz/replay.c) see a finding. */
#ifndef GCN_FUZZ_H
#define GCN_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "gcn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(condition, ...)                                                  \
    do {                                                                            \
        if (!(condition)) {                                                         \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #condition); \
            fprintf(stderr, __VA_ARGS__);                                           \
            fputc('\n', stderr);                                                    \
            abort();                                                                \
        }                                                                           \
    } while (0)

/* Little-endian words from bytes; a trailing part of a word is dropped. */
static inline size_t fuzz_words(const uint8_t *data, size_t size, uint32_t *words, size_t max)
{
    size_t count = size / 4 < max ? size / 4 : max;
    for (size_t i = 0; i < count; i++)
        words[i] = (uint32_t)data[4 * i] | (uint32_t)data[4 * i + 1] << 8 |
                   (uint32_t)data[4 * i + 2] << 16 | (uint32_t)data[4 * i + 3] << 24;
    return count;
}

#endif
