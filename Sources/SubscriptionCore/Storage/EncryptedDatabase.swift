import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens the SQLCipher database file: keys it, proves the key, checks that it is a subs database
/// of a schema this program knows, and migrates it. Nothing is written before the key is proven,
/// so a wrong key or a foreign file leaves the file byte for byte as it was.
enum EncryptedDatabase {
    /// The page size subs writes. SQLCipher checks (HMAC), encrypts and journals a page at a
    /// time, and sets OpenSSL up for every page: with 4 KB pages rather than SQLCipher 3's
    /// default of 1 KB, undoing an import of 100,000 costs a third less, and the file is smaller.
    static let pageSize = 4096
    /// The page size of the databases subs wrote before: still read, and rewritten with
    /// `pageSize` pages when the database is opened (`convertLegacyPages`). An intact encrypted
    /// file of either size is a whole number of these.
    static let legacyPageSize = 1024

    /// Opens the database at `location`. When the file does not exist: returns nil, or creates
    /// it (mode 0600 in a 0700 directory, with a new key file when needed) if `create` is set.
    /// The file, its key and their directories must pass `PrivateFiles.checkPrivate`.
    static func open(_ location: StoreLocation, create: Bool) throws -> Connection? {
        // A rekey renames a new database and a new key file into place one after the other: a
        // key read just before one rename may not open the file read just after it. When the
        // files changed meanwhile the open is tried again; when they did not, the key is wrong.
        for _ in 1...5 {
            let before = KeyFiles(location)
            do {
                return try openOnce(location, create: create)
            } catch StoreError.wrongKey where KeyFiles(location) != before {
                continue
            } catch StoreError.missingKey where KeyFiles(location) != before {
                continue
            }
        }
        return try openOnce(location, create: create)
    }

    /// Which files the database and its key are now (their inodes): a rekey changes them.
    private struct KeyFiles: Equatable {
        let identities: [[Int]]

        init(_ location: StoreLocation) {
            var paths = [location.databasePath]
            if case .keyFile(let keyPath) = location.key {
                paths += [keyPath] + Rekey.keyFilesBesidePending(keyPath).map(Rekey.pendingPath)
            }
            identities = paths.map { path in
                var info = stat()
                guard stat(path, &info) == 0 else { return [] }
                return [Int(info.st_dev), Int(info.st_ino), Int(info.st_size)]
            }
        }
    }

    private static func openOnce(_ location: StoreLocation, create: Bool) throws -> Connection? {
        let path = location.databasePath
        if try !PrivateFiles.checkPrivate(path, as: .database) {
            guard create else { return nil }
            try createDatabase(location)
            _ = try PrivateFiles.checkPrivate(path, as: .database)
        }
        if let problem = unencryptedOrTruncated(path) {
            throw StoreError.notADatabase(path: path, reason: problem)
        }
        // An empty file (say from `touch`) is a database not yet written: it may get a new key.
        let isEmpty = PrivateFiles.size(of: path) == 0
        func requireKeyFile() throws {
            if case .keyFile(let keyPath) = location.key, !isEmpty, try !PrivateFiles.exists(keyPath) {
                throw StoreError.missingKey(database: path, keyFile: keyPath)
            }
        }
        if !isEmpty, let connection = try Rekey.finishInterrupted(location, open: {
            try requireKeyFile()
            return try openKeyed(location, createKey: false)
        }) {
            return try convertLegacyPages(connection, location)
        }
        try requireKeyFile()
        do {
            return try convertLegacyPages(openKeyed(location, createKey: isEmpty), location)
        } catch where isEmpty && isUnreadable(error) {
            // SQLCipher salted our key for an empty file, and another process wrote the database
            // first with its own salt: open again, now reading the salt from the file.
            return try openKeyed(location, createKey: false)
        }
    }

    /// Returns `connection` when its database has `pageSize` pages. A database of the former
    /// 1 KB pages is first rewritten with 4 KB ones, as a rekey rewrites it (a checked copy
    /// renamed over it under the write lock), and opened again. When that cannot be done now
    /// (a read-only directory, a full disk, another process writing) the database is used as it
    /// is, and converted by a later run.
    private static func convertLegacyPages(_ connection: Connection, _ location: StoreLocation) throws -> Connection {
        guard try pageSize(of: connection) == legacyPageSize else { return connection }
        let path = location.databaseFile()
        guard access(PathName.directory(of: path), W_OK) == 0 else { return connection }
        do {
            // A command that only reads must not wait behind a long write for a conversion
            // that can as well be done next time.
            try BusyWait.$current.withValue(BusyWait.current.atMost(200)) {
                try DatabaseCopy.replacing(location) { locked in
                    // Another process may have converted it while this one waited for the lock.
                    guard try pageSize(of: locked) == legacyPageSize else { return }
                    // The copies of conversions that were killed.
                    DatabaseCopy.removeLeftovers(in: PathName.directory(of: path)) { $0 == PathName.name(of: path) }
                    let copy = try DatabaseCopy.write(locked, near: path, key: location.key)
                    try DatabaseCopy.move(copy, to: path)
                }
            }
        } catch {
            return connection
        }
        return try openKeyed(location, createKey: false)
    }

    /// The page size SQLCipher reads the connection's main database with.
    static func pageSize(of connection: Connection) throws -> Int? {
        switch try connection.scalar("PRAGMA cipher_page_size") {
        case .integer(let size)?: Int(size)
        case .text(let size)?: Int(size)
        default: nil
        }
    }

    private static func isUnreadable(_ error: any Error) -> Bool {
        switch error {
        case let error as SQLiteError: error.isNotADatabase
        case StoreError.wrongKey: true
        default: false
        }
    }

    static func openKeyed(_ location: StoreLocation, createKey: Bool) throws -> Connection {
        let connection = try keyedConnection(path: location.databasePath, key: location.key, createKey: createKey)
        try prove(connection, location: location)
        try connection.execute("PRAGMA foreign_keys = ON")
        let version = try connection.userVersion
        if version > 0, version < Schema.migrator.latestVersion {
            // A migration rewrites tables: keep the data as it was, in case it goes wrong.
            try Backup.automatic(connection, location: location, reason: "migration")
        }
        try Schema.migrator.migrate(connection)
        return connection
    }

    /// Opens another connection to the database at `location`, to read beside the one a command
    /// holds (`PartRows`); nil with a passphrase, which would be derived a second time. A key
    /// file costs a read. The database was opened, checked and migrated by the first.
    static func another(_ location: StoreLocation) -> (@Sendable () throws -> Connection)? {
        guard case .keyFile = location.key else { return nil }
        return { try keyedConnection(path: location.databasePath, key: location.key, createKey: false) }
    }

    static func keyedConnection(path: String, key source: KeySource, createKey: Bool) throws -> Connection {
        var (key, isPassphrase) = try KeyMaterial.load(source, createIfMissing: createKey)
        defer { key.zeroize() }
        let connection = try Connection(path: path, create: false)
        guard case .text(let version)? = try connection.scalar("PRAGMA cipher_version"),
              !version.isEmpty
        else { throw StoreError.cipherUnavailable }
        try connection.key(with: &key)
        if isPassphrase {
            try connection.execute("PRAGMA kdf_iter = \(KeyMaterial.passphraseIterations)")
        }
        // A database of the former 1 KB pages does not read with 4 KB ones (its first page fails
        // its check), nor one of 4 KB pages with 1 KB ones: the other size is tried. The key is
        // derived once, for both tries.
        let sizes = pageSizesToTry(path)
        try connection.execute("PRAGMA cipher_page_size = \(sizes.first)")
        if PrivateFiles.size(of: path) ?? 0 > 0, try !reads(connection) {
            try connection.execute("PRAGMA cipher_page_size = \(sizes.then)")
        }
        return connection
    }

    /// 4 KB first, unless a journal is beside the file. A journal left by a killed write is
    /// rolled back at the first read, at the page size its header gives (1 KB for one an earlier
    /// subs left), and SQLCipher 3.4.1 must then not be set to pages larger than that: it would
    /// decrypt past the end of SQLite's page (`valgrind` showed the read past a 1 KB page, and
    /// the process crashed). 1 KB first is safe with a journal of either size. SQLite keeps the
    /// journal beside the file a link leads to, not beside the link.
    private static func pageSizesToTry(_ path: String) -> (first: Int, then: Int) {
        let journal = PrivateFiles.followingLinks(path) + "-journal"
        return PrivateFiles.size(of: journal) ?? 0 > 0 ? (legacyPageSize, pageSize) : (pageSize, legacyPageSize)
    }

    /// Whether the first page reads. Only a failed check ("not a database") is not reading;
    /// anything else (a lock held past the busy timeout) is thrown, so that it is not taken
    /// for the other page size and then for a wrong key.
    private static func reads(_ connection: Connection) throws -> Bool {
        do {
            _ = try connection.scalar("SELECT count(*) FROM sqlite_master")
            return true
        } catch let error as SQLiteError where error.isNotADatabase {
            return false
        }
    }

    /// Reads every page (`PRAGMA quick_check`; each page's HMAC is verified as it is decrypted)
    /// and fails with `damaged` unless the file is whole. Cheap at the size of a subs database.
    static func checkIntegrity(_ connection: Connection, path: String) throws {
        let result: [Row]
        do {
            result = try connection.rows("PRAGMA quick_check")
        } catch let error as SQLiteError where error.isCorrupt {
            throw StoreError.damaged(path: path, damage: .sqlite(error))
        }
        if let damage = integrityProblem(result) {
            throw StoreError.damaged(path: path, damage: damage)
        }
    }

    /// What the rows of an `integrity_check` or `quick_check` say is wrong, in one line: the
    /// first problem and how many more (a damaged page can give dozens). Nil when it says "ok".
    static func integrityProblem(_ result: [Row]) -> Damage? {
        // A row may hold several problems, one a line, after a "*** in database main ***" heading.
        let problems = result.compactMap { $0.text(0) }
            .flatMap { $0.split(whereSeparator: \.isNewline) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !($0.hasPrefix("*** in database") && $0.hasSuffix("***")) }
        guard problems != ["ok"] else { return nil }
        return .integrity(first: problems.first, more: max(problems.count - 1, 0))
    }

    /// A private in-memory database with the current schema: what reads see before the
    /// database file exists, so that `subs list` on a new machine creates nothing.
    static func empty(categories: [String]) throws -> Connection {
        let connection = try Connection(path: ":memory:", create: true)
        try Schema.migrator.migrate(connection)
        try Schema.nameDefaultCategories(connection, categories)
        return connection
    }

    /// Reads the first page, which fails unless the key is right (SQLCipher checks each page's
    /// HMAC), then checks the file is ours and not from a newer `subs`.
    static func prove(_ connection: Connection, location: StoreLocation) throws {
        let path = location.databasePath
        let tableCount: SQLiteValue?
        do {
            tableCount = try connection.scalar("SELECT count(*) FROM sqlite_master")
        } catch let error as SQLiteError where error.isNotADatabase {
            throw StoreError.wrongKey(database: path, key: location.key)
        } catch let error as SQLiteError where error.isBusy {
            throw StoreError.locked(path: path)
        }
        let applicationID = try connection.scalar("PRAGMA application_id")
        let version = try connection.userVersion
        let isEmpty = tableCount == .integer(0) && version == 0
        guard isEmpty || applicationID == .integer(Int64(Schema.applicationID)) else {
            throw StoreError.notADatabase(path: path, reason: .anotherProgram)
        }
        if version > Schema.migrator.latestVersion {
            throw StoreError.newerSchema(
                path: path, found: version, known: Schema.migrator.latestVersion)
        }
    }

    /// Why the file cannot be a subs database whatever the key, or nil when only a key can tell.
    /// Encrypted pages are indistinguishable from noise, so an intact encrypted file is simply a
    /// whole number of pages.
    static func unencryptedOrTruncated(_ path: String) -> NotADatabaseReason? {
        let size = PrivateFiles.size(of: path) ?? 0
        guard size > 0 else { return nil }
        let header = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 16) }
        if header == Data("SQLite format 3\0".utf8) {
            return .unencrypted
        }
        if size % legacyPageSize != 0 {
            return .truncated
        }
        return nil
    }
}
