import Foundation

extension SubscriptionStore {
    /// Reads `data` (the file at `path`) as the format `from` names, or the one its content
    /// shows, and applies it as `apply(_:onDuplicate:dryRun:)` does. A refused file's error
    /// names the file.
    public func importFile(
        _ data: Data, path: String, from: String?, options: ImportOptions, onDuplicate: DuplicatePolicy,
        dryRun: Bool
    ) throws -> ImportOutcome {
        do {
            let parsed = try ImportFormats.parse(data, from: from, options: options)
            return try apply(parsed, onDuplicate: onDuplicate, dryRun: dryRun, source: path == "-" ? "standard input" : path)
        } catch let error as ImportError {
            throw ImportError.inFile(path: path, error)
        }
    }

    /// Applies a parsed import in one transaction: every subscription added, skipped or
    /// replaced as `onDuplicate` says, missing categories created, settings the user has not
    /// set and rates not yet known taken from the file. All of it or, on any error, nothing.
    /// With `dryRun` the same decisions are made and returned, and nothing is written. A real
    /// import into an existing database first makes an automatic backup.
    public func apply(
        _ parsed: ParsedImport, onDuplicate: DuplicatePolicy, dryRun: Bool, source: String = "import", now: Date = Date()
    ) throws -> ImportOutcome {
        if dryRun {
            var replaced: [Subscription] = []
            return try read { try Self.apply(parsed, onDuplicate: onDuplicate, connection: $0, writing: false, replaced: &replaced) }
        }
        // PRODUCT.md §8: an import is preceded by an automatic backup of what was there. A
        // database named (--db, SUBS_DB) but not made yet holds nothing: the import creates it,
        // as `add` does, where a read of it is refused as a likely typo.
        let namedButMissing = location.databaseIsNamed && !FileManager.default.fileExists(atPath: location.databasePath)
        if !namedButMissing, let current = try existingConnection() {
            _ = try Self.mapErrors(location) { try Backup.automatic(current, location: location, reason: "import") }
        }
        return try write { connection in
            var replaced: [Subscription] = []
            let categories = try Self.categoryColors(connection)
            let outcome = try Self.apply(parsed, onDuplicate: onDuplicate, connection: connection, writing: true,
                                         replaced: &replaced)
            try Self.record(outcome, replaced: replaced, categoriesBefore: categories, source: source, connection, now: now)
            return outcome
        }
    }

    /// One history entry for the whole import: undo removes what it added and puts back what it
    /// replaced, the categories it created or gave a colour, the settings and rates it set.
    private static func record(
        _ outcome: ImportOutcome, replaced: [Subscription], categoriesBefore: [(name: String, color: CategoryColor?)],
        source: String, _ connection: Connection, now: Date
    ) throws {
        // Each subscription once: `apply` refuses a file in which two records would write one.
        let written = outcome.items.compactMap { item -> Subscription? in
            if case .skipped = item.action { return nil }
            return item.subscription
        }
        // Sets, not searches: an import of many thousands of categories stays linear.
        let createdKeys = Set(outcome.categoriesCreated.map(NameMatching.key))
        let createdNames = Set(outcome.categoriesCreated)
        let recolored = categoriesBefore.filter { old in old.color == nil && !createdKeys.contains(NameMatching.key(old.name)) }
        let recoloredNames = Set(recolored.map(\.name))
        let categories = try categoryColors(connection).filter { now in
            createdNames.contains(now.name) || now.color != nil && recoloredNames.contains(now.name)
        }
        let categoryNames = Set(categories.map(\.name))
        let after = StateSlice(
            subscriptions: written, categories: categories.map { ImportedCategory(name: $0.name, color: $0.color) },
            settings: Dictionary(uniqueKeysWithValues: try outcome.settingsSet.map { key in
                guard case .text(let value)? = try connection.scalar("SELECT value FROM settings WHERE key = ?", [.text(key.rawValue)])
                else { throw StoreError.damaged(path: "", detail: localized("unreadable setting")) }
                return (key, value)
            }),
            rates: outcome.ratesSet)
        guard !after.isEmpty else { return }
        try History.record(
            connection, .import, subscriptionID: nil, subject: source,
            summary: "\(outcome.added) added, \(outcome.replaced) replaced, \(outcome.skipped) skipped",
            before: StateSlice(
                subscriptions: replaced,
                categories: recolored.filter { categoryNames.contains($0.name) }
                    .map { ImportedCategory(name: $0.name, color: nil) }),
            after: after, now: now)
    }

    /// Applies the import; `replaced` gets the subscriptions as they were before it replaced them.
    private static func apply(
        _ parsed: ParsedImport, onDuplicate: DuplicatePolicy, connection: Connection, writing: Bool,
        replaced: inout [Subscription]
    ) throws -> ImportOutcome {
        var outcome = ImportOutcome(dryRun: !writing)
        let records = SubscriptionRecords(connection: connection)
        var current = try records.all()
        // Looked up by key, not searched: an import of many thousands stays linear.
        var currentByName: [NameAndCurrency: Int] = [:]
        for (index, subscription) in current.enumerated() where currentByName[NameAndCurrency(subscription)] == nil {
            currentByName[NameAndCurrency(subscription)] = index
        }
        var takenIDs = Set(current.map(\.id))
        var takenNames = Set(current.map { NameMatching.key($0.name) })
        // The next number `freeName` tries for a name, so that many rows of one name stay linear.
        var nextNumbers: [String: Int] = [:]
        // The record of this file that added or replaced each subscription, by id.
        var writtenBy: [String: ImportRecord] = [:]
        // Categories by their names' keys, looked up rather than searched.
        var categories: [String: (name: String, color: CategoryColor?)] = [:]
        for category in try categoryColors(connection) where categories[NameMatching.key(category.name)] == nil {
            categories[NameMatching.key(category.name)] = category
        }
        var fileColors: [String: CategoryColor?] = [:]
        for category in parsed.categories where fileColors[NameMatching.key(category.name)] == nil {
            fileColors[NameMatching.key(category.name)] = category.color
        }

        // Categories first: subscriptions refer to them.
        func ensureCategory(_ name: String, color: CategoryColor?) throws -> String {
            let key = NameMatching.key(name)
            if let known = categories[key] {
                if known.color == nil, let color, writing {
                    try connection.run("UPDATE categories SET color = ? WHERE name = ?", [.text(color.description), .text(known.name)])
                    categories[key]?.color = color
                }
                return known.name
            }
            categories[key] = (name, color)
            outcome.categoriesCreated.append(name)
            if writing {
                try connection.run("INSERT INTO categories (name, color) VALUES (?, ?)",
                                   [.text(name), color.map { .text($0.description) } ?? .null])
            }
            return name
        }
        for category in parsed.categories {
            _ = try ensureCategory(category.name, color: category.color)
        }

        for imported in parsed.subscriptions {
            var subscription = imported.subscription
            if let name = subscription.category {
                let color = fileColors[NameMatching.key(name)] ?? nil
                subscription.category = try ensureCategory(name, color: color)
            }
            let duplicate = currentByName[NameAndCurrency(subscription)]
            if let duplicate, onDuplicate != .add {
                let existing = current[duplicate]
                if onDuplicate == .skip {
                    outcome.items.append(.init(record: imported.record, subscription: existing, action: .skipped(existingID: existing.id)))
                    continue
                }
                // Two records of one file for one subscription: which should win is anyone's
                // guess, and undo could not tell what was there before. Refused, naming both.
                if let earlier = writtenBy[existing.id] {
                    throw ImportError.record(imported.record, field: .subscriptionName, problem: .sameNameAndCurrency(as: earlier))
                }
                writtenBy[existing.id] = imported.record
                subscription = subscription.withID(existing.id)
                replaced.append(existing)
                current[duplicate] = subscription
                if writing { try records.update(subscription) }
                outcome.items.append(.init(record: imported.record, subscription: subscription, action: .replaced(existingID: existing.id)))
                continue
            }
            if takenIDs.contains(subscription.id) {
                subscription = subscription.withID(UUID().uuidString.lowercased())
            }
            let original = subscription.name
            subscription.name = freeName(original, taken: takenNames, nextNumbers: &nextNumbers)
            if currentByName[NameAndCurrency(subscription)] == nil {
                currentByName[NameAndCurrency(subscription)] = current.count
            }
            takenIDs.insert(subscription.id)
            writtenBy[subscription.id] = imported.record
            takenNames.insert(NameMatching.key(subscription.name))
            current.append(subscription)
            if writing { try records.insert(subscription) }
            outcome.items.append(.init(
                record: imported.record, subscription: subscription,
                action: .added(renamedFrom: subscription.name == original ? nil : original)))
        }

        var config = try config(connection)
        let setKeys = Set(try connection.rows("SELECT key FROM settings").compactMap { $0.text(0) })
        for key in ConfigKey.allCases where !setKeys.contains(key.rawValue) {
            guard let value = parsed.settings[key] else { continue }
            // Never a command or address from a file: subs would run or call what the user did
            // not type. Left out and said, so they can set it themselves.
            if key.runsOrCalls {
                outcome.settingsLeftOut.append(key)
                continue
            }
            do {
                config = try config.setting(key, to: value)
            } catch {
                throw ImportError.badRecord(record: "settings", field: key.rawValue, problem: String(describing: error))
            }
            outcome.settingsSet.append(key)
            if writing {
                try connection.run("INSERT INTO settings (key, value) VALUES (?, ?)", [.text(key.rawValue), .text(value)])
            }
        }

        let knownRates = Set(try connection.rows("SELECT currency, base FROM exchange_rates").map {
            "\($0.text(0) ?? "") \($0.text(1) ?? "")"
        })
        for (index, imported) in parsed.rates.enumerated()
        where !knownRates.contains("\(imported.rate.currency.code) \(imported.base.code)") {
            guard imported.rate.currency != imported.base else {
                throw ImportError.badRecord(record: "rates[\(index)]", field: "base",
                                            problem: localized("\(imported.base.code) is the rate's own currency"))
            }
            outcome.ratesSet.append(imported)
            if writing {
                try connection.run(
                    "INSERT INTO exchange_rates (currency, base, rate, set_at) VALUES (?, ?, ?, ?)",
                    [.text(imported.rate.currency.code), .text(imported.base.code), .text(imported.rate.text),
                     .text(Timestamp.format(imported.rate.setAt))])
            }
        }
        return outcome
    }

    /// `name`, or `name (2)`, `name (3)`... when another subscription has it (`taken` holds
    /// the names' `NameMatching` keys). `nextNumbers` remembers where to go on for each name:
    /// the numbers before it are taken, and a name once taken stays so during an import.
    private static func freeName(_ name: String, taken: Set<String>, nextNumbers: inout [String: Int]) -> String {
        func isTaken(_ candidate: String) -> Bool { taken.contains(NameMatching.key(candidate)) }
        guard isTaken(name) else { return name }
        let key = NameMatching.key(name)
        var number = nextNumbers[key] ?? 2
        while true {
            let suffix = " (\(number))"
            let candidate = String(name.prefix(TextInput.nameLengths.upperBound - suffix.count)) + suffix
            number += 1
            if !isTaken(candidate) {
                nextNumbers[key] = number
                return candidate
            }
        }
    }

    static func categoryColors(_ connection: Connection) throws -> [(name: String, color: CategoryColor?)] {
        try connection.rows("SELECT name, color FROM categories ORDER BY name COLLATE NOCASE").map { row in
            guard let name = row.text(0) else { throw StoreError.damaged(path: "", detail: localized("unreadable category")) }
            let color = try row.text(1).map { text in
                guard let color = CategoryColor(stored: text) else { throw StoreError.damaged(path: "", detail: localized("unreadable category colour")) }
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
                    throw StoreError.damaged(path: "", detail: localized("unreadable setting"))
                }
                if let key = ConfigKey(rawValue: name) { settings[key] = value }
            }
            let rates = try connection.rows("SELECT currency, base, rate, set_at FROM exchange_rates ORDER BY base, currency").map { row in
                guard let currency = row.text(0).flatMap(Currency.init(code:)), let base = row.text(1).flatMap(Currency.init(code:)),
                      let text = row.text(2), let setAt = row.text(3).flatMap(Timestamp.parse)
                else { throw StoreError.damaged(path: "", detail: localized("unreadable exchange rate")) }
                do {
                    return ImportedRate(rate: try ExchangeRate(currency: currency, stored: text, setAt: setAt), base: base)
                } catch {
                    throw StoreError.damaged(path: "", detail: localized("unreadable exchange rate \(currency.code)"))
                }
            }
            return ExportDocument(
                subscriptions: try SubscriptionRecords(connection: connection).all(),
                categories: try Self.categoryColors(connection).map { ImportedCategory(name: $0.name, color: $0.color) },
                settings: settings, rates: rates, exportedAt: now)
        }
    }
}

extension Subscription {
    /// The same subscription under another id.
    func withID(_ id: String) -> Subscription {
        Subscription(
            id: id, name: name, currency: currency, prices: prices, cycle: cycle, startDate: startDate,
            trialEnd: trialEnd, category: category, url: url, notes: notes, paymentMethod: paymentMethod,
            remindDays: remindDays, autoRenew: autoRenew, members: members, periods: periods, pauses: pauses,
            charges: charges, createdAt: createdAt, updatedAt: updatedAt)
    }
}

/// What makes an imported subscription a duplicate of one already there: the same name, as
/// names compare, in the same currency.
private struct NameAndCurrency: Hashable {
    let name: String
    let currency: Currency

    init(_ subscription: Subscription) {
        name = NameMatching.key(subscription.name)
        currency = subscription.currency
    }
}
