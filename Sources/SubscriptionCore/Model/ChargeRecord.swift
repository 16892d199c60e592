/// What a bank statement said about one day (PRODUCT.md §10): a charge of `amount`, or, with no
/// amount, that the scheduled payment was not charged (a skipped, free month).
public struct ChargeRecord: Hashable, Sendable {
    public let date: CivilDate
    /// Nil: skipped.
    public let amount: Money?

    public init(date: CivilDate, amount: Money?) {
        self.date = date
        self.amount = amount
    }

    public var isSkip: Bool { amount == nil }
}

/// A `paid` or `skip` that the subscription's life refuses: nothing is written.
public enum LedgerError: CoreError, Equatable, Sendable {
    case beforeStart(date: CivilDate, start: CivilDate)
    case inPause(date: CivilDate, pause: Pause)
    case afterCancellation(date: CivilDate, cancelledOn: CivilDate)
    /// A renewal by hand after the subscription's end (`--ends`, `--payments`).
    case afterEnd(date: CivilDate, ends: CivilDate)
    case inFuture(date: CivilDate, today: CivilDate)
    /// `skip` on a day without a scheduled payment; `nearest` are the closest ones.
    case noScheduledPayment(date: CivilDate, nearest: [CivilDate])
    /// `paid --on` a day with no scheduled payment within `Subscription.postingDrift` days;
    /// `nearest` is the closest one, if any.
    case offSchedule(date: CivilDate, nearest: CivilDate?)
    /// `paid` with no date, before any payment was due.
    case nothingDueYet(name: String)

    public var failure: FailureKind { .refused }
}

/// `paid --undo` on a day with nothing recorded.
public struct NoChargeRecorded: CoreError, Equatable, Sendable {
    public let date: CivilDate
    public init(date: CivilDate) { self.date = date }
    public var failure: FailureKind { .notFound }
}
