import Foundation

extension SubscriptionStore {
    /// The recorded changes, newest first: all, or those about the subscription `reference`
    /// names (a current one, or a deleted one the history still knows by name or id).
    public func history(about reference: String? = nil, limit: Int? = nil) throws -> [HistoryEntry] {
        try read { connection in
            guard let reference else { return try History.entries(connection, limit: limit) }
            let id: String
            do {
                id = try SubscriptionReference.resolve(reference, in: SubscriptionRecords(connection: connection).all()).id
            } catch LookupError.notFound(let reference, let suggestions) {
                // A deleted subscription is found by its name or id in the history.
                let known = try History.subjects(connection)
                guard let match = known.first(where: {
                    NameMatching.same($0.name, reference) || reference.count >= 4 && $0.id.hasPrefix(reference.lowercased())
                }) else { throw LookupError.notFound(reference: reference, suggestions: suggestions) }
                id = match.id
            }
            return try History.entries(connection, about: id, limit: limit)
        }
    }

    /// The change `undo` would revert now, or nil when every change is undone.
    public func nextUndo() throws -> HistoryEntry? {
        try read { try History.latestUndoable($0)?.0 }
    }

    /// Reverts `expected`, the change `nextUndo` gave, in one transaction: what it removed comes
    /// back whole, what it added goes, what it changed is as it was. A restore is undone by
    /// restoring the automatic backup it made of the database it replaced. Refused
    /// (`UndoError.changedMeanwhile`) when another change became the latest since.
    public func undo(_ expected: HistoryEntry, now: Date = Date()) throws {
        if expected.action == .restore {
            try undoRestore(expected, now: now)
        } else {
            _ = try revertLatest(expected, now: now)
        }
    }

    /// Reverts the newest change not yet undone, whichever it is when the write lock is taken:
    /// what `undo --yes` does, which shows and asks nothing, so that a change another process
    /// made meanwhile is the newest and the one undone. Returns it, or nil when every change is
    /// undone.
    public func undoLatest(now: Date = Date()) throws -> HistoryEntry? {
        // A restore is undone outside the transaction that finds it: another change may come
        // first, and then that one is the newest.
        for _ in 1...5 {
            guard let latest = try nextUndo() else { return nil }
            do {
                guard latest.action == .restore else { return try revertLatest(nil, now: now) }
                try undoRestore(latest, now: now)
                return latest
            } catch UndoError.changedMeanwhile {
                continue
            }
        }
        throw UndoError.keptChanging
    }

    /// Puts back the database the restore `expected` replaced (see `undo`).
    private func undoRestore(_ expected: HistoryEntry, now: Date) throws {
        guard let backup = expected.replacedBackup else { throw UndoError.nothingBeforeRestore }
        guard try PrivateFiles.mode(of: backup) != nil else { throw UndoError.backupGone(path: backup) }
        do {
            try Backup.restore(location, from: backup, key: nil, undoing: expected, now: now)
        } catch StoreError.wrongKey(let database, _) where database == backup {
            throw UndoError.backupUnderOldKey(path: backup)
        }
    }

    /// Reverts the newest change not yet undone, in one write transaction, when it is `expected`
    /// (or, for nil, whichever it is but a restore). Returns it.
    private func revertLatest(_ expected: HistoryEntry?, now: Date) throws -> HistoryEntry {
        // An import that only added removes its subscriptions table by table with foreign keys
        // off (`WrittenSubscriptions.delete`), which must be known before the transaction; a
        // large one is undone by a copy of what stays (`undoByCopy`).
        let (removesWrittenOnly, byCopy) = try read { connection in
            guard let (latest, before, _) = try History.latestUndoable(connection),
                  try Self.removesWrittenOnly(connection, latest, before: before)
            else { return (false, false) }
            return (true, try Self.undoSuitsCopy(connection, latest, before: before, at: location))
        }
        if byCopy, let undone = try undoByCopy(expected, now: now) { return undone }
        return try write(withoutForeignKeys: removesWrittenOnly) { connection in
            try connection.execute(Self.largeCache)
            guard let (latest, before, after) = try History.latestUndoable(connection),
                  expected.map({ $0 == latest }) ?? (latest.action != .restore),
                  try Self.removesWrittenOnly(connection, latest, before: before) == removesWrittenOnly
            else { throw UndoError.changedMeanwhile }
            let written = try WrittenSubscriptions.written(connection, entry: latest.id)
            let current = try Self.refuseChangedSince(connection, after: after, before: before, written: written, entry: latest.id)
            try Self.putBack(connection, from: after, to: before, current: current, written: written, entry: latest.id)
            try History.markUndone(connection, latest.id, now: now)
            return latest
        }
    }

    /// Whether undoing `entry` removes subscriptions it wrote and puts none back: an import that
    /// added and replaced nothing.
    private static func removesWrittenOnly(_ connection: Connection, _ entry: HistoryEntry, before: StateSlice) throws -> Bool {
        try before.subscriptions.isEmpty && WrittenSubscriptions.wroteAny(connection, entry: entry.id)
    }

    /// Refuses (`UndoError.changedSince`) unless what change `entry` left is what is stored now:
    /// `after`'s subscriptions and those it wrote (`written`) as it left them, none of `before`'s it
    /// removed back. Returns the subscriptions either holds whole, as stored. `sumOfRows`: see
    /// `WrittenSubscriptions.firstChanged`.
    static func refuseChangedSince(
        _ connection: Connection, after: StateSlice, before: StateSlice, written: [WrittenSubscriptions.Written], entry: Int,
        sumOfRows: UInt64? = nil
    ) throws -> [String: Subscription] {
        // Only the subscriptions the change holds whole are read: an import of 100,000 keeps
        // those it wrote by fingerprint, and reading them all back would cost most of its undo.
        let held = Set((after.subscriptions + before.subscriptions).map(\.id))
        let current = held.isEmpty ? [:] : Dictionary(
            uniqueKeysWithValues: try SubscriptionRecords(connection: connection).all(ids: held.count <= 500 ? Array(held) : nil)
                .filter { held.contains($0.id) }.map { ($0.id, $0) })
        for left in after.subscriptions {
            guard let now = current[left.id], ExportDocument.Entry(now) == ExportDocument.Entry(left) else {
                throw UndoError.changedSince(subject: left.name)
            }
        }
        if !written.isEmpty,
           let changed = try WrittenSubscriptions.firstChanged(connection, entry: entry, written: written, sumOfRows: sumOfRows) {
            throw UndoError.changedSince(subject: changed.name)
        }
        if !before.subscriptions.isEmpty {
            let afterIDs = Set(after.subscriptions.map(\.id)).union(written.map(\.id))
            for gone in before.subscriptions where !afterIDs.contains(gone.id) && current[gone.id] != nil {
                throw UndoError.changedSince(subject: gone.name)
            }
        }
        return current
    }

    /// Puts `before` back where change `entry` left `after` and wrote `written`, once
    /// `refuseChangedSince` found it so and gave `current`. With `writtenGone`, the subscriptions
    /// it wrote were left out of a copy of the database, which this is.
    static func putBack(
        _ connection: Connection, from after: StateSlice, to before: StateSlice, current: [String: Subscription],
        written: [WrittenSubscriptions.Written], entry: Int, writtenGone: Bool = false
    ) throws {
        let records = SubscriptionRecords(connection: connection)
        let beforeIDs = Set(before.subscriptions.map(\.id))
        let categories = CategoryRecords(connection: connection)
        for category in before.categories {
            try categories.restore(category)
        }
        if !written.isEmpty && beforeIDs.isEmpty {
            if !writtenGone { try WrittenSubscriptions.delete(connection, entry: entry, count: written.count) }
        } else {
            let afterIDs = Set(after.subscriptions.map(\.id)).union(written.map(\.id))
            try records.delete(ids: afterIDs.filter { !beforeIDs.contains($0) })
        }
        for subscription in before.subscriptions {
            if current[subscription.id] != nil { try records.update(subscription) } else { try records.insert(subscription) }
        }
        for category in after.categories where !before.categories.contains(where: { NameMatching.same($0.name, category.name) }) {
            try categories.deleteIfUnused(category.name)
        }
        let settings = SettingRecords(connection: connection)
        for key in Set(before.settings.keys).union(after.settings.keys) {
            try settings.set(key, to: before.settings[key])
        }
        // Logins: the ones the change made go, the ones it removed or changed come back sealed.
        let logins = LoginRecords(connection: connection)
        let beforeLogins = Set(before.logins.map(\.subscriptionID))
        for login in after.logins where !beforeLogins.contains(login.subscriptionID) {
            try logins.delete(of: login.subscriptionID)
        }
        for login in before.logins { try logins.write(login) }
        let reminders = ReminderRecords(connection: connection)
        for reminder in before.remindersSent { try reminders.restore(reminder) }
        // Settlements: the ones the change made go, the ones it took come back.
        let settlements = SettlementRecords(connection: connection)
        for settlement in after.settlements { try settlements.delete(id: settlement.id) }
        for settlement in before.settlements { try settlements.insert(settlement) }
        let rates = RateRecords(connection: connection)
        let beforeRates = Set(before.rates.map { ImportPlan.RateKey(currency: $0.rate.currency, base: $0.base) })
        for rate in after.rates where !beforeRates.contains(ImportPlan.RateKey(currency: rate.rate.currency, base: rate.base)) {
            try rates.delete(rate.rate.currency, base: rate.base)
        }
        for rate in before.rates {
            try rates.set(rate)
        }
    }
}
