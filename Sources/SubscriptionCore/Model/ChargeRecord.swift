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
public enum LedgerError: Error, Equatable, Sendable, CustomStringConvertible {
    case beforeStart(date: CivilDate, start: CivilDate)
    case inPause(date: CivilDate, pause: Pause)
    case afterCancellation(date: CivilDate, cancelledOn: CivilDate)
    case inFuture(date: CivilDate, today: CivilDate)
    /// `skip` on a day without a scheduled payment; `nearest` are the closest ones.
    case noScheduledPayment(date: CivilDate, nearest: [CivilDate])
    /// `paid --on` a day with no scheduled payment within `Subscription.postingDrift` days;
    /// `nearest` is the closest one, if any.
    case offSchedule(date: CivilDate, nearest: CivilDate?)
    /// `paid` with no date, before any payment was due.
    case nothingDueYet(name: String)

    public var description: String {
        switch self {
        case .beforeStart(let date, let start):
            localized("invalid date '\(date)': the subscription starts on \(start); nothing was charged before")
        case .inPause(let date, let pause):
            pause.until.map { localized("invalid date '\(date)': the subscription is paused from \(pause.from) until \($0) then") }
                ?? localized("invalid date '\(date)': the subscription is paused from \(pause.from) then")
        case .afterCancellation(let date, let cancelled):
            localized("invalid date '\(date)': the subscription was cancelled on \(cancelled)")
        case .inFuture(let date, let today):
            localized("invalid date '\(date)': it is after today (\(today)); record a charge once it happened")
        case .noScheduledPayment(let date, let nearest):
            switch nearest.count {
            case 0: localized("no payment is scheduled on \(date)")
            case 1: localized("no payment is scheduled on \(date); the nearest are \(nearest[0])")
            case 2: localized("no payment is scheduled on \(date); the nearest are \(nearest[0]) and \(nearest[1])")
            default: localized("no payment is scheduled on \(date); the nearest are \(nearest.map(\.description).joined(separator: ", "))")
            }
        case .offSchedule(let date, let nearest?):
            localized("no payment is scheduled within \(Subscription.postingDrift) days of \(date) (the nearest is \(nearest)); for a charge beyond the schedule, add --extra")
        case .offSchedule(let date, nil):
            localized("no payment is scheduled within \(Subscription.postingDrift) days of \(date); for a charge beyond the schedule, add --extra")
        case .nothingDueYet(let name):
            localized("no payment of \(name) is due yet; give the date with --on")
        }
    }
}

/// `paid --undo` on a day with nothing recorded.
public struct NoChargeRecorded: Error, Equatable, Sendable, CustomStringConvertible {
    public let date: CivilDate
    public init(date: CivilDate) { self.date = date }
    public var description: String { localized("nothing is recorded on \(date); nothing was removed") }
}
