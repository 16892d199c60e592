#define _GNU_SOURCE
#include "CProcess.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>
#include <signal.h>
#include <sys/mman.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <sys/resource.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

extern char **environ;

int subs_disable_core_dumps(void) {
    // The soft limit only: hooks inherit it, and may raise it again for themselves.
    struct rlimit limit;
    int result = getrlimit(RLIMIT_CORE, &limit);
    if (result == 0) {
        limit.rlim_cur = 0;
        result = setrlimit(RLIMIT_CORE, &limit);
    }
#ifdef __linux__
    if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) result = -1;
#endif
    return result;
}

int subs_die_with_parent(void) {
#ifdef __linux__
    return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
#else
    return -1;
#endif
}

int subs_unnamed_file(const char *name) {
#ifdef __linux__
    return memfd_create(name, MFD_CLOEXEC);
#else
    (void)name;
    return -1;
#endif
}

/// The block `subs_prepare_heap` keeps below the huge pages: held here, so that the compiler
/// does not take its allocation away.
static void *volatile heap_below_huge_pages;

void subs_prepare_heap(void) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
#ifdef MADV_HUGEPAGE
    // The heap grows by this much beyond what is asked, and its top is not given back below it:
    // room for the blocks of a list of thousands, in one stretch that can be advised at once.
    const size_t room = 8 << 20, huge = 2 << 20;
    mallopt(M_TOP_PAD, (int)room);
    // A block that takes the heap's top, freed at once: the heap now ends `room` past it.
    void *block = malloc(room);
    if (block == NULL) return;
    const uintptr_t at = (uintptr_t)block;
    const uintptr_t start = (at + huge - 1) & ~(uintptr_t)(huge - 1);
    free(block);
    // What lies below the first 2 MiB boundary is taken by a block kept unused (only its first
    // page is touched), so that the blocks to come start at the boundary, in huge pages. Should
    // it land elsewhere than the top, it is given back, and those blocks start below it.
    if (start - at > 64) {
        void *below = malloc(start - at - 2 * sizeof(size_t));
        if ((uintptr_t)below == at) heap_below_huge_pages = below; else free(below);
    }
    uintptr_t end = (uintptr_t)sbrk(0) & ~(uintptr_t)(huge - 1);
    // Each whole 2 MiB in it is one huge page, faulted in at once when first touched. Where
    // transparent huge pages are off, or on for every mapping, this changes nothing.
    // Only the heap's own end: were it mapped elsewhere (no room to grow), nothing is advised.
    if (end > start && end - start <= 2 * room) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
#endif
#endif
}

void subs_wipe(void *pointer, size_t count) {
    if (pointer == NULL || count == 0) return;
#if defined(__GLIBC__) || defined(__OpenBSD__) || defined(__FreeBSD__)
    explicit_bzero(pointer, count);
#else
    volatile unsigned char *bytes = pointer;
    while (count--) *bytes++ = 0;
#endif
}

/// The bounds of the environment block the kernel gave the process (fields 50 and 51 of
/// /proc/self/stat, Linux 3.5 and later); 0 when they cannot be read.
static int environment_block(unsigned long *start, unsigned long *end) {
    FILE *file = fopen("/proc/self/stat", "re");
    if (file == NULL) return 0;
    char line[4096];
    size_t length = fread(line, 1, sizeof line - 1, file);
    fclose(file);
    line[length] = '\0';
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    char *field = strrchr(line, ')');
    if (field == NULL) return 0;
    int number = 2;
    while (number < 50) {
        field = strchr(field + 1, ' ');
        if (field == NULL) return 0;
        number += 1;
    }
    return sscanf(field + 1, "%lu %lu", start, end) == 2 && *start < *end;
}

char *subs_take_environment_variable(const char *name) {
    const char *found = getenv(name);
    if (found == NULL) return NULL;
    char *copy = strdup(found);
    if (copy == NULL) return NULL;
    unsigned long start = 0, end = 0;
    size_t name_length = strlen(name);
    if (environment_block(&start, &end)) {
        // Every entry of that name, in case it is there twice; only bytes inside the kernel's
        // block, never a string setenv allocated elsewhere.
        for (char **entry = environ; entry != NULL && *entry != NULL; entry++) {
            char *text = *entry;
            if (strncmp(text, name, name_length) != 0 || text[name_length] != '=') continue;
            char *value = text + name_length + 1;
            size_t value_length = strlen(value);
            unsigned long first = (unsigned long)value, last = first + value_length;
            if (first >= start && last <= end) subs_wipe(value, value_length);
        }
    }
    unsetenv(name);
    return copy;
}
