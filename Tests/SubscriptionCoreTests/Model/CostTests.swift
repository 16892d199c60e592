import Foundation
import Testing
@testable import SubscriptionCore

@Suite("Monthly cost and totals")
struct CostTests {
    struct MoneyVector: Sendable, CustomTestStringConvertible {
        let label: String
        let price: String
        let code: String
        let cycle: BillingCycle
        let exact: String?
        let rounded: String
        var testDescription: String { label }
    }

    static let vectors: [MoneyVector] = [
        .init(label: "10.00 weekly", price: "10.00", code: "USD", cycle: cycle(1, .week), exact: "43.48125", rounded: "43.48"),
        .init(label: "12.99 every 2 weeks", price: "12.99", code: "USD", cycle: cycle(2, .week), exact: nil, rounded: "28.24"),
        .init(label: "9.99 every 30 days", price: "9.99", code: "USD", cycle: cycle(30, .day), exact: nil, rounded: "10.14"),
        .init(label: "28.14 yearly", price: "28.14", code: "USD", cycle: cycle(1, .year), exact: "2.345", rounded: "2.35"),
        .init(label: "15.49 monthly", price: "15.49", code: "USD", cycle: cycle(1, .month), exact: "15.49", rounded: "15.49"),
        .init(label: "30.00 quarterly", price: "30.00", code: "USD", cycle: cycle(3, .month), exact: "10", rounded: "10.00"),
        .init(label: "1000 JPY daily", price: "1000", code: "JPY", cycle: cycle(1, .day), exact: "30436.875", rounded: "30437"),
        .init(label: "12.000 KWD yearly", price: "12.000", code: "KWD", cycle: cycle(1, .year), exact: "1", rounded: "1.000"),
    ]

    @Test("SCHEDULE.md money vectors: monthly cost with the mean Gregorian month, rounded half away from zero",
          arguments: vectors)
    func monthlyCost(_ vector: MoneyVector) throws {
        let price = money(vector.price, vector.code)
        let cost = vector.cycle.monthlyCost(of: price.decimal)
        if let exact = vector.exact {
            #expect(cost == Decimal(string: exact))
        }
        #expect(Money(rounding: cost, currency: price.currency).description == vector.rounded)
        #expect(vector.cycle.roundedMonthlyCost(of: price).description == vector.rounded)
        let sub = subscription(price: vector.price, currency: vector.code, every: vector.cycle, start: "2024-01-01")
        #expect(sub.monthlyCost(on: day("2024-06-01")) == cost)
    }

    @Test("A subscription's monthly cost uses the price in force on the day asked")
    func monthlyCostFollowsPriceHistory() {
        var sub = subscription(price: "10.00", start: "2024-01-01")
        sub.recordPrice(money("12.00"), effective: day("2024-06-01"))
        #expect(sub.monthlyCost(on: day("2024-05-31")) == 10)
        #expect(sub.monthlyCost(on: day("2024-06-01")) == 12)
    }

    @Test("Totals add unrounded costs and round once: three 0.05-a-quarter plans are 0.05 a month, not 0.06")
    func totalsRoundOnce() {
        var totals = CurrencyTotals()
        #expect(totals.isEmpty)
        let quarterly = cycle(3, .month)
        for _ in 0..<3 { totals.add(quarterly.monthlyCost(of: money("0.05").decimal), in: .usd) }
        #expect(!totals.isEmpty)
        #expect(totals.rounded == [money("0.05")])
        #expect(totals.rounded.map(\.description) == ["0.05"])
        // Rounding each one first would have given 0.02 × 3.
        #expect(Money(rounding: quarterly.monthlyCost(of: money("0.05").decimal), currency: .usd).description == "0.02")
    }

    @Test("Yearly totals multiply the exact monthly sum before rounding")
    func yearlyFromMonthly() {
        var totals = CurrencyTotals()
        for _ in 0..<3 { totals.add(cycle(3, .month).monthlyCost(of: money("0.05").decimal), in: .usd) }
        #expect(totals.rounded(times: 12).map(\.description) == ["0.60"])
        var weekly = CurrencyTotals()
        weekly.add(cycle(1, .week).monthlyCost(of: money("10.00").decimal), in: .usd)
        // 43.48125 × 12 = 521.775 -> 521.78, where 43.48 × 12 would be 521.76.
        #expect(weekly.rounded(times: 12).map(\.description) == ["521.78"])
    }

    @Test("The totals of two halves, added, are the totals of the whole, to the last digit")
    func halvesAdded() {
        let cycles = [BillingCycle.monthly, cycle(3, .month), cycle(1, .week), cycle(1, .year), cycle(7, .day)]
        let prices = ["0.05", "9.99", "15.49", "1000", "0.01", "123.45", "7"]
        let currencies: [Currency] = [.usd, currency("JPY"), currency("EUR")]
        var (whole, first, second) = (CurrencyTotals(), CurrencyTotals(), CurrencyTotals())
        for index in 0..<300 {
            let currency = currencies[index % 3]
            let price = money(currency.minorDigits == 0 ? "\(index + 1)" : prices[index % prices.count], currency.code)
            let cycle = cycles[index % cycles.count]
            whole.addMonthlyCost(of: price, cycle: cycle)
            if index < 137 { first.addMonthlyCost(of: price, cycle: cycle) } else { second.addMonthlyCost(of: price, cycle: cycle) }
        }
        // Only the second half has a currency, a cycle and a plain amount of its own.
        func addOwn(to totals: inout CurrencyTotals) {
            totals.addMonthlyCost(of: money("4.99", "GBP"), cycle: cycle(2, .week))
            totals.addMonthlyCost(of: money("3.33"), cycle: cycle(6, .month))
            totals.add(Decimal(string: "1.5")!, in: .usd)
        }
        addOwn(to: &whole)
        addOwn(to: &second)
        first.add(second)
        #expect(first.currencies == whole.currencies && first.currencies.count == 4)
        for currency in first.currencies { #expect(first.exact(currency) == whole.exact(currency)) }
        #expect(first.rounded(times: 12) == whole.rounded(times: 12))
    }

    @Test("A total's exact sum is the same whatever order its cycles came in")
    func cyclesInAnyOrder() {
        let costs = [(money("10.00"), cycle(3, .month)), (money("7.00"), cycle(1, .week)), (money("1.00"), cycle(7, .day)),
                     (money("5.00"), cycle(1, .year)), (money("2.00"), cycle(6, .month))]
        var (forward, backward) = (CurrencyTotals(), CurrencyTotals())
        for (price, cycle) in costs { forward.addMonthlyCost(of: price, cycle: cycle) }
        for (price, cycle) in costs.reversed() { backward.addMonthlyCost(of: price, cycle: cycle) }
        #expect(forward.exact(.usd) == backward.exact(.usd))
    }

    @Test("Totals are kept per currency and listed by code")
    func perCurrency() {
        var totals = CurrencyTotals()
        totals.add(money("15.49").decimal, in: .usd)
        totals.add(money("1000", "JPY").decimal, in: currency("JPY"))
        totals.add(money("9.99", "EUR").decimal, in: currency("EUR"))
        totals.add(money("0.51").decimal, in: .usd)
        #expect(totals.rounded.map { "\($0) \($0.currency)" } == ["9.99 EUR", "1000 JPY", "16.00 USD"])
    }

    @Test("The rounded monthly cost in whole minor units is the Decimal's, rounded, for every cycle and a spread of prices")
    func roundedInMinorUnits() {
        let cycles = [1, 2, 3, 7, 12, 30].flatMap { count in
            [BillingCycle.Unit.day, .week, .month, .year].compactMap { BillingCycle(count: count, unit: $0) }
        }
        for code in ["USD", "JPY", "KWD"] {
            let currency = Currency(code: code)!
            for minor in stride(from: Int128(0), through: 2_000_000, by: 7_919) {
                let price = Money(minorUnits: minor, currency: currency)
                for cycle in cycles {
                    #expect(cycle.roundedMonthlyCost(of: price) == Money(rounding: cycle.monthlyCost(of: price.decimal), currency: currency),
                            "\(price) every \(cycle)")
                }
            }
        }
    }
}
