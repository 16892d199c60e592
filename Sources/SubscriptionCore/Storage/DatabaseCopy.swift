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
    /// Copies `source` into a new file `<target>.tmp-<pid>-<random>` keyed with `key`, syncs
    /// it, reopens it with `key` and checks it (integrity, the same rows per table). Returns the
    /// temporary path; the caller renames it into place or removes it.
    static func write(_ source: Connection, near target: String, key: KeySource, createKey: Bool = false) throws -> String {
        let temporary = target + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try PrivateFiles.createEmpty(temporary)
        do {
            try export(source, to: temporary, key: key, createKey: createKey)
            try sync(temporary)
            let copy = try EncryptedDatabase.keyedConnection(path: temporary, key: key, createKey: false)
            try check(copy, path: temporary, against: source)
            return temporary
        } catch {
            remove(temporary)
            throw error
        }
    }

    /// Runs `body`, which copies the database at `location` and renames the copy over it, while
    /// holding the database's write lock: no `subs` can commit to the old file after it was
    /// copied. One that waits for the lock meanwhile then finds its file moved
    /// (`isMovedDatabase`) and writes to the new one.
    static func replacing<T>(_ location: StoreLocation, _ body: () throws -> T) throws -> T {
        let lock = try EncryptedDatabase.keyedConnection(path: location.databasePath, key: location.key, createKey: false)
        try lock.execute("BEGIN IMMEDIATE")
        defer { try? lock.execute("ROLLBACK") }
        return try body()
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

    private static func export(_ source: Connection, to path: String, key: KeySource, createKey: Bool) throws {
        var (material, isPassphrase) = try KeyMaterial.load(key, createIfMissing: createKey)
        defer { material.zeroize() }
        guard let text = String(validating: material, as: UTF8.self) else {
            throw StoreError.fileSystem(path: "\(key)", message: localized("the passphrase is not UTF-8 text"))
        }
        // Bound, never spliced into the SQL: a passphrase may hold any character.
        try source.run("ATTACH DATABASE ? AS copy KEY ?", [.text(path), .text(text)])
        defer { try? source.execute("DETACH DATABASE copy") }
        if isPassphrase {
            try source.execute("PRAGMA copy.kdf_iter = \(KeyMaterial.passphraseIterations)")
        }
        let version = try source.userVersion
        // One read transaction: the copy is the database at one instant, whatever other
        // processes write meanwhile. Deferred, so a `replacing` lock does not stand in its way.
        try source.execute("BEGIN DEFERRED")
        do {
            _ = try source.scalar("SELECT sqlcipher_export('copy')")
            try source.execute("PRAGMA copy.user_version = \(version)")
            try source.execute("PRAGMA copy.application_id = \(Schema.applicationID)")
            try source.execute("COMMIT")
        } catch {
            try? source.execute("ROLLBACK")
            throw error
        }
    }

    /// Fails with `damaged` unless `copy` passes `integrity_check` and holds as many rows in
    /// each table as `original`.
    static func check(_ copy: Connection, path: String, against original: Connection) throws {
        let result: [Row]
        do {
            result = try copy.rows("PRAGMA integrity_check")
        } catch let error as SQLiteError where error.isCorrupt {
            throw StoreError.damaged(path: path, detail: error.message)
        }
        let messages = result.compactMap { $0.text(0) }
        guard messages == ["ok"] else {
            throw StoreError.damaged(path: path, detail: messages.first ?? localized("integrity check failed"))
        }
        guard try rowCounts(copy) == rowCounts(original), try copy.userVersion == original.userVersion else {
            throw StoreError.damaged(path: path, detail: localized("the copy does not hold the same rows"))
        }
    }

    /// The number of rows in each table, by name.
    static func rowCounts(_ connection: Connection) throws -> [String: Int64] {
        let tables = try connection.rows(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        var counts: [String: Int64] = [:]
        for case let name? in tables.map({ $0.text(0) }) {
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            guard case .integer(let count)? = try connection.scalar("SELECT count(*) FROM \(quoted)") else {
                throw StoreError.damaged(path: "", detail: localized("cannot count the rows of \(name)"))
            }
            counts[name] = count
        }
        return counts
    }

    private static func sync(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw StoreError.fileSystem(path: path, message: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw StoreError.fileSystem(path: path, message: String(cString: strerror(errno)))
        }
    }

    /// Renames `temporary` to `path`, replacing it; the temporary is removed when that fails.
    static func move(_ temporary: String, to path: String) throws {
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            remove(temporary)
            throw StoreError.fileSystem(path: path, message: message)
        }
        syncDirectory(of: path)
    }

    /// Makes a rename durable. A directory that cannot be synced loses nothing but durability.
    static func syncDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
