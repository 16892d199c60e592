import CSQLCipher
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open SQLCipher database handle. Owns the handle and closes it in `deinit`.
///
/// Not shared between threads: a command has its connection, and a second one reading beside it
/// on another thread (`PartRows`) has its own.
final class Connection {
    let handle: OpaquePointer
    /// How this connection waits for another process's lock.
    let busyWait: BusyWait

    /// How long a statement waits for another process's lock before failing with `SQLITE_BUSY`.
    static let busyTimeoutMilliseconds: Int32 = 8_000

    /// Opens `path`, creating the file when `create` is set. Use ":memory:" for a private,
    /// in-memory database. `vfs` names an SQLite VFS other than the default.
    init(path: String, create: Bool, vfs: String? = nil, busyWait: BusyWait = .current) throws {
        _ = Self.configured
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, vfs)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(handle: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        self.busyWait = busyWait
        sqlite3_extended_result_codes(handle, 1)
        // The handler is only called inside this connection's own calls, so `self` outlives it.
        sqlite3_busy_handler(handle, waitUnlessMoved, Unmanaged.passUnretained(self).toOpaque())
    }

    /// SQLite set up before its first connection: each connection's first pages of cache come
    /// 16 at once, not 100 (`PageCache`).
    private static let configured: Void = {
        _ = subs_sqlite3_first_cache_pages(PageCache.setUpAtOnce)
    }()

    deinit {
        prepared.removeAll()
        sqlite3_close_v2(handle)
    }

    /// The statements `run` prepared, by their SQL: an import of 100,000 subscriptions runs a few
    /// statements hundreds of thousands of times, and preparing one costs more than running it.
    private var prepared: [String: Statement] = [:]

    /// The statement for `sql`, prepared once per connection.
    private func statement(_ sql: String) throws -> Statement {
        if let statement = prepared[sql] { return statement }
        // SQL built with values in it would grow the cache without end: it starts again.
        if prepared.count >= 128 { prepared.removeAll() }
        let statement = try Statement(connection: handle, sql: sql)
        prepared[sql] = statement
        return statement
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
        let statement = try statement(sql)
        try statement.bind(values)
        // Reset and unbound when done: a kept statement holds no lock and no copy of its values.
        defer { statement.clear() }
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
        try scanRows(sql, values) { row in
            try body(row)
            return true
        }
    }

    /// `forEachRow` while `body` returns true: the rows after that one are not read.
    func scanRows(_ sql: String, _ values: [SQLiteValue] = [], while body: (Statement) throws -> Bool) throws {
        let statement = try Statement(connection: handle, sql: sql)
        try statement.bind(values)
        while try statement.step(), try body(statement) {}
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

    /// `name` as an SQL identifier in double quotes, a quote in it doubled: a table's name read
    /// from the schema is put in a statement as it is.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Runs `body` in a write transaction with foreign key enforcement off, for a change that
    /// writes or deletes the rows a key joins itself (SQLite checks and cascades each key per
    /// row: 70% of an undo of 100,000 subscriptions, a tenth of an import). `body` keeps the
    /// keys whole, and checks what it could have broken, only that: a whole `PRAGMA
    /// foreign_key_check` reads every row of a database of 100,000. Enforcement is as it was
    /// afterwards, whatever happens (`PRAGMA foreign_keys` does nothing inside a transaction,
    /// so it is switched around it).
    func writeTransactionWithoutForeignKeys<T>(_ body: () throws -> T) throws -> T {
        let wereOn = try scalar("PRAGMA foreign_keys") == .integer(1)
        try execute("PRAGMA foreign_keys = OFF")
        defer { if wereOn { try? execute("PRAGMA foreign_keys = ON") } }
        return try writeTransaction(body)
    }

    /// Throws SQLite's own error for a broken key when a row of `table` has a foreign key that
    /// points nowhere (`PRAGMA foreign_key_check` of that table).
    func refuseBrokenForeignKeys(in table: String) throws {
        guard try rows("PRAGMA foreign_key_check(\(Self.quoted(table)))").isEmpty else {
            throw Self.brokenForeignKey(sql: "PRAGMA foreign_key_check(\(table))")
        }
    }

    /// The error SQLite gives for a broken key, for one found by hand with enforcement off.
    static func brokenForeignKey(sql: String) -> SQLiteError {
        // SQLITE_CONSTRAINT_FOREIGNKEY, a macro Swift does not import.
        SQLiteError(extendedCode: SQLITE_CONSTRAINT | 3 << 8, message: "FOREIGN KEY constraint failed", sql: sql)
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

/// How a connection waits for another process's lock: it tries again every `pauseMilliseconds`
/// until `timeoutMilliseconds` have passed, then the statement fails with `SQLITE_BUSY`.
/// Production uses `standard`; tests shorten the wait and watch it through `observer`.
struct BusyWait: Sendable {
    var timeoutMilliseconds: Int32
    var pauseMilliseconds: Int32 = 5
    /// Called before each pause with the number of pauses so far (0 at the first): how a test
    /// sees that a statement found the lock taken and waited.
    var observer: (@Sendable (_ count: Int32) -> Void)? = nil

    static let standard = BusyWait(timeoutMilliseconds: Connection.busyTimeoutMilliseconds)

    /// The wait of the connections opened in this task or thread: `standard`, unless a test
    /// binds another around the code that opens them (`BusyWait.$current.withValue(...)`), as
    /// it must for a store, whose connections are opened deep inside.
    @TaskLocal static var current = BusyWait.standard

    /// This wait, ending after `milliseconds` at most: for a read that must not hang (a Tab) or
    /// work that can as well be done next time.
    func atMost(_ milliseconds: Int32) -> BusyWait {
        var wait = self
        wait.timeoutMilliseconds = min(milliseconds, timeoutMilliseconds)
        return wait
    }
}

/// The busy handler: waits for another process's lock as the connection's `busyWait` says, but
/// stops waiting once the database file was renamed or removed (a restore or rekey put another
/// in its place). Then the caller gets `SQLITE_BUSY`, sees `hasMoved`, and opens the new file: a
/// connection to the old one must not go on, since the old file shares its `-journal` name with
/// the new one.
private func waitUnlessMoved(_ context: UnsafeMutableRawPointer?, _ count: Int32) -> Int32 {
    guard let context else { return 0 }
    let connection = Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue()
    let wait = connection.busyWait
    let pause = max(wait.pauseMilliseconds, 1)
    guard count < wait.timeoutMilliseconds / pause else { return 0 }
    wait.observer?(count)
    usleep(UInt32(pause) * 1000)
    return connection.hasMoved ? 0 : 1
}
