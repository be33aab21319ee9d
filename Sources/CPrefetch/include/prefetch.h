#ifndef GROUPLOG_PREFETCH_H
#define GROUPLOG_PREFETCH_H

// Hints about memory, to the CPU and to the kernel. Each returns at once and changes no result.

#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>

/// Asks the CPU to start loading the cache line at `address` for a read, and returns at once.
/// A hint only: it never faults, whatever the address, and changes no result.
static inline void grouplog_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// Asks the kernel to back the 2 MB-aligned part of `length` bytes at `address`, memory not
/// written yet, with huge pages (`MADV_HUGEPAGE`): one page fault and one TLB entry for 2 MB
/// instead of 512 of each. Where the kernel has no transparent huge pages, or refuses, nothing
/// changes.
static inline void grouplog_prefer_huge_pages(void *address, size_t length) {
#ifdef MADV_HUGEPAGE
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t start = ((uintptr_t)address + huge - 1) & ~(huge - 1);
    uintptr_t end = ((uintptr_t)address + length) & ~(huge - 1);
    if (end > start) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
#endif
}

#endif
