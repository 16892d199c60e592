#ifndef SUBS_CSQLCIPHER_SHIM_H
#define SUBS_CSQLCIPHER_SHIM_H

// sqlite3_key and sqlite3_rekey are declared only when the codec is enabled.
#define SQLITE_HAS_CODEC 1
#include <sqlcipher/sqlite3.h>

/// How many pages of cache each connection sets up at once, before its first read (SQLite's
/// default is 100); it takes the others one by one as it needs them. sqlite3_config takes
/// variable arguments, which Swift cannot pass, and only before SQLite is first used.
static inline int subs_sqlite3_first_cache_pages(int pages) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, pages);
}

#endif
