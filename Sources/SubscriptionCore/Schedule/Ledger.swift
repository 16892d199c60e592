extension Subscription {
    /// Records that the payment due on `date` (default: the latest scheduled on or before
    /// `today`) was charged `amount` (default: the scheduled amount). A day without a scheduled
    /// payment records an extra charge. Returns the record.
    @discardableResult
    public mutating func recordPaid(on date: CivilDate?, amount: Money?, today: CivilDate) throws -> ChargeRecord {
        let day: CivilDate
        if let date {
            day = date
        } else {
            guard let latest = scheduledPayments(from: anchor, through: today).last?.date else {
                throw LedgerError.nothingDueYet(name: name)
            }
            day = latest
        }
        try checkChargeable(day, notAfter: today)
        let record = ChargeRecord(date: day, amount: amount ?? price(on: day))
        replaceRecord(record)
        return record
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

    /// Removes the record on `date`.
    public mutating func removeRecord(on date: CivilDate) throws {
        guard let index = charges.firstIndex(where: { $0.date == date }) else { throw NoChargeRecorded(date: date) }
        charges.remove(at: index)
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
