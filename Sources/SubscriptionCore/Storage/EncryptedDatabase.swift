import Foundation

/// Opens the SQLCipher database file: keys it, proves the key, checks that it is a subs database
/// of a schema this program knows, and migrates it. Nothing is written before the key is proven,
/// so a wrong key or a foreign file leaves the file byte for byte as it was.
enum EncryptedDatabase {
    /// SQLCipher 3's page size: an intact encrypted file is a whole number of pages.
    private static let pageSize = 1024

    /// Opens the database at `location`. When the file does not exist: returns nil, or creates
    /// it (mode 0600 in a 0700 directory, with a new key file when needed) if `create` is set.
    static func open(_ location: StoreLocation, create: Bool) throws -> Connection? {
        let path = location.databasePath
        if try !PrivateFiles.exists(path) {
            guard create else { return nil }
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty { try PrivateFiles.makeDirectory(directory) }
            try PrivateFiles.createEmpty(path)
        }
        try PrivateFiles.requirePrivate(path)
        let isNew = PrivateFiles.size(of: path) == 0

        if case .keyFile(let keyPath) = location.key, !isNew, try !PrivateFiles.exists(keyPath) {
            throw StoreError.missingKey(database: path, keyFile: keyPath)
        }
        var (key, isPassphrase) = try KeyMaterial.load(location.key, createIfMissing: isNew)

        let connection = try Connection(path: path, create: false)
        guard case .text(let version)? = try connection.scalar("PRAGMA cipher_version"),
              !version.isEmpty
        else { throw StoreError.cipherUnavailable }
        try connection.key(with: &key)
        if isPassphrase {
            try connection.execute("PRAGMA kdf_iter = \(KeyMaterial.passphraseIterations)")
        }
        try prove(connection, location: location)
        try connection.execute("PRAGMA foreign_keys = ON")
        try Schema.migrator.migrate(connection)
        return connection
    }

    /// A private in-memory database with the current schema: what reads see before the
    /// database file exists, so that `subs list` on a new machine creates nothing.
    static func empty() throws -> Connection {
        let connection = try Connection(path: ":memory:", create: true)
        try Schema.migrator.migrate(connection)
        return connection
    }

    /// Reads the first page, which fails unless the key is right (SQLCipher checks each page's
    /// HMAC), then checks the file is ours and not from a newer `subs`.
    private static func prove(_ connection: Connection, location: StoreLocation) throws {
        let path = location.databasePath
        let tableCount: SQLiteValue?
        do {
            tableCount = try connection.scalar("SELECT count(*) FROM sqlite_master")
        } catch let error as SQLiteError where error.isNotADatabase {
            throw classifyUnreadable(path, key: location.key)
        } catch let error as SQLiteError where error.isBusy {
            throw StoreError.locked(path: path)
        }
        let applicationID = try connection.scalar("PRAGMA application_id")
        let version = try connection.userVersion
        let isEmpty = tableCount == .integer(0) && version == 0
        guard isEmpty || applicationID == .integer(Int64(Schema.applicationID)) else {
            throw StoreError.notADatabase(path: path, reason: "it belongs to another program")
        }
        if version > Schema.migrator.latestVersion {
            throw StoreError.newerSchema(
                path: path, found: version, known: Schema.migrator.latestVersion)
        }
    }

    /// Tells a wrong key from a file that was never an encrypted database. Encrypted pages are
    /// indistinguishable from noise, so a whole number of pages is taken as a wrong key.
    private static func classifyUnreadable(_ path: String, key: KeySource) -> StoreError {
        let header = FileManager.default.contents(atPath: path)?.prefix(16) ?? Data()
        if header == Data("SQLite format 3\0".utf8) {
            return .notADatabase(path: path, reason: "it is an unencrypted SQLite database")
        }
        let size = PrivateFiles.size(of: path) ?? 0
        if size < pageSize || size % pageSize != 0 {
            return .notADatabase(path: path, reason: "not an encrypted database, or truncated")
        }
        return .wrongKey(database: path, key: key)
    }
}
