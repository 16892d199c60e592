import Foundation

extension SubscriptionStore {
    /// How long a claim protects a reminder being delivered. A run refreshes its claims when it
    /// settles a reminder a tenth of this after it last did, and one delivery is bounded (a hook
    /// gets about a minute), so the claims of a live run never age past this; those of a run that
    /// died are taken up again by the next run after it.
    public static let reminderClaimTimeout: TimeInterval = 10 * 60

    /// The reminders due on `today` that were neither sent nor are being sent (`--dry-run`).
    /// `cancelOffsets` replaces config `remind-cancel-days` (`--remind-cancel`).
    public func dueReminders(today: CivilDate, now: Date = Date(), cancelOffsets: [Int]? = nil) throws -> [Reminder] {
        try read { try dueReminders($0, today: today, now: now, cancelOffsets: cancelOffsets) }
    }

    /// Takes on the reminders due on `today` for the run `run`: marks them claimed in one
    /// `BEGIN IMMEDIATE` transaction, so that runs at the same time never deliver one reminder
    /// twice. Each is then settled with `settleReminders`.
    func claimReminders(today: CivilDate, now: Date, run: String, cancelOffsets: [Int]? = nil) throws -> [Reminder] {
        guard try existingConnection() != nil else { return [] }
        return try write { connection in
            let due = try dueReminders(connection, today: today, now: now, cancelOffsets: cancelOffsets)
            let reminders = ReminderRecords(connection: connection)
            for record in ReminderRecords.inKeyOrder(due.flatMap(ReminderReport.records(of:))) {
                try reminders.mark(record, .claimed, now: now, run: run)
            }
            return due
        }
    }

    /// In one transaction: records `sent` as delivered, gives back the claims of `released` so
    /// that the next run tries them again, and renews the claims of `pending`, which this run is
    /// still to deliver. Only the run's own claims are given back or renewed; returns the pending
    /// reminders whose claim went (`LostClaim.Why`), which this run must leave alone.
    @discardableResult
    func settleReminders(
        sent: [Reminder], released: [Reminder], pending: [Reminder], now: Date, run: String
    ) throws -> [LostClaim] {
        guard !(sent.isEmpty && released.isEmpty && pending.isEmpty) else { return [] }
        return try write { connection in
            let reminders = ReminderRecords(connection: connection)
            for record in ReminderRecords.inKeyOrder(sent.flatMap(ReminderReport.records(of:))) {
                try reminders.mark(record, .sent, now: now, run: run)
            }
            for record in released.flatMap(ReminderReport.records(of:)) {
                try reminders.release(record, run: run)
            }
            return try pending.compactMap { reminder in
                let records = ReminderReport.records(of: reminder)
                let lost = try records.filter { try !reminders.renew($0, now: now, run: run) }
                guard let first = lost.first else { return nil }
                // A reminder not sent is not held either: the run's claims on its other days
                // before are given back, for the next run to send it whole.
                for record in records where !lost.contains(record) { try reminders.release(record, run: run) }
                return LostClaim(reminder: reminder, why: try reminders.whyLost(first))
            }
        }
    }

    /// The reminders due on `today` that were neither sent nor are being sent, read on
    /// `connection`: in a read transaction, or in `claimReminders`' write transaction before it
    /// writes, when the connection beside reading the subscriptions' parts sees the same file.
    private func dueReminders(
        _ connection: Connection, today: CivilDate, now: Date, cancelOffsets: [Int]?
    ) throws -> [Reminder] {
        let taken = try ReminderRecords(connection: connection).taken(
            from: today, claimedAfter: now.addingTimeInterval(-Self.reminderClaimTimeout))
        return ReminderReport.due(
            try SubscriptionRecords(connection: connection).all(ids: nil, beside: EncryptedDatabase.another(location)),
            today: today,
            config: try SettingRecords(connection: connection).config(), sent: Set(taken),
            cancelOffsets: cancelOffsets)
    }
}
