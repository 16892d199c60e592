/// Why the database could not be opened, read or written: data (paths, modes, which file, what
/// is wrong); the command line says it.
public enum StoreError: CoreError, Equatable, Sendable {
    /// The key does not open the database.
    case wrongKey(database: String, key: KeySource)
    /// The database exists but its key file does not.
    case missingKey(database: String, keyFile: String)
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
    /// The library linked is plain SQLite, not SQLCipher: refuse rather than write plaintext.
    case cipherUnavailable
    /// Any other failure SQLite reports, with its extended result code (never the values bound).
    case database(SQLiteError)

    public var failure: FailureKind {
        switch self {
        case .wrongKey, .missingKey: .denied
        case .notADatabase, .damaged, .newerSchema: .badData
        case .locked: .temporary
        case .cipherUnavailable, .noHomeDirectory, .database, .upgradeLeavesOrphans: .system
        }
    }
}

/// Why a file cannot be a subs database.
public enum NotADatabaseReason: Equatable, Sendable {
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
    /// A row of `settlements` (PRODUCT.md §15).
    case settlement
    /// A row of `history`, or of `logins`.
    case historyEntry, login
    /// A row of the sync tables (`sync_device`, `sync_registers`, ...).
    case syncState
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
    /// A contract's term, renewal or notice that is not a short form `subs` writes.
    case contract
    /// The column at this index of the query that read it.
    case column(Int)
}

/// `Damage` found below the store, thrown up to `SubscriptionStore.mapErrors`, which attaches the
/// database's path (the code that reads a row does not know which file it is in).
struct Damaged: Error {
    let damage: Damage

    init(_ damage: Damage) { self.damage = damage }
}
