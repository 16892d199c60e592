import Foundation
import Testing
@testable import SubscriptionCore

/// Issue 21, item 15: `detect --add --yes --record` over 20,000 merchants committed the adds and
/// then ran for ten minutes, reading every subscription again for each one it recorded on.
@Suite("detect --add and --record in the store")
struct DetectionStoreTests {
    let scratch = Scratch()

    /// A monthly series at `merchant`, one charge on the 5th of each month of 2026 up to `through`.
    private func series(_ merchant: String, through month: Int) -> RecurringSeries {
        let charges = (1...month).map {
            MerchantCharge(line: $0 + 1, date: day("2026-0\($0)-05"), merchant: merchant, amount: money("9.99"))
        }
        return RecurringSeries(merchant: merchant, cycle: .monthly, charges: charges, nextExpected: day("2026-0\(month + 1)-05"))
    }

    @Test("What detect adds is config me's, else the account name the command line gives")
    func addedHaveAnOwner() throws {
        let store = try SubscriptionStore(location: scratch.location)
        let first = try store.applyDetection(adding: [series("Gym", through: 2)], recording: [], today: day("2026-03-10"),
                                             owner: "dana")
        #expect(first.added.map(\.owner) == ["dana"])
        _ = try store.setConfig(.me, to: "Alice", now: fixedNow)
        let second = try store.applyDetection(adding: [series("Pool", through: 2)], recording: [], today: day("2026-03-10"),
                                              owner: "dana")
        #expect(second.added.map(\.owner) == ["Alice"])
        #expect(try store.subscription("pool").owner == "Alice")
    }

    @Test("1,000 added and recorded, then 1,000 more charges recorded on them beside 1,000 new ones")
    func manyAtOnce() throws {
        let store = try SubscriptionStore(location: scratch.location)
        let first = (0..<1_000).map { series("Service \($0)", through: 3) }
        let added = try store.applyDetection(
            adding: first, recording: first.map { Finding(series: $0, tracked: nil) }, today: day("2026-03-10"))
        #expect(added.added.count == 1_000)
        #expect(added.recorded.count == 1_000 && added.recorded.allSatisfy { $0.count == 3 })

        // A month later: the same merchants with one charge more, and as many new ones.
        let later = (0..<1_000).map { series("Service \($0)", through: 4) }
        let findings = RecurrenceDetector.match(later, to: try store.subscriptions())
        #expect(findings.allSatisfy { found in found.tracked.map { NameMatching.same($0.name, found.series.merchant) } == true })
        let new = (0..<1_000).map { series("Other \($0)", through: 4) }
        let outcome = try store.applyDetection(adding: new, recording: findings, today: day("2026-04-10"))
        #expect(outcome.added.count == 1_000)
        #expect(outcome.recorded.count == 1_000 && outcome.recorded.allSatisfy { $0.count == 1 })
        let all = try store.subscriptions()
        #expect(all.count == 2_000)
        #expect(all.filter { $0.name.hasPrefix("Service") }.allSatisfy { $0.charges.count == 4 })
    }

    @Test("A merchant tracked already, or added twice in one run, is added under its name and price")
    func takenNames() throws {
        let store = try SubscriptionStore(location: scratch.location)
        _ = try store.add(try simpleNewSubscription("Apple"), now: fixedNow)
        let outcome = try store.applyDetection(
            adding: [series("APPLE", through: 3), series("Spotify", through: 3), series("spotify", through: 3)],
            recording: [], today: day("2026-03-10"))
        #expect(outcome.added.map(\.name) == ["APPLE 9.99", "Spotify", "spotify 9.99"])
    }
}
