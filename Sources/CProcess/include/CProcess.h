#ifndef SUBS_CPROCESS_H
#define SUBS_CPROCESS_H

#include <stddef.h>

// What Swift cannot call itself: prctl is variadic, explicit_bzero must not be a store the
// optimizer may drop, and mallopt is declared in no module Swift imports.

/// Turns core dumps off for this process (RLIMIT_CORE's soft limit 0, and not dumpable, which also keeps
/// other processes of the user from reading its memory or /proc/PID/environ). 0 when both held.
int subs_disable_core_dumps(void);

/// Asks the kernel to send SIGKILL to this process when its parent ends. 0 when it holds.
int subs_die_with_parent(void);

/// An unnamed in-memory file, closed on exec (memfd_create with MFD_CLOEXEC); -1 and errno
/// when it cannot be made.
int subs_unnamed_file(const char *name);

/// Overwrites `count` bytes at `pointer` with zeros, in a way the compiler keeps.
void subs_wipe(void *pointer, size_t count);

/// The value of the environment variable `name`, copied into memory the caller wipes and frees
/// (NULL when unset). The variable is then removed from the environment, and its bytes in the
/// block the process started with (what /proc/PID/environ shows) are overwritten with zeros.
char *subs_take_environment_variable(const char *name);

/// Has glibc's malloc serve blocks of up to 32 MiB (its most) from its heap rather than from a
/// mapping each, which is given back when freed: the next block's pages are then faulted in
/// afresh, one by one. And the heap's first 8 MiB are asked for in huge pages (2 MiB on x86_64,
/// where transparent huge pages are on when asked for): one fault, not 512, for each 2 MiB the
/// process fills. Nothing elsewhere.
void subs_prepare_heap(void);

#endif
