/* Growing byte buffers, and the arena whose memory lives for one pass. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "asm/internal.h"

bool asm_buffer_reserve(asm_buffer *buffer, size_t more)
{
    if (buffer->length + more <= buffer->capacity)
        return true;
    size_t capacity = buffer->capacity ? buffer->capacity : 256;
    while (capacity < buffer->length + more)
        capacity *= 2;
    char *data = asm_grow(buffer->data, buffer->length, capacity);
    if (!data)
        return false;
    buffer->data = data;
    buffer->capacity = capacity;
    return true;
}

bool asm_buffer_append(asm_buffer *buffer, const void *data, size_t length)
{
    if (!asm_buffer_reserve(buffer, length))
        return false;
    if (length)
        memcpy(buffer->data + buffer->length, data, length);
    buffer->length += length;
    return true;
}

void asm_buffer_free(asm_buffer *buffer)
{
    free(buffer->data);
    memset(buffer, 0, sizeof *buffer);
}

struct asm_chunk {
    struct asm_chunk *next;
    size_t used, size;
    max_align_t data[];
};

void *asm_arena_allocate(asm_arena *arena, size_t size)
{
    size = (size + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    struct asm_chunk *chunk = arena->chunks;
    if (!chunk || chunk->used + size > chunk->size) {
        size_t bytes = size > 65536 ? size : 65536;
        chunk = malloc(sizeof *chunk + bytes);
        if (!chunk)
            return NULL;
        chunk->next = arena->chunks;
        chunk->used = 0;
        chunk->size = bytes;
        arena->chunks = chunk;
    }
    void *p = (char *)chunk->data + chunk->used;
    chunk->used += size;
    return p;
}

char *asm_arena_copy(asm_arena *arena, const char *text, size_t length)
{
    char *copy = asm_arena_allocate(arena, length + 1);
    if (copy) {
        memcpy(copy, text, length);
        copy[length] = '\0';
    }
    return copy;
}

void asm_arena_free(asm_arena *arena)
{
    while (arena->chunks) {
        struct asm_chunk *next = arena->chunks->next;
        free(arena->chunks);
        arena->chunks = next;
    }
}
