import Foundation

/// Exact sums per currency, rounded once when read.
public struct CurrencyTotals: Sendable, Equatable {
    /// In the order the currencies came: a handful, found by looking along them, which costs a
    /// list of 1,000 less than hashing each row's currency.
    private var sums: [(currency: Currency, sum: Sum)] = []

    /// One currency's sum: a `Decimal`, and monthly costs not yet divided, kept as whole minor
    /// units over each divisor they have. A list of 100,000 adds 100,000 monthly costs; this
    /// divides once per kind of cycle instead of once per subscription, and more exactly.
    private struct Sum: Sendable {
        var decimal: Decimal = 0
        /// (denominator, numerator in minor units): a handful, one per kind of cycle.
        var fractions: [(denominator: Int128, numerator: Int128)] = []

        /// Adds `numerator` minor units over `denominator` to the fraction with that divisor,
        /// or as a fraction of its own when the sum would overflow.
        mutating func add(_ numerator: Int128, over denominator: Int128) {
            if let index = fractions.firstIndex(where: { $0.denominator == denominator }) {
                let (total, overflow) = fractions[index].numerator.addingReportingOverflow(numerator)
                if !overflow { return fractions[index].numerator = total }
            }
            fractions.append((denominator, numerator))
        }

        /// The quotients are added in the order of their divisors: each is rounded to 38 digits,
        /// so their sum's last digit would otherwise follow the order the cycles came in.
        func exact(in currency: Currency) -> Decimal {
            fractions.sorted { $0.denominator < $1.denominator }.reduce(decimal) { sum, fraction in
                let whole = Money(minorUnits: fraction.numerator, currency: currency).decimal
                // Monthly plans' costs need no division, which is slow (45,000 instructions).
                return sum + (fraction.denominator == 1 ? whole : whole / Money.decimal(fraction.denominator, exponent: 0))
            }
        }
    }

    public init() {}

    public mutating func add(_ amount: Decimal, in currency: Currency) {
        modify(currency) { $0.decimal += amount }
    }

    /// Adds `cycle`'s exact monthly cost of `price` (`BillingCycle.monthlyCost(of:)`), in its currency.
    public mutating func addMonthlyCost(of price: Money, cycle: BillingCycle) {
        guard let (factor, denominator) = cycle.monthFraction else {
            return add(0, in: price.currency)
        }
        let (numerator, overflow) = price.minorUnits.multipliedReportingOverflow(by: factor)
        guard !overflow else { return add(cycle.monthlyCost(of: price.decimal), in: price.currency) }
        modify(price.currency) { $0.add(numerator, over: denominator) }
    }

    /// Adds every sum of `other`, exactly: a list of thousands sums each half on its own core.
    mutating func add(_ other: CurrencyTotals) {
        for (currency, theirs) in other.sums {
            modify(currency) { sum in
                sum.decimal += theirs.decimal
                for fraction in theirs.fractions { sum.add(fraction.numerator, over: fraction.denominator) }
            }
        }
    }

    private mutating func modify(_ currency: Currency, _ change: (inout Sum) -> Void) {
        guard let index = sums.firstIndex(where: { $0.currency == currency }) else {
            sums.append((currency, Sum()))
            return change(&sums[sums.count - 1].sum)
        }
        change(&sums[index].sum)
    }

    public var isEmpty: Bool { sums.isEmpty }

    /// The currencies summed, ordered by code.
    public var currencies: [Currency] { sums.map(\.currency).sorted() }

    /// The exact, unrounded sum in `currency`.
    public func exact(_ currency: Currency) -> Decimal {
        sums.first { $0.currency == currency }?.sum.exact(in: currency) ?? 0
    }

    /// Each currency's total, rounded half away from zero to its minor unit, ordered by code.
    public var rounded: [Money] {
        currencies.map { Money(rounding: exact($0), currency: $0) }
    }

    /// Each currency's total multiplied by `factor` before rounding (12 for yearly from monthly).
    public func rounded(times factor: Decimal) -> [Money] {
        currencies.map { Money(rounding: exact($0) * factor, currency: $0) }
    }

    public static func == (lhs: CurrencyTotals, rhs: CurrencyTotals) -> Bool {
        lhs.currencies == rhs.currencies && lhs.currencies.allSatisfy { lhs.exact($0) == rhs.exact($0) }
    }
}
