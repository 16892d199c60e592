/// One charge of a subscription: the day it is due and the price in force that day.
public struct Payment: Hashable, Sendable {
    public let date: CivilDate
    public let amount: Money

    public init(date: CivilDate, amount: Money) {
        self.date = date
        self.amount = amount
    }
}

extension Subscription {
    /// The effective anchor A (R2): the trial end when there is a trial, else the start date.
    public var anchor: CivilDate { trialEnd ?? startDate }

    public var schedule: BillingSchedule { BillingSchedule(anchor: anchor, cycle: cycle) }

    /// Where the subscription is in its life on `today`.
    public func status(on today: CivilDate) -> SubscriptionStatus {
        if let trialEnd, today < trialEnd { return .trial }
        return .active
    }

    /// The one source of truth for "which payments, on which dates, for how much": every payment
    /// due from `start` through `end`, both inclusive, each at the price in force on its day.
    public func payments(from start: CivilDate, through end: CivilDate) -> [Payment] {
        schedule.payments(from: start, through: end).map { Payment(date: $0, amount: price(on: $0)) }
    }

    /// The first payment on or after `date` (a payment due that day counts).
    public func nextPayment(onOrAfter date: CivilDate) -> Payment? {
        schedule.nextPayment(onOrAfter: date).map { Payment(date: $0, amount: price(on: $0)) }
    }

    /// The payments made so far (R7): from the anchor through `today`.
    public func paymentsMade(through today: CivilDate) -> [Payment] {
        payments(from: anchor, through: today)
    }

    /// The next `count` payments on or after `date`.
    public func nextPayments(onOrAfter date: CivilDate, count: Int) -> [Payment] {
        var payments: [Payment] = []
        var k = schedule.firstIndex(onOrAfter: date)
        while payments.count < count, let day = schedule.payment(k) {
            payments.append(Payment(date: day, amount: price(on: day)))
            k += 1
        }
        return payments
    }
}
