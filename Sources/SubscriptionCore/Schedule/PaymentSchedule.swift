/// One charge of a subscription: the day it is due and the price in force that day.
public struct Payment: Hashable, Sendable {
    public let date: CivilDate
    public let amount: Money

    public init(date: CivilDate, amount: Money) {
        self.date = date
        self.amount = amount
    }
}

/// The one source of truth for "which payments, on which dates, for how much": the billing
/// schedule of each period, cut at its cancellation, less the payments inside pauses, each at
/// the price in force on its day. Pure: civil dates in, payments out.
extension Subscription {
    /// The effective anchor A (R2): the trial end when there is a trial, else the start date.
    public var anchor: CivilDate { trialEnd ?? startDate }

    /// The schedule of the first billing period, before any reactivation.
    var initialSchedule: BillingSchedule { BillingSchedule(anchor: anchor, cycle: cycle) }

    private func schedule(of period: BillingPeriod) -> BillingSchedule {
        BillingSchedule(anchor: period.restartedOn ?? anchor, cycle: cycle)
    }

    private func isPaused(_ date: CivilDate) -> Bool {
        pauses.contains { $0.covers(date) }
    }

    /// Where the subscription is in its life on `today` (SCHEDULE.md, Lifecycle).
    public func status(on today: CivilDate) -> SubscriptionStatus {
        let period = periods.last { ($0.restartedOn ?? startDate) <= today } ?? periods[0]
        if let cancelled = period.cancelledOn, today >= cancelled { return .cancelled }
        if isPaused(today) { return .paused }
        if period.restartedOn == nil, let trialEnd, today < trialEnd { return .trial }
        return .active
    }

    /// Every payment due from `start` through `end`, both inclusive, oldest first.
    public func payments(from start: CivilDate, through end: CivilDate) -> [Payment] {
        periods.flatMap { period in
            let last = period.cancelledOn.map { min($0, end) } ?? end
            return schedule(of: period).payments(from: start, through: last)
                .filter { !isPaused($0) }
                .map { Payment(date: $0, amount: price(on: $0)) }
        }
    }

    /// The first payment on or after `date` (a payment due that day counts), or nil when none
    /// will be made. Jumps over pauses instead of stepping through them, so the cost does not
    /// grow with the subscription's age.
    public func nextPayment(onOrAfter date: CivilDate) -> Payment? {
        for period in periods {
            let schedule = schedule(of: period)
            var candidate = schedule.nextPayment(onOrAfter: date)
            while let day = candidate, let pause = pauses.first(where: { $0.covers(day) }) {
                candidate = pause.until.flatMap { schedule.nextPayment(onOrAfter: $0) }
            }
            if let day = candidate, period.cancelledOn.map({ day <= $0 }) ?? true {
                return Payment(date: day, amount: price(on: day))
            }
        }
        return nil
    }

    /// The payments made so far (R7): from the anchor through `today`.
    public func paymentsMade(through today: CivilDate) -> [Payment] {
        paymentsMade(from: anchor, through: today, today: today)
    }

    /// The next `count` payments on or after `date`.
    public func nextPayments(onOrAfter date: CivilDate, count: Int) -> [Payment] {
        var payments: [Payment] = []
        var day: CivilDate? = date
        while payments.count < count, let from = day, let payment = nextPayment(onOrAfter: from) {
            payments.append(payment)
            day = payment.date.adding(days: 1)
        }
        return payments
    }

    /// For a cancelled subscription: the last day of service, the day before the first payment
    /// that will not be made (after the last one that was, so a pause before the cancellation
    /// counts). Nil when not cancelled.
    public var activeUntil: CivilDate? {
        let period = currentPeriod
        guard let cancelled = period.cancelledOn else { return nil }
        let schedule = schedule(of: period)
        let lastPaid = payments(from: schedule.anchor, through: cancelled).last?.date
        let firstUnpaid = lastPaid.map { $0.adding(days: 1).flatMap(schedule.nextPayment(onOrAfter:)) }
            ?? schedule.anchor
        return firstUnpaid?.adding(days: -1)
    }

    /// The payments that have happened between `start` and `end` (R7): those with
    /// max(start, anchor) ≤ date ≤ min(end, today).
    public func paymentsMade(from start: CivilDate, through end: CivilDate, today: CivilDate) -> [Payment] {
        payments(from: start, through: min(end, today))
    }
}
