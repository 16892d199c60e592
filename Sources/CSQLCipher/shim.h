#ifndef SUBS_CSQLCIPHER_SHIM_H
#define SUBS_CSQLCIPHER_SHIM_H

// sqlite3_key and sqlite3_rekey are declared only when the codec is enabled.
#define SQLITE_HAS_CODEC 1
#include <sqlcipher/sqlite3.h>

#endif
