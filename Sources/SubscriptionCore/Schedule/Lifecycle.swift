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
        periods[periods.count - 1].cancelledOn = date
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
                periods[periods.count - 1].cancelledOn = nil
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
