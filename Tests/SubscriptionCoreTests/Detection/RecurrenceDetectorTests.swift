import Foundation
import FuzzSupport
import SubscriptionCore
import Testing

/// PRODUCT.md §13's detection, on charges already read and named: what recurs and what not.
@Suite("Finding what recurs in a year of charges")
struct RecurrenceDetectorTests {
    private func charges(_ year: StatementYear) -> [MerchantCharge] {
        year.transactions.enumerated().compactMap { index, transaction in
            guard transaction.amount < 0 else { return nil }
            return MerchantCharge(
                line: index + 2, date: transaction.date,
                merchant: year.merchants[transaction.description] ?? transaction.description,
                amount: Money(rounding: -transaction.amount, currency: .usd))
        }
    }

    @Test("A dozen subscriptions among hundreds of purchases: at least 95% found, under 5% wrong", arguments: Array(1...40) as [UInt64])
    func generatedYear(seed: UInt64) {
        let year = StatementYear(seed: seed)
        #expect(year.transactions.count > 300, "a few hundred transactions")
        let series = RecurrenceDetector.series(in: charges(year), statementEnd: year.last)
        let score = DetectionScore(truths: year.truths, findings: series.map {
            .init(merchant: $0.merchant, cycle: $0.cycle, latestAmount: $0.latest.amount.decimal, ended: $0.ended)
        })
        #expect(score.recall >= 0.95, "\(score)")
        #expect(score.falseShare < 0.05, "\(score)")
    }

    private func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    private func charge(_ date: String, _ merchant: String, _ amount: Decimal) -> MerchantCharge {
        MerchantCharge(line: 1, date: day(date), merchant: merchant, amount: Money(rounding: amount, currency: .usd))
    }

    @Test("Month ends and weekend drift stay monthly; a price rise is one series with its change")
    func driftAndPriceRise() throws {
        let dates = ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-06-01", "2026-06-30", "2026-07-31"]
        let charges = dates.enumerated().map { index, date in charge(date, "Spotify", index < 5 ? 10.99 : 11.99) }
        let series = RecurrenceDetector.series(in: charges, statementEnd: day("2026-08-10"))
        try #require(series.count == 1, "\(series)")
        #expect(series[0].cycle == .monthly)
        #expect(series[0].latest.amount == Money(rounding: 11.99, currency: .usd))
        #expect(series[0].priceChanges.map(\.date) == [day("2026-06-30")])
        #expect(series[0].nextExpected == day("2026-08-31"))
    }

    @Test("Two subscriptions at one merchant, overlapping in time, are two series")
    func twoAtOneMerchant() {
        var charges: [MerchantCharge] = []
        for month in 1...6 {
            charges.append(charge("2026-0\(month)-03", "Apple", 2.99))
            charges.append(charge("2026-0\(month)-18", "Apple", 10.99))
        }
        let series = RecurrenceDetector.series(in: charges, statementEnd: day("2026-06-30"))
        #expect(series.map(\.latest.amount.description).sorted() == ["10.99", "2.99"])
        #expect(series.allSatisfy { $0.cycle == .monthly && $0.charges.count == 6 })
    }

    @Test("A series that stopped is reported as ended")
    func ended() {
        let charges = (1...5).map { charge("2026-0\($0)-15", "Hulu", 7.99) }
        let series = RecurrenceDetector.series(in: charges, statementEnd: day("2026-09-30"))
        #expect(series.count == 1 && series[0].ended)
        let recent = RecurrenceDetector.series(in: charges, statementEnd: day("2026-06-10"))
        #expect(recent.count == 1 && !recent[0].ended && recent[0].nextExpected == day("2026-06-15"))
    }

    @Test("Weekly, four-weekly, quarterly, yearly and every N days")
    func cycles() {
        func cycle(_ start: String, every days: Int, count: Int) -> BillingCycle? {
            let charges = (0..<count).map { MerchantCharge(line: 1, date: day(start).adding(days: days * $0)!, merchant: "X",
                                                           amount: Money(rounding: 5, currency: .usd)) }
            return RecurrenceDetector.series(in: charges, statementEnd: charges.last!.date).first?.cycle
        }
        #expect(cycle("2026-01-01", every: 7, count: 10) == BillingCycle(count: 1, unit: .week))
        #expect(cycle("2026-01-01", every: 14, count: 6) == BillingCycle(count: 2, unit: .week))
        #expect(cycle("2026-01-01", every: 28, count: 8) == BillingCycle(count: 4, unit: .week))
        #expect(cycle("2026-01-01", every: 10, count: 8) == BillingCycle(count: 10, unit: .day))
        let quarterly = ["2025-01-20", "2025-04-21", "2025-07-20", "2025-10-20"].map { charge($0, "Q", 69) }
        #expect(RecurrenceDetector.series(in: quarterly, statementEnd: day("2025-11-01")).first?.cycle
            == BillingCycle(count: 3, unit: .month))
        let yearly = ["2025-10-12", "2026-10-13"].map { charge($0, "Domain", 14.98) }
        #expect(RecurrenceDetector.series(in: yearly, statementEnd: day("2026-11-01")).first?.cycle
            == BillingCycle(count: 1, unit: .year))
    }

    @Test("Groceries, fuel and two purchases are no subscription")
    func irregular() {
        var random = SplitMix64(seed: 9)
        var charges: [MerchantCharge] = []
        var date = day("2026-01-01")
        for _ in 0..<80 {
            date = date.adding(days: random.integer(in: 1...6))!
            charges.append(charge(date.description, "Whole Foods", Decimal(random.integer(in: 1500...16000)) / 100))
        }
        charges += [charge("2026-02-01", "Best Buy", 499), charge("2026-03-01", "Best Buy", 499)]
        #expect(RecurrenceDetector.series(in: charges, statementEnd: date).isEmpty)
    }
}
