/// One charge of a subscription: the day it is due and what it costs: the price in force that
/// day, or the amount recorded with `paid` (PRODUCT.md §10).
public struct Payment: Hashable, Sendable {
    public let date: CivilDate
    public let amount: Money
    /// Whether `amount` was recorded from a statement rather than taken from the schedule.
    public let isActual: Bool
    /// What the schedule says for this day; nil for a recorded charge on a day without a
    /// scheduled payment.
    public let scheduledAmount: Money?

    public init(date: CivilDate, amount: Money) {
        self.init(date: date, amount: amount, isActual: false, scheduledAmount: amount)
    }

    public init(date: CivilDate, amount: Money, isActual: Bool, scheduledAmount: Money?) {
        self.date = date
        self.amount = amount
        self.isActual = isActual
        self.scheduledAmount = scheduledAmount
    }
}

/// The one source of truth for "which payments, on which dates, for how much": the billing
/// schedule of each period on its own plan, cut at its cancellation or the next period's start,
/// less the payments inside pauses and those recorded as skipped, each at the price in force on
/// its day or the amount recorded for it, plus recorded charges on other days. Pure: civil dates
/// in, payments out.
extension Subscription {
    /// The effective anchor A (R2): the trial end when there is a trial, else the start date.
    public var anchor: CivilDate { trialEnd ?? startDate }

    /// The schedule of the first billing period, before any reactivation.
    var initialSchedule: BillingSchedule { BillingSchedule(anchor: anchor, cycle: cycle) }

    func schedule(of period: BillingPeriod) -> BillingSchedule {
        BillingSchedule(anchor: period.restartedOn ?? anchor, cycle: period.cycle ?? cycle)
    }

    /// The last day period `index` may charge: its cancellation, or the day before the next
    /// period starts; nil while it runs on.
    func lastDay(ofPeriod index: Int) -> CivilDate? {
        let beforeNext = index + 1 < periods.count ? periods[index + 1].restartedOn?.adding(days: -1) : nil
        return earliest(earliest(periods[index].cancelledOn, beforeNext), ends)
    }

    /// The earlier of two days, either of which may be missing; asked for every subscription a
    /// report reads, so without building an array.
    private func earliest(_ one: CivilDate?, _ other: CivilDate?) -> CivilDate? {
        guard let one else { return other }
        guard let other else { return one }
        return min(one, other)
    }

    /// The day of the last payment there will ever be, when it is known without a cancellation:
    /// the end of a finite subscription, or the one payment of a one-time purchase.
    func finalDay(on today: CivilDate) -> CivilDate? {
        let period = period(on: today)
        let once = (period.cycle ?? cycle).recurs ? nil : schedule(of: period).anchor
        // The earlier of the two there are, asked of every row of a list: no array made for them.
        guard let ends, let once else { return ends ?? once }
        return min(ends, once)
    }

    /// For a plan renewed by hand with charges recorded: the first and the latest of them, and
    /// the renewals due after the latest (PRODUCT.md §14).
    var manualRenewals: ManualRenewals? {
        guard renewal == .manual,
              let first = charges.first(where: { $0.amount != nil })?.date,
              let latest = charges.last(where: { $0.amount != nil })?.date
        else { return nil }
        let owner = periodIndex(on: latest)
        return ManualRenewals(
            first: first, latest: latest, owner: owner,
            schedule: BillingSchedule(anchor: latest, cycle: periods[owner].cycle ?? cycle))
    }

    /// For a plan renewed by hand, as of `today`: the first billing period whose payments after
    /// the latest recorded renewal are still to come, or the day the plan lapsed (PRODUCT.md §14).
    ///
    /// The renewal due after the latest is one cycle after it while its period lasts; past that
    /// period, the first payment of a later one. Due before `today` and not recorded, the plan
    /// lapsed that day, unless a period began after it (a `resume` or a plan change), which
    /// starts afresh: its first payment is due on its first day, and so on. Without `today`, all
    /// of them are to come.
    func renewalState(_ renewals: ManualRenewals, on today: CivilDate?) -> RenewalState {
        guard let today, var from = renewals.latest.adding(days: 1) else { return .dueFrom(period: renewals.owner) }
        var index = renewals.owner
        while let (dueIndex, due) = firstRenewal(from: index, onOrAfter: from, renewals), due < today {
            guard let next = periods.indices.first(where: { $0 > dueIndex && (periods[$0].restartedOn ?? startDate) > due }),
                  let restart = periods[next].restartedOn
            else { return .lapsed(on: due) }
            index = next
            from = restart
        }
        return .dueFrom(period: index)
    }

    /// The first renewal on or after `date` in period `start` or a later one, outside every pause
    /// and month recorded as skipped, within its period: the owner's from the renewals' schedule.
    private func firstRenewal(
        from start: Int, onOrAfter date: CivilDate, _ renewals: ManualRenewals
    ) -> (period: Int, day: CivilDate)? {
        for index in start..<periods.count {
            let schedule = index == renewals.owner ? renewals.schedule : schedule(of: periods[index])
            var due = nextUnpaused(in: schedule, onOrAfter: date)
            while let day = due, charge(on: day)?.isSkip == true {
                due = day.adding(days: 1).flatMap { nextUnpaused(in: schedule, onOrAfter: $0) }
            }
            if let due, lastDay(ofPeriod: index).map({ due <= $0 }) ?? true { return (index, due) }
        }
        return nil
    }

    /// For a plan renewed by hand: the day it lapsed, when the renewal due after the latest
    /// recorded one (or after the start of a later period) is past `today` unpaid (PRODUCT.md §14).
    /// No charge is made up for that day or any after it: the plan has no next payment until it
    /// is renewed (`subs paid`).
    public func lapse(on today: CivilDate) -> CivilDate? {
        guard let renewals = manualRenewals, case .lapsed(let day) = renewalState(renewals, on: today) else { return nil }
        return day
    }

    /// The record for `date`, if one was made.
    func charge(on date: CivilDate) -> ChargeRecord? {
        charges.first { $0.date == date }
    }

    private func isPaused(_ date: CivilDate) -> Bool {
        pauses.contains { $0.covers(date) }
    }

    /// The billing period in force on `date`: the last one begun on or before it, else the
    /// first. A plan change dated ahead is not in force yet, so "now" is never the last period
    /// by default.
    public func period(on date: CivilDate) -> BillingPeriod {
        periods[periodIndex(on: date)]
    }

    /// The position of `period(on: date)` in `periods`.
    func periodIndex(on date: CivilDate) -> Int {
        periods.lastIndex { ($0.restartedOn ?? startDate) <= date } ?? 0
    }

    /// The cycle billed on `date`: that of the period in force then (PRODUCT.md §10).
    public func cycle(on date: CivilDate) -> BillingCycle {
        period(on: date).cycle ?? cycle
    }

    /// Where the subscription is in its life on `today` (SCHEDULE.md, Lifecycle).
    public func status(on today: CivilDate) -> SubscriptionStatus {
        let period = period(on: today)
        if let cancelled = period.cancelledOn, today >= cancelled { return .cancelled }
        if let last = finalDay(on: today), today > last { return .ended }
        if isPaused(today) { return .paused }
        if period.restartedOn == nil, let trialEnd, today < trialEnd { return .trial }
        return .active
    }

    /// Every payment due from `start` through `end`, both inclusive, oldest first. As of `today`, a
    /// plan renewed by hand has no renewal after it lapsed (`lapse(on:)`); without it, the
    /// renewals after the latest recorded one run on.
    public func payments(from start: CivilDate, through end: CivilDate, today: CivilDate? = nil) -> [Payment] {
        let scheduled = scheduledPayments(from: start, through: end, today: today)
        guard !charges.isEmpty else { return scheduled }
        var payments = scheduled.compactMap { payment -> Payment? in
            guard let record = charge(on: payment.date) else { return payment }
            return record.amount.map { Payment(date: payment.date, amount: $0, isActual: true, scheduledAmount: payment.amount) }
        }
        let scheduledDays = Set(scheduled.map(\.date))
        for record in charges where start <= record.date && record.date <= end && !scheduledDays.contains(record.date) {
            if let amount = record.amount {
                payments.append(Payment(date: record.date, amount: amount, isActual: true, scheduledAmount: nil))
            }
        }
        return payments.sorted { $0.date < $1.date }
    }

    /// The payments the schedule alone gives, before any record; `today` as in `payments`.
    public func scheduledPayments(from start: CivilDate, through end: CivilDate, today: CivilDate? = nil) -> [Payment] {
        let renewals = manualRenewals
        let state = renewals.map { renewalState($0, on: today) }
        var payments: [Payment] = []
        for index in periods.indices {
            let last = lastDay(ofPeriod: index).map { min($0, end) } ?? end
            var dates = schedule(of: periods[index]).payments(from: start, through: last)
            if let renewals {
                dates.removeAll { !renewals.scheduleCharges($0, ofPeriod: index, state) }
                if index == renewals.owner, state?.isDue(period: index) == true, let after = renewals.latest.adding(days: 1) {
                    dates += renewals.schedule.payments(from: max(start, after), through: last)
                }
            }
            // Straight into one array: a report asks this of every subscription.
            for date in dates where pauses.isEmpty || !isPaused(date) {
                payments.append(Payment(date: date, amount: price(on: date)))
            }
        }
        return payments
    }

    /// What the schedule charges after `day` through `end`: the sum of its payments, exactly, in
    /// the subscription's currency (what one more term of a contract costs).
    public func scheduledCost(after day: CivilDate, through end: CivilDate) -> Money {
        let from = day.adding(days: 1) ?? day
        let minorUnits = scheduledPayments(from: from, through: end).reduce(Int128(0)) { $0 + $1.amount.minorUnits }
        return Money(minorUnits: minorUnits, currency: currency)
    }

    /// The first payment on or after `date` (a payment due that day counts), or nil when none
    /// will be made; `today` as in `payments`. Jumps over pauses instead of stepping through
    /// them, so the cost does not grow with the subscription's age.
    public func nextPayment(onOrAfter date: CivilDate, today: CivilDate? = nil) -> Payment? {
        var from = date
        while let payment = nextScheduledPayment(onOrAfter: from, today: today) {
            guard let record = charge(on: payment.date) else { return payment }
            if let amount = record.amount {
                return Payment(date: payment.date, amount: amount, isActual: true, scheduledAmount: payment.amount)
            }
            // Skipped: the one after it.
            guard let next = payment.date.adding(days: 1) else { return nil }
            from = next
        }
        return nil
    }

    func nextScheduledPayment(onOrAfter date: CivilDate, today: CivilDate? = nil) -> Payment? {
        let renewals = manualRenewals
        let state = renewals.map { renewalState($0, on: today) }
        for index in periods.indices {
            // The period's next scheduled day, or the renewal due sooner: no array made for
            // the two, which a list of 1,000 made and freed for each subscription.
            var next = nextUnpaused(in: schedule(of: periods[index]), onOrAfter: date)
            if let renewals {
                next = next.flatMap { renewals.scheduleCharges($0, ofPeriod: index, state) ? $0 : nil }
                if index == renewals.owner, state?.isDue(period: index) == true, let after = renewals.latest.adding(days: 1),
                   let renewal = nextUnpaused(in: renewals.schedule, onOrAfter: max(date, after)) {
                    next = next.map { min($0, renewal) } ?? renewal
                }
            }
            if let day = next, lastDay(ofPeriod: index).map({ day <= $0 }) ?? true {
                return Payment(date: day, amount: price(on: day))
            }
        }
        return nil
    }

    /// The first day of `schedule` on or after `date` outside every pause.
    private func nextUnpaused(in schedule: BillingSchedule, onOrAfter date: CivilDate) -> CivilDate? {
        var candidate = schedule.nextPayment(onOrAfter: date)
        while let day = candidate, let pause = pauses.first(where: { $0.covers(day) }) {
            candidate = pause.until.flatMap { schedule.nextPayment(onOrAfter: $0) }
        }
        return candidate
    }

    /// The payments made so far (R7): from the anchor through `today`.
    public func paymentsMade(through today: CivilDate) -> [Payment] {
        paymentsMade(from: anchor, through: today, today: today)
    }

    /// The next `count` payments on or after `date`; `today` as in `payments`.
    public func nextPayments(onOrAfter date: CivilDate, count: Int, today: CivilDate? = nil) -> [Payment] {
        var payments: [Payment] = []
        var day: CivilDate? = date
        while payments.count < count, let from = day, let payment = nextPayment(onOrAfter: from, today: today) {
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
        let renewedByHand = manualRenewals != nil
        // A plan renewed by hand runs one cycle from the latest renewal paid by then.
        if renewedByHand, let renewed = charges.last(where: {
            $0.amount != nil && $0.date <= cancelled && $0.date >= (period.restartedOn ?? startDate)
        })?.date {
            let renewals = BillingSchedule(anchor: renewed, cycle: period.cycle ?? cycle)
            return renewed.adding(days: 1).flatMap { nextUnpaused(in: renewals, onOrAfter: $0) }?.adding(days: -1)
        }
        let schedule = schedule(of: period)
        // Renewed by hand with no renewal recorded in this period: nothing in it was paid.
        let paid = renewedByHand ? paymentsMade(from: schedule.anchor, through: cancelled, today: cancelled)
            : payments(from: schedule.anchor, through: cancelled)
        let lastPaid = paid.last?.date
        let firstUnpaid = lastPaid.map { $0.adding(days: 1).flatMap(schedule.nextPayment(onOrAfter:)) }
            ?? schedule.anchor
        return firstUnpaid?.adding(days: -1)
    }

    /// The payments that have happened between `start` and `end` (R7): those with
    /// max(start, anchor) ≤ date ≤ min(end, today). A plan renewed by hand has paid, from its
    /// first recorded renewal on, only the renewals recorded (one due today is not paid yet).
    public func paymentsMade(from start: CivilDate, through end: CivilDate, today: CivilDate) -> [Payment] {
        let made = payments(from: start, through: min(end, today), today: today)
        guard let renewals = manualRenewals else { return made }
        return made.filter { $0.isActual || $0.date < renewals.first }
    }
}
