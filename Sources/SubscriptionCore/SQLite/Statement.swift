import CSQLCipher

/// A value bound to, or read from, an SQL statement.
enum SQLiteValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case text(String)
}

/// A prepared statement: prepared in `init`, finalized in `deinit`.
///
/// Parameters bind by position from 1, columns read by position from 0, as in SQLite's C API.
final class Statement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    let sql: String

    init(connection: OpaquePointer, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(handle: connection, sql: sql)
        }
        self.handle = statement
        self.connection = connection
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `values` to parameters 1, 2, ... after clearing earlier bindings.
    func bind(_ values: [SQLiteValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32 = switch value {
            case .null: sqlite3_bind_null(handle, index)
            case .integer(let number): sqlite3_bind_int64(handle, index, number)
            case .text(let text): sqlite3_bind_text(handle, index, text, -1, sqliteTransient)
            }
            guard code == SQLITE_OK else { throw SQLiteError(handle: connection, sql: sql) }
        }
    }

    /// Resets the statement and drops its bindings, so that it can be kept for the next run.
    func clear() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `bytes` to parameter `index` in place, not copied (so SQLite keeps no copy of a
    /// key bound this way), and runs the statement to the end. Other parameters are bound first.
    func run(binding bytes: [UInt8], at index: Int32) throws {
        try bytes.withUnsafeBytes { buffer in
            guard sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), nil) == SQLITE_OK else {
                throw SQLiteError(handle: connection, sql: sql)
            }
            // The bytes are valid only in this closure: SQLite must not see them after it.
            defer { sqlite3_reset(handle); sqlite3_clear_bindings(handle) }
            while try step() {}
        }
    }

    /// Advances to the next row; false when the statement is done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(handle: connection, sql: sql)
        }
    }

    var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The current row's integer at `column`, or nil when it holds something else.
    func int(_ column: Int) -> Int64? {
        let value = columnValue(column)
        return sqlite3_value_type(value) == SQLITE_INTEGER ? sqlite3_value_int64(value) : nil
    }

    /// The current row's text at `column` (an integer as its digits), or nil for NULL.
    func text(_ column: Int) -> String? {
        withBytes(column) { String(decoding: $0, as: UTF8.self) }
    }

    /// Hands `body` a text column's bytes as SQLite holds them, valid only during the call:
    /// for reading many values without making a `String` of each; an integer's are its digits,
    /// as SQLite writes them. Nil for NULL: SQLite gives no text for it, so its type need not be
    /// asked first (a call as dear as the text's, for each of some 40 columns a subscription has).
    func withBytes<T>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T? {
        let value = columnValue(column)
        guard let bytes = sqlite3_value_text(value) else { return nil }
        return try body(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value))))
    }

    /// The current row's value at `column`, read as `sqlite3_column_text` and the like read it
    /// (they are `sqlite3_value_text` of it): one call into the statement for its text and
    /// length, or its type and number, where those made two, each through the statement's
    /// checks (45 a subscription). SQLite calls such a value unprotected: it is not to be read
    /// on another thread, and a connection is used on one.
    private func columnValue(_ column: Int) -> OpaquePointer? {
        sqlite3_column_value(handle, Int32(column))
    }

    func value(at column: Int) -> SQLiteValue {
        let index = Int32(column)
        switch sqlite3_column_type(handle, index) {
        case SQLITE_NULL:
            return .null
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        default:
            guard let text = sqlite3_column_text(handle, index) else { return .null }
            return .text(String(cString: text))
        }
    }
}

/// Tells SQLite to copy bound text, since Swift strings do not outlive the call.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// What a row's columns are read through: a collected `Row`, or a `Statement` on its current row.
protocol RowReading {
    func int(_ column: Int) -> Int64?
    func text(_ column: Int) -> String?
    /// A text column's UTF-8 bytes, valid only during `body`; nil for NULL.
    func withBytes<T>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T?
}

extension Statement: RowReading {}

/// One result row, read by column position.
struct Row: Sendable, RowReading {
    let values: [SQLiteValue]

    subscript(column: Int) -> SQLiteValue { values[column] }

    func int(_ column: Int) -> Int64? {
        if case .integer(let number) = values[column] { return number }
        return nil
    }

    func text(_ column: Int) -> String? {
        switch values[column] {
        case .text(let text): text
        case .integer(let number): String(number)
        case .null: nil
        }
    }

    func withBytes<T>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T? {
        guard var text = text(column) else { return nil }
        return try text.withUTF8(body)
    }
}
