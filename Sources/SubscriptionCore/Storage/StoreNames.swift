import Foundation

/// The names in the user's database that shell completion offers: subscriptions, categories and
/// the currencies in use.
///
/// Read without side effects, since completion runs on every Tab: nothing is created (no
/// database, no key file, no directory), nothing is migrated or written, an interrupted rekey
/// is not finished, and nothing asks for a passphrase. A database that does not exist yet, or
/// is still empty, has only the default categories, which the first command creates.
public struct StoreNames: Equatable, Sendable {
    /// Every subscription's name, cancelled ones too (they can be shown and resumed).
    public var subscriptions: [String]
    public var categories: [String]
    /// The currencies of subscriptions, the configured one and those with exchange rates.
    public var currencies: [String]
    /// The names of the subscriptions that have a vault login (`vault show`, `copy`, `rm`).
    public var withLogins: [String]

    public init(subscriptions: [String] = [], categories: [String] = [], currencies: [String] = [], withLogins: [String] = []) {
        self.subscriptions = subscriptions
        self.categories = categories
        self.currencies = currencies
        self.withLogins = withLogins
    }

    /// How long a read waits for another process's write to finish: a Tab must not hang. A
    /// shorter `BusyWait.current`, which only a test binds, wins.
    static var busyWait: BusyWait { BusyWait.current.atMost(1_000) }

    /// Reads the names from the database at `location`, if it exists, sorted as `collation`
    /// sorts names. Throws what opening it throws (a missing key file, a wrong key, unsafe
    /// permissions, a damaged file, ...).
    public static func read(_ location: StoreLocation, collation: Language = .english) throws -> StoreNames {
        try SubscriptionStore.mapErrors(location) {
            let path = location.databasePath
            guard try PrivateFiles.checkPrivate(path, as: .database), PrivateFiles.size(of: path) ?? 0 > 0 else {
                return StoreNames(categories: sorted(location.newCategories, collation))
            }
            if let problem = EncryptedDatabase.unencryptedOrTruncated(path) {
                throw StoreError.notADatabase(path: path, reason: problem)
            }
            if case .keyFile(let keyPath) = location.key, try !PrivateFiles.exists(keyPath) {
                throw StoreError.missingKey(database: path, keyFile: keyPath)
            }
            // Bound before the connection is opened: keying it already reads the first page.
            let connection = try BusyWait.$current.withValue(busyWait) {
                try EncryptedDatabase.keyedConnection(path: path, key: location.key, createKey: false)
            }
            // Refuses any statement that would write, whatever the schema version.
            try connection.execute("PRAGMA query_only = 1")
            try EncryptedDatabase.prove(connection, location: location)
            return try connection.readTransaction { try names(connection, collation: collation) }
        }
    }

    private static func names(_ connection: Connection, collation: Language) throws -> StoreNames {
        // A database not yet migrated to the current schema may lack a table; what it has is offered.
        let subscriptions = (try? SubscriptionRecords(connection: connection).readableNames()) ?? []
        let categories = (try? CategoryRecords(connection: connection).names()) ?? []
        var currencies = (try? SubscriptionRecords(connection: connection).currencyCodes()) ?? []
        currencies.formUnion((try? RateRecords(connection: connection).currencyCodes()) ?? [])
        if let configured = try? SettingRecords(connection: connection).config().currency.code {
            currencies.insert(configured)
        }
        let withLogins = (try? LoginRecords(connection: connection).subscriptionNames()) ?? []
        return StoreNames(
            subscriptions: sorted(subscriptions, collation), categories: sorted(categories, collation),
            currencies: currencies.sorted(), withLogins: sorted(withLogins, collation))
    }

    /// Names in the order `list --sort name` shows them, each once.
    private static func sorted(_ names: [String], _ collation: Language) -> [String] {
        Set(names).sorted { NameCollation.areInIncreasingOrder($0, $1, in: collation) }
    }
}
