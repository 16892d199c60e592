/// The payments of one billing period as a calendar recurrence: the period's schedule from its
/// anchor, ended by a cancellation or an open-ended pause, less the payments that bounded pauses
/// skip. Its occurrences are exactly the period's share of `Subscription.payments(from:through:)`.
struct PaymentSeries: Hashable, Sendable {
    /// The position of the billing period in `Subscription.periods`: 0 for the first.
    let periodIndex: Int
    /// For a plan renewed by hand (PRODUCT.md §14): the latest recorded renewal, which this
    /// series runs from, every cycle after it; nil for the period's own schedule, which then
    /// stops before the first recorded renewal (from it on the records are the history).
    let renewedOn: CivilDate?
    let schedule: BillingSchedule
    /// The last day a payment may fall on: the day before an open-ended pause, the cancellation,
    /// or for a plan renewed by hand that lapsed, its latest renewal, whichever comes first; nil
    /// when the series runs on.
    let until: CivilDate?
    /// Payments of the schedule up to `until` that bounded pauses skip, ascending.
    let exclusions: [CivilDate]

    /// `lastRenewal`: for a plan renewed by hand whose payments in this period after its latest
    /// renewal are not due (it lapsed, `Subscription.lapse(on:)`), that renewal: the series
    /// ends there.
    init(_ subscription: Subscription, periodIndex: Int, renewedOn: CivilDate? = nil, lastRenewal: CivilDate? = nil) {
        let period = subscription.periods[periodIndex]
        let schedule = renewedOn.map { BillingSchedule(anchor: $0, cycle: period.cycle ?? subscription.cycle) }
            ?? subscription.schedule(of: period)
        let dayBeforeOpenPause = subscription.pauses.filter { $0.until == nil }
            .compactMap { $0.from.adding(days: -1) }.min()
        var dayBeforeRenewals: CivilDate?
        if renewedOn == nil, let renewals = subscription.manualRenewals, periodIndex <= renewals.owner {
            dayBeforeRenewals = renewals.first.adding(days: -1)
        }
        let until = [subscription.lastDay(ofPeriod: periodIndex), dayBeforeOpenPause, dayBeforeRenewals, lastRenewal]
            .compactMap { $0 }.min()
        var skipped: Set<CivilDate> = []
        for pause in subscription.pauses {
            guard let resumes = pause.until, var lastSkipped = resumes.adding(days: -1) else { continue }
            if let until { lastSkipped = min(lastSkipped, until) }
            skipped.formUnion(schedule.payments(from: pause.from, through: lastSkipped))
        }
        // Months recorded as skipped are not charged either.
        for record in subscription.charges where record.isSkip && until.map({ record.date <= $0 }) ?? true
            && schedule.nextPayment(onOrAfter: record.date) == record.date {
            skipped.insert(record.date)
        }
        self.periodIndex = periodIndex
        self.renewedOn = renewedOn
        self.schedule = schedule
        self.until = until
        self.exclusions = skipped.sorted()
    }

    /// One series per billing period, oldest first, and for a plan renewed by hand one from its
    /// latest recorded renewal and one for each renewal recorded before it (the day it was paid);
    /// as of `today`, those whose payments after the latest lapsed unpaid end with it. Series
    /// without any payment are left out.
    static func all(of subscription: Subscription, today: CivilDate) -> [PaymentSeries] {
        let renewals = subscription.manualRenewals
        let state = renewals.map { subscription.renewalState($0, on: today) }
        let lastRenewal = { (index: Int) -> CivilDate? in
            guard let renewals, let state, !state.isDue(period: index) else { return nil }
            return renewals.latest
        }
        var series = subscription.periods.indices.map {
            PaymentSeries(subscription, periodIndex: $0, lastRenewal: lastRenewal($0))
        }
        if let renewals {
            for record in subscription.charges where record.amount != nil && record.date < renewals.latest {
                series.append(PaymentSeries(subscription, periodIndex: subscription.periodIndex(on: record.date),
                                            renewedOn: record.date, lastRenewal: record.date))
            }
            series.append(PaymentSeries(subscription, periodIndex: renewals.owner, renewedOn: renewals.latest,
                                        lastRenewal: lastRenewal(renewals.owner)))
        }
        return series.filter { $0.firstOccurrence(onOrAfter: $0.schedule.anchor) != nil }
    }

    var rule: RecurrenceRule { RecurrenceRule(schedule: schedule, until: until) }

    /// The first payment of the series on or after `date`. Steps over at most the excluded
    /// payments, so the cost does not grow with the subscription's age.
    func firstOccurrence(onOrAfter date: CivilDate) -> CivilDate? {
        let excluded = Set(exclusions)
        var index = schedule.firstIndex(onOrAfter: date)
        while let day = schedule.payment(index), excluded.contains(day) { index += 1 }
        guard let day = schedule.payment(index), until.map({ day <= $0 }) ?? true else { return nil }
        return day
    }
}
