import Testing
@testable import SubscriptionCore
import FuzzSupport

/// Issue 22, item 6: `detect` took seconds on statements of thousands of rows, trying each of a
/// merchant's one-off prices against every other. The work is counted, never timed.
@Suite("Detection cost grows with the statement, not its square")
struct DetectionCostTests {
    /// A merchant charged monthly for nine years at one price, with `purchases` one-off prices
    /// (an app store's subscription beside its apps), spread over the same years.
    private static func charges(purchases: Int) -> [MerchantCharge] {
        var random = SplitMix64(seed: 22)
        let start = CivilDate(iso: "2017-01-05")!
        var charges = (0..<108).compactMap { month in
            start.adding(months: month).map { MerchantCharge(line: month, date: $0, merchant: "Apple", amount: money("2.99")) }
        }
        for index in 0..<purchases {
            guard let date = start.adding(days: 1 + Int(random.next() % 3_280)) else { continue }
            // Each purchase its own price: 3.00 up, a cent apart.
            charges.append(MerchantCharge(line: 200 + index, date: date, merchant: "Apple",
                                          amount: Money(minorUnits: Int128(300 + index), currency: currency("USD"))))
        }
        return charges
    }

    @Test("A merchant's many one-off prices are not tried against each other; the subscription among them is still found")
    func oneOffPrices() throws {
        for purchases in [100, 300] {
            var checks = 0
            let found = RecurrenceDetector.series(ofOneMerchant: Self.charges(purchases: purchases),
                                                  statementEnd: CivilDate(iso: "2025-12-31")!, rhythmChecks: &checks)
            // A one-off price a month after the last charge may pass for a price change: the 108 are in it.
            #expect(found.count == 1 && found.first?.charges.filter { $0.amount == money("2.99") }.count == 108,
                    "\(purchases): \(found.map(\.charges.count))")
            // Pair by pair, 300 prices took some 11,000 tries (100 took 1,800); now a few each at most.
            #expect(checks <= 2 * (purchases + 1), "\(purchases) one-off prices: \(checks) rhythm checks")
        }
    }
}
