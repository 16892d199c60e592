import Foundation
import Testing
@testable import SubscriptionCore
@testable import SubsCLI

/// `list` and `upcoming` print JSON in blocks made a block on each core in turn
/// (`JSONValue.writeArray(_:perBlock:members:take:)`): the blocks, joined, are byte for byte the
/// array the JSON writer makes of the items' values, whatever the block size.
@Suite struct JSONBlocksTests {
    static let today = CivilDate(iso: "2026-11-22")!

    /// 301 subscriptions of varied fields: members, notes to escape, a contract, several currencies.
    static let list: SubscriptionList = {
        let currencies = ["USD", "EUR", "JPY", "TRY"].map { Currency(code: $0)! }
        let cycles: [BillingCycle] = [.monthly, BillingCycle(count: 3, unit: .month)!, BillingCycle(count: 1, unit: .week)!]
        let contract = Contract(term: TimeSpan(count: 1, unit: .year)!, notice: TimeSpan(count: 1, unit: .month)!)
        let subscriptions = (0..<301).map { (index: Int) -> Subscription in
            let price = Money(minorUnits: Int128(100 + index * 37), currency: currencies[index % 4])
            let start = CivilDate(year: 2025, month: index % 9 + 1, day: index % 28 + 1)!
            let category: String? = index % 5 == 0 ? nil : "Cat\\\(index % 7)"
            let notes: String? = index % 4 == 0 ? "line\nbreak \u{85}" : nil
            let members: [Member] = index % 3 == 0 ? [Member(name: "Ayşe", weight: 2)] : []
            return Subscription(
                id: String(format: "%08x-0000-4000-8000-000000000000", index), name: "Service \"\(index)\"",
                price: price, cycle: cycles[index % 3], startDate: start, category: category, notes: notes,
                remindDays: index % 6 == 0 ? [7, 1] : nil, members: members,
                contract: index % 10 == 0 ? contract : nil,
                createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)))
        }
        return try! SubscriptionList(subscriptions, query: ListQuery(), today: today, config: .defaults)
    }()

    /// On both cores unless `parallel` is false; by default only from `BothCores.threshold` on.
    static func blocks<Element: Sendable>(
        _ elements: [Element], perBlock: Int, parallel: Bool? = true,
        members: @escaping @Sendable (Element, inout JSONWriter.ObjectWriter) -> Void
    ) -> (text: String, pieces: Int) {
        var bytes: [UInt8] = []
        var pieces = 0
        JSONValue.writeArray(elements, perBlock: perBlock, parallel: parallel, members: members) {
            bytes += $0
            pieces += 1
        }
        return (String(decoding: bytes, as: UTF8.self), pieces)
    }

    /// 301, 43, 4, 2 and 1 blocks: the last made on this thread, or on the other.
    @Test("A list, in blocks of 1, 7, 100, 151 or all", arguments: [1, 7, 100, 151, 1_000])
    func list(perBlock: Int) {
        let items = Self.list.items
        #expect(items.count == 301)
        let (text, pieces) = Self.blocks(items, perBlock: perBlock) { SubscriptionJSON.members($0, into: &$1) }
        #expect(pieces == (301 + perBlock - 1) / perBlock)
        #expect(text == JSONValue.array(items.map(SubscriptionJSON.object)).rendered)
    }

    /// Thousands of payments: on both cores as `upcoming` prints them, and on one.
    @Test("A year of payments, in blocks of 2 or 256", arguments: [2, 256], [nil, false])
    func upcoming(perBlock: Int, parallel: Bool?) {
        let report = UpcomingReport(Self.list.items.map(\.subscription), today: Self.today, through: Self.today.adding(days: 365)!)
        #expect(report.items.count > BothCores.threshold)
        let (text, _) = Self.blocks(report.items, perBlock: perBlock, parallel: parallel) {
            SubscriptionJSON.upcomingMembers($0, into: &$1)
        }
        #expect(text == JSONValue.array(report.items.map(SubscriptionJSON.upcoming)).rendered)
    }

    @Test("No items is an empty array")
    func empty() {
        let (text, pieces) = Self.blocks([UpcomingItem](), perBlock: 64) { SubscriptionJSON.upcomingMembers($0, into: &$1) }
        #expect(text == "[]\n")
        #expect(pieces == 1)
    }
}
