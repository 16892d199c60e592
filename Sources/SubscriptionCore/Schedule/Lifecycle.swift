extension Subscription {
    /// The period billing is in now: the last one.
    var currentPeriod: BillingPeriod { periods[periods.count - 1] }

    /// The first day of the current period: the start date, or the day billing restarted.
    var currentPeriodStart: CivilDate { currentPeriod.restartedOn ?? startDate }

    /// Cancels on `date`: no payment after it is charged.
    public mutating func cancel(on date: CivilDate) throws {
        if let cancelled = currentPeriod.cancelledOn {
            throw LifecycleError.alreadyCancelled(name: name, on: cancelled)
        }
        guard date >= currentPeriodStart else {
            throw LifecycleError.cancelBeforeStart(date: date, billingStart: currentPeriodStart)
        }
        if let pause = pauses.first(where: { $0.from > date }) {
            throw LifecycleError.cancelBeforePause(name: name, date: date, pause: pause)
        }
        try refuseEndBeforeCharge(date)
        periods[periods.count - 1].cancelledOn = date
    }

    /// A charge recorded after `date` in this billing period was paid: ending the period before
    /// it would turn it into a charge beyond the schedule.
    private func refuseEndBeforeCharge(_ date: CivilDate) throws {
        if let charged = charges.last(where: { !$0.isSkip && $0.date > date && $0.date >= currentPeriodStart }) {
            throw LifecycleError.cancelBeforeCharge(name: name, date: date, charged: charged.date)
        }
    }

    /// Pauses from `from` until `until` (open-ended when nil): payments in between are skipped.
    public mutating func pause(from: CivilDate, until: CivilDate?) throws {
        if let until, until <= from {
            throw LifecycleError.pauseEndsBeforeItStarts(from: from, until: until)
        }
        guard from >= currentPeriodStart else {
            throw LifecycleError.pauseBeforeStart(from: from, billingStart: currentPeriodStart)
        }
        if let cancelled = currentPeriod.cancelledOn, from > cancelled {
            throw LifecycleError.pauseAfterCancellation(name: name, from: from, cancelledOn: cancelled)
        }
        let new = Pause(from: from, until: until)
        if let overlap = pauses.first(where: { $0.overlaps(new) }) {
            throw LifecycleError.alreadyPaused(name: name, pause: overlap)
        }
        pauses.append(new)
        pauses.sort { $0.from < $1.from }
    }

    /// Resumes on `date`, and says what that did. A pause that covers the date (or starts after
    /// it) ends there, and payments continue on their usual days. A cancellation that took effect
    /// before `date` is undone too, even when a pause ended first: billing restarts with `date`
    /// as the new anchor. One on `date` itself is withdrawn, so the subscription is active on the
    /// day it was resumed; one further ahead is withdrawn only when there was no pause to end.
    @discardableResult
    public mutating func resume(on date: CivilDate) throws -> ResumeOutcome {
        // A resume dated in an earlier billing period would undo this one's pauses: refused. In
        // the first period any day is fine (undoing a cancellation before billing even starts).
        if let restarted = currentPeriod.restartedOn, date < restarted {
            throw LifecycleError.resumeBeforeRestart(date: date, restartedOn: restarted)
        }
        var outcome = ResumeOutcome()
        if let index = pauses.firstIndex(where: { $0.covers(date) || $0.from > date }) {
            outcome.pause = pauses[index]
            if pauses[index].from >= date {
                pauses.remove(at: index)
            } else {
                pauses[index].until = date
            }
        }
        if let cancelled = currentPeriod.cancelledOn {
            if date > cancelled {
                periods.append(BillingPeriod(restartedOn: date))
                outcome.cancellation = .restarted(cancelledOn: cancelled)
            } else if outcome.pause == nil || date == cancelled {
                // Notice given on a contract is withdrawn with the end it reached.
                periods[periods.count - 1].cancelledOn = nil
                periods[periods.count - 1].noticeGivenOn = nil
                outcome.cancellation = .withdrawn(cancelledOn: cancelled)
            } else {
                outcome.cancellation = .stillAhead(cancelledOn: cancelled)
            }
        }
        guard outcome.pause != nil || outcome.cancellation != nil else {
            throw LifecycleError.nothingToResume(name: name, on: date)
        }
        return outcome
    }
}

/// What `resume` changed, so the user is told exactly that.
public struct ResumeOutcome: Hashable, Sendable {
    /// What became of a cancellation.
    public enum Cancellation: Hashable, Sendable {
        /// It had taken effect: billing restarts on the resume date, the new anchor.
        case restarted(cancelledOn: CivilDate)
        /// It had not taken effect yet and is gone.
        case withdrawn(cancelledOn: CivilDate)
        /// A pause ended before it; the cancellation still takes effect on its day.
        case stillAhead(cancelledOn: CivilDate)
    }

    /// The pause that ended on the resume date, or was withdrawn because it had not started.
    public var pause: Pause?
    public var cancellation: Cancellation?

    public init(pause: Pause? = nil, cancellation: Cancellation? = nil) {
        self.pause = pause
        self.cancellation = cancellation
    }
}

extension Subscription {
    /// Gives notice on `date` (PRODUCT.md §14): a contract ends at the first term end whose
    /// cancel-by day is on or after `date`, or on `forcedEnd` (a special termination). Payments
    /// through the end are still charged; none after it. Without a contract, `forcedEnd` is
    /// refused and the caller cancels as before.
    public mutating func giveNotice(on date: CivilDate, forcedEnd: CivilDate? = nil) throws -> NoticeOutcome {
        guard contract != nil else { throw LifecycleError.endWithoutContract(name: name) }
        if let cancelled = currentPeriod.cancelledOn {
            throw LifecycleError.alreadyCancelled(name: name, on: cancelled)
        }
        guard date >= currentPeriodStart else {
            throw LifecycleError.cancelBeforeStart(date: date, billingStart: currentPeriodStart)
        }
        if let forcedEnd, forcedEnd < date { throw LifecycleError.endBeforeNotice(end: forcedEnd, notice: date) }
        // Its end is then the day notice reaches; after its own end there is none to reach.
        if let ends, ends < date { throw LifecycleError.endedBeforeNotice(name: name, ended: ends) }
        // A contract that stops paying on its own first ends then.
        guard let reached = forcedEnd ?? term(reachedByNoticeOn: date)?.end else {
            throw LifecycleError.cancelBeforeStart(date: date, billingStart: currentPeriodStart)
        }
        let end = ends.map { min($0, reached) } ?? reached
        if let pause = pauses.first(where: { $0.from > end }) {
            throw LifecycleError.cancelBeforePause(name: name, date: end, pause: pause)
        }
        try refuseEndBeforeCharge(end)
        // Had notice come in time for the term running that day, it would have ended then.
        let current = currentTermEnd(on: date)
        var missed: NoticeOutcome.Missed?
        if forcedEnd == nil, let current, current < end, let deadline = contract?.cancelBy(termEnd: current) {
            missed = .init(cancelBy: deadline, termEnd: current, cost: scheduledCost(after: current, through: end))
        }
        periods[periods.count - 1].cancelledOn = end
        periods[periods.count - 1].noticeGivenOn = date
        return NoticeOutcome(
            noticeGivenOn: date, ends: end, forced: forcedEnd != nil,
            lastPayment: payments(from: anchor, through: end).last, missed: missed)
    }
}

/// What giving notice on a contract did, so the user is told all of it.
public struct NoticeOutcome: Hashable, Sendable {
    /// A deadline that had passed when notice was given, and what passing it cost.
    public struct Missed: Hashable, Sendable {
        public let cancelBy: CivilDate
        /// The end notice by `cancelBy` would have reached.
        public let termEnd: CivilDate
        /// The payments between that end and the one reached now.
        public let cost: Money
    }

    public let noticeGivenOn: CivilDate
    /// The last day of the contract: no payment after it.
    public let ends: CivilDate
    /// Whether the end was forced (`cancel --end`) rather than worked out from the terms.
    public let forced: Bool
    /// The last payment charged, if any.
    public let lastPayment: Payment?
    public let missed: Missed?
}
