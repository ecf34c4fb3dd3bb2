#include "text.h"

#include <stdlib.h>
#include <string.h>

bool test_text_append(void *context, const char *data, size_t length)
{
    test_text *t = context;
    if (t->length + length + 1 > t->capacity) {
        size_t capacity = t->capacity ? t->capacity * 2 : 4096;
        while (capacity < t->length + length + 1)
            capacity *= 2;
        char *grown = realloc(t->data, capacity);
        if (!grown)
            return false;
        t->data = grown;
        t->capacity = capacity;
    }
    memcpy(t->data + t->length, data, length);
    t->length += length;
    t->data[t->length] = '\0';
    return true;
}
