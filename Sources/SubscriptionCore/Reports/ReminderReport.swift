import Foundation

/// A reminder `subs remind` prints: one payment (or trial end) coming up, with the offsets that
/// are due for it and not yet sent.
public struct Reminder: Hashable, Sendable {
    public let subscriptionID: String
    public let name: String
    public let payment: Payment
    public let kind: PaymentKind
    public let daysUntil: Int
    /// The due offsets not sent before, largest first; a late run catches up on several at once
    /// and says so once.
    public let offsets: [Int]

    /// The offset the reminder is for: the nearest of those due.
    public var offset: Int { offsets.last ?? 0 }
}

/// A reminder already delivered: subscription, payment date and offset.
public struct SentReminder: Hashable, Sendable {
    public let subscriptionID: String
    public let paymentDate: CivilDate
    public let offset: Int

    public init(subscriptionID: String, paymentDate: CivilDate, offset: Int) {
        self.subscriptionID = subscriptionID
        self.paymentDate = paymentDate
        self.offset = offset
    }
}

/// What `subs remind` has to say today (PRODUCT.md §5, SCHEDULE.md R8).
public enum ReminderReport {
    /// Every reminder due on `today` and not in `sent`, for subscriptions that are neither
    /// paused nor cancelled, ordered by payment date, then name. Nothing when reminders are off.
    public static func due(
        _ subscriptions: [Subscription], today: CivilDate, config: Config, sent: Set<SentReminder>
    ) -> [Reminder] {
        guard config.remindersEnabled else { return [] }
        var reminders: [Reminder] = []
        for subscription in subscriptions {
            let status = subscription.status(on: today)
            guard status != .paused, status != .cancelled else { continue }
            let offsets = subscription.remindDays ?? config.remindDays
            let due = subscription.remindersDue(on: today, offsets: offsets).filter {
                !sent.contains(SentReminder(
                    subscriptionID: subscription.id, paymentDate: $0.payment.date, offset: $0.offset))
            }
            for (payment, group) in Dictionary(grouping: due, by: \.payment) {
                reminders.append(Reminder(
                    subscriptionID: subscription.id, name: subscription.name, payment: payment,
                    kind: group[0].kind, daysUntil: today.days(until: payment.date),
                    offsets: group.map(\.offset).sorted(by: >)))
            }
        }
        return reminders.sorted {
            ($0.payment.date, $0.name.lowercased(), $0.subscriptionID)
                < ($1.payment.date, $1.name.lowercased(), $1.subscriptionID)
        }
    }

    /// The rows that record `reminder` as sent: one per offset it covered.
    public static func records(of reminder: Reminder) -> [SentReminder] {
        reminder.offsets.map {
            SentReminder(subscriptionID: reminder.subscriptionID, paymentDate: reminder.payment.date, offset: $0)
        }
    }
}
