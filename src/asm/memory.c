/* Allocating the assembler's large tables (output bytes, symbols, fixups).
 * On a virtual machine each 4 KiB page touched for the first time costs a
 * fault of a few microseconds: 4000 of them were a sixth of gcnasm's time
 * on a million lines. A block of at least a huge page is allocated aligned
 * to one, in whole huge pages, with transparent huge pages advised: then
 * every page of it is huge (a fault per 2 MiB), where realloc's unaligned
 * blocks left a 4 KiB edge of up to 2 MiB at each end, and its growth
 * copies faulted page by page. The advice is only a hint: where the kernel
 * has huge pages off, nothing changes. */
#define _DEFAULT_SOURCE /* madvise */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "asm/internal.h"

enum { HUGE_PAGE = 2u << 20 };

/* A block of size bytes, or NULL; large ones as above. */
static void *allocate_large(size_t size)
{
    size_t whole = (size + HUGE_PAGE - 1) & ~(size_t)(HUGE_PAGE - 1);
    if (whole < size)
        return NULL;
    void *block = aligned_alloc(HUGE_PAGE, whole);
#ifdef MADV_HUGEPAGE
    if (block)
        madvise(block, whole, MADV_HUGEPAGE);
#endif
    return block;
}

/* Advice over the block's whole pages: a large block is a mapping of its
 * own, and advice on only part of it would split it in pieces that
 * realloc could not move with mremap (it would copy them instead). */
static void *advise_huge(void *block, size_t size)
{
#ifdef MADV_HUGEPAGE
    if (block && size >= 2 * HUGE_PAGE) {
        uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
        uintptr_t start = (uintptr_t)block & ~(page - 1);
        uintptr_t end = ((uintptr_t)block + size + page - 1) & ~(page - 1);
        madvise((void *)start, end - start, MADV_HUGEPAGE);
    }
#endif
    return block;
}

void *asm_grow(void *block, size_t used, size_t size)
{
    if (size < HUGE_PAGE)
        return realloc(block, size);
    /* A block already large moves with mremap, without a copy nor a
     * second block beside it; its new pages are huge where aligned. */
    if (used >= HUGE_PAGE)
        return advise_huge(realloc(block, size), size);
    void *bigger = allocate_large(size);
    if (bigger && block) {
        memcpy(bigger, block, used < size ? used : size);
        free(block);
    }
    return bigger;
}

void *asm_zeroed(size_t count, size_t size)
{
    if (count == 0 || size > SIZE_MAX / count || count * size < HUGE_PAGE)
        return calloc(count, size);
    void *block = allocate_large(count * size);
    if (block)
        memset(block, 0, count * size);
    return block;
}
