import CSQLCipher
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open SQLCipher database handle. Owns the handle and closes it in `deinit`.
///
/// Not shared between threads: `subs` runs one command per process, each with its own connection.
final class Connection {
    let handle: OpaquePointer

    /// How long a statement waits for another process's lock before failing with `SQLITE_BUSY`.
    static let busyTimeoutMilliseconds: Int32 = 8_000

    /// Opens `path`, creating the file when `create` is set. Use ":memory:" for a private,
    /// in-memory database. `vfs` names an SQLite VFS other than the default.
    init(path: String, create: Bool, vfs: String? = nil) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, vfs)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(handle: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_handler(handle, waitUnlessMoved, UnsafeMutableRawPointer(handle))
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Gives SQLCipher the key material and zeroes the caller's copy.
    ///
    /// SQLCipher reads `x'<64 hex digits>'` as a raw 256-bit key and anything else as a
    /// passphrase for PBKDF2. Nothing is checked here: a wrong key shows at the first read.
    func key(with material: inout [UInt8]) throws {
        defer { material.zeroize() }
        let code = material.withUnsafeBytes { bytes in
            sqlite3_key(handle, bytes.baseAddress, Int32(bytes.count))
        }
        guard code == SQLITE_OK else { throw SQLiteError(handle: handle) }
    }

    /// Attaches the database file at `path` as `name`, keyed with `material` (bound as bytes,
    /// as `key(with:)` gives them, so any byte is kept), and zeroes the caller's copy.
    func attach(_ path: String, as name: String, key material: inout [UInt8]) throws {
        defer { material.zeroize() }
        let statement = try Statement(connection: handle, sql: "ATTACH DATABASE ? AS \(name) KEY ?")
        try statement.bind([.text(path)])
        try statement.run(binding: material, at: 2)
    }

    /// Whether the main database file was renamed or removed since this connection opened it
    /// (a restore or rekey put another file in its place).
    var hasMoved: Bool {
        var moved: Int32 = 0
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK else { return false }
        return moved != 0
    }

    /// Runs one or more statements that take no parameters.
    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw SQLiteError(handle: handle, sql: sql)
        }
    }

    /// Runs one statement with positional parameters.
    func run(_ sql: String, _ values: [SQLiteValue] = []) throws {
        let statement = try Statement(connection: handle, sql: sql)
        try statement.bind(values)
        while try statement.step() {}
    }

    /// Runs a query and collects its rows.
    func rows(_ sql: String, _ values: [SQLiteValue] = []) throws -> [Row] {
        let statement = try Statement(connection: handle, sql: sql)
        try statement.bind(values)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(Row(values: (0..<statement.columnCount).map(statement.value(at:))))
        }
        return rows
    }

    /// Runs a query and hands each row to `body` as it is read, collecting nothing: what a
    /// table of 100,000 rows is read with. The row is valid only during the call.
    func forEachRow(_ sql: String, _ values: [SQLiteValue] = [], _ body: (Statement) throws -> Void) throws {
        let statement = try Statement(connection: handle, sql: sql)
        try statement.bind(values)
        while try statement.step() { try body(statement) }
    }

    /// The first column of the first row, if any.
    func scalar(_ sql: String, _ values: [SQLiteValue] = []) throws -> SQLiteValue? {
        try rows(sql, values).first?[0]
    }

    /// Number of rows the last INSERT, UPDATE or DELETE changed.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: the write lock is taken up front, so two
    /// processes never both read and then fail to upgrade (each waits its turn up to the busy
    /// timeout). Commits when `body` returns, rolls back when it throws, and rethrows the first
    /// error.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        let result: T
        do {
            result = try body()
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        return result
    }

    /// Runs `body` in a deferred transaction, so all its reads see one snapshot.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN DEFERRED")
        defer { try? execute("COMMIT") }
        return try body()
    }

    /// `PRAGMA user_version`: the schema version the migrator last applied.
    var userVersion: Int {
        get throws {
            guard case .integer(let version)? = try scalar("PRAGMA user_version") else { return 0 }
            return Int(version)
        }
    }

    func setUserVersion(_ version: Int) throws {
        try execute("PRAGMA user_version = \(version)")
    }
}

/// The busy handler: waits for another process's lock up to `busyTimeoutMilliseconds`, but stops
/// waiting once the database file was renamed or removed (a restore or rekey put another in its
/// place). Then the caller gets `SQLITE_BUSY`, sees `hasMoved`, and opens the new file: a
/// connection to the old one must not go on, since the old file shares its `-journal` name with
/// the new one.
private func waitUnlessMoved(_ context: UnsafeMutableRawPointer?, _ count: Int32) -> Int32 {
    let pause: Int32 = 5
    guard let context, count < Connection.busyTimeoutMilliseconds / pause else { return 0 }
    usleep(UInt32(pause) * 1000)
    var moved: Int32 = 0
    let code = sqlite3_file_control(OpaquePointer(context), "main", SQLITE_FCNTL_HAS_MOVED, &moved)
    return code == SQLITE_OK && moved != 0 ? 0 : 1
}
