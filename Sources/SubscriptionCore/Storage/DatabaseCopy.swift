import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an encrypted copy of an open database into a new file under another key, the
/// SQLCipher way (`ATTACH ... KEY`, `sqlcipher_export`), and checks the copy before anyone
/// relies on it. Backups, restores and rekeys are all made of this one step and a rename.
enum DatabaseCopy {
    /// A `sqlite_master` entry of the schema's own, not one SQLite keeps (`sqlite_sequence`,
    /// `sqlite_stat1`, an autoindex). Not `NOT LIKE 'sqlite_%'`: `_` there matches any character,
    /// and would leave out a table such as `sqlitebrowser_notes`.
    private static let ownName = "substr(name, 1, 7) <> 'sqlite_'"

    /// Copies `source` into a new file `<target>.tmp-<pid>-<random>` keyed with `key`, syncs
    /// it, reopens it with `key` and checks it (integrity, the same rows per table). Returns the
    /// temporary path; the caller renames it into place or removes it.
    static func write(_ source: Connection, near target: String, key: KeySource, createKey: Bool = false) throws -> String {
        try intoTemporary(near: target) { temporary in
            let copied = try export(source, to: temporary, key: key, createKey: createKey)
            try sync(temporary)
            let copy = try EncryptedDatabase.keyedConnection(path: temporary, key: key, createKey: false)
            try check(copy, path: temporary, holds: copied)
        }
    }

    /// Copies `source` as `write` does, with only the rows of each table that `kept` lets through
    /// (a condition on its rows, as SQL, by table; every row of a table it does not name), then
    /// runs `finish` on the checked copy. When most rows are to go, this is far cheaper than a
    /// copy and a delete: the rows left out are never written, zeroed or journalled. Refused
    /// (`damaged`, `copyDiffers`) for a database holding more than tables and indexes
    /// (`copiesByRows`).
    static func write(
        _ source: Connection, near target: String, key: KeySource, keeping kept: [String: String],
        finish: (Connection) throws -> Void
    ) throws -> String {
        try intoTemporary(near: target) { temporary in
            let copied = try exportRows(source, to: temporary, key: key, keeping: kept)
            let copy = try EncryptedDatabase.keyedConnection(path: temporary, key: key, createKey: false)
            // Every page read back and each tree whole; not each index against its table, which
            // SQLite itself kept in step as it wrote them (three times as long).
            try check(copy, path: temporary, holds: copied, thoroughly: false)
            // Foreign keys are not enforced on it unless `finish` turns them on.
            try finish(copy)
            try sync(temporary)
        }
    }

    /// Creates the empty file `<target>.tmp-<pid>-<random>` and has `body` write it; returns its
    /// path, or removes it when `body` throws.
    private static func intoTemporary(near target: String, _ body: (String) throws -> Void) throws -> String {
        let temporary = target + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try PrivateFiles.createEmpty(temporary)
        do {
            try body(temporary)
            return temporary
        } catch {
            remove(temporary)
            throw error
        }
    }

    /// Whether the database holds only tables and indexes, which `write(_:near:key:keeping:finish:)`
    /// copies; not a view, a trigger, a virtual table, or SQLite's statistics (`sqlite_stat1`).
    static func copiesByRows(_ connection: Connection) throws -> Bool {
        try connection.scalar("""
            SELECT count(*) FROM main.sqlite_master
            WHERE type NOT IN ('table', 'index') OR (type = 'table' AND sql NOT LIKE 'CREATE TABLE %')
                OR (NOT (\(ownName)) AND type = 'table' AND name <> 'sqlite_sequence')
            """) == .integer(0)
    }

    /// What a database held at one instant: the rows of each table, counted, and its schema
    /// version. A copy must hold the same as its source did at the instant it was copied.
    struct Contents: Equatable {
        let rowCounts: [String: Int64]
        let userVersion: Int

        /// Read in one read transaction of its own, or inside the caller's.
        static func of(_ connection: Connection) throws -> Contents {
            try Contents(rowCounts: DatabaseCopy.rowCounts(connection), userVersion: connection.userVersion)
        }
    }

    /// Runs `body`, which copies the database at `location` and renames the copy over it, while
    /// holding the database's write lock: no `subs` can commit to the old file after it was
    /// copied. One that waits for the lock meanwhile then finds its file moved
    /// (`isMovedDatabase`) and writes to the new one.
    ///
    /// `body` gets a connection opened once the lock is held, to read the database from: one
    /// opened before may be of a file that another restore or rekey has since replaced.
    static func replacing<T>(_ location: StoreLocation, _ body: (Connection) throws -> T) throws -> T {
        // Another restore or rekey may put a new file in place while this one waits for the
        // lock: then the lock is of a file no longer in use, and the new one is locked instead.
        for _ in 1...10 {
            let lock = try EncryptedDatabase.keyedConnection(path: location.databasePath, key: location.key, createKey: false)
            do {
                try lock.execute("BEGIN IMMEDIATE")
            } catch where lock.hasMoved {
                continue
            }
            defer { try? lock.execute("ROLLBACK") }
            guard !lock.hasMoved else { continue }
            let reader = try EncryptedDatabase.keyedConnection(path: location.databasePath, key: location.key, createKey: false)
            return try body(reader)
        }
        throw StoreError.locked(path: location.databasePath)
    }

    /// Whether SQLite refused a write because the file was renamed or removed since it was
    /// opened (`SQLITE_READONLY_DBMOVED`): a restore or rekey put another in its place.
    static func isMovedDatabase(_ error: any Error) -> Bool {
        (error as? SQLiteError)?.extendedCode == 1032
    }

    /// Removes what killed runs left in `directory`: files named `<name>.tmp-<pid>-<digits>`
    /// (and their `-journal`) for a `name` that `belongs` accepts, whose process is gone. A file of
    /// a process still running (or of one whose id was reused since) is kept.
    static func removeLeftovers(in directory: String, where belongs: (Substring) -> Bool) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            guard let marker = name.range(of: ".tmp-", options: .backwards), belongs(name[..<marker.lowerBound]) else { continue }
            var suffix = name[marker.upperBound...]
            if suffix.hasSuffix("-journal") { suffix = suffix.dropLast("-journal".count) }
            let parts = suffix.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
                  let pid = Int32(parts[0])
            else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(directory + "/" + name) }
        }
    }

    /// Removes a temporary copy and the journal SQLite may have left next to it.
    static func remove(_ path: String) {
        unlink(path)
        unlink(path + "-journal")
    }

    /// Copies `source` into the file at `path` and returns what it held at that instant: the
    /// copy and the count are made in one read transaction, so what other processes write
    /// meanwhile is in neither (comparing with the live database afterwards would call a
    /// healthy copy damaged whenever another `subs` wrote).
    private static func export(_ source: Connection, to path: String, key: KeySource, createKey: Bool) throws -> Contents {
        try intoAttached(source, path, key: key, createKey: createKey) {
            let contents = try Contents.of(source)
            _ = try source.scalar("SELECT sqlcipher_export('copy')")
            return contents
        }
    }

    /// Copies the schema of `source` into the file at `path` and the rows of each table `kept`
    /// lets through; returns what the copy then holds, counted in the same read transaction.
    private static func exportRows(_ source: Connection, to path: String, key: KeySource, keeping kept: [String: String]) throws -> Contents {
        try intoAttached(source, path, key: key, createKey: false) {
            // Tables, then their rows, then the indexes: an index is built faster at once than
            // row by row. SQLite keeps each statement as `CREATE TABLE name ...` (or
            // `CREATE [UNIQUE] INDEX name ...`), whatever was typed: the name's schema goes
            // after those words, as `sqlcipher_export` does it.
            let schema = try source.rows("""
                SELECT type, name, sql FROM main.sqlite_master
                WHERE sql IS NOT NULL AND \(ownName) ORDER BY type = 'index', rowid
                """)
            var counts: [String: Int64] = [:]
            for entry in schema {
                guard let type = entry.text(0), let name = entry.text(1), let sql = entry.text(2) else { throw Damaged(.copyDiffers) }
                let head = ["CREATE TABLE ", "CREATE INDEX ", "CREATE UNIQUE INDEX "].first { sql.hasPrefix($0) }
                guard let head, (type == "table") == (head == "CREATE TABLE ") else { throw Damaged(.copyDiffers) }
                try source.execute(head + "copy." + sql.dropFirst(head.count))
                guard type == "table" else { continue }
                let table = Connection.quoted(name)
                let condition = kept[name].map { " WHERE \($0)" } ?? ""
                try source.execute("INSERT INTO copy.\(table) SELECT * FROM main.\(table)\(condition)")
                guard case .integer(let count)? = try source.scalar("SELECT count(*) FROM main.\(table)\(condition)") else {
                    throw Damaged(.uncountable(table: name))
                }
                counts[name] = count
            }
            // The next AUTOINCREMENT ids as they were, not the largest left plus one.
            if try source.scalar("SELECT count(*) FROM main.sqlite_master WHERE name = 'sqlite_sequence'") == .integer(1) {
                try source.execute("""
                    DELETE FROM copy.sqlite_sequence;
                    INSERT INTO copy.sqlite_sequence SELECT * FROM main.sqlite_sequence
                    """)
            }
            return Contents(rowCounts: counts, userVersion: try source.userVersion)
        }
    }

    /// Attaches the file at `path` to `source` as `copy`, keyed with `key`, and runs `body` in one
    /// read transaction: the copy is the database at one instant, whatever other processes write
    /// meanwhile. The copy gets `source`'s schema version and the application id.
    private static func intoAttached(
        _ source: Connection, _ path: String, key: KeySource, createKey: Bool, _ body: () throws -> Contents
    ) throws -> Contents {
        var (material, isPassphrase) = try KeyMaterial.load(key, createIfMissing: createKey)
        // Bound as bytes, never spliced into the SQL nor read as text: a passphrase may hold
        // any byte, as `sqlite3_key` takes it when the database is opened.
        try source.attach(path, as: "copy", key: &material)
        defer { try? source.execute("DETACH DATABASE copy") }
        if isPassphrase {
            try source.execute("PRAGMA copy.kdf_iter = \(KeyMaterial.passphraseIterations)")
        }
        try source.execute("PRAGMA copy.cipher_page_size = \(EncryptedDatabase.pageSize)")
        // Deferred, so a `replacing` lock does not stand in its way.
        try source.execute("BEGIN DEFERRED")
        do {
            let contents = try body()
            try source.execute("PRAGMA copy.user_version = \(contents.userVersion)")
            try source.execute("PRAGMA copy.application_id = \(Schema.applicationID)")
            try source.execute("COMMIT")
            return contents
        } catch {
            try? source.execute("ROLLBACK")
            throw error
        }
    }

    /// Fails with `damaged` unless `copy` passes `integrity_check` and holds what its source
    /// held when it was copied: as many rows in each table, the same schema version.
    static func check(_ copy: Connection, path: String, holds expected: Contents, thoroughly: Bool = true) throws {
        let result: [Row]
        do {
            result = try copy.rows(thoroughly ? "PRAGMA integrity_check" : "PRAGMA quick_check")
        } catch let error as SQLiteError where error.isCorrupt {
            throw StoreError.damaged(path: path, damage: .sqlite(error))
        }
        if let damage = EncryptedDatabase.integrityProblem(result) {
            throw StoreError.damaged(path: path, damage: damage)
        }
        guard try Contents.of(copy) == expected else {
            throw StoreError.damaged(path: path, damage: .copyDiffers)
        }
    }

    /// The number of rows in each table, by name.
    static func rowCounts(_ connection: Connection) throws -> [String: Int64] {
        let tables = try connection.rows(
            "SELECT name FROM main.sqlite_master WHERE type = 'table' AND \(ownName)")
        var counts: [String: Int64] = [:]
        for case let name? in tables.map({ $0.text(0) }) {
            guard case .integer(let count)? = try connection.scalar("SELECT count(*) FROM main.\(Connection.quoted(name))") else {
                throw Damaged(.uncountable(table: name))
            }
            counts[name] = count
        }
        return counts
    }

    private static func sync(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileError.fileSystem(path: path, problem: .system(errno: errno))
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw FileError.fileSystem(path: path, problem: .system(errno: errno))
        }
    }

    /// Renames `temporary` to `path`, replacing it; the temporary is removed when that fails.
    static func move(_ temporary: String, to path: String) throws {
        guard rename(temporary, path) == 0 else {
            let code = errno
            remove(temporary)
            throw FileError.fileSystem(path: path, problem: .system(errno: code))
        }
        syncDirectory(of: path)
    }

    /// Makes a rename durable. A directory that cannot be synced loses nothing but durability.
    static func syncDirectory(of path: String) {
        let descriptor = open(PathName.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
