import Foundation

extension BillingCycle {
    /// The cost of one month of this cycle given its price, with the mean Gregorian month of
    /// PRODUCT.md §6: days × 30.436875 / N, weeks × 4.348125 / N, months ÷ N, years ÷ 12N.
    /// Multiplies before it divides, so a quotient that terminates (28.14 / 12 = 2.345) is exact.
    /// A one-time payment costs nothing a month: it is spent once, not recurring.
    public func monthlyCost(of price: Decimal) -> Decimal {
        // Decimal division is slow and most cycles are of one unit: divide only when needed.
        let perUnit: Decimal
        let divisor: Int
        switch unit {
        case .day: (perUnit, divisor) = (price * Decimal(sign: .plus, exponent: -6, significand: 30_436_875), count)
        case .week: (perUnit, divisor) = (price * Decimal(sign: .plus, exponent: -6, significand: 4_348_125), count)
        case .month: (perUnit, divisor) = (price, count)
        case .year: (perUnit, divisor) = (price, 12 * count)
        case .once: return 0
        }
        return divisor == 1 ? perUnit : perUnit / Decimal(divisor)
    }
}

extension Subscription {
    /// The exact, unrounded monthly cost at the price in force on `date`.
    public func monthlyCost(on date: CivilDate) -> Decimal {
        cycle.monthlyCost(of: price(on: date).decimal)
    }
}
