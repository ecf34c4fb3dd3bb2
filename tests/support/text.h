/* A growing text that gcn_disassemble_buffer's writer appends to, for the
 * tests that compare listings. */
#ifndef GCN_TEST_TEXT_H
#define GCN_TEST_TEXT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct test_text {
    char *data; /* NUL-terminated once anything is appended */
    size_t length, capacity;
} test_text;

/* A gcn_listing_writer: context is a test_text. False when memory runs out. */
bool test_text_append(void *context, const char *data, size_t length);

#endif
