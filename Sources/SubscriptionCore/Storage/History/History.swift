import Foundation

/// The `history` table: every change recorded in the transaction that makes it, with the state
/// it touched before and after, so `undo` can put the before back (PRODUCT.md §8).
enum History {
    static func record(
        _ connection: Connection, _ action: ChangeAction, subscriptionID: String?, subject: String,
        summary: String, before: StateSlice, after: StateSlice, replacedBackup: String? = nil, now: Date,
        undoneAt: Date? = nil
    ) throws {
        try connection.run("""
            INSERT INTO history (changed_at, action, subscription_id, subject, summary, before, after, replaced_backup, undone_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [
                .text(Timestamp.format(now)), .text(action.rawValue), subscriptionID.map(SQLiteValue.text) ?? .null,
                .text(subject), .text(summary), .text(before.encoded(at: now)), .text(after.encoded(at: now)),
                replacedBackup.map(SQLiteValue.text) ?? .null, undoneAt.map { .text(Timestamp.format($0)) } ?? .null,
            ])
    }

    /// Records a change to one subscription (add, edit, cancel, pause, resume, delete), and the
    /// categories it created, which undoing it removes.
    static func recordSubscription(
        _ connection: Connection, _ action: ChangeAction, before: Subscription?, after: Subscription?,
        newCategories: [String] = [], now: Date
    ) throws {
        guard before != after, let subject = after ?? before else { return }
        try record(connection, action, subscriptionID: subject.id, subject: subject.name,
                   summary: ChangeSummary.describe(before: before, after: after),
                   before: StateSlice(subscriptions: before.map { [$0] } ?? []),
                   after: StateSlice(subscriptions: after.map { [$0] } ?? [],
                                     categories: newCategories.map { ImportedCategory(name: $0, color: nil) }),
                   now: now)
    }

    private static let columns = "id, changed_at, action, subscription_id, subject, summary, undone_at, replaced_backup"

    /// Entries newest first; only those about `subscriptionID` (named by the entry, or held in
    /// its before or after) when given.
    static func entries(_ connection: Connection, about subscriptionID: String? = nil, limit: Int? = nil) throws -> [HistoryEntry] {
        var sql = "SELECT \(columns) FROM history"
        var values: [SQLiteValue] = []
        if let subscriptionID {
            let pattern = "%\"id\":\"\(subscriptionID)\"%"
            sql += " WHERE subscription_id = ? OR before LIKE ? OR after LIKE ?"
            values = [.text(subscriptionID), .text(pattern), .text(pattern)]
        }
        sql += " ORDER BY id DESC"
        if let limit { sql += " LIMIT \(limit)" }
        return try connection.rows(sql, values).map(entry)
    }

    /// The newest change not undone yet, with its before and after.
    static func latestUndoable(_ connection: Connection) throws -> (HistoryEntry, before: StateSlice, after: StateSlice)? {
        guard let row = try connection.rows(
            "SELECT \(columns), before, after FROM history WHERE undone_at IS NULL ORDER BY id DESC LIMIT 1").first
        else { return nil }
        guard let before = row.text(8), let after = row.text(9) else { throw damaged }
        return (try entry(row), try StateSlice(decoding: before), try StateSlice(decoding: after))
    }

    static func markUndone(_ connection: Connection, _ id: Int, now: Date) throws {
        try connection.run("UPDATE history SET undone_at = ? WHERE id = ?", [.text(Timestamp.format(now)), .integer(Int64(id))])
    }

    /// Re-seals the passwords the history keeps (of logins since changed or deleted) with
    /// `reseal`, which gets each login and gives its password sealed anew, or nil to leave it
    /// as it is. A vault passphrase change calls it, so that undo never brings back a password
    /// sealed under a passphrase the vault no longer has.
    static func resealLogins(_ connection: Connection, _ reseal: (LoginRow) throws -> String?) throws {
        let rows = try connection.rows("""
            SELECT id, before, after FROM history WHERE before LIKE '%"sealed_password":"%' OR after LIKE '%"sealed_password":"%'
            """)
        for row in rows {
            guard let id = row.int(0), var before = row.text(1), var after = row.text(2) else { throw damaged }
            before = try resealed(before, reseal)
            after = try resealed(after, reseal)
            try connection.run("UPDATE history SET before = ?, after = ? WHERE id = ?", [.text(before), .text(after), .integer(id)])
        }
    }

    /// `snapshot` with each sealed password replaced by what `reseal` gives for it.
    private static func resealed(_ snapshot: String, _ reseal: (LoginRow) throws -> String?) throws -> String {
        guard let extras = try? JSONDecoder().decode(StateSlice.Extras.self, from: Data(snapshot.utf8)) else { throw damaged }
        var text = snapshot
        for login in extras.logins ?? [] {
            guard let old = login.sealedPassword, let new = try reseal(login) else { continue }
            // Base64 of a random nonce and the sealed bytes: each sealed value occurs once.
            text = text.replacingOccurrences(of: "\"sealed_password\":\"\(old)\"", with: "\"sealed_password\":\"\(new)\"")
        }
        return text
    }

    /// The names of deleted subscriptions the history knows, newest first, for `log REF`.
    static func subjects(_ connection: Connection) throws -> [(id: String, name: String)] {
        try connection.rows("""
            SELECT subscription_id, subject FROM history WHERE subscription_id IS NOT NULL ORDER BY id DESC
            """).compactMap { row in row.text(0).flatMap { id in row.text(1).map { (id, $0) } } }
    }

    private static let damaged = StoreError.damaged(path: "", detail: localized("unreadable history entry"))

    private static func entry(_ row: Row) throws -> HistoryEntry {
        guard let id = row.int(0), let changedAt = row.text(1).flatMap(Timestamp.parse),
              let action = row.text(2).flatMap(ChangeAction.init(rawValue:)),
              let subject = row.text(4), let summary = row.text(5)
        else { throw damaged }
        return HistoryEntry(
            id: Int(id), changedAt: changedAt, action: action, subscriptionID: row.text(3), subject: subject,
            summary: summary, undoneAt: row.text(6).flatMap(Timestamp.parse), replacedBackup: row.text(7))
    }
}
