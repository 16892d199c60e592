import Foundation

extension SubscriptionStore {
    /// Reads `data` (the file at `path`) as the format `from` names, or the one its content
    /// shows, and applies it as `apply(_:onDuplicate:dryRun:)` does. A refused file's error
    /// names the file.
    public func importFile(
        _ data: Data, path: String, from: String?, options: ImportOptions, onDuplicate: DuplicatePolicy,
        dryRun: Bool
    ) throws -> ImportPlan {
        do {
            let parsed = try ImportFormats.parse(data, from: from, options: options)
            return try apply(parsed, onDuplicate: onDuplicate, dryRun: dryRun, source: path == "-" ? "standard input" : path)
        } catch let error as ImportError {
            throw ImportError.inFile(path: path, error)
        }
    }

    /// Plans a parsed import over what the database holds and applies the plan in one
    /// transaction: every subscription added, skipped or replaced as `onDuplicate` says, missing
    /// categories created, settings the user has not set and rates not yet known taken from the
    /// file. All of it or, on any error, nothing. With `dryRun` the plan is made and returned, and
    /// nothing is written. A real import into an existing database first makes an automatic backup.
    public func apply(
        _ parsed: ParsedImport, onDuplicate: DuplicatePolicy, dryRun: Bool, source: String = "import", now: Date = Date()
    ) throws -> ImportPlan {
        if dryRun {
            return try read { try ImportPlan(parsed, over: Self.importState($0), onDuplicate: onDuplicate, dryRun: true) }
        }
        // PRODUCT.md §8: an import is preceded by an automatic backup of what was there. A
        // database named (--db, SUBS_DB) but not made yet holds nothing: the import creates it,
        // as `add` does, where a read of it is refused as a likely typo.
        let namedButMissing = location.databaseIsNamed && !FileManager.default.fileExists(atPath: location.databasePath)
        if !namedButMissing, let current = try existingConnection() {
            _ = try Self.mapErrors(location) { try Backup.automatic(current, location: location, reason: "import") }
        }
        // What refuses an import is its plan: a rehearsal on the empty database makes the plan
        // and writes nothing, so that an import into a new database is written once.
        // The rehearsal's plan and what it decided by: a database this import creates holds the
        // same, and a plan of 100,000 need not be made twice over it.
        var rehearsed: (over: ImportPlan.Current, plan: ImportPlan)?
        // Foreign keys are off while it writes: SQLite looked up each row's subscription, a
        // tenth of an import of 100,000 (`Connection.writeTransactionWithoutForeignKeys`). The
        // writes keep them whole: a subscription's rows are written just after it, a replaced
        // one's deleted by hand, nothing else is deleted, and the history rows follow their
        // entry. The one key that depends on what was there, the category of each subscription
        // written, is checked before the import commits. A table a later version gives a key of
        // its own, and the import writes, needs a check here too.
        return try write(rehearsal: { empty in
            let current = try Self.importState(empty)
            rehearsed = (current, try ImportPlan(parsed, over: current, onDuplicate: onDuplicate, dryRun: false))
        }, withoutForeignKeys: true) { connection in
            try connection.execute(Self.largeCache)
            // Planned inside the write lock, so that what it decides by is what it writes over.
            let current = try Self.importState(connection)
            let plan = if let rehearsed, rehearsed.over == current { rehearsed.plan }
                else { try ImportPlan(parsed, over: current, onDuplicate: onDuplicate, dryRun: false) }
            try Self.write(plan, connection)
            try Self.record(plan, source: source, connection, now: now)
            try CategoryRecords(connection: connection).refuseMissing(Set(plan.items.compactMap { $0.isWritten ? $0.subscription.category : nil }))
            return plan
        }
    }

    /// A page cache that holds the indexes an import of 100,000 subscriptions (or its undo)
    /// writes at random places: with SQLite's 2 MB the pages went to the file and back for each
    /// row, and the undo of such an import took minutes. Pages are taken only as they are used.
    static let largeCache = "PRAGMA cache_size = -32768"

    /// What an import decides by: the subscriptions, categories, settings and rates there now.
    private static func importState(_ connection: Connection) throws -> ImportPlan.Current {
        let settings = SettingRecords(connection: connection)
        return ImportPlan.Current(
            subscriptions: try SubscriptionRecords(connection: connection).all(),
            categories: try CategoryRecords(connection: connection).all(),
            settingKeys: try settings.keys(), config: try settings.config(),
            rates: try RateRecords(connection: connection).keys(),
            settlementIDs: try SettlementRecords(connection: connection).ids())
    }

    /// Writes what `plan` decided: categories first, as subscriptions refer to them.
    private static func write(_ plan: ImportPlan, _ connection: Connection) throws {
        let categories = CategoryRecords(connection: connection)
        for category in plan.newCategories {
            try categories.insert(category)
        }
        for category in plan.recoloredCategories {
            try categories.setColor(category.color, of: category.name)
        }
        let records = SubscriptionRecords(connection: connection)
        for item in plan.items {
            switch item.action {
            case .added: try records.insert(item.subscription)
            case .replaced: try records.update(item.subscription)
            case .skipped: continue
            }
        }
        let settings = SettingRecords(connection: connection)
        for (key, value) in plan.settings {
            try settings.set(key, to: value)
        }
        let rates = RateRecords(connection: connection)
        for imported in plan.ratesSet {
            try rates.insert(imported)
        }
        let settlements = SettlementRecords(connection: connection)
        for settlement in plan.newSettlements {
            try settlements.insert(settlement)
        }
    }

    /// One history entry for the whole import: undo removes what it added and puts back what it
    /// replaced, the categories it created or gave a colour, the settings and rates it set. What
    /// it wrote is kept by fingerprint (`WrittenSubscriptions`), what it replaced whole.
    private static func record(_ plan: ImportPlan, source: String, _ connection: Connection, now: Date) throws {
        // Each subscription once: the plan refuses a file in which two records would write one.
        let written = plan.items.compactMap { $0.isWritten ? (id: $0.subscription.id, name: $0.subscription.name) : nil }
        let after = StateSlice(
            categories: plan.newCategories + plan.recoloredCategories,
            settings: Dictionary(plan.settings.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }),
            rates: plan.ratesSet, settlements: plan.newSettlements)
        guard !after.isEmpty || !written.isEmpty else { return }
        try History.record(
            connection, .import, subscriptionID: nil, subject: source,
            detail: .imported(added: plan.added, replaced: plan.replaced, skipped: plan.skipped),
            before: StateSlice(
                subscriptions: plan.replacedSubscriptions,
                categories: plan.recoloredCategories.map { ImportedCategory(name: $0.name, color: nil) }),
            after: after, written: written, now: now)
    }

    // MARK: - Export

    /// Everything the export document holds, stamped `now`.
    public func exportDocument(now: Date = Date()) throws -> ExportDocument {
        try read { connection in
            let settings = try SettingRecords(connection: connection).all()
            let rates = try RateRecords(connection: connection).all()
            return ExportDocument(
                subscriptions: try SubscriptionRecords(connection: connection).all(),
                categories: try CategoryRecords(connection: connection).all(),
                settings: settings, rates: rates,
                settlements: try SettlementRecords(connection: connection).all(), exportedAt: now)
        }
    }
}
