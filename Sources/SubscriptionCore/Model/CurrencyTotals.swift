import Foundation

/// Exact sums per currency, rounded once when read.
public struct CurrencyTotals: Sendable, Equatable {
    private var sums: [Currency: Decimal] = [:]

    public init() {}

    public mutating func add(_ amount: Decimal, in currency: Currency) {
        sums[currency, default: 0] += amount
    }

    public var isEmpty: Bool { sums.isEmpty }

    /// The currencies summed, ordered by code.
    public var currencies: [Currency] { sums.keys.sorted() }

    /// The exact, unrounded sum in `currency`.
    public func exact(_ currency: Currency) -> Decimal { sums[currency] ?? 0 }

    /// Each currency's total, rounded half away from zero to its minor unit, ordered by code.
    public var rounded: [Money] {
        sums.keys.sorted().map { Money(rounding: sums[$0]!, currency: $0) }
    }

    /// Each currency's total multiplied by `factor` before rounding (12 for yearly from monthly).
    public func rounded(times factor: Decimal) -> [Money] {
        sums.keys.sorted().map { Money(rounding: sums[$0]! * factor, currency: $0) }
    }
}
