import Foundation
import Testing
@testable import SubscriptionCore

@Suite struct SummaryTests {
    private func rate(_ code: String, _ value: String) throws -> ExchangeRate {
        try ExchangeRate(currency: currency(code), rate: value, setAt: Date(timeIntervalSince1970: 0))
    }

    private let today = day("2024-06-15")

    private var three: [Subscription] {
        [
            subscription(name: "Netflix", price: "15.49", start: "2024-01-20"),
            subscription(name: "Spotify", price: "10.99", currency: "EUR", start: "2024-01-05"),
            subscription(name: "Anime", price: "1000", currency: "JPY", start: "2024-02-01"),
        ]
    }

    @Test func totalsStayPerCurrencyAndNameTheMissingRate() throws {
        let converter = CurrencyConverter(base: .usd, rates: [try rate("EUR", "1.08")])
        let summary = try Summary(three, today: today, config: Config(), converter: converter)
        #expect(summary.monthly.rounded.map(\.description) == ["10.99", "1000", "15.49"])
        #expect(summary.convertedMonthly == nil)
        #expect(summary.missingRates.map(\.code) == ["JPY"])
    }

    @Test func theConvertedTotalIsTheExactSumRoundedOnce() throws {
        let converter = CurrencyConverter(base: .usd, rates: [try rate("EUR", "1.08"), try rate("JPY", "0.0067")])
        let summary = try Summary(three, today: today, config: Config(), converter: converter)
        // 15.49 + 10.99 × 1.08 + 1000 × 0.0067 = 15.49 + 11.8692 + 6.7 = 34.0592
        #expect(summary.convertedMonthly == Decimal(string: "34.0592"))
        #expect(Money(rounding: summary.convertedMonthly!, currency: .usd).description == "34.06")
        #expect(summary.missingRates.isEmpty)
    }

    @Test(arguments: [("79", "ok"), ("79.99", "ok"), ("80", "warning"), ("100", "warning"), ("101", "over")])
    func budgetStatus(_ spend: String, _ expected: String) throws {
        var config = Config()
        config.budget = try DecimalAmount(input: "100")
        let budgetUse = try Summary(
            [subscription(price: spend, start: "2024-01-01")], today: today, config: config,
            converter: CurrencyConverter(base: .usd, rates: [])
        ).budget
        #expect(budgetUse?.status?.rawValue == expected)
    }

    @Test func nextPaymentsAndTrialsEnding() throws {
        let trial = subscription(name: "Trial", price: "5.00", start: "2024-06-10", trialEnd: "2024-06-20")
        let summary = try Summary(three + [trial], today: today, config: Config(),
                              converter: CurrencyConverter(base: .usd, rates: []))
        // The trial's first charge is one item (issue 22), not its end and then a payment.
        #expect(summary.nextPayments.map(\.name) == ["Netflix", "Trial", "Anime", "Spotify", "Netflix"])
        #expect(summary.nextPayments[1].kind == .trialEnd)
        #expect(summary.trialsEnding.map(\.date) == [day("2024-06-20")])
    }

    @Test func ratesAreStrictPositiveDecimals() {
        for bad in ["0", "-1", "1e3", "abc", "1.0000000000001", ""] {
            #expect(throws: InputError.self, "\(bad)") { try rate("EUR", bad) }
        }
    }

    /// One rule for a trial's first charge: `summary` lists it as `upcoming` does, one item of
    /// kind `trialEnd` (the trial ends and the charge is made), never a bare payment.
    @Test func aTrialsFirstChargeIsMarkedAsUpcomingMarksIt() throws {
        let spotify = subscription(name: "Spotify", price: "10.99", start: "2024-06-01", trialEnd: "2024-06-18")
        let summary = try Summary([spotify], today: today, config: Config(), converter: CurrencyConverter(base: .usd, rates: []))
        let upcoming = UpcomingReport([spotify], today: today, through: day("2024-06-30"))
        #expect(upcoming.items.map(\.kind) == [.trialEnd])
        #expect(summary.nextPayments.prefix(1).map(\.kind) == upcoming.items.map(\.kind))
        #expect(summary.nextPayments.count == Summary.nextPaymentCount)
    }

    /// Review finding on item 3: converted at absurd rates, a total past what can be shown is
    /// refused with an error, never a crash or a wrong figure.
    @Test func aConvertedTotalTooLargeToShowIsAnError() throws {
        let big = (0..<50).map { subscription(name: "Big \($0)", price: "999999999", currency: "JPY",
                                              every: cycle(1, .day), start: "2024-01-01") }
        let converter = try CurrencyConverter(base: .usd, rates: [rate("JPY", "999999999"), rate("CLF", "0.000000000001")])
        #expect(throws: MoneyError.totalTooLarge(currency: currency("CLF"))) {
            try Summary(big, today: today, config: Config(), converter: converter.rebased(to: currency("CLF")))
        }
        let inDollars = try Summary(big, today: today, config: Config(), converter: converter)
        #expect(inDollars.convertedMonthly != nil)
    }

    @Test("The next payments are upcoming's first five, for many subscriptions sharing days, names in other cases and trials")
    func nextPaymentsAreUpcomingsFirst() throws {
        var generator = SystemRandomNumberGenerator()
        let names = ["netflix", "Netflix", "NETFLIX", "Çay", "çay", "Apple", "apple tv", "Zed"]
        let cycles: [BillingCycle] = [.monthly, cycle(1, .week), cycle(3, .month), cycle(1, .year), cycle(10, .day)]
        let starts = ["2024-06-15", "2024-06-16", "2024-05-16", "2024-06-20", "2023-06-16"]
        for _ in 0..<30 {
            let subscriptions = (0..<Int.random(in: 1...60, using: &generator)).map { index in
                subscription(
                    id: String(format: "%08d-0000-4000-8000-000000000000", Int.random(in: 0..<100, using: &generator)) + "\(index)",
                    name: names.randomElement(using: &generator)!, every: cycles.randomElement(using: &generator)!,
                    start: starts.randomElement(using: &generator)!,
                    trialEnd: Bool.random(using: &generator) ? nil : "2024-06-18")
            }
            let summary = try Summary(subscriptions, today: today, config: Config(), converter: CurrencyConverter(base: .usd, rates: []))
            let upcoming = UpcomingReport(subscriptions, today: today, through: day("2034-06-15")).items.filter(\.isPayment)
            #expect(summary.nextPayments == Array(upcoming.prefix(Summary.nextPaymentCount)))
        }
    }
}
