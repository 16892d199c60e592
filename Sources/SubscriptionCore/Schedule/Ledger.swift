extension Subscription {
    /// Records that a payment was charged `amount` (default: the amount already recorded for it,
    /// else the scheduled amount), and says which (PRODUCT.md §10). Without `date`, the latest
    /// scheduled payment on or before `today`. With one, the scheduled payment a bank charge on
    /// that day is for: the nearest within `postingDrift` days, as `detect --record` matches; a
    /// day with none near is refused, naming the nearest, unless `extra` records a charge beyond
    /// the schedule on that very day. A payment already recorded at that amount is left as it is.
    /// A plan renewed by hand is paid when it is renewed: the charge is on `date` (default today).
    @discardableResult
    public mutating func recordPaid(
        on date: CivilDate?, amount: Money?, extra: Bool = false, today: CivilDate
    ) throws -> PaidRecord {
        let day: CivilDate
        if renewal == .manual {
            // A plan renewed by hand renews the day it is paid (PRODUCT.md §14): that day is the
            // charge, and the next renewal is due one cycle after it.
            day = date ?? today
            if let ends, day > ends { throw LedgerError.afterEnd(date: day, ends: ends) }
        } else if let date {
            try checkChargeable(date, notAfter: today)
            if extra {
                day = date
            } else if let scheduled = scheduledPayment(chargedOn: date, today: today) {
                day = scheduled.date
            } else {
                throw LedgerError.offSchedule(date: date, nearest: nearestScheduledPayment(to: date))
            }
        } else {
            guard let latest = scheduledPayments(from: anchor, through: today).last?.date else {
                throw LedgerError.nothingDueYet(name: name)
            }
            day = latest
        }
        try checkChargeable(day, notAfter: today)
        let previous = charge(on: day)
        let record = ChargeRecord(date: day, amount: amount ?? previous?.amount ?? price(on: day))
        if previous != record { replaceRecord(record) }
        return PaidRecord(record: record, chargedOn: date ?? day, previous: previous)
    }

    /// The scheduled payment a bank charge on `date` pays (PRODUCT.md §10): the one nearest it
    /// within `postingDrift` days either side, the earlier on a tie, none after `today`. The one
    /// rule `paid --on` and `detect --record` share.
    public func scheduledPayment(chargedOn date: CivilDate, today: CivilDate) -> Payment? {
        guard let from = date.adding(days: -Self.postingDrift),
              let through = date.adding(days: Self.postingDrift) else { return nil }
        return scheduledPayments(from: max(from, anchor), through: min(through, today))
            .min { abs($0.date.days(until: date)) < abs($1.date.days(until: date)) }
    }

    /// How many days from its scheduled date a bank may post a charge.
    public static let postingDrift = 5

    /// The scheduled payment nearest `date`, before or after it, for a message.
    func nearestScheduledPayment(to date: CivilDate) -> CivilDate? {
        let before = scheduledPayments(from: anchor, through: date).last?.date
        let after = date.adding(days: 1).flatMap { nextScheduledPayment(onOrAfter: $0)?.date }
        return [before, after].compactMap { $0 }.min { abs($0.days(until: date)) < abs($1.days(until: date)) }
    }

    /// Records that the payment scheduled on `date` was not charged.
    public mutating func recordSkip(on date: CivilDate, today: CivilDate) throws {
        // A free month may be known ahead: a skip can be in the future.
        try checkChargeable(date, notAfter: nil)
        let scheduled = scheduledPayments(from: date, through: date)
        guard !scheduled.isEmpty else {
            let before = scheduledPayments(from: anchor, through: date).last?.date
            let after = nextPayment(onOrAfter: date)?.date
            throw LedgerError.noScheduledPayment(date: date, nearest: [before, after].compactMap { $0 })
        }
        replaceRecord(ChargeRecord(date: date, amount: nil))
    }

    /// Removes the record on `date`, or else the charge `paid --on date` records: the one of the
    /// scheduled payment a bank charge that day pays (`scheduledPayment(chargedOn:today:)`).
    /// Returns the day of the record removed.
    @discardableResult
    public mutating func removeRecord(on date: CivilDate, today: CivilDate) throws -> CivilDate {
        var index = charges.firstIndex { $0.date == date }
        if index == nil, renewal != .manual, let paid = scheduledPayment(chargedOn: date, today: today) {
            index = charges.firstIndex { $0.date == paid.date && !$0.isSkip }
        }
        guard let index else { throw NoChargeRecorded(date: date) }
        return charges.remove(at: index).date
    }

    private mutating func replaceRecord(_ record: ChargeRecord) {
        charges.removeAll { $0.date == record.date }
        charges.append(record)
        charges.sort { $0.date < $1.date }
    }

    /// A charge can be recorded on a day the subscription was running: after it started, not in
    /// a pause, not after a cancellation, and (for `paid`) not after today.
    private func checkChargeable(_ date: CivilDate, notAfter today: CivilDate?) throws {
        guard date >= anchor else { throw LedgerError.beforeStart(date: date, start: anchor) }
        if let today, date > today { throw LedgerError.inFuture(date: date, today: today) }
        if let pause = pauses.first(where: { $0.covers(date) }) { throw LedgerError.inPause(date: date, pause: pause) }
        if let index = periods.lastIndex(where: { ($0.restartedOn ?? anchor) <= date }),
           let cancelled = periods[index].cancelledOn, date > cancelled {
            throw LedgerError.afterCancellation(date: date, cancelledOn: cancelled)
        }
    }

    /// When the last two recorded charges were both above the price scheduled for their day:
    /// the price they suggest (the latest) and the day it has applied from (the earlier).
    public var priceRise: (amount: Money, since: CivilDate)? {
        let paid = charges.filter { !$0.isSkip }.suffix(2)
        guard paid.count == 2, paid.allSatisfy({ record in
            record.amount.map { $0.minorUnits > price(on: record.date).minorUnits } ?? false
        }), let latest = paid.last?.amount, let since = paid.first?.date
        else { return nil }
        return (latest, since)
    }
}

/// What `paid` did: the record made (or found), the day the charge was given for, and what was
/// recorded for that payment before.
public struct PaidRecord: Hashable, Sendable {
    public let record: ChargeRecord
    /// The bank's day (`--on`), which may be a few days off `record.date`, the scheduled day.
    public let chargedOn: CivilDate
    /// What was recorded for the payment before: nil when nothing was.
    public let previous: ChargeRecord?

    /// The payment was already recorded at this amount: nothing changed.
    public var wasAlreadyRecorded: Bool { previous == record }
}
