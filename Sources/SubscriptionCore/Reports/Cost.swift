import Foundation

extension BillingCycle {
    /// The cost of one month of this cycle given its price, with the mean Gregorian month of
    /// PRODUCT.md §6: days × 30.436875 / N, weeks × 4.348125 / N, months ÷ N, years ÷ 12N.
    /// Multiplies before it divides, so a quotient that terminates (28.14 / 12 = 2.345) is exact.
    public func monthlyCost(of price: Decimal) -> Decimal {
        switch unit {
        case .day: price * Decimal(sign: .plus, exponent: -6, significand: 30_436_875) / Decimal(count)
        case .week: price * Decimal(sign: .plus, exponent: -6, significand: 4_348_125) / Decimal(count)
        case .month: price / Decimal(count)
        case .year: price / Decimal(12 * count)
        }
    }
}

extension Subscription {
    /// The exact, unrounded monthly cost at the price in force on `date`.
    public func monthlyCost(on date: CivilDate) -> Decimal {
        cycle.monthlyCost(of: price(on: date).decimal)
    }
}

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
