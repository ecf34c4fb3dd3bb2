/* Allocating the assembler's large tables (output bytes, symbols, fixups).
 * On a virtual machine each 4 KiB page touched for the first time costs a
 * fault of a few microseconds: 7000 of them were about a fifth of gcnasm's
 * time on a million lines. Asking for transparent huge pages on the 2 MiB
 * aligned middle of a large block turns those faults into a few dozen. The
 * advice is only a hint: where the kernel has huge pages off, nothing
 * changes. */
#define _DEFAULT_SOURCE /* madvise */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "asm/internal.h"

enum { HUGE_PAGE = 2u << 20 };

/* The advice covers the block's whole pages: a large block is a mapping of
 * its own, and advice on only part of it would split it in pieces that
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

void *asm_grow(void *block, size_t size)
{
    return advise_huge(realloc(block, size), size);
}

void *asm_zeroed(size_t count, size_t size)
{
    return advise_huge(calloc(count, size), count * size);
}
