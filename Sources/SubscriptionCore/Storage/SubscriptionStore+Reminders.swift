import Foundation

extension SubscriptionStore {
    /// How long a claim protects a reminder being delivered. A run refreshes its claims after
    /// every reminder it settles, and one delivery is bounded (a hook gets about a minute), so the
    /// claims of a live run never age past this; those of a run that died are taken up again by
    /// the next run after it.
    public static let reminderClaimTimeout: TimeInterval = 10 * 60

    /// The reminders due on `today` that were neither sent nor are being sent (`--dry-run`).
    public func dueReminders(today: CivilDate, now: Date = Date()) throws -> [Reminder] {
        try read { try Self.dueReminders($0, today: today, now: now) }
    }

    /// Takes on the reminders due on `today` for the run `run`: marks them claimed in one
    /// `BEGIN IMMEDIATE` transaction, so that runs at the same time never deliver one reminder
    /// twice. Each is then settled with `settleReminders`.
    func claimReminders(today: CivilDate, now: Date, run: String) throws -> [Reminder] {
        guard try existingConnection() != nil else { return [] }
        return try write { connection in
            let due = try Self.dueReminders(connection, today: today, now: now)
            try Self.setState("claimed", of: due, connection, now: now, run: run)
            return due
        }
    }

    /// In one transaction: records `sent` as delivered, gives back the claims of `released` so
    /// that the next run tries them again, and renews the claims of `pending`, which this run is
    /// still to deliver. Only the run's own claims are given back or renewed; returns the pending
    /// reminders whose claim another run took over after it went stale, which this run must
    /// leave to it.
    @discardableResult
    func settleReminders(
        sent: [Reminder], released: [Reminder], pending: [Reminder], now: Date, run: String
    ) throws -> [Reminder] {
        guard !(sent.isEmpty && released.isEmpty && pending.isEmpty) else { return [] }
        return try write { connection in
            try Self.setState("sent", of: sent, connection, now: now, run: run)
            for record in released.flatMap(ReminderReport.records(of:)) {
                try connection.run("""
                    DELETE FROM reminders_sent WHERE subscription_id = ? AND payment_date = ?
                        AND offset_days = ? AND state = 'claimed' AND claimed_by = ?
                    """, Self.key(of: record) + [.text(run)])
            }
            return try pending.filter { reminder in
                var renewed = 0
                let records = ReminderReport.records(of: reminder)
                for record in records {
                    try connection.run("""
                        UPDATE reminders_sent SET updated_at = ? WHERE subscription_id = ? AND payment_date = ?
                            AND offset_days = ? AND state = 'claimed' AND claimed_by = ?
                        """, [.text(Timestamp.format(now))] + Self.key(of: record) + [.text(run)])
                    renewed += connection.changes
                }
                return renewed < records.count
            }
        }
    }

    private static func dueReminders(_ connection: Connection, today: CivilDate, now: Date) throws -> [Reminder] {
        let staleClaim = Timestamp.format(now.addingTimeInterval(-reminderClaimTimeout))
        let taken = try connection.rows("""
            SELECT subscription_id, payment_date, offset_days FROM reminders_sent
            WHERE payment_date >= ? AND (state = 'sent' OR updated_at > ?)
            """, [.text(today.description), .text(staleClaim)]
        ).map { row -> SentReminder in
            // A row that does not read back would be a reminder sent again every day: refuse.
            guard let id = row.text(0), let date = row.text(1).flatMap(CivilDate.init(iso:)), let offset = row.int(2)
            else { throw Damaged(.sentReminder) }
            return SentReminder(subscriptionID: id, paymentDate: date, offset: Int(offset))
        }
        return ReminderReport.due(
            try SubscriptionRecords(connection: connection).all(), today: today,
            config: try config(connection), sent: Set(taken))
    }

    private static func setState(
        _ state: String, of reminders: [Reminder], _ connection: Connection, now: Date, run: String
    ) throws {
        for record in reminders.flatMap(ReminderReport.records(of:)) {
            // SQLite 3.15 has no UPSERT: replace the row.
            try connection.run("""
                INSERT OR REPLACE INTO reminders_sent
                    (subscription_id, payment_date, offset_days, state, updated_at, claimed_by)
                VALUES (?, ?, ?, ?, ?, ?)
                """, key(of: record) + [.text(state), .text(Timestamp.format(now)), .text(run)])
        }
    }

    private static func key(of record: SentReminder) -> [SQLiteValue] {
        [.text(record.subscriptionID), .text(record.paymentDate.description), .integer(Int64(record.offset))]
    }
}
