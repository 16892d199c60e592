import Foundation

extension SubscriptionStore {
    /// The reminders due on `today` that were not sent before.
    public func dueReminders(today: CivilDate) throws -> [Reminder] {
        try read { connection in
            let sent = try connection.rows(
                "SELECT subscription_id, payment_date, offset_days FROM reminders_sent WHERE payment_date >= ?",
                [.text(today.description)]
            ).compactMap { row -> SentReminder? in
                guard let id = row.text(0), let date = row.text(1).flatMap(CivilDate.init(iso:)),
                      let offset = row.int(2)
                else { return nil }
                return SentReminder(subscriptionID: id, paymentDate: date, offset: Int(offset))
            }
            return ReminderReport.due(
                try SubscriptionRecords(connection: connection).all(), today: today,
                config: try Self.config(connection), sent: Set(sent))
        }
    }

    /// Records reminders as delivered, so later runs do not send them again.
    public func recordSent(_ reminders: [Reminder], at now: Date = Date()) throws {
        guard !reminders.isEmpty else { return }
        try write { connection in
            for record in reminders.flatMap(ReminderReport.records(of:)) {
                // OR IGNORE: a parallel run may have recorded the same reminder a moment ago.
                try connection.run("""
                    INSERT OR IGNORE INTO reminders_sent (subscription_id, payment_date, offset_days, sent_at)
                    VALUES (?, ?, ?, ?)
                    """, [.text(record.subscriptionID), .text(record.paymentDate.description),
                          .integer(Int64(record.offset)), .text(Timestamp.format(now))])
            }
        }
    }
}
