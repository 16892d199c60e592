/// Why the database could not be opened, read or written.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The key does not open the database.
    case wrongKey(database: String, key: KeySource)
    /// The database exists but its key file does not.
    case missingKey(database: String, keyFile: String)
    /// A key file that is not 64 hex digits.
    case invalidKeyFile(path: String)
    /// A key or database file that group or others may read.
    case unsafePermissions(path: String, mode: UInt32)
    /// A key, passphrase or database file, or the directory holding it, owned by another user:
    /// they could read it or put their own in its place. `user` is who should own it.
    case foreignOwner(path: String, owner: UInt32, user: String)
    /// A directory holding a key, passphrase or database file that group or others may write
    /// to: they could replace the file.
    case unsafeDirectory(path: String, mode: UInt32, holding: String)
    /// A key or passphrase file that is a directory, a device or a socket.
    case notAKeyFile(path: String, what: String, kind: String)
    /// Neither `HOME` nor the password database gives a home directory for the default files.
    case noHomeDirectory
    /// The file is not an encrypted subs database.
    case notADatabase(path: String, reason: String)
    /// The database is damaged.
    case damaged(path: String, detail: String)
    /// The database was written by a newer `subs`.
    case newerSchema(path: String, found: Int, known: Int)
    /// Another process held the database past the busy timeout.
    case locked(path: String)
    /// A file the user named does not exist.
    case missingFile(path: String, what: String)
    /// A file the user named is there but cannot be read: a directory, or no permission.
    case unreadableFile(path: String, what: String, isDirectory: Bool)
    /// The library linked is plain SQLite, not SQLCipher: refuse rather than write plaintext.
    case cipherUnavailable
    /// The file system refused (permissions, full disk, a directory in the way).
    case fileSystem(path: String, message: String)
    /// Output named for a file `subs` keeps (the database or a key), which it would destroy.
    case wouldOverwrite(path: String, file: String)
    /// Any other failure SQLite reports, with its message (never the values bound).
    case database(message: String)
    /// A passphrase a database must not be given as its new key, and why (`reason`).
    case unusablePassphrase(key: KeySource, reason: String)

    public var description: String {
        switch self {
        case .wrongKey(let database, let key):
            localized("cannot open \(database): wrong key (\(key) does not unlock it), or the file is damaged")
        case .missingKey(let database, let keyFile):
            localized("""
                cannot open \(database): its key file \(keyFile) is missing (pass --key-file, or set SUBS_PASSPHRASE if \
                it uses a passphrase)
                """)
        case .invalidKeyFile(let path):
            localized("key file \(path) is not a subs key (expected 64 hexadecimal characters)")
        case .unsafePermissions(let path, let mode):
            localized("\(path) is accessible by others (mode \(String(mode & 0o777, radix: 8))); fix it with: chmod 600 \(path)")
        case .foreignOwner(let path, let owner, let user):
            localized("""
                \(path) belongs to another user (uid \(owner)), who could read or replace it; fix it with: \
                chown \(user) \(path)
                """)
        case .unsafeDirectory(let path, let mode, let holding) where mode & 0o1000 != 0:
            localized("""
                \(holding) is in the shared directory \(path) (mode \(String(mode & 0o7777, radix: 8))), where others \
                could put their own in its place; keep it in a directory only you can write to
                """)
        case .unsafeDirectory(let path, let mode, let holding):
            localized("""
                directory \(path), which holds \(holding), is writable by others (mode \(String(mode & 0o777, radix: 8))); \
                fix it with: chmod go-w \(path)
                """)
        case .notAKeyFile(let path, let what, let kind):
            localized("\(what) \(path) is \(kind), not a regular file")
        case .noHomeDirectory:
            localized("no home directory for the default key and database: set HOME, or pass --db and --key-file")
        case .notADatabase(let path, let reason):
            localized("\(path) is not a subs database (\(reason))")
        case .damaged(let path, let detail):
            localized("database \(path) is damaged (\(detail))")
        case .newerSchema(let path, let found, let known):
            localized("""
                database \(path) has schema version \(found), written by a newer subs (this one knows up to \(known)); \
                upgrade subs
                """)
        case .locked(let path):
            localized("database \(path) stayed locked by another process; try again")
        case .missingFile(let path, let what):
            localized("\(what) \(path) does not exist")
        case .unreadableFile(let path, let what, let isDirectory):
            isDirectory ? localized("\(what) \(path) is a directory, not a file") : localized("\(what) \(path) cannot be read")
        case .cipherUnavailable:
            localized("SQLCipher is not available: the linked SQLite library cannot encrypt")
        case .wouldOverwrite(let path, let file):
            localized("refusing to write to \(path): it is \(file), which subs needs; choose another file")
        case .fileSystem(let path, let message):
            "\(path): \(message)"
        case .database(let message):
            localized("database error: \(message)")
        case .unusablePassphrase(let key, let reason):
            localized("\(key) cannot become the database's key: \(reason)")
        }
    }
}
