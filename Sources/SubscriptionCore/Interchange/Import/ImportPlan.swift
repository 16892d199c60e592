import Foundation

/// What `import` does with a subscription that has the same name (compared as names) and
/// currency as one already there.
public enum DuplicatePolicy: String, CaseIterable, Sendable {
    /// Keep the one there, leave the imported one out (the default: importing twice adds nothing).
    case skip
    /// Add the imported one too, under a free name (`Netflix (2)`).
    case add
    /// Overwrite the one there with the imported one, keeping its id.
    case replace
}

/// What an import does, decided before anything is written: each record added (renamed when its
/// name is taken), skipped or replaced, the categories created or given a colour, the settings
/// and rates taken from the file. `--dry-run` prints the plan; the store applies it, all of it in
/// one transaction. Deciding is a pure function of the file and what the database holds.
public struct ImportPlan: Sendable {
    public enum Action: Sendable, Equatable {
        /// Added; `renamedFrom` is the name in the file when another subscription had it.
        case added(renamedFrom: String?)
        case skipped(existingID: String)
        case replaced(existingID: String)
    }

    /// One imported subscription: the record it came from, what it becomes, and what happens.
    public struct Item: Sendable {
        public let record: ImportRecord
        public let subscription: Subscription
        public let action: Action

        /// Whether the import writes its subscription: added, or replacing another.
        var isWritten: Bool {
            if case .skipped = action { false } else { true }
        }
    }

    public internal(set) var items: [Item] = []
    /// Categories the import creates, with the colour the file gives them.
    public internal(set) var newCategories: [ImportedCategory] = []
    /// Categories already there without a colour, given the file's.
    public internal(set) var recoloredCategories: [ImportedCategory] = []
    /// Subscriptions as they are before `replace` overwrites them: what undo puts back.
    public internal(set) var replacedSubscriptions: [Subscription] = []
    /// Settings the user has not set, with the file's values.
    public internal(set) var settings: [(key: ConfigKey, value: String)] = []
    /// Settings the file holds that an import never takes (`ConfigKey.neverImported`).
    public internal(set) var settingsLeftOut: [ConfigKey] = []
    /// Rates not yet known.
    public internal(set) var ratesSet: [ImportedRate] = []
    /// Settlements not yet there (PRODUCT.md §15), each id once.
    public internal(set) var newSettlements: [Settlement] = []
    /// How many settlements of the file were there already, by id.
    public internal(set) var settlementsSkipped = 0
    /// True when nothing is written (`--dry-run`).
    public let dryRun: Bool

    init(dryRun: Bool) {
        self.dryRun = dryRun
    }

    public var categoriesCreated: [String] { newCategories.map(\.name) }
    public var settingsSet: [ConfigKey] { settings.map(\.key) }
    // Counted in place: a filtered copy of 100,000 items cost more than the count.
    public var added: Int { items.count { if case .added = $0.action { true } else { false } } }
    public var skipped: Int { items.count { if case .skipped = $0.action { true } else { false } } }
    public var replaced: Int { items.count { if case .replaced = $0.action { true } else { false } } }

    /// What the database holds that an import decides by.
    public struct Current: Equatable {
        public var subscriptions: [Subscription]
        public var categories: [ImportedCategory]
        /// The keys of the settings the user has set: an import never changes those.
        public var settingKeys: Set<String>
        public var config: Config
        /// The rates known, as (currency, base).
        public var rates: Set<RateKey>
        /// The ids of the settlements there.
        public var settlementIDs: Set<String>

        public init(subscriptions: [Subscription], categories: [ImportedCategory], settingKeys: Set<String>,
                    config: Config, rates: Set<RateKey>, settlementIDs: Set<String> = []) {
            self.settlementIDs = settlementIDs
            self.subscriptions = subscriptions
            self.categories = categories
            self.settingKeys = settingKeys
            self.config = config
            self.rates = rates
        }
    }

    public struct RateKey: Hashable, Sendable {
        public let currency: Currency
        public let base: Currency

        public init(currency: Currency, base: Currency) {
            self.currency = currency
            self.base = base
        }
    }

    /// Decides what importing `parsed` over `current` does. Refuses, writing nothing, a file in
    /// which two records would replace one subscription or a rate is given in its own currency.
    public init(_ parsed: ParsedImport, over current: Current, onDuplicate: DuplicatePolicy, dryRun: Bool) throws {
        self.init(dryRun: dryRun)
        var planner = Planner(current)
        for category in parsed.categories {
            _ = planner.category(category.name, color: category.color, plan: &self)
        }
        let fileColors = Dictionary(parsed.categories.map { (NameMatching.key($0.name), $0.color) },
                                    uniquingKeysWith: { first, _ in first })
        for imported in parsed.subscriptions {
            try planner.subscription(imported, fileColors: fileColors, onDuplicate: onDuplicate, plan: &self)
        }
        var config = current.config
        for key in ConfigKey.allCases where !current.settingKeys.contains(key.rawValue) {
            guard let value = parsed.settings[key] else { continue }
            // Never a command or address from a file: subs would run or call what the user did
            // not type. Nor who uses the machine it came from. Left out and said, so they can set
            // it themselves.
            if key.neverImported {
                settingsLeftOut.append(key)
                continue
            }
            try RecordCheck("settings").change(key.rawValue) { config = try config.setting(key, to: value) }
            settings.append((key, value))
        }
        for (index, imported) in parsed.rates.enumerated()
        where !current.rates.contains(RateKey(currency: imported.rate.currency, base: imported.base)) {
            guard imported.rate.currency != imported.base else {
                throw ImportError.record(.path("rates[\(index)]", name: nil), field: .named("base"),
                                         problem: .rateInOwnCurrency(imported.base.code))
            }
            ratesSet.append(imported)
        }
        var settlementIDs = current.settlementIDs
        for settlement in parsed.settlements {
            if settlementIDs.insert(settlement.id).inserted {
                newSettlements.append(settlement)
            } else {
                settlementsSkipped += 1
            }
        }
    }
}

/// The running state of a plan being made: names and ids taken so far, looked up by key, not
/// searched, so that an import of many thousands stays linear.
private struct Planner {
    var subscriptions: [Subscription]
    var indexByName: [NameAndCurrency: Int] = [:]
    var takenIDs: Set<String>
    /// Names taken so far: an added record whose name is taken becomes `name (2)`, as with
    /// `detect --add`.
    var names: FreeNames
    /// The record of the file that added or replaced each subscription, by id.
    var writtenBy: [String: ImportRecord] = [:]
    /// Categories by their names' keys.
    var categories: [String: ImportedCategory] = [:]
    /// Each category name of the file's subscriptions as the plan names it, once settled: a few
    /// names come on thousands of records, and their keys need not be made for each.
    var categoryNames: [String: String] = [:]

    init(_ current: ImportPlan.Current) {
        subscriptions = current.subscriptions
        for (index, subscription) in subscriptions.enumerated() where indexByName[NameAndCurrency(subscription)] == nil {
            indexByName[NameAndCurrency(subscription)] = index
        }
        takenIDs = Set(subscriptions.map(\.id))
        names = FreeNames(taken: subscriptions.map(\.name))
        for category in current.categories where categories[NameMatching.key(category.name)] == nil {
            categories[NameMatching.key(category.name)] = category
        }
    }

    /// The name of the category `name` is, created or given `color` when it has none yet.
    mutating func category(_ name: String, color: CategoryColor?, plan: inout ImportPlan) -> String {
        let key = NameMatching.key(name)
        if let known = categories[key] {
            if known.color == nil, let color {
                categories[key]?.color = color
                if let created = plan.newCategories.firstIndex(where: { NameMatching.key($0.name) == key }) {
                    plan.newCategories[created].color = color
                } else {
                    plan.recoloredCategories.append(ImportedCategory(name: known.name, color: color))
                }
            }
            return known.name
        }
        let category = ImportedCategory(name: name, color: color)
        categories[key] = category
        plan.newCategories.append(category)
        return name
    }

    mutating func subscription(
        _ imported: ImportedSubscription, fileColors: [String: CategoryColor?], onDuplicate: DuplicatePolicy,
        plan: inout ImportPlan
    ) throws {
        var subscription = imported.subscription
        if let name = subscription.category {
            // Settled once for each name: the colour is fixed for its key, so a second call of
            // `category` could neither create nor recolour anything, and gives the same name.
            if let settled = categoryNames[name] {
                subscription.category = settled
            } else {
                let color = fileColors[NameMatching.key(name)] ?? nil
                let settled = category(name, color: color, plan: &plan)
                categoryNames[name] = settled
                subscription.category = settled
            }
        }
        var nameKey = NameAndCurrency(subscription)
        if let duplicate = indexByName[nameKey], onDuplicate != .add {
            let existing = subscriptions[duplicate]
            if onDuplicate == .skip {
                plan.items.append(.init(record: imported.record, subscription: existing, action: .skipped(existingID: existing.id)))
                return
            }
            // Two records of one file for one subscription: which should win is anyone's guess,
            // and undo could not tell what was there before. Refused, naming both.
            if let earlier = writtenBy[existing.id] {
                throw ImportError.record(imported.record, field: .subscriptionName, problem: .sameNameAndCurrency(as: earlier))
            }
            writtenBy[existing.id] = imported.record
            subscription = subscription.withID(existing.id)
            plan.replacedSubscriptions.append(existing)
            subscriptions[duplicate] = subscription
            plan.items.append(.init(record: imported.record, subscription: subscription, action: .replaced(existingID: existing.id)))
            return
        }
        if takenIDs.contains(subscription.id) {
            subscription = subscription.withID(UUID().uuidString.lowercased())
        }
        let original = subscription.name
        subscription.name = names.claim(original)
        if subscription.name != original { nameKey = NameAndCurrency(subscription) }
        if indexByName[nameKey] == nil {
            indexByName[nameKey] = subscriptions.count
        }
        takenIDs.insert(subscription.id)
        writtenBy[subscription.id] = imported.record
        subscriptions.append(subscription)
        plan.items.append(.init(
            record: imported.record, subscription: subscription,
            action: .added(renamedFrom: subscription.name == original ? nil : original)))
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

extension Subscription {
    /// The same subscription under another id.
    func withID(_ id: String) -> Subscription {
        Subscription(
            id: id, name: name, currency: currency, prices: prices, cycle: cycle, startDate: startDate,
            trialEnd: trialEnd, category: category, url: url, notes: notes, paymentMethod: paymentMethod,
            remindDays: remindDays, autoRenew: autoRenew, members: members, paidBy: paidBy, owner: owner, periods: periods,
            pauses: pauses, charges: charges, contract: contract, cancelBy: cancelBy, ends: ends,
            createdAt: createdAt, updatedAt: updatedAt)
    }
}
