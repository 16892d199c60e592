/// Contract terms that do not fit together or with the subscription (PRODUCT.md §14): refused on
/// add and edit, nothing changed.
public enum ContractError: CoreError, Equatable, Sendable {
    /// `--renews` or `--notice` without a term to renew or to give notice for.
    case needsTerm(InputError.Field)
    /// A one-off `--cancel-by` together with a term, whose deadlines come from the terms.
    case deadlineWithTerm
    /// An end before the first payment: nothing would ever be charged.
    case endsBeforeFirstPayment(ends: CivilDate, firstPayment: CivilDate)
    /// `--payments N` on a schedule that has fewer than N payments (a one-time purchase has one).
    case fewerPayments(asked: Int, scheduled: Int)

    public var failure: FailureKind { .refused }
}

/// When a finite subscription stops: on a day, or after a number of payments (PRODUCT.md §14).
public enum EndRule: Hashable, Sendable {
    /// No payment after this day.
    case on(CivilDate)
    /// Exactly this many payments: the end is the day of the last.
    case afterPayments(Int)

    /// How many payments `--payments` may ask for.
    public static let paymentCounts = 1...10_000
}

extension Subscription {
    /// Sets the end `rule` gives: its day, or the day of the payment that makes the count, counted
    /// on the schedule as it stands without an end.
    mutating func setEnd(_ rule: EndRule?) throws {
        switch rule {
        case nil:
            ends = nil
        case .on(let day):
            if day < anchor { throw ContractError.endsBeforeFirstPayment(ends: day, firstPayment: anchor) }
            ends = day
        case .afterPayments(let count):
            ends = nil
            let payments = nextPayments(onOrAfter: anchor, count: count)
            guard payments.count == count, let last = payments.last else {
                throw ContractError.fewerPayments(asked: count, scheduled: payments.count)
            }
            ends = last.date
        }
    }

    /// Sets the contract's terms. `term` nil leaves the term as it is; `.some(nil)` removes the
    /// contract. A renewal that followed the old term follows the new one.
    mutating func setContract(term: TimeSpan??, renews: TimeSpan?, notice: TimeSpan??) throws {
        if case .some(nil) = term {
            contract = nil
            return
        }
        let old = contract
        guard let newTerm = term.flatMap({ $0 }) ?? old?.term else {
            if renews != nil { throw ContractError.needsTerm(.renews) }
            if notice != nil { throw ContractError.needsTerm(.notice) }
            return
        }
        let renewal = renews ?? old.map { $0.renewal == $0.term ? newTerm : $0.renewal }
        contract = Contract(term: newTerm, renewal: renewal, notice: notice ?? old?.notice)
        if cancelBy != nil { throw ContractError.deadlineWithTerm }
    }
}
