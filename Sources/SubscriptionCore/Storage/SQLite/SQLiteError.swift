import CSQLCipher

/// A failed SQLite call: its extended result code, SQLite's message and the SQL it ran.
///
/// Bound values are never part of the error, so a secret or a user's data cannot leak into a
/// message or a log.
struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_BUSY`, ...).
    let extendedCode: Int32
    let message: String
    let sql: String?

    /// The primary result code, the low byte of the extended one.
    var code: Int32 { extendedCode & 0xFF }

    init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    init(handle: OpaquePointer?, sql: String? = nil) {
        let code = handle.map { sqlite3_extended_errcode($0) } ?? SQLITE_CANTOPEN
        let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        self.init(extendedCode: code, message: message ?? localized("unknown error"), sql: sql)
    }

    var description: String {
        let base = "SQLite error \(extendedCode): \(message)"
        return sql.map { "\(base) (in \($0))" } ?? base
    }

    /// Another process held the database past the busy timeout.
    var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// The file is not a database this key opens: a wrong key, or not a database at all.
    var isNotADatabase: Bool { code == SQLITE_NOTADB }

    /// The file is damaged.
    var isCorrupt: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }
}
