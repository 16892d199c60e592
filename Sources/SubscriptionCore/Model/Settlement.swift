import Foundation

/// Money one person of the household paid another to settle what they owed (`subs settle`,
/// PRODUCT.md §15). `subs owe` counts it against what `from` owes `to`.
public struct Settlement: Hashable, Sendable, Identifiable {
    /// Lowercase UUID: a settlement made on two machines merges by it and imports once.
    public let id: String
    /// Who paid.
    public let from: String
    /// Who was paid.
    public let to: String
    public let amount: Money
    /// The day it was paid.
    public let date: CivilDate
    public let createdAt: Date

    /// A settlement as stored.
    public init(id: String, from: String, to: String, amount: Money, date: CivilDate, createdAt: Date) {
        self.id = id
        self.from = from
        self.to = to
        self.amount = amount
        self.date = date
        self.createdAt = createdAt
    }

    /// A new settlement of `amount` from one person to another: two names (checked as member
    /// names are) of two different people, an amount above zero.
    /// With `today`, a settlement dated after it is refused: it is recorded once it is paid.
    public static func new(
        from: String, to: String, amount: Money, on date: CivilDate, today: CivilDate? = nil, now: Date = Date()
    ) throws -> Settlement {
        let payer = try TextInput.name(from, what: .memberName)
        let payee = try TextInput.name(to, what: .memberName)
        guard !NameMatching.same(payer, payee) else { throw HouseholdError.settlesWithThemselves(name: payer) }
        guard amount.minorUnits > 0 else { throw HouseholdError.nothingToSettle(currency: amount.currency) }
        if let today, date > today { throw HouseholdError.settledInFuture(date: date, today: today) }
        return Settlement(id: UUID().uuidString.lowercased(), from: payer, to: payee, amount: amount, date: date, createdAt: now)
    }
}

/// Household money refused (PRODUCT.md §15).
public enum HouseholdError: CoreError, Equatable, Sendable {
    /// `settle alice alice 10`: a person cannot pay themselves.
    case settlesWithThemselves(name: String)
    /// `settle bob alice 0`: a settlement moves some money.
    case nothingToSettle(currency: Currency)
    /// `settle --on` a day after today.
    case settledInFuture(date: CivilDate, today: CivilDate)
    /// `owe --since` after `--until`.
    case windowOutOfOrder(since: CivilDate, until: CivilDate)

    public var failure: FailureKind { .refused }
}
