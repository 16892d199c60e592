import CSQLCipher

/// A failed SQLite call: its extended result code, SQLite's message and the SQL it ran.
///
/// Bound values are never part of the error, so a secret or a user's data cannot leak into a
/// message or a log.
public struct SQLiteError: CoreError, Equatable, Sendable {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_BUSY`, ...).
    public let extendedCode: Int32
    /// SQLite's own message, as it wrote it.
    public let message: String
    let sql: String?

    /// The primary result code, the low byte of the extended one.
    public var code: Int32 { extendedCode & 0xFF }

    public var failure: FailureKind { .system }

    init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    init(handle: OpaquePointer?, sql: String? = nil) {
        let code = handle.map { sqlite3_extended_errcode($0) } ?? SQLITE_CANTOPEN
        let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        // SQLite's text for the code when the handle has none.
        self.init(extendedCode: code, message: message ?? String(cString: sqlite3_errstr(code)), sql: sql)
    }

    /// Another process held the database past the busy timeout.
    var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// The file is not a database this key opens: a wrong key, or not a database at all.
    var isNotADatabase: Bool { code == SQLITE_NOTADB }

    /// The file is damaged.
    var isCorrupt: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }
}
