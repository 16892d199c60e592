/// A `reminders_sent` row of a reminder delivered: the history keeps those of a deleted
/// subscription, so undoing the delete does not remind again about what was already reminded.
/// Claims of a run still delivering are not kept: that run settles them, or the next one does.
struct SentReminderRow: Codable, Equatable {
    var subscriptionID: String
    var paymentDate: String
    var offsetDays: Int
    var updatedAt: String

    enum CodingKeys: String, CodingKey {
        case subscriptionID = "subscription_id", paymentDate = "payment_date"
        case offsetDays = "offset_days", updatedAt = "updated_at"
    }

    /// The reminders sent for the subscriptions `ids`.
    static func rows(of ids: [String], _ connection: Connection) throws -> [SentReminderRow] {
        try ids.flatMap { id in
            try connection.rows("""
                SELECT payment_date, offset_days, updated_at FROM reminders_sent
                WHERE subscription_id = ? AND state = 'sent' ORDER BY payment_date, offset_days
                """, [.text(id)]).map { row in
                guard let date = row.text(0), let offset = row.int(1), let updatedAt = row.text(2) else {
                    throw Damaged(.sentReminder)
                }
                return SentReminderRow(subscriptionID: id, paymentDate: date, offsetDays: Int(offset), updatedAt: updatedAt)
            }
        }
    }

    /// Writes it back as sent; a row there already (a claim, or sent again since) stays.
    func write(_ connection: Connection) throws {
        try connection.run("""
            INSERT OR IGNORE INTO reminders_sent (subscription_id, payment_date, offset_days, state, updated_at)
            VALUES (?, ?, ?, 'sent', ?)
            """, [.text(subscriptionID), .text(paymentDate), .integer(Int64(offsetDays)), .text(updatedAt)])
    }
}
