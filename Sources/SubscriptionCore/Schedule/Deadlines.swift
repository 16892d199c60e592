/// The last day to cancel, and what missing it costs (PRODUCT.md §14).
public struct Deadline: Hashable, Sendable {
    /// The last day notice can be given.
    public let cancelBy: CivilDate
    /// For a contract: the term end a notice given by `cancelBy` reaches. Nil for a one-off
    /// deadline (`--cancel-by`).
    public let termEnd: CivilDate?
    /// What happens when the day passes without notice.
    public let missed: Missed?

    /// What a missed deadline costs. Indirect: a payment inline made every snapshot's deadline,
    /// nil for nearly all, 170 bytes.
    public indirect enum Missed: Hashable, Sendable {
        /// The contract renews for `term`, through `until`; its payments in that term sum to `cost`.
        case renews(term: TimeSpan, until: CivilDate, cost: Money)
        /// The next payment after the deadline is charged.
        case charged(Payment)
    }

    /// What missing it costs: the renewal term's payments, or the payment charged after it; nil
    /// when nothing is charged.
    public var cost: Money? {
        switch missed {
        case .renews(_, _, let cost): cost
        case .charged(let payment): payment.amount
        case nil: nil
        }
    }
}

extension Subscription {
    /// The first term of a contract runs from the first paid charge: the trial end, else the start.
    public var contractStart: CivilDate { anchor }

    /// Whether any deadline still matters: not once notice was given or the subscription was
    /// cancelled, nor for a subscription that ends or ended on its own before it.
    private var deadlinesMatter: Bool {
        currentPeriod.cancelledOn == nil && (contract != nil || cancelBy != nil)
    }

    /// The term a notice given on `date` reaches: the first whose cancel-by day is on or after
    /// it, as its index and end. Nil for no contract, or past the supported years.
    public func term(reachedByNoticeOn date: CivilDate) -> (index: Int, end: CivilDate)? {
        contract?.term(reachedByNoticeOn: date, startingOn: contractStart)
    }

    /// The end of the term running on `date`: the first term end on or after it.
    public func currentTermEnd(on date: CivilDate) -> CivilDate? {
        contract?.firstTerm(endingOnOrAfter: date, startingOn: contractStart) { _ in true }?.end
    }

    /// The first deadline on or after `date` that still matters, with what missing it costs.
    public func nextDeadline(onOrAfter date: CivilDate) -> Deadline? {
        deadlines(from: date, through: nil, limit: 1).first
    }

    /// Every deadline from `start` through `end` (both inclusive) that still matters, oldest first.
    public func deadlines(from start: CivilDate, through end: CivilDate) -> [Deadline] {
        deadlines(from: start, through: end, limit: Int.max)
    }

    private func deadlines(from start: CivilDate, through end: CivilDate?, limit: Int) -> [Deadline] {
        guard deadlinesMatter else { return [] }
        let within = { (day: CivilDate) in start <= day && end.map { day <= $0 } ?? true }
        guard let contract else {
            // Not after the last payment there will be: the end, or a one-time purchase's payment.
            guard let day = cancelBy, within(day), finalDay(on: day).map({ day <= $0 }) ?? true else { return [] }
            return [Deadline(cancelBy: day, termEnd: nil, missed: nextPayment(after: day).map(Deadline.Missed.charged))]
        }
        var found: [Deadline] = []
        guard var term = term(reachedByNoticeOn: start) else { return [] }
        while found.count < limit, let cancelBy = contract.cancelBy(termEnd: term.end), within(cancelBy) {
            // A subscription that stops paying on its own before the term ends needs no notice.
            if let ends, ends <= term.end { break }
            found.append(Deadline(cancelBy: cancelBy, termEnd: term.end, missed: renewal(after: term.index)))
            guard let next = contract.termEnd(term.index + 1, startingOn: contractStart) else { break }
            term = (term.index + 1, next)
        }
        return found
    }

    /// The renewal term after term `index`: its length, its end and the sum of its payments.
    private func renewal(after index: Int) -> Deadline.Missed? {
        guard let contract,
              let end = contract.termEnd(index, startingOn: contractStart),
              let next = contract.termEnd(index + 1, startingOn: contractStart)
        else { return nil }
        return .renews(term: contract.renewal, until: next, cost: scheduledCost(after: end, through: next))
    }

    /// The first payment after `date`.
    private func nextPayment(after date: CivilDate) -> Payment? {
        date.adding(days: 1).flatMap { nextPayment(onOrAfter: $0) }
    }
}
