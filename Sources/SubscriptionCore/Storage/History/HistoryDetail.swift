import Foundation

/// What a history entry keeps beside its before and after: what they do not say themselves
/// (stored as JSON in `history.detail`). Never rename a case: older entries are read back.
enum HistoryDetail: Codable, Equatable {
    /// One subscription added, changed or deleted: its before and after say the rest.
    case subscription
    case deletedSeveral
    case imported(added: Int, replaced: Int, skipped: Int)
    /// A restore, and the automatic backup of what it replaced (kept here too: the entry that
    /// says the restore was undone has no `replaced_backup`).
    case restored(from: String, replaced: String?)
    case categoryAdded
    case categoryRenamed(from: String)
    case categoryDeleted
    case setting(key: String)
    case ratesSet
    case rateRemoved
    case login(LoginChange, fields: [LoginField])
    case synced(changes: Int)
    case conflict(field: String, kept: String?, keptBy: String, setAside: String?, setAsideBy: String)
    /// A settlement made: the after holds it.
    case settled
    /// Never stored: what an older entry of a category, setting or rate says, read from its
    /// before and after (and, for a setting or rates, its subject).
    case legacyCategory, legacySetting, legacyRate

    var encoded: String {
        // Strings, integers and enums only: encoding cannot fail.
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }

    init?(decoding text: String) {
        guard let detail = try? JSONDecoder().decode(Self.self, from: Data(text.utf8)) else { return nil }
        self = detail
    }
}
