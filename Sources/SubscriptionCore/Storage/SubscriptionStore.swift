import Foundation

/// The user's subscriptions in the encrypted database: every read and write `subs` makes.
///
/// Each write is one `BEGIN IMMEDIATE` transaction that reads what it changes inside the lock, so
/// parallel `subs` processes never lose a write. The database file is created on the first write;
/// until then reads see an empty database and nothing is created on disk.
public final class SubscriptionStore {
    public let location: StoreLocation
    private var connection: Connection?
    /// Whether this process has checked every page before its first write (a damaged file must
    /// not be written to), and removed what killed first runs left next to the database.
    private var checkedBeforeWriting = false

    public init(location: StoreLocation) throws {
        self.location = location
        connection = try Self.mapErrors(location) { try EncryptedDatabase.open(location, create: false) }
    }

    /// Whether the database file exists: the default one reads as empty until the first write.
    public var databaseExists: Bool { connection != nil }

    // MARK: - Reads

    public func subscriptions() throws -> [Subscription] {
        try read { try SubscriptionRecords(connection: $0).all(ids: nil, beside: EncryptedDatabase.another(location)) }
    }

    /// The subscriptions several references name, each once: what `delete` asks about.
    public func subscriptions(_ references: [String]) throws -> [Subscription] {
        try SubscriptionReference.resolve(references, in: subscriptions())
    }

    /// The subscription a reference names: full id, unique id prefix, name, or unique name prefix.
    public func subscription(_ reference: String) throws -> Subscription {
        try SubscriptionReference.resolve(reference, in: subscriptions())
    }

    public func config() throws -> Config {
        try read { try SettingRecords(connection: $0).config() }
    }

    public func categories() throws -> [String] {
        try read { try CategoryRecords(connection: $0).names() }
    }

    // MARK: - Writes

    /// Adds a subscription, with the configured currency when none is given. A name another
    /// subscription already has is refused.
    public func add(_ new: NewSubscription, now: Date = Date()) throws -> Subscription {
        try addCreatingCategory(new, now: now).subscription
    }

    /// `add`, creating its category when no category has that name yet, as an import does;
    /// `newCategory` names the category created. Undoing the add removes it again.
    public func addCreatingCategory(
        _ new: NewSubscription, now: Date = Date()
    ) throws -> (subscription: Subscription, newCategory: String?) {
        try write { connection in
            let config = try SettingRecords(connection: connection).config()
            let category = try new.category.map { try CategoryRecords(connection: connection).existingOrNew($0) }
            let subscription = try new.subscription(config: config, category: category?.name, now: now)
            let records = SubscriptionRecords(connection: connection)
            // Checked inside the write lock, so two parallel adds of one name cannot both win.
            try Self.refuseTakenName(subscription.name, except: subscription.id, records)
            try records.insert(subscription)
            let created = category.flatMap { $0.created ? $0.name : nil }
            try History.recordSubscription(connection, .add, before: nil, after: subscription,
                                           newCategories: created.map { [$0] } ?? [], now: now)
            return (subscription, created)
        }
    }

    /// Applies `changes` to the subscription `reference` names.
    public func edit(
        _ reference: String, _ changes: SubscriptionChanges, today: CivilDate, now: Date = Date()
    ) throws -> Subscription {
        try editReportingChange(reference, changes, today: today, now: now).subscription
    }

    /// `edit`, saying whether anything changed and which category it created: changes that leave
    /// the subscription as it was (the price it already has, say) write nothing, not even a
    /// history entry; a category no subscription had yet is created.
    public func editReportingChange(
        _ reference: String, _ changes: SubscriptionChanges, today: CivilDate, now: Date = Date()
    ) throws -> (subscription: Subscription, changed: Bool, newCategory: String?) {
        guard !changes.isEmpty else { throw EditError.nothingToChange }
        var created: String?
        let (subscription, changed) = try modifyReportingChange(
            reference, as: .edit, now: now, newCategories: { created.map { [$0] } ?? [] }
        ) { subscription, connection in
            let category = try changes.category.map { name in
                try name.map { try CategoryRecords(connection: connection).existingOrNew($0) }
            }
            if let new = category??.created, new { created = category??.name }
            try changes.apply(to: &subscription, category: category.map { $0?.name }, today: today)
        }
        return (subscription, changed, created)
    }

    /// Changes the subscription `reference` names with `change`, such as
    /// `{ try $0.cancel(on: date) }`, recorded in the history as `action`. Nothing is written
    /// when `change` throws.
    public func update(
        _ reference: String, as action: ChangeAction = .edit, now: Date = Date(),
        _ change: (inout Subscription) throws -> Void
    ) throws -> Subscription {
        try modify(reference, as: action, now: now) { subscription, _ in try change(&subscription) }
    }

    /// Reads the subscription inside the write lock, so a parallel change is never overwritten.
    private func modify(
        _ reference: String, as action: ChangeAction, now: Date, _ change: (inout Subscription, Connection) throws -> Void
    ) throws -> Subscription {
        try modifyReportingChange(reference, as: action, now: now, change).subscription
    }

    /// `modify`, saying whether anything changed; a change that changed nothing writes nothing.
    /// `newCategories` names, once `change` ran, the categories it created.
    private func modifyReportingChange(
        _ reference: String, as action: ChangeAction, now: Date, newCategories: () -> [String] = { [] },
        _ change: (inout Subscription, Connection) throws -> Void
    ) throws -> (subscription: Subscription, changed: Bool) {
        try write { connection in
            let records = SubscriptionRecords(connection: connection)
            let original = try SubscriptionReference.resolve(reference, in: records.all())
            var subscription = original
            try change(&subscription, connection)
            guard subscription != original else { return (original, false) }
            if subscription.name != original.name { try Self.refuseTakenName(subscription.name, except: subscription.id, records) }
            subscription.updatedAt = now
            try records.update(subscription)
            try History.recordSubscription(connection, action, before: original, after: subscription,
                                           newCategories: newCategories(), now: now)
            return (subscription, true)
        }
    }

    /// Deletes the subscriptions `references` name with everything that belongs to them, in one
    /// transaction: all of them, or none when a reference matches nothing. Returns them.
    public func delete(references: [String], now: Date = Date()) throws -> [Subscription] {
        try write { connection in
            let records = SubscriptionRecords(connection: connection)
            let targets = try SubscriptionReference.resolve(references, in: records.all())
            try Self.recordDeletion(of: targets, connection, now: now)
            try records.delete(ids: targets.map(\.id))
            return targets
        }
    }

    /// One history entry for a deletion, however many subscriptions it took: one `undo` brings
    /// them all back.
    private static func recordDeletion(of targets: [Subscription], _ connection: Connection, now: Date) throws {
        guard let only = targets.first else { return }
        // Their logins and reminders sent go with them (ON DELETE CASCADE); the history keeps
        // them (the logins still sealed), so undo brings them back too.
        let logins = try LoginRecords(connection: connection).rows(of: targets.map(\.id))
        let remindersSent = try ReminderRecords(connection: connection).sent(of: targets.map(\.id))
        let multiple = targets.count > 1
        try History.record(connection, .delete, subscriptionID: multiple ? nil : only.id,
                           subject: targets.map(\.name).joined(separator: ", "),
                           detail: multiple ? .deletedSeveral : .subscription,
                           before: StateSlice(subscriptions: targets, logins: logins, remindersSent: remindersSent),
                           after: .empty, now: now)
    }

    /// Deletes subscriptions with their price history and members. Returns how many existed.
    @discardableResult
    public func delete(ids: [String]) throws -> Int {
        guard try existingConnection() != nil else { return 0 }
        return try write { connection in
            let records = SubscriptionRecords(connection: connection)
            let targets = try records.all().filter { ids.contains($0.id) }
            try Self.recordDeletion(of: targets, connection, now: Date())
            try records.delete(ids: targets.map(\.id))
            return targets.count
        }
    }

    // MARK: - Connection and errors

    func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try Self.mapErrors(location) {
            for _ in 1..<Self.movedRetries {
                let connection = try existingConnection() ?? EncryptedDatabase.empty(categories: location.newCategories)
                do {
                    return try connection.readTransaction { try body(connection) }
                } catch where connection.hasMoved {
                    // A restore or rekey replaced the file meanwhile: read the new one.
                    continue
                }
            }
            let connection = try existingConnection() ?? EncryptedDatabase.empty(categories: location.newCategories)
            return try connection.readTransaction { try body(connection) }
        }
    }

    /// How many times a read or write starts again on the file a restore or rekey put in place
    /// while it ran, before the error stands.
    private static let movedRetries = 5

    /// The database, opened now if another process created it since this store was opened; nil
    /// before the first write creates it. A database the user named (`--db`, `SUBS_DB`) must
    /// exist: a typo in its path must not read as "no subscriptions".
    func existingConnection() throws -> Connection? {
        // A file a restore or rekey has replaced is not read or written any more: its `-journal`
        // has the same name as the new file's, which SQLite could take for its own.
        if let connection, connection.hasMoved { self.connection = nil }
        if connection == nil {
            connection = try Self.mapErrors(location) { try EncryptedDatabase.open(location, create: false) }
            if connection == nil, location.databaseIsNamed {
                throw FileError.missingFile(path: location.databasePath, role: .database)
            }
        }
        return connection
    }

    /// Runs `body` in a write transaction. `rehearsal`, when given, is what a rehearsal on an
    /// empty database runs instead of `body`: the part that can refuse the change, when the rest
    /// is costly (an import of 100,000 would be written twice). With `withoutForeignKeys`, `body`
    /// runs with foreign keys off and keeps them whole itself
    /// (`Connection.writeTransactionWithoutForeignKeys`).
    func write<T>(
        rehearsal: ((Connection) throws -> Void)? = nil, withoutForeignKeys: Bool = false, _ body: (Connection) throws -> T
    ) throws -> T {
        try Self.mapErrors(location) {
            if connection == nil {
                // Rehearse on an empty database first, so that a change that is refused (a bad
                // category, say) leaves no new key or database behind.
                let empty = try EncryptedDatabase.empty(categories: location.newCategories)
                if let rehearsal {
                    try empty.writeTransaction { try rehearsal(empty) }
                } else {
                    _ = try empty.writeTransaction { try body(empty) }
                }
                connection = try EncryptedDatabase.open(location, create: true)
            }
            for attempt in 1...Self.movedRetries {
                if let connection, connection.hasMoved { self.connection = nil }
                if connection == nil { connection = try EncryptedDatabase.open(location, create: true) }
                guard let connection else {
                    throw FileError.missingFile(path: location.databasePath, role: .database)
                }
                do {
                    // Checked on the file about to be written: a restore or rekey may have put
                    // another in its place since this connection was opened, and the check
                    // starts again on that one.
                    if !checkedBeforeWriting {
                        try EncryptedDatabase.checkIntegrity(connection, path: location.databasePath)
                        EncryptedDatabase.removeStaleCreations(location)
                        checkedBeforeWriting = true
                    }
                    return withoutForeignKeys
                        ? try connection.writeTransactionWithoutForeignKeys { try body(connection) }
                        : try connection.writeTransaction { try body(connection) }
                } catch where attempt < Self.movedRetries && (DatabaseCopy.isMovedDatabase(error) || connection.hasMoved) {
                    // A restore or rekey put another file in its place since it was opened:
                    // nothing was written to the old one; write to the new one.
                    continue
                }
            }
            throw StoreError.locked(path: location.databasePath)
        }
    }

    /// Throws `LookupError.duplicateName` when a subscription has `name` already: for a name asked
    /// for before the rest of a new subscription, so that it can be asked again at once.
    public func checkNameIsFree(_ name: String) throws {
        try read { connection in try Self.refuseTakenName(name, except: nil, SubscriptionRecords(connection: connection)) }
    }

    /// Throws when a subscription other than the one with id `id` has `name`.
    private static func refuseTakenName(_ name: String, except id: String?, _ records: SubscriptionRecords) throws {
        let taken = try records.names().first { $0.id != id && NameMatching.same($0.name, name) }
        if let taken {
            throw LookupError.duplicateName(name: name, existing: taken.name, id: taken.id)
        }
    }

    /// Turns SQLite's errors into `StoreError`s, naming the database file where busy or damaged:
    /// nothing of the SQL layer leaves the store, and the path is attached here, once.
    static func mapErrors<T>(_ location: StoreLocation, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError where error.isBusy {
            throw StoreError.locked(path: location.databasePath)
        } catch let error as SQLiteError where error.isCorrupt {
            throw StoreError.damaged(path: location.databasePath, damage: .sqlite(error))
        } catch let found as Damaged {
            throw StoreError.damaged(path: location.databasePath, damage: found.damage)
        } catch let error as Migrator.NewerSchemaError {
            throw StoreError.newerSchema(
                path: location.databasePath, found: error.found, known: error.known)
        } catch let error as Migrator.ForeignKeyViolation {
            throw StoreError.upgradeLeavesOrphans(version: error.version)
        } catch let error as SQLiteError {
            throw StoreError.database(error)
        }
    }
}
