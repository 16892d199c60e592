/// A reminder that is due: payment `payment` is `offset` days away or less (R8).
public struct DueReminder: Hashable, Sendable {
    public let payment: Payment
    /// K: the reminder is for `offset` days before the payment.
    public let offset: Int
    /// `trialEnd` when the payment is the first charge after a free trial.
    public let kind: PaymentKind

    /// The day the reminder is for: the payment date less the offset.
    public var remindOn: CivilDate { payment.date.adding(days: -offset) ?? payment.date }
}

extension Subscription {
    /// Every reminder due on `today` by rule R8: for each offset K, each payment o with
    /// o − K ≤ today ≤ o. A run after missed days therefore still finds what it missed, and
    /// whoever records what was sent makes each fire once. Ordered by payment, then by offset
    /// from the largest.
    public func remindersDue(on today: CivilDate, offsets: [Int]) -> [DueReminder] {
        guard let horizon = offsets.max() else { return [] }
        // Near the last supported day the window stops there, not nowhere.
        let end = CivilDate(clampingDaysSinceEpoch: today.daysSinceEpoch + min(horizon, 1 << 20))
        // A payment already recorded as charged needs no reminder; a skipped one is not there.
        return payments(from: today, through: end, today: today).filter { !$0.isActual }.flatMap { payment in
            offsets.sorted(by: >)
                .filter { payment.date.adding(days: -$0).map { $0 <= today } ?? true }
                .map { DueReminder(payment: payment, offset: $0, kind: kind(of: payment)) }
        }
    }

    /// A payment on the trial end, in the first billing period, is the trial turning into a charge.
    public func kind(of payment: Payment) -> PaymentKind {
        // Asked of every payment; only one on the trial's end can be its first charge.
        guard payment.date == trialEnd else { return .payment }
        let inFirstPeriod = lastDay(ofPeriod: 0).map { payment.date <= $0 } ?? true
        return inFirstPeriod ? .trialEnd : .payment
    }
}

/// A deadline reminder that is due: the last day to cancel is `offset` days away or less.
public struct DueDeadlineReminder: Hashable, Sendable {
    public let deadline: Deadline
    /// K: the reminder is for `offset` days before the cancel-by day.
    public let offset: Int
}

extension Subscription {
    /// Every deadline reminder due on `today` by R8's rule applied to cancel-by days: for each
    /// offset K, each deadline d with d − K ≤ today ≤ d (PRODUCT.md §14). Independent of the
    /// payment reminders and their offsets. Ordered by deadline, then by offset from the largest.
    public func deadlineRemindersDue(on today: CivilDate, offsets: [Int]) -> [DueDeadlineReminder] {
        guard let horizon = offsets.max() else { return [] }
        let end = CivilDate(clampingDaysSinceEpoch: today.daysSinceEpoch + min(horizon, 1 << 20))
        return deadlines(from: today, through: end).flatMap { deadline in
            offsets.sorted(by: >)
                .filter { deadline.cancelBy.adding(days: -$0).map { $0 <= today } ?? true }
                .map { DueDeadlineReminder(deadline: deadline, offset: $0) }
        }
    }
}
