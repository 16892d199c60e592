extension Subscription {
    /// The first date in this subscription's life that `subs`'s own operations (add, edit,
    /// cancel, pause, resume, plan changes, paid, skip) could never have recorded, or nil. An import
    /// refuses such a subscription: `show` and the schedule would make no sense of it.
    ///
    /// Only what every operation keeps true is checked, so that whatever `subs` wrote reads
    /// back. A charge, say, may lie before the start, in a pause or after a cancellation: an
    /// edit of the start, a pause or a cancellation recorded after it put it there. Nor is a
    /// charge after today refused: "today" was another day in the time zone (or with the
    /// `--today`) it was recorded in.
    public func lifeProblem() -> LifeProblem? {
        if let trialEnd, trialEnd < startDate {
            return LifeProblem(.trialEnd, .dateOrder(.trialEndBeforeStart(trialEnd: trialEnd, start: startDate)))
        }
        return periodProblem() ?? pauseProblem() ?? priceProblem() ?? contractProblem()
    }

    /// The contract's dates (PRODUCT.md §14), as `add`, `edit` and `cancel` keep them: an end on
    /// or after the first payment; a one-off deadline only without a contract, whose deadlines
    /// come from its terms; a notice day only on a cancelled period (notice ends the contract),
    /// within it: not before it begins, not after the end it reached.
    private func contractProblem() -> LifeProblem? {
        if let ends, ends < anchor {
            return LifeProblem(.ends, .endsBeforeFirstPayment(ends: ends, firstPayment: anchor))
        }
        if contract != nil, cancelBy != nil {
            return LifeProblem(.cancelBy, .deadlineWithContract)
        }
        for (index, period) in periods.enumerated() {
            guard let notice = period.noticeGivenOn else { continue }
            guard let cancelled = period.cancelledOn else {
                return LifeProblem(.notice(period: index), .noticeWithoutEnd(notice: notice))
            }
            let start = period.restartedOn ?? startDate
            if notice < start {
                return LifeProblem(.notice(period: index), .noticeBeforeStart(notice: notice, billingStart: start))
            }
            if notice > cancelled {
                return LifeProblem(.notice(period: index), .noticeAfterEnd(notice: notice, end: cancelled))
            }
        }
        return nil
    }

    /// Each period begins after the one before it (after its cancellation, when it has one: a
    /// resume restarts only once a cancellation took effect) and is cancelled, if at all, on or
    /// after it begins.
    private func periodProblem() -> LifeProblem? {
        for (index, period) in periods.enumerated() {
            if index == 0, let restart = period.restartedOn {
                return LifeProblem(.restart(period: 0), .firstPeriodRestarted(on: restart))
            }
            if index > 0 {
                guard let restart = period.restartedOn else { return LifeProblem(.restart(period: index), .restartMissing) }
                let previous = periods[index - 1]
                if let cancelled = previous.cancelledOn, restart <= cancelled {
                    return LifeProblem(.restart(period: index), .restartNotAfterCancellation(restart: restart, cancelledOn: cancelled))
                }
                // An edit may move the start up to the first restart, so that one may fall on it.
                if index == 1, restart < startDate {
                    return LifeProblem(.restart(period: 1), .dateOrder(.startAfterLifecycleEvent(start: startDate, firstEvent: restart)))
                }
                if index > 1, let previousStart = previous.restartedOn, restart <= previousStart {
                    return LifeProblem(.restart(period: index), .restartNotAfterPeriodStart(restart: restart, periodStart: previousStart))
                }
            }
            let start = period.restartedOn ?? startDate
            if let cancelled = period.cancelledOn, cancelled < start {
                return LifeProblem(.cancellation(period: index), .lifecycle(.cancelBeforeStart(date: cancelled, billingStart: start)))
            }
        }
        return nil
    }

    /// Pauses end after they start, start on or after the start date, never overlap, and start
    /// no later than the cancellation of the period they start in.
    private func pauseProblem() -> LifeProblem? {
        for (index, pause) in pauses.enumerated() {
            if let until = pause.until, until <= pause.from {
                return LifeProblem(.pauseEnd(index), .lifecycle(.pauseEndsBeforeItStarts(from: pause.from, until: until)))
            }
            if pause.from < startDate {
                return LifeProblem(.pauseStart(index), .lifecycle(.pauseBeforeStart(from: pause.from, billingStart: startDate)))
            }
            // Oldest first: a pause that overlaps any earlier one overlaps the one just before it.
            if index > 0, pauses[index - 1].overlaps(pause) {
                return LifeProblem(.pauseStart(index), .lifecycle(.alreadyPaused(name: name, pause: pauses[index - 1])))
            }
            if let period = periods.last(where: { ($0.restartedOn ?? startDate) <= pause.from }),
               let cancelled = period.cancelledOn, pause.from > cancelled {
                return LifeProblem(.pauseStart(index), .lifecycle(.pauseAfterCancellation(name: name, from: pause.from, cancelledOn: cancelled)))
            }
        }
        return nil
    }

    /// One price per effective day: a second would leave the price of that day to chance.
    private func priceProblem() -> LifeProblem? {
        guard let index = prices.indices.dropFirst().first(where: { prices[$0].effective == prices[$0 - 1].effective }) else {
            return nil
        }
        return LifeProblem(.price(index), .secondPrice(on: prices[index].effective))
    }

}

/// A date in a subscription's life that contradicts the others, what `lifeProblem()`
/// finds, and why.
public struct LifeProblem: CoreError, Equatable, Sendable {
    /// Where the date is. Positions are in the subscription's own lists: periods as recorded;
    /// pauses and prices oldest first.
    public enum Place: Hashable, Sendable {
        case trialEnd
        case restart(period: Int)
        case cancellation(period: Int)
        case pauseStart(Int)
        case pauseEnd(Int)
        case price(Int)
        /// The end of a finite subscription (`ends`).
        case ends
        /// A one-off last day to cancel (`cancel_by`).
        case cancelBy
        /// The day notice was given, in a period as recorded.
        case notice(period: Int)
    }

    /// Why it cannot be: the refusal of the operation that would have recorded it, where there
    /// is one.
    public enum Reason: Equatable, Sendable {
        case dateOrder(DateOrderError)
        case lifecycle(LifecycleError)
        /// The first period begins with the subscription, on its start date.
        case firstPeriodRestarted(on: CivilDate)
        /// A later period without the day it began.
        case restartMissing
        case restartNotAfterCancellation(restart: CivilDate, cancelledOn: CivilDate)
        case restartNotAfterPeriodStart(restart: CivilDate, periodStart: CivilDate)
        case secondPrice(on: CivilDate)
        /// An end before the first payment: nothing would ever be charged.
        case endsBeforeFirstPayment(ends: CivilDate, firstPayment: CivilDate)
        /// A one-off deadline on a contract, whose deadlines come from its terms.
        case deadlineWithContract
        /// Notice given on a period that has no end: notice always ends a contract.
        case noticeWithoutEnd(notice: CivilDate)
        /// Notice given before the period it ends began.
        case noticeBeforeStart(notice: CivilDate, billingStart: CivilDate)
        /// Notice given after the end it reached: an end comes on or after its notice.
        case noticeAfterEnd(notice: CivilDate, end: CivilDate)
    }

    public let place: Place
    public let reason: Reason

    public init(_ place: Place, _ reason: Reason) {
        self.place = place
        self.reason = reason
    }

    /// An import refuses the record it is in: a file's data.
    public var failure: FailureKind { .badData }
}
