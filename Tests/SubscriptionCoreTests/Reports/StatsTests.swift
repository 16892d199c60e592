import Foundation
import Testing
@testable import SubscriptionCore

/// `stats` per month adds up exactly the payments `show` lists.
@Suite struct StatsTests {
    @Test func spendPerMonthMatchesThePaymentsMadeWithPriceChangesPausesAndCancellations() throws {
        var netflix = subscription(name: "Netflix", price: "15.49", start: "2024-01-15")
        netflix.recordPrice(money("17.99"), effective: day("2024-04-01"))
        try netflix.pause(from: day("2024-03-01"), until: day("2024-05-01"))
        try netflix.cancel(on: day("2024-05-20"))
        let gym = subscription(name: "Gym", price: "30.00", every: cycle(2, .week), start: "2024-01-01")
        let today = day("2024-06-30")
        let stats = try Stats([netflix, gym], today: today, months: 6, converter: CurrencyConverter(base: .usd, rates: []))

        #expect(stats.history.map(\.month.description) == ["2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "2024-06"])
        for spend in stats.history {
            let first = day(spend.month.description + "-01")
            let last = first.adding(months: 1)!.adding(days: -1)!
            let paid = [netflix, gym].flatMap { $0.paymentsMade(from: first, through: last, today: today) }
            #expect(spend.converted == paid.reduce(Decimal(0)) { $0 + $1.amount.decimal }, "\(spend.month)")
        }
        #expect(stats.history[2].converted == 60, "March: the gym twice, Netflix paused")
        #expect(stats.history[4].converted == Decimal(string: "77.99"), "May: Netflix at 17.99, the gym twice")
    }

    @Test func categoriesShareTheMonthlyTotal() throws {
        var netflix = subscription(name: "Netflix", price: "15.00", start: "2024-01-15")
        netflix.category = "Streaming"
        var cloud = subscription(name: "Cloud", price: "5.00", start: "2024-01-15")
        cloud.category = "Cloud"
        let stats = try Stats([netflix, cloud], today: day("2024-06-30"), months: 1,
                          converter: CurrencyConverter(base: .usd, rates: []))
        #expect(stats.categories.map(\.name) == ["Streaming", "Cloud"])
        #expect(stats.categories.map(\.share) == [75, 25])
    }
}
