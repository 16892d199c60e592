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

/// What an import did, or with `--dry-run` would do.
public struct ImportOutcome: Sendable {
    public enum Action: Sendable, Equatable {
        /// Added; `renamedFrom` is the name in the file when another subscription had it.
        case added(renamedFrom: String?)
        case skipped(existingID: String)
        case replaced(existingID: String)
    }

    /// One imported subscription: the record it came from, what it became, and what happened.
    public struct Item: Sendable {
        public let record: ImportRecord
        public let subscription: Subscription
        public let action: Action
    }

    public internal(set) var items: [Item] = []
    public internal(set) var categoriesCreated: [String] = []
    public internal(set) var settingsSet: [ConfigKey] = []
    /// Settings the file holds that an import never takes (`ConfigKey.runsOrCalls`).
    public internal(set) var settingsLeftOut: [ConfigKey] = []
    public internal(set) var ratesSet: [ImportedRate] = []
    /// True when nothing was written (`--dry-run`).
    public let dryRun: Bool

    init(dryRun: Bool) {
        self.dryRun = dryRun
    }

    public var added: Int { items.filter { if case .added = $0.action { true } else { false } }.count }
    public var skipped: Int { items.filter { if case .skipped = $0.action { true } else { false } }.count }
    public var replaced: Int { items.filter { if case .replaced = $0.action { true } else { false } }.count }
}
