import Testing
@testable import SubscriptionCore

@Suite("CYCLE arguments")
struct BillingCycleTests {
    @Test("Every accepted way of writing a cycle gives the right count and unit",
          arguments: [
            ("daily", 1, BillingCycle.Unit.day), ("weekly", 1, .week), ("biweekly", 2, .week),
            ("monthly", 1, .month), ("quarterly", 3, .month), ("yearly", 1, .year), ("annually", 1, .year),
            ("3 months", 3, .month), ("every 2 weeks", 2, .week), ("3 month", 3, .month), ("month", 1, .month),
            ("90d", 90, .day), ("2w", 2, .week), ("6m", 6, .month), ("1y", 1, .year),
            ("Monthly", 1, .month), ("EVERY 3 MONTHS", 3, .month), ("  2   weeks ", 2, .week),
            ("1 day", 1, .day), ("999 days", 999, .day), ("every month", 1, .month), ("12 years", 12, .year),
            ("once", 1, .once), ("One-time", 1, .once),
          ] as [(String, Int, BillingCycle.Unit)])
    func accepted(_ text: String, _ count: Int, _ unit: BillingCycle.Unit) throws {
        let cycle = try BillingCycle(input: text)
        #expect(cycle.count == count)
        #expect(cycle.unit == unit)
    }

    @Test("A bad CYCLE gets one line that names it",
          arguments: ["0 months", "1000 days", "", "fortnight-ish", "2 x", "every", "every 0 weeks", "0d",
                      "-1 months", "1.5 months", "3 months extra", "9999999 days", "99999999999999999999d",
                      "months 3", "3 lightyears", "every\u{1B}[31m week", "2 once", "once a month", "1o"])
    func rejected(_ text: String) {
        let error = #expect(throws: InputError.self) { try BillingCycle(input: text) }
        #expect(error?.field == .cycle && error?.value == text, "\(String(describing: error))")
    }

    @Test("Counts outside 1 to 999 make no cycle")
    func countRange() {
        #expect(BillingCycle(count: 0, unit: .month) == nil)
        #expect(BillingCycle(count: 1000, unit: .day) == nil)
        #expect(BillingCycle(count: 999, unit: .year) != nil)
    }

    @Test("A cycle describes itself in the short form input reads back; the words people read are the command line's",
          arguments: [(cycle(1, .month), "monthly", "1m"), (cycle(1, .day), "daily", "1d"),
                      (cycle(2, .week), "every 2 weeks", "2w"), (cycle(1, .year), "yearly", "1y"),
                      (cycle(90, .day), "every 90 days", "90d")] as [(BillingCycle, String, String)])
    func descriptions(_ cycle: BillingCycle, _ long: String, _ short: String) throws {
        #expect(cycle.description == short)
        #expect(try BillingCycle(input: long) == cycle)
        #expect(try BillingCycle(input: short) == cycle)
    }
}
