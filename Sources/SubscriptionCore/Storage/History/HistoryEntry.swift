import Foundation

/// What kind of change a history entry records.
public enum ChangeAction: String, CaseIterable, Sendable {
    case add, edit, cancel, pause, resume, delete, paid, skip
    case `import`, restore, category, rate, config, login
}

/// One recorded change (PRODUCT.md §8): when, what, to which subscription, a one-line summary,
/// and whether it has been undone.
public struct HistoryEntry: Equatable, Sendable {
    public let id: Int
    public let changedAt: Date
    public let action: ChangeAction
    /// The subscription it is about, when one; an import or a multi-delete names none.
    public let subscriptionID: String?
    /// What it is about, as a person reads it: a subscription's name, a category, a setting.
    public let subject: String
    public let summary: String
    public let undoneAt: Date?
    /// For a restore: the automatic backup of the database it replaced, which undo puts back.
    public let replacedBackup: String?
}
