import Foundation

extension BillingCycle {
    /// Days and weeks in the mean Gregorian month, in millionths: 30.436875 and 4.348125.
    private static let daysPerMonth = 30_436_875, weeksPerMonth = 4_348_125

    /// The cost of one month of this cycle given its price, with the mean Gregorian month of
    /// PRODUCT.md §6: days × 30.436875 / N, weeks × 4.348125 / N, months ÷ N, years ÷ 12N.
    /// Multiplies before it divides, so a quotient that terminates (28.14 / 12 = 2.345) is exact.
    /// A one-time payment costs nothing a month: it is spent once, not recurring.
    public func monthlyCost(of price: Decimal) -> Decimal {
        // Decimal division is slow and most cycles are of one unit: divide only when needed.
        let perUnit: Decimal
        let divisor: Int
        switch unit {
        case .day: (perUnit, divisor) = (price * Decimal(sign: .plus, exponent: -6, significand: Decimal(Self.daysPerMonth)), count)
        case .week: (perUnit, divisor) = (price * Decimal(sign: .plus, exponent: -6, significand: Decimal(Self.weeksPerMonth)), count)
        case .month: (perUnit, divisor) = (price, count)
        case .year: (perUnit, divisor) = (price, 12 * count)
        case .once: return 0
        }
        return divisor == 1 ? perUnit : perUnit / Decimal(divisor)
    }

    /// `Money(rounding: monthlyCost(of: price.decimal), ...)` worked out in whole minor units:
    /// the mean month's factor is an exact fraction, so the quotient rounds half away from zero
    /// exactly as the Decimal does, at a fraction of the cost (a list of 100,000 rounds each).
    public func roundedMonthlyCost(of price: Money) -> Money {
        guard let (numerator, denominator) = monthFraction else { return Money(minorUnits: 0, currency: price.currency) }
        let (product, overflow) = price.minorUnits.multipliedReportingOverflow(by: numerator)
        guard !overflow else { return Money(rounding: monthlyCost(of: price.decimal), currency: price.currency) }
        let (quotient, remainder) = product.quotientAndRemainder(dividingBy: denominator)
        let awayFromZero = 2 * remainder.magnitude >= denominator.magnitude
        return Money(minorUnits: awayFromZero ? quotient + product.signum() : quotient, currency: price.currency)
    }

    /// The month's cost as a fraction of the price: numerator / denominator, both exact; nil
    /// for a one-time payment, which costs nothing a month.
    var monthFraction: (numerator: Int128, denominator: Int128)? {
        switch unit {
        case .day: (Int128(Self.daysPerMonth), 1_000_000 * Int128(count))
        case .week: (Int128(Self.weeksPerMonth), 1_000_000 * Int128(count))
        case .month: (1, Int128(count))
        case .year: (1, 12 * Int128(count))
        case .once: nil
        }
    }
}

extension Subscription {
    /// The exact, unrounded monthly cost at the price and cycle in force on `date`.
    public func monthlyCost(on date: CivilDate) -> Decimal {
        cycle(on: date).monthlyCost(of: price(on: date).decimal)
    }
}
