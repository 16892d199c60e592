import Foundation

/// Where the money goes (`subs stats`): by category, month by month from the payments actually
/// made, and a forecast of the next twelve months. Every figure comes from the same payments
/// `show` and `upcoming` list: price history, pauses and cancellations included.
public struct Stats: Sendable {
    /// A calendar month, `2026-11`.
    public struct Month: Hashable, Comparable, Sendable, CustomStringConvertible {
        public let year: Int
        public let month: Int

        public var description: String { String(format: "%04d-%02d", year, month) }

        public static func < (lhs: Month, rhs: Month) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }

        init(_ date: CivilDate) {
            year = date.year
            month = date.month
        }

        var firstDay: CivilDate { CivilDate(year: year, month: month, day: 1)! }
        var lastDay: CivilDate { CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))! }

        func adding(months: Int) -> Month? { firstDay.adding(months: months).map(Month.init) }
    }

    public struct CategorySpend: Sendable {
        /// Nil for subscriptions without a category.
        public let name: String?
        /// Exact monthly cost in the base currency.
        public let monthly: Decimal
        /// Percentage of the total, 0 to 100, exact.
        public let share: Decimal
    }

    public struct MonthSpend: Sendable {
        public let month: Month
        public let totals: CurrencyTotals
        /// In the base currency; nil when a rate is missing.
        public let converted: Decimal?
    }

    public let base: Currency
    public let categories: [CategorySpend]
    public let history: [MonthSpend]
    public let forecast: [MonthSpend]
    /// Currencies without a rate: their subscriptions are left out of the category figures and
    /// of converted totals.
    public let missingRates: [Currency]

    public static let defaultMonths = 6
    public static let forecastMonths = 12

    public init(
        _ subscriptions: [Subscription], today: CivilDate, months: Int, converter: CurrencyConverter,
        myShare: Bool = false, me: String? = nil
    ) throws {
        base = converter.base
        var missing: Set<Currency> = []

        var byCategory: [String?: Decimal] = [:]
        for subscription in subscriptions where subscription.status(on: today).isPaying {
            let cost = subscription.monthlyCost(on: today, myShare: myShare, me: me)
            guard let converted = try converter.convert(cost, from: subscription.currency) else {
                missing.insert(subscription.currency)
                continue
            }
            byCategory[subscription.category, default: 0] += converted
        }
        let total = try Money.showable(byCategory.values.reduce(0, +), in: base)
        categories = byCategory
            .map { CategorySpend(name: $0.key, monthly: $0.value, share: total > 0 ? $0.value / total * 100 : 0) }
            .sorted { $0.monthly == $1.monthly ? ($0.name ?? "~") < ($1.name ?? "~") : $0.monthly > $1.monthly }

        // Months past count the payments made; months ahead, those due as of today.
        func spend(in month: Month, from start: CivilDate, through end: CivilDate) throws -> MonthSpend {
            var totals = CurrencyTotals()
            for subscription in subscriptions {
                let (from, through) = (max(start, month.firstDay), min(end, month.lastDay))
                let payments = through <= today ? subscription.paymentsMade(from: from, through: through, today: today)
                    : subscription.payments(from: from, through: through, today: today)
                for payment in payments {
                    let amount = myShare ? subscription.myShare(of: payment.amount, me: me) : payment.amount
                    totals.add(amount.decimal, in: amount.currency)
                }
            }
            missing.formUnion(converter.missingRates(for: totals))
            return MonthSpend(month: month, totals: totals, converted: try converter.convert(totals))
        }

        let thisMonth = Month(today)
        let past = (0..<max(1, months)).reversed().compactMap { thisMonth.adding(months: -$0) }
        let farPast = CivilDate(year: 1, month: 1, day: 1)!
        history = try past.map { try spend(in: $0, from: farPast, through: today) }
        let tomorrow = today.adding(days: 1) ?? today
        let farFuture = CivilDate(year: 9999, month: 12, day: 31)!
        forecast = try (0..<Self.forecastMonths).compactMap { thisMonth.adding(months: $0) }
            .map { try spend(in: $0, from: tomorrow, through: farFuture) }
        missingRates = missing.sorted()
    }
}
