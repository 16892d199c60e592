import Foundation
import Testing
@testable import SubsCLI
import SubscriptionCore

@Suite("Stats rendering")
struct StatsRendererTests {
    private func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    private func stats(rates: [ExchangeRate]) throws -> Stats {
        let dollars = Subscription(name: "Netflix", price: try Money(input: "10.00", currency: .usd),
                                   cycle: .monthly, startDate: day("2026-01-03"))
        let euros = Subscription(name: "Spotify", price: try Money(input: "5.00", currency: Currency(code: "EUR")!),
                                 cycle: .monthly, startDate: day("2026-10-03"))
        return try Stats([dollars, euros], today: day("2026-11-22"), months: 3,
                     converter: CurrencyConverter(base: .usd, rates: rates))
    }

    /// Issue 8, item 7: a month that could not be converted is never shown under "(in USD)".
    @Test func monthsWithoutARateAreNotLabelledAsConverted() throws {
        let text = StatsRenderer.render(try stats(rates: []), format: .table, terminal: .plain)
        #expect(!text.contains("Spend per month (in USD)"))
        #expect(text.contains("Spend per month (per currency: a rate is missing)"))
        #expect(text.contains("€5.00, $10.00"))
        #expect(!text.contains("█\n2026-10"), "no bars comparing amounts in different currencies")
    }

    @Test func convertedMonthsAreLabelledWithTheBaseCurrency() throws {
        let rate = try ExchangeRate(currency: Currency(code: "EUR")!, rate: "1.10", setAt: Date(timeIntervalSince1970: 0))
        let text = StatsRenderer.render(try stats(rates: [rate]), format: .table, terminal: .plain)
        #expect(text.contains("Spend per month (in USD)"))
        #expect(text.contains("$15.50"))
    }
}
