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
        return try write { connection in
            // Planned inside the write lock, so that what it decides by is what it writes over.
            let plan = try ImportPlan(parsed, over: Self.importState(connection), onDuplicate: onDuplicate, dryRun: false)
            try Self.write(plan, connection)
            try Self.record(plan, source: source, connection, now: now)
            return plan
        }
    }

    /// What an import decides by: the subscriptions, categories, settings and rates there now.
    private static func importState(_ connection: Connection) throws -> ImportPlan.Current {
        let rates = try connection.rows("SELECT currency, base FROM exchange_rates").compactMap { row in
            row.text(0).flatMap(Currency.init(code:)).flatMap { currency in
                row.text(1).flatMap(Currency.init(code:)).map { ImportPlan.RateKey(currency: currency, base: $0) }
            }
        }
        return ImportPlan.Current(
            subscriptions: try SubscriptionRecords(connection: connection).all(),
            categories: try categoryColors(connection).map { ImportedCategory(name: $0.name, color: $0.color) },
            settingKeys: Set(try connection.rows("SELECT key FROM settings").compactMap { $0.text(0) }),
            config: try config(connection), rates: Set(rates))
    }

    /// Writes what `plan` decided: categories first, as subscriptions refer to them.
    private static func write(_ plan: ImportPlan, _ connection: Connection) throws {
        for category in plan.newCategories {
            try connection.run("INSERT INTO categories (name, color) VALUES (?, ?)",
                               [.text(category.name), category.color.map { .text($0.description) } ?? .null])
        }
        for category in plan.recoloredCategories {
            try connection.run("UPDATE categories SET color = ? WHERE name = ?",
                               [category.color.map { .text($0.description) } ?? .null, .text(category.name)])
        }
        let records = SubscriptionRecords(connection: connection)
        for item in plan.items {
            switch item.action {
            case .added: try records.insert(item.subscription)
            case .replaced: try records.update(item.subscription)
            case .skipped: continue
            }
        }
        for (key, value) in plan.settings {
            try connection.run("INSERT INTO settings (key, value) VALUES (?, ?)", [.text(key.rawValue), .text(value)])
        }
        for imported in plan.ratesSet {
            try connection.run(
                "INSERT INTO exchange_rates (currency, base, rate, set_at) VALUES (?, ?, ?, ?)",
                [.text(imported.rate.currency.code), .text(imported.base.code), .text(imported.rate.text),
                 .text(Timestamp.format(imported.rate.setAt))])
        }
    }

    /// One history entry for the whole import: undo removes what it added and puts back what it
    /// replaced, the categories it created or gave a colour, the settings and rates it set.
    private static func record(_ plan: ImportPlan, source: String, _ connection: Connection, now: Date) throws {
        // Each subscription once: the plan refuses a file in which two records would write one.
        let written = plan.items.compactMap { item -> Subscription? in
            if case .skipped = item.action { return nil }
            return item.subscription
        }
        let after = StateSlice(
            subscriptions: written, categories: plan.newCategories + plan.recoloredCategories,
            settings: Dictionary(plan.settings.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }),
            rates: plan.ratesSet)
        guard !after.isEmpty else { return }
        try History.record(
            connection, .import, subscriptionID: nil, subject: source,
            detail: .imported(added: plan.added, replaced: plan.replaced, skipped: plan.skipped),
            before: StateSlice(
                subscriptions: plan.replacedSubscriptions,
                categories: plan.recoloredCategories.map { ImportedCategory(name: $0.name, color: nil) }),
            after: after, now: now)
    }

    static func categoryColors(_ connection: Connection) throws -> [(name: String, color: CategoryColor?)] {
        try connection.rows("SELECT name, color FROM categories ORDER BY name COLLATE NOCASE").map { row in
            guard let name = row.text(0) else { throw Damaged(.categoryName) }
            let color = try row.text(1).map { text in
                guard let color = CategoryColor(stored: text) else { throw Damaged(.categoryColour) }
                return color
            }
            return (name, color)
        }
    }

    // MARK: - Export

    /// Everything the export document holds, stamped `now`.
    public func exportDocument(now: Date = Date()) throws -> ExportDocument {
        try read { connection in
            let settings = try connection.rows("SELECT key, value FROM settings ORDER BY key").reduce(into: [ConfigKey: String]()) { settings, row in
                guard let name = row.text(0), let value = row.text(1) else {
                    throw Damaged(.setting(nil))
                }
                if let key = ConfigKey(rawValue: name) { settings[key] = value }
            }
            let rates = try connection.rows("SELECT currency, base, rate, set_at FROM exchange_rates ORDER BY base, currency").map { row in
                guard let currency = row.text(0).flatMap(Currency.init(code:)), let base = row.text(1).flatMap(Currency.init(code:)),
                      let text = row.text(2), let setAt = row.text(3).flatMap(Timestamp.parse)
                else { throw Damaged(.exchangeRate(currency: nil)) }
                do {
                    return ImportedRate(rate: try ExchangeRate(currency: currency, stored: text, setAt: setAt), base: base)
                } catch {
                    throw Damaged(.exchangeRate(currency: currency.code))
                }
            }
            return ExportDocument(
                subscriptions: try SubscriptionRecords(connection: connection).all(),
                categories: try Self.categoryColors(connection).map { ImportedCategory(name: $0.name, color: $0.color) },
                settings: settings, rates: rates, exportedAt: now)
        }
    }
}
