import Foundation

/// The `history` table: every change recorded in the transaction that makes it, with the state
/// it touched before and after, so `undo` can put the before back (PRODUCT.md §8), and what the
/// before and after do not say (`HistoryDetail`). `history_subscriptions` links each entry to
/// the subscriptions it touched, for `log REF`.
enum History {
    /// Records a change; `written` names the subscriptions it wrote that its after leaves out
    /// (an import's: `WrittenSubscriptions`).
    static func record(
        _ connection: Connection, _ action: ChangeAction, subscriptionID: String?, subject: String,
        detail: HistoryDetail, before: StateSlice, after: StateSlice, written: [(id: String, name: String)] = [],
        replacedBackup: String? = nil, now: Date, undoneAt: Date? = nil
    ) throws {
        try connection.run("""
            INSERT INTO history (changed_at, action, subscription_id, subject, detail, before, after, replaced_backup, undone_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [
                .text(Timestamp.format(now)), .text(action.rawValue), subscriptionID.map(SQLiteValue.text) ?? .null,
                .text(subject), .text(detail.encoded), .text(before.encoded(at: now)), .text(after.encoded(at: now)),
                replacedBackup.map(SQLiteValue.text) ?? .null, undoneAt.map { .text(Timestamp.format($0)) } ?? .null,
            ])
        guard case .integer(let id)? = try connection.scalar("SELECT last_insert_rowid()") else { throw damaged }
        try WrittenSubscriptions.record(connection, entry: id, names: written)
        let ids = [subscriptionID].compactMap { $0 } + (before.subscriptions + after.subscriptions).map(\.id)
        try link(connection, entry: id, to: ids)
    }

    /// Records a change to one subscription (add, edit, cancel, pause, resume, delete), and the
    /// categories it created, which undoing it removes.
    static func recordSubscription(
        _ connection: Connection, _ action: ChangeAction, before: Subscription?, after: Subscription?,
        newCategories: [String] = [], now: Date
    ) throws {
        guard before != after, let subject = after ?? before else { return }
        try record(connection, action, subscriptionID: subject.id, subject: subject.name, detail: .subscription,
                   before: StateSlice(subscriptions: before.map { [$0] } ?? []),
                   after: StateSlice(subscriptions: after.map { [$0] } ?? [],
                                     categories: newCategories.map { ImportedCategory(name: $0, color: nil) }),
                   now: now)
    }

    private static func link(_ connection: Connection, entry: Int64, to subscriptionIDs: [String]) throws {
        for id in Set(subscriptionIDs) {
            try connection.run("INSERT OR IGNORE INTO history_subscriptions (history_id, subscription_id) VALUES (?, ?)",
                               [.integer(entry), .text(id)])
        }
    }

    /// Links every entry to the subscriptions it names or holds: for a database whose history
    /// was written before `history_subscriptions` was (schema version 11).
    static func linkEntries(_ connection: Connection) throws {
        /// The ids of an export document's subscriptions, and nothing else of it.
        struct SubscriptionIDs: Decodable {
            struct Entry: Decodable { let id: String }
            let subscriptions: [Entry]?
        }
        func ids(_ text: String?) -> [String] {
            text.flatMap { try? JSONDecoder().decode(SubscriptionIDs.self, from: Data($0.utf8)) }?
                .subscriptions?.map(\.id) ?? []
        }
        for row in try connection.rows("SELECT id, subscription_id, before, after FROM history") {
            guard let id = row.int(0) else { throw damaged }
            try link(connection, entry: id, to: [row.text(1)].compactMap { $0 } + ids(row.text(2)) + ids(row.text(3)))
        }
    }

    private static let columns = """
        id, changed_at, action, subscription_id, subject, summary, undone_at, replaced_backup, detail, before, after
        """

    /// The columns of an entry listed: an import's before and after are left unread, as the
    /// entry says what it did without them and they can be large (a replace of many).
    private static let listedColumns = """
        id, changed_at, action, subscription_id, subject, summary, undone_at, replaced_backup, detail,
        CASE action WHEN 'import' THEN '' ELSE before END, CASE action WHEN 'import' THEN '' ELSE after END
        """

    /// Entries newest first; only those about `subscriptionID` (named by the entry, or held in
    /// its before or after) when given.
    static func entries(_ connection: Connection, about subscriptionID: String? = nil, limit: Int? = nil) throws -> [HistoryEntry] {
        var sql = "SELECT \(listedColumns) FROM history"
        var values: [SQLiteValue] = []
        if let subscriptionID {
            sql += " WHERE id IN (SELECT history_id FROM history_subscriptions WHERE subscription_id = ?)"
            values = [.text(subscriptionID)]
        }
        sql += " ORDER BY id DESC"
        if let limit { sql += " LIMIT \(limit)" }
        return try connection.rows(sql, values).map { try entry($0).entry }
    }

    /// The newest change not undone yet, with its before and after.
    static func latestUndoable(_ connection: Connection) throws -> (HistoryEntry, before: StateSlice, after: StateSlice)? {
        guard let row = try connection.rows(
            "SELECT \(columns) FROM history WHERE undone_at IS NULL ORDER BY id DESC LIMIT 1").first
        else { return nil }
        let read = try entry(row)
        return (read.entry, try read.before(), try read.after())
    }

    static func markUndone(_ connection: Connection, _ id: Int, now: Date) throws {
        try connection.run("UPDATE history SET undone_at = ? WHERE id = ?", [.text(Timestamp.format(now)), .integer(Int64(id))])
    }

    /// Re-seals the passwords the history keeps (of logins since changed or deleted) with
    /// `reseal`, which gets each login and gives its password sealed anew, or nil to leave it
    /// as it is. A vault passphrase change calls it, so that undo never brings back a password
    /// sealed under a passphrase the vault no longer has.
    static func resealLogins(_ connection: Connection, _ reseal: (LoginRow) throws -> String?) throws {
        // Logins are kept by the entries of login changes and of deletes only.
        let rows = try connection.rows("""
            SELECT id, changed_at, before, after FROM history WHERE action IN ('\(ChangeAction.login.rawValue)', '\(ChangeAction.delete.rawValue)')
            """)
        for row in rows {
            guard let id = row.int(0), let changedAt = row.text(1).flatMap(Timestamp.parse),
                  let beforeText = row.text(2), let afterText = row.text(3)
            else { throw damaged }
            var before = try StateSlice(decoding: beforeText), after = try StateSlice(decoding: afterText)
            let resealedBefore = try resealed(&before.logins, reseal), resealedAfter = try resealed(&after.logins, reseal)
            guard resealedBefore || resealedAfter else { continue }
            // A snapshot is written at the time of its change, which it says as its export time.
            try connection.run("UPDATE history SET before = ?, after = ? WHERE id = ?",
                               [.text(before.encoded(at: changedAt)), .text(after.encoded(at: changedAt)), .integer(id)])
        }
    }

    /// Gives each of `logins` its password as `reseal` seals it; whether any changed.
    private static func resealed(_ logins: inout [LoginRow], _ reseal: (LoginRow) throws -> String?) throws -> Bool {
        var changed = false
        for index in logins.indices {
            guard logins[index].sealedPassword != nil, let new = try reseal(logins[index]) else { continue }
            logins[index].sealedPassword = new
            changed = true
        }
        return changed
    }

    /// The names of deleted subscriptions the history knows, newest first, for `log REF`.
    static func subjects(_ connection: Connection) throws -> [(id: String, name: String)] {
        try connection.rows("""
            SELECT subscription_id, subject FROM history WHERE subscription_id IS NOT NULL ORDER BY id DESC
            """).compactMap { row in row.text(0).flatMap { id in row.text(1).map { (id, $0) } } }
    }

    static let damaged = Damaged(.historyEntry)

    /// An entry, and its before and after, read when asked.
    private static func entry(_ row: Row) throws -> (entry: HistoryEntry, before: () throws -> StateSlice, after: () throws -> StateSlice) {
        guard let id = row.int(0), let changedAt = row.text(1).flatMap(Timestamp.parse),
              let action = row.text(2).flatMap(ChangeAction.init(rawValue:)),
              let subject = row.text(4), let beforeText = row.text(9), let afterText = row.text(10)
        else { throw damaged }
        let before = { try StateSlice(decoding: beforeText) }, after = { try StateSlice(decoding: afterText) }
        let change: HistoryChange
        if let text = row.text(8) {
            guard let detail = HistoryDetail(decoding: text) else { throw damaged }
            change = try HistoryChange(detail, subject: subject, before: before, after: after)
        } else if let detail = legacyDetail(action, subscriptionID: row.text(3)) {
            change = try HistoryChange(detail, subject: subject, before: before, after: after)
        } else if let summary = row.text(5) {
            change = .storedSummary(summary)
        } else {
            throw damaged
        }
        return (HistoryEntry(
            id: Int(id), changedAt: changedAt, action: action, subscriptionID: row.text(3), subject: subject,
            change: change, undoneAt: row.text(6).flatMap(Timestamp.parse), replacedBackup: row.text(7)), before, after)
    }

    /// The detail of an entry an older `subs` wrote, when its before and after say it (schema
    /// version 11 dropped the English summaries of those); nil for one whose summary is kept.
    private static func legacyDetail(_ action: ChangeAction, subscriptionID: String?) -> HistoryDetail? {
        switch action {
        case .add, .edit, .cancel, .pause, .resume, .paid, .skip: .subscription
        case .delete: subscriptionID == nil ? .deletedSeveral : .subscription
        case .category: .legacyCategory
        case .config: .legacySetting
        case .rate: .legacyRate
        case .import, .restore, .login, .settle, .sync, .conflict: nil
        }
    }
}

extension HistoryChange {
    /// The change `detail` says, with what `before` and `after` say.
    fileprivate init(
        _ detail: HistoryDetail, subject: String, before: () throws -> StateSlice, after: () throws -> StateSlice
    ) throws {
        let damaged = History.damaged
        switch detail {
        case .subscription:
            self = .subscription(before: try before().subscriptions.first, after: try after().subscriptions.first)
        case .deletedSeveral:
            self = .deletedSeveral(count: try before().subscriptions.count)
        case .imported(let added, let replaced, let skipped):
            self = .imported(added: added, replaced: replaced, skipped: skipped)
        case .restored(let from, let replaced):
            self = .restored(from: from, replacedBackup: replaced)
        case .categoryAdded:
            self = .categoryAdded
        case .categoryRenamed(let from):
            self = .categoryRenamed(from: from)
        case .categoryDeleted:
            self = .categoryDeleted
        case .legacyCategory:
            let before = try before(), after = try after()
            if before.categories.isEmpty {
                self = .categoryAdded
            } else if after.categories.isEmpty {
                self = .categoryDeleted
            } else {
                self = .categoryRenamed(from: before.categories[0].name)
            }
        case .setting(let name):
            guard let key = ConfigKey(rawValue: name) else { throw damaged }
            self = .setting(key, before: try before().settings[key], after: try after().settings[key])
        case .legacySetting:
            self = try HistoryChange(.setting(key: subject), subject: subject, before: before, after: after)
        case .ratesSet, .legacyRate:
            let rates = try after().rates
            guard let base = rates.first?.base else {
                guard detail == .legacyRate else { throw damaged }
                self = .rateRemoved
                return
            }
            // In the order they were given, which the subject keeps.
            let order = subject.components(separatedBy: ", ")
            self = .ratesSet(rates.map(\.rate).sorted {
                (order.firstIndex(of: $0.currency.code) ?? order.count) < (order.firstIndex(of: $1.currency.code) ?? order.count)
            }, base: base)
        case .rateRemoved:
            self = .rateRemoved
        case .login(let change, let fields):
            self = .login(change, fields: fields)
        case .synced(let changes):
            self = .synced(changes: changes)
        case .conflict(let field, let kept, let keptBy, let setAside, let setAsideBy):
            self = .conflict(field: field, kept: kept, keptBy: keptBy, setAside: setAside, setAsideBy: setAsideBy)
        case .settled:
            guard let settlement = try after().settlements.first else { throw damaged }
            self = .settled(settlement)
        }
    }
}
