import Testing
@testable import SubscriptionCore
@testable import SubsCLI

/// A cycle in words, as tables, `show`, `log` and the calendar say it: whole words in the reader's
/// language, which `--every` reads back in every language.
@Suite struct CycleTextTests {
    static func cycle(_ count: Int, _ unit: BillingCycle.Unit) -> BillingCycle {
        BillingCycle(count: count, unit: unit)!
    }

    @Test(arguments: [
        (cycle(1, .month), "monthly", "aylık"), (cycle(1, .day), "daily", "günlük"),
        (cycle(2, .week), "every 2 weeks", "2 haftada bir"), (cycle(1, .year), "yearly", "yıllık"),
        (cycle(90, .day), "every 90 days", "90 günde bir"), (.once, "once", "tek sefer"),
    ] as [(BillingCycle, String, String)])
    func saidInWordsAndReadBack(_ cycle: BillingCycle, _ english: String, _ turkish: String) throws {
        SubsTranslations.install()
        #expect(SubscriptionText.cycle(cycle, in: .english) == english)
        #expect(SubscriptionText.cycle(cycle, in: .turkish) == turkish)
        #expect(try BillingCycle(typed: english) == cycle)
        #expect(try BillingCycle(typed: turkish) == cycle)
    }
}
