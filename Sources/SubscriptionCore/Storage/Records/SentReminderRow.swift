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
}
