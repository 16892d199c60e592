import Foundation
import Testing
@testable import SubscriptionCore

@Suite("What list shows, and in what order")
struct SubscriptionListTests {
    static let today = day("2024-06-15")
    static let dollars = subscription(name: "Dollars", price: "10.00", start: "2024-01-01")
    static let euros = subscription(name: "Euros", price: "9.50", currency: "EUR", start: "2024-01-02")
    static let lira = subscription(name: "Lira", price: "300.00", currency: "TRY", start: "2024-01-03",
                                   trialEnd: "2024-07-01")
    static let all = [dollars, euros, lira]

    static func names(_ query: ListQuery, converter: CurrencyConverter? = nil) throws -> [String] {
        try SubscriptionList(all, query: query, today: today, config: .defaults, converter: converter).items
            .map(\.subscription.name)
    }

    static func rates(_ pairs: [String: String]) throws -> CurrencyConverter {
        CurrencyConverter(base: currency("USD"), rates: try pairs.map {
            try ExchangeRate(currency: currency($0.key), rate: $0.value, setAt: fixedNow)
        })
    }

    @Test("--reverse reverses the order")
    func reverse() throws {
        #expect(try Self.names(ListQuery(sort: .name)) == ["Dollars", "Euros", "Lira"])
        #expect(try Self.names(ListQuery(sort: .name, reverse: true)) == ["Lira", "Euros", "Dollars"])
    }

    @Test("Several statuses show the subscriptions in any of them")
    func severalStatuses() throws {
        #expect(try Self.names(ListQuery(status: [.trial], sort: .name)) == ["Lira"])
        #expect(try Self.names(ListQuery(status: [.active, .trial], sort: .name)) == ["Dollars", "Euros", "Lira"])
        #expect(try Self.names(ListQuery(status: [.paused, .cancelled], sort: .name)) == [])
    }

    @Test("Amount sorts in the base currency when every rate is known, else by currency first")
    func amountInBaseCurrency() throws {
        let converter = try Self.rates(["EUR": "1.10", "TRY": "0.03"])
        // $10.00, €9.50 = $10.45, ₺300 = $9.00: largest first.
        #expect(try Self.names(ListQuery(sort: .amount), converter: converter) == ["Euros", "Dollars", "Lira"])
        #expect(try Self.names(ListQuery(sort: .monthly, reverse: true), converter: converter) == ["Lira", "Dollars", "Euros"])
        let partial = try Self.rates(["EUR": "1.10"])
        #expect(try Self.names(ListQuery(sort: .amount), converter: partial) == ["Euros", "Lira", "Dollars"])
    }

    @Test("The monthly total is converted when every rate is known, and only then")
    func convertedTotal() throws {
        let list = try SubscriptionList(Self.all, query: ListQuery(), today: Self.today, config: .defaults,
                                    converter: try Self.rates(["EUR": "1.10", "TRY": "0.03"]))
        #expect(try list.convertedMonthly() == Decimal(string: "29.45"))
        #expect(list.base == currency("USD"))
        let missing = try SubscriptionList(Self.all, query: ListQuery(), today: Self.today, config: .defaults,
                                       converter: try Self.rates(["EUR": "1.10"]))
        #expect(try missing.convertedMonthly() == nil)
    }

    @Test("Search matches names as names are compared, in notes and URL too")
    func searchComparesAsNames() throws {
        #expect(try Self.names(ListQuery(search: "EURO")) == ["Euros"])
    }
}
