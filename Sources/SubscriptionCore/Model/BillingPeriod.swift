/// A stretch of billing from one anchor on one plan: the first runs from the start (or trial
/// end); a reactivation after a cancellation starts another, anchored on the day it restarted,
/// and so does a plan change, anchored on its effective day. A period ends at its cancellation
/// or the day before the next one starts.
public struct BillingPeriod: Hashable, Sendable {
    /// The day this period's billing began (a restart or a plan change): its anchor. Nil for the
    /// first period, whose anchor is the trial end or the start date.
    public var restartedOn: CivilDate?
    /// No payment after this day is charged.
    public var cancelledOn: CivilDate?
    /// For a contract: the day notice was given; `cancelledOn` is then the term end it reached
    /// (or the end forced with `cancel --end`).
    public var noticeGivenOn: CivilDate?
    /// The cycle this period bills on, when it is not the subscription's current one (a plan
    /// since changed); nil means `Subscription.cycle`.
    public var cycle: BillingCycle?

    public init(
        restartedOn: CivilDate? = nil, cancelledOn: CivilDate? = nil, noticeGivenOn: CivilDate? = nil,
        cycle: BillingCycle? = nil
    ) {
        self.restartedOn = restartedOn
        self.cancelledOn = cancelledOn
        self.noticeGivenOn = noticeGivenOn
        self.cycle = cycle
    }
}

/// Payments due from `from` up to, but not including, `until` are skipped; the schedule keeps its
/// anchor, so payments after the pause fall on the same days as before.
public struct Pause: Hashable, Sendable {
    public var from: CivilDate
    /// The day payments resume; nil while the pause is open-ended (until `resume`).
    public var until: CivilDate?

    public init(from: CivilDate, until: CivilDate? = nil) {
        self.from = from
        self.until = until
    }

    /// Whether a payment due on `date` is skipped.
    public func covers(_ date: CivilDate) -> Bool {
        from <= date && until.map { date < $0 } ?? true
    }

    func overlaps(_ other: Pause) -> Bool {
        let startsBeforeOtherEnds = other.until.map { from < $0 } ?? true
        let otherStartsBeforeThisEnds = until.map { other.from < $0 } ?? true
        return startsBeforeOtherEnds && otherStartsBeforeThisEnds
    }
}
