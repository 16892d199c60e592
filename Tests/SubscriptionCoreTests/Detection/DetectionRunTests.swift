import Foundation
import Testing
@testable import SubscriptionCore

/// `subs detect`'s run in the core: read, match, then add and record (PRODUCT.md §13).
@Suite("detect's run")
struct DetectionRunTests {
    let scratch = Scratch()

    /// A monthly series at `merchant`, one charge on the 5th of each month of 2026 up to `through`.
    private func series(_ merchant: String, through month: Int) -> RecurringSeries {
        let charges = (1...month).map {
            MerchantCharge(line: $0 + 1, date: day("2026-0\($0)-05"), merchant: merchant, amount: money("9.99"))
        }
        return RecurringSeries(merchant: merchant, cycle: .monthly, charges: charges, nextExpected: day("2026-0\(month + 1)-05"))
    }

    @Test("A statement read and matched: untracked first, tracked once added and recorded")
    func detectAddRecord() throws {
        let store = try SubscriptionStore(location: scratch.location)
        let text = "Date,Description,Amount\n" + (1...4).map { "2026-0\($0)-05,NETFLIX.COM,-15.49" }.joined(separator: "\n")
        let detection = try DetectionRun.detect(text, path: "s.csv", format: nil, columns: nil, dateFormat: nil,
                                                currency: nil, in: store, today: day("2026-04-10"))
        #expect(detection.currency == .usd, "the config currency")
        #expect(detection.findings.count == 1 && detection.findings[0].tracked == nil)
        #expect(detection.untracked.count == 1)
        let (outcome, after) = try DetectionRun.apply(detection, adding: detection.untracked, record: true, to: store,
                                                      today: day("2026-04-10"))
        #expect(outcome.added.count == 1 && outcome.recorded.first?.count == 4)
        #expect(after.findings.allSatisfy { $0.tracked != nil } && after.untracked.isEmpty)
    }

    @Test("A name already taken is added as import adds it: 'Apple (2)', and each name once")
    func takenNames() throws {
        let store = try SubscriptionStore(location: scratch.location)
        _ = try store.add(try simpleNewSubscription("Apple"), now: fixedNow)
        let detection = Detection(statement: BankStatement(), currency: .usd, series: [], findings: [],
                                  takenNames: try store.subscriptions().map(\.name))
        let (outcome, _) = try DetectionRun.apply(
            detection, adding: [series("APPLE", through: 3), series("Spotify", through: 3), series("spotify", through: 3),
                                series("Apple", through: 3)],
            record: false, to: store, today: day("2026-03-10"))
        #expect(outcome.added.map(\.name) == ["APPLE (2)", "Spotify", "spotify (2)", "Apple (3)"])
    }

    @Test("A long name taken keeps its number inside a name's length")
    func longNameTaken() {
        let long = String(repeating: "x", count: TextInput.nameLengths.upperBound)
        var names = FreeNames(taken: [long])
        let chosen = names.claim(long)
        #expect(chosen.count == TextInput.nameLengths.upperBound && chosen.hasSuffix(" (2)"))
    }
}
