/// A `reminders_sent` row of a reminder delivered: the history keeps those of a deleted
/// subscription, so undoing the delete does not remind again about what was already reminded.
/// Claims of a run still delivering are not kept: that run settles them, or the next one does.
struct SentReminderRow: Codable, Equatable {
    var subscriptionID: String
    /// `payment` or `cancel_by` (schema 12); history written before it has none: `payment`.
    var kind: String
    var paymentDate: String
    var offsetDays: Int
    var updatedAt: String

    init(subscriptionID: String, kind: String, paymentDate: String, offsetDays: Int, updatedAt: String) {
        self.subscriptionID = subscriptionID
        self.kind = kind
        self.paymentDate = paymentDate
        self.offsetDays = offsetDays
        self.updatedAt = updatedAt
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        subscriptionID = try container.decode(String.self, forKey: .subscriptionID)
        kind = try container.decodeIfPresent(String.self, forKey: .kind) ?? SentReminder.Kind.payment.rawValue
        paymentDate = try container.decode(String.self, forKey: .paymentDate)
        offsetDays = try container.decode(Int.self, forKey: .offsetDays)
        updatedAt = try container.decode(String.self, forKey: .updatedAt)
    }

    enum CodingKeys: String, CodingKey {
        case subscriptionID = "subscription_id", kind, paymentDate = "payment_date"
        case offsetDays = "offset_days", updatedAt = "updated_at"
    }
}
