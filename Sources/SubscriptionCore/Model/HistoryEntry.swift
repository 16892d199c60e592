import Foundation

/// What kind of change a history entry records.
public enum ChangeAction: String, CaseIterable, Sendable {
    case add, edit, cancel, pause, resume, delete, paid, skip
    case `import`, restore, category, rate, config, login, settle
    /// Changes another machine made, applied by `sync`; a field two machines changed.
    case sync, conflict
}

/// One recorded change (PRODUCT.md §8): when, what, to which subscription, what changed as data
/// (the CLI says it in the reader's language), and whether it has been undone.
public struct HistoryEntry: Equatable, Sendable {
    public let id: Int
    public let changedAt: Date
    public let action: ChangeAction
    /// The subscription it is about, when one; an import or a multi-delete names none.
    public let subscriptionID: String?
    /// What it is about, as a person reads it: a subscription's name, a category, a setting.
    public let subject: String
    /// What changed, as data.
    public let change: HistoryChange
    public let undoneAt: Date?
    /// For a restore: the automatic backup of the database it replaced, which undo puts back.
    public let replacedBackup: String?
}

/// What one change did, as data: the CLI writes it as the one-line summary of `log` and `undo`.
public enum HistoryChange: Equatable, Sendable {
    /// One subscription added (no `before`), deleted (no `after`), or changed.
    case subscription(before: Subscription?, after: Subscription?)
    /// Several subscriptions deleted at once.
    case deletedSeveral(count: Int)
    case imported(added: Int, replaced: Int, skipped: Int)
    /// A backup restored; `replacedBackup` holds what it replaced, when there was a database.
    case restored(from: String, replacedBackup: String?)
    case categoryAdded
    case categoryRenamed(from: String)
    case categoryDeleted
    /// A setting changed; nil is its default. A webhook URL keeps its credentials: whoever shows
    /// it leaves them out.
    case setting(ConfigKey, before: String?, after: String?)
    /// Rates set, in the order given, each 1 unit of its currency in `base`.
    case ratesSet([ExchangeRate], base: Currency)
    case rateRemoved
    /// A login added or changed, and which of its fields were given.
    case login(LoginChange, fields: [LoginField])
    /// The changes of one device's change file applied by `sync`: from the device named by the
    /// entry's subject, `changes` things changed here.
    case synced(changes: Int)
    /// A field this machine and another changed since they last met (PRODUCT.md §15): the value
    /// kept and the one set aside (canonical JSON text, nil: absent), each with the device that
    /// wrote it. Undoing the entry takes the value set aside.
    case conflict(field: String, kept: String?, keptBy: String, setAside: String?, setAsideBy: String)
    /// Money one person of the household paid another (`subs settle`).
    case settled(Settlement)
    /// An entry written by an older `subs`, which stored its summary as English text instead of
    /// data the history can say again.
    case storedSummary(String)
}

public enum LoginChange: String, Codable, Sendable {
    case added, changed, removed
}

public enum LoginField: String, Codable, CaseIterable, Sendable {
    case username, url, password
}
