/// Why the database could not be opened, read or written: data (paths, modes, which file, what
/// is wrong); the command line says it.
public enum StoreError: CoreError, Equatable, Sendable {
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
    /// A directory holding the `role` file `file` that group or others may write to: they could
    /// replace the file.
    case unsafeDirectory(path: String, mode: UInt32, holding: PrivateFileRole, file: String)
    /// A key or passphrase file (`role`) that is a directory, a device or a socket.
    case notAKeyFile(path: String, role: PrivateFileRole, kind: FileKind)
    /// Neither `HOME` nor the password database gives a home directory for the default files.
    case noHomeDirectory
    /// The file is not an encrypted subs database.
    case notADatabase(path: String, reason: NotADatabaseReason)
    /// The database is damaged.
    case damaged(path: String, damage: Damage)
    /// The database was written by a newer `subs`.
    case newerSchema(path: String, found: Int, known: Int)
    /// A schema upgrade that would leave rows referring to nothing: rolled back.
    case upgradeLeavesOrphans(version: Int)
    /// Another process held the database past the busy timeout.
    case locked(path: String)
    /// A file the user named does not exist.
    case missingFile(path: String, role: FileRole)
    /// A file the user named is there but cannot be read: a directory, or no permission.
    case unreadableFile(path: String, role: FileRole, isDirectory: Bool)
    /// The library linked is plain SQLite, not SQLCipher: refuse rather than write plaintext.
    case cipherUnavailable
    /// The file system refused (permissions, full disk, a directory in the way).
    case fileSystem(path: String, problem: FileProblem)
    /// Output named for a file `subs` keeps (the database or a key), which it would destroy.
    case wouldOverwrite(path: String, file: KeptFile)
    /// Any other failure SQLite reports, with its extended result code (never the values bound).
    case database(SQLiteError)
    /// The passphrase file `file` cannot be the database's new key, and why.
    case unusablePassphrase(file: String, reason: UnusablePassphrase)

    public var failure: FailureKind {
        switch self {
        case .wrongKey, .missingKey, .invalidKeyFile, .unsafePermissions, .foreignOwner, .unsafeDirectory,
             .notAKeyFile:
            .denied
        case .notADatabase, .damaged, .newerSchema: .badData
        case .wouldOverwrite, .unusablePassphrase: .refused
        case .locked: .temporary
        case .missingFile, .unreadableFile: .notFound
        case .cipherUnavailable, .fileSystem, .noHomeDirectory, .database, .upgradeLeavesOrphans: .system
        }
    }
}

/// A file `subs` keeps private: checked as ssh checks its keys.
public enum PrivateFileRole: Equatable, Sendable {
    case database, keyFile, passphraseFile

    var fileRole: FileRole {
        switch self {
        case .database: .database
        case .keyFile: .keyFile
        case .passphraseFile: .passphraseFile
        }
    }
}

/// What a file is to `subs`, as an error names it.
public enum FileRole: Equatable, Sendable {
    case database, keyFile, passphraseFile, backup
    /// Files a command reads: an import, a bank statement, a rates file.
    case importFile, statement, ratesFile
}

/// What is at a path where a regular file should be.
public enum FileKind: Equatable, Sendable {
    case directory, characterDevice, blockDevice, pipe, socket, other
}

/// Why a file cannot be a subs database.
public enum NotADatabaseReason: Equatable, Sendable {
    /// A directory, a device, ...: not a regular file.
    case notAFile(FileKind)
    /// An SQLCipher file of another program (its application id is not ours).
    case anotherProgram
    /// A plain, unencrypted SQLite database.
    case unencrypted
    /// Not a whole number of encrypted pages: not encrypted, or cut short.
    case truncated
    /// An empty file (a backup to restore).
    case empty
    /// A database without the tables subs writes (a backup to restore).
    case noSubsData
}

/// What the file system refused, with the system's `errno` where it gave one.
public enum FileProblem: Equatable, Sendable {
    /// A system call failed with this `errno`.
    case system(errno: Int32)
    /// The database's directory could not be locked (`flock`).
    case cannotLock(errno: Int32)
    /// A key or passphrase file that could not be read.
    case cannotRead(PrivateFileRole, errno: Int32)
    /// A key or passphrase file larger than 64 KiB.
    case tooLarge(PrivateFileRole)
    /// A passphrase file without a passphrase.
    case emptyPassphraseFile
    /// A path to write to that is a directory.
    case isDirectory
    /// The bytes could not all be written and synced.
    case notWritten
    /// A variable (the path) names `directory`, which is not a directory.
    case notADirectory(String)
    /// Every backup name of this stem is taken.
    case tooManyBackups(stem: String)
}

/// A file `subs` keeps, which output must not replace.
public enum KeptFile: Equatable, Sendable {
    case database(String)
    case keyFile(String)
    case passphraseFile(String)
    /// The passphrase file the database is keyed with now (a rekey's new key file must not be it).
    case currentPassphraseFile
    /// The database or its key file, named by path alone (an export's output).
    case path(String)
}

/// Why a passphrase file cannot be a database's new key.
public enum UnusablePassphrase: Equatable, Sendable {
    /// It holds a NUL byte: the sqlcipher shell could not be given it.
    case nulByte
    /// It is not UTF-8 text.
    case notUTF8
    /// It is the key file, which the rekey moves aside.
    case isKeyFile
    /// It is the database, which the rekey replaces.
    case isDatabase
}

/// What in a database is damaged: the table and the value that does not read, or what SQLite's
/// checks found. The database's path is attached once, where the error leaves the store.
public enum Damage: Equatable, Sendable {
    /// A category's name, or its colour.
    case categoryName, categoryColour
    /// A subscription's name (`subscriptions.name`).
    case subscriptionName
    /// A subscription's value of this kind (in `subscriptions` or a table of its parts).
    case subscriptionValue(StoredValue)
    /// A subscription without a price.
    case noPrice(subscription: String)
    /// A row of `exchange_rates`, by its currency code when that reads.
    case exchangeRate(currency: String?)
    /// A row of `settings`; with the setting's own error when the value does not read.
    case setting(InputError?)
    /// A row of `sent_reminders`.
    case sentReminder
    /// A row of `history`, or of `logins`.
    case historyEntry, login
    /// SQLite found the file damaged.
    case sqlite(SQLiteError)
    /// `PRAGMA integrity_check` or `quick_check`: the first problem it reports (nil when it gave
    /// none) and how many more.
    case integrity(first: String?, more: Int)
    /// A copy (a backup, a rekeyed database) does not hold the rows of its source.
    case copyDiffers
    /// The rows of this table cannot be counted.
    case uncountable(table: String)
}

/// A kind of stored value of a subscription.
public enum StoredValue: Equatable, Sendable {
    case cycle, billingPeriodCycle, date, currency, timestamp
    /// The column at this index of the query that read it.
    case column(Int)
}

/// `Damage` found below the store, thrown up to `SubscriptionStore.mapErrors`, which attaches the
/// database's path (the code that reads a row does not know which file it is in).
struct Damaged: Error {
    let damage: Damage

    init(_ damage: Damage) { self.damage = damage }
}
