import Foundation

extension SubscriptionStore {
    /// How long a claim protects a reminder being delivered: longer than any run's hooks take,
    /// short enough that a reminder whose run died is sent by the next day's run.
    public static let reminderClaimTimeout: TimeInterval = 10 * 60

    /// The reminders due on `today` that were neither sent nor are being sent (`--dry-run`).
    public func dueReminders(today: CivilDate, now: Date = Date()) throws -> [Reminder] {
        try read { try Self.dueReminders($0, today: today, now: now) }
    }

    /// Takes on the reminders due on `today`: marks them claimed in one `BEGIN IMMEDIATE`
    /// transaction, so that runs at the same time never deliver one reminder twice. Confirm the
    /// delivered ones with `confirmReminders`, and `releaseReminders` the others.
    public func claimReminders(today: CivilDate, now: Date = Date()) throws -> [Reminder] {
        guard try existingConnection() != nil else { return [] }
        return try write { connection in
            let due = try Self.dueReminders(connection, today: today, now: now)
            try Self.setState("claimed", of: due, connection, now: now)
            return due
        }
    }

    /// Records reminders as delivered, so later runs do not send them again.
    public func confirmReminders(_ reminders: [Reminder], now: Date = Date()) throws {
        guard !reminders.isEmpty else { return }
        try write { try Self.setState("sent", of: reminders, $0, now: now) }
    }

    /// Gives back claimed reminders whose delivery failed, so the next run tries again.
    public func releaseReminders(_ reminders: [Reminder]) throws {
        guard !reminders.isEmpty else { return }
        try write { connection in
            for record in reminders.flatMap(ReminderReport.records(of:)) {
                try connection.run("""
                    DELETE FROM reminders_sent
                    WHERE subscription_id = ? AND payment_date = ? AND offset_days = ? AND state = 'claimed'
                    """, [.text(record.subscriptionID), .text(record.paymentDate.description),
                          .integer(Int64(record.offset))])
            }
        }
    }

    private static func dueReminders(_ connection: Connection, today: CivilDate, now: Date) throws -> [Reminder] {
        let staleClaim = Timestamp.format(now.addingTimeInterval(-reminderClaimTimeout))
        let taken = try connection.rows("""
            SELECT subscription_id, payment_date, offset_days FROM reminders_sent
            WHERE payment_date >= ? AND (state = 'sent' OR updated_at > ?)
            """, [.text(today.description), .text(staleClaim)]
        ).compactMap { row -> SentReminder? in
            guard let id = row.text(0), let date = row.text(1).flatMap(CivilDate.init(iso:)), let offset = row.int(2)
            else { return nil }
            return SentReminder(subscriptionID: id, paymentDate: date, offset: Int(offset))
        }
        return ReminderReport.due(
            try SubscriptionRecords(connection: connection).all(), today: today,
            config: try config(connection), sent: Set(taken))
    }

    private static func setState(_ state: String, of reminders: [Reminder], _ connection: Connection, now: Date) throws {
        for record in reminders.flatMap(ReminderReport.records(of:)) {
            // SQLite 3.15 has no UPSERT: replace the row.
            try connection.run("""
                INSERT OR REPLACE INTO reminders_sent (subscription_id, payment_date, offset_days, state, updated_at)
                VALUES (?, ?, ?, ?, ?)
                """, [.text(record.subscriptionID), .text(record.paymentDate.description),
                      .integer(Int64(record.offset)), .text(state), .text(Timestamp.format(now))])
        }
    }
}
