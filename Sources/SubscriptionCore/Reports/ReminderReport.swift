import Foundation

/// A reminder `subs remind` prints: one payment (or trial end) or one last day to cancel coming
/// up, with the offsets that are due for it and not yet sent.
public struct Reminder: Hashable, Sendable {
    public let subscriptionID: String
    public let name: String
    /// `payment`, `trialEnd` or `cancelBy`.
    public let kind: PaymentKind
    /// The day reminded of: the payment, the trial end, or the last day to cancel.
    public let date: CivilDate
    /// What is charged that day; for a deadline, what missing it costs (nil when nothing is
    /// charged after it).
    public let amount: Money?
    /// The currency of `amount`, also when there is none.
    public let currency: Currency
    /// For a deadline: the term end it reaches, and what missing it costs.
    public let deadline: Deadline?
    /// How the subscription renews: a manual one expires unless renewed (nil for a one-off).
    public let renewal: Renewal?
    public let daysUntil: Int
    /// The due offsets not sent before, largest first; a late run catches up on several at once
    /// and says so once.
    public let offsets: [Int]

    /// The offset the reminder is for: the nearest of those due.
    public var offset: Int { offsets.last ?? 0 }

    /// The key its records are kept under: deadlines apart from payments and trial ends.
    public var recordKind: SentReminder.Kind { kind == .cancelBy ? .cancelBy : .payment }
}

/// A reminder already delivered (or being delivered): subscription, kind, date and offset.
public struct SentReminder: Hashable, Sendable {
    public let subscriptionID: String
    public let kind: Kind
    /// The payment date, or the cancel-by day.
    public let date: CivilDate
    public let offset: Int

    /// The `kind` column of `reminders_sent`: a trial end is kept as the payment it is.
    public enum Kind: String, Sendable {
        case payment
        case cancelBy = "cancel_by"
    }

    public init(subscriptionID: String, kind: Kind = .payment, date: CivilDate, offset: Int) {
        self.subscriptionID = subscriptionID
        self.kind = kind
        self.date = date
        self.offset = offset
    }
}

/// What `subs remind` has to say today (PRODUCT.md §5 and §14, SCHEDULE.md R8).
public enum ReminderReport {
    /// Every reminder due on `today` and not in `sent`, ordered by date, then name. Payments and
    /// trial ends at the subscription's offsets (else config `remind-days`), for subscriptions
    /// neither paused, cancelled nor ended; deadlines at `cancelOffsets` (else config
    /// `remind-cancel-days`), for subscriptions neither cancelled nor ended. Nothing when
    /// reminders are off.
    public static func due(
        _ subscriptions: [Subscription], today: CivilDate, config: Config, sent: Set<SentReminder>,
        cancelOffsets: [Int]? = nil
    ) -> [Reminder] {
        guard config.remindersEnabled else { return [] }
        var reminders: [Reminder] = []
        for subscription in subscriptions {
            let status = subscription.status(on: today)
            guard status != .cancelled, status != .ended else { continue }
            if status != .paused {
                reminders += paymentReminders(
                    subscription, today: today, offsets: subscription.remindDays ?? config.remindDays, sent: sent)
            }
            // A pause stops the payments, not the contract: its deadlines still come, and remind.
            reminders += deadlineReminders(
                subscription, today: today, offsets: cancelOffsets ?? config.remindCancelDays, sent: sent)
        }
        // Each name lowered once, not at every comparison of a sort of thousands.
        let names = reminders.map { $0.name.lowercased() }
        let order = reminders.indices.sorted { a, b in
            (reminders[a].date, names[a], reminders[a].subscriptionID, reminders[a].kind.rawValue)
                < (reminders[b].date, names[b], reminders[b].subscriptionID, reminders[b].kind.rawValue)
        }
        reminders.rearrange(taking: order)
        return reminders
    }

    private static func paymentReminders(
        _ subscription: Subscription, today: CivilDate, offsets: [Int], sent: Set<SentReminder>
    ) -> [Reminder] {
        let due = subscription.remindersDue(on: today, offsets: offsets).filter {
            !sent.contains(SentReminder(
                subscriptionID: subscription.id, kind: .payment, date: $0.payment.date, offset: $0.offset))
        }
        return Dictionary(grouping: due, by: \.payment).map { payment, group in
            Reminder(subscriptionID: subscription.id, name: subscription.name, kind: group[0].kind,
                     date: payment.date, amount: payment.amount, currency: payment.amount.currency, deadline: nil, renewal: subscription.renewal,
                     daysUntil: today.days(until: payment.date), offsets: group.map(\.offset).sorted(by: >))
        }
    }

    private static func deadlineReminders(
        _ subscription: Subscription, today: CivilDate, offsets: [Int], sent: Set<SentReminder>
    ) -> [Reminder] {
        let due = subscription.deadlineRemindersDue(on: today, offsets: offsets).filter {
            !sent.contains(SentReminder(
                subscriptionID: subscription.id, kind: .cancelBy, date: $0.deadline.cancelBy, offset: $0.offset))
        }
        return Dictionary(grouping: due, by: \.deadline).map { deadline, group in
            Reminder(subscriptionID: subscription.id, name: subscription.name, kind: .cancelBy,
                     date: deadline.cancelBy, amount: deadline.cost, currency: subscription.currency, deadline: deadline,
                     renewal: subscription.renewal, daysUntil: today.days(until: deadline.cancelBy),
                     offsets: group.map(\.offset).sorted(by: >))
        }
    }

    /// The rows that record `reminder` as sent: one per offset it covered.
    public static func records(of reminder: Reminder) -> [SentReminder] {
        reminder.offsets.map {
            SentReminder(subscriptionID: reminder.subscriptionID, kind: reminder.recordKind, date: reminder.date, offset: $0)
        }
    }
}
