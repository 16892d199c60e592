import Foundation
import Testing
@testable import SubscriptionCore

/// From 2,000 subscriptions on, `upcoming` and `list` share their work between two threads
/// (`BothCores`): what they show is what working through the subscriptions one by one shows.
@Suite("Long lists: list and upcoming over 2,500 subscriptions")
struct LongReportTests {
    static let today = day("2024-06-15")

    /// 2,500 subscriptions in no order of name, of several cycles and days, every tenth cancelled;
    /// names that differ in their first letters and names that differ only after them.
    static let all: [Subscription] = (0..<2_500).map { index in
        let number = (index * 7_919) % 2_500
        let word = ["Service", "apple", "Zeta", "éclair", "İnternet", "ab", "Ab", "a"][number % 8]
        let cycles = [BillingCycle.monthly, BillingCycle(count: 1, unit: .week)!, BillingCycle(count: 1, unit: .year)!, BillingCycle(count: 3, unit: .month)!]
        var item = subscription(
            id: String(format: "id-%05d", index), name: "\(word) \(number)", price: "\(number % 40 + 1).99",
            every: cycles[index % cycles.count], start: "2024-0\(index % 5 + 1)-\(10 + index % 18)")
        if index % 10 == 0 { item.periods = [BillingPeriod(cancelledOn: day("2024-06-01"))] }
        return item
    }

    @Test("list sorts all of them, leaves the cancelled out and counts them")
    func list() throws {
        let byName = try SubscriptionList(Self.all, query: ListQuery(sort: .name), today: Self.today, config: .defaults)
        let shown = Self.all.filter { $0.periods.first?.cancelledOn == nil }.map(\.name)
        #expect(byName.items.map(\.subscription.name) == shown.sorted {
            NameCollation.areInIncreasingOrder($0, $1, in: .english)
        })
        #expect(byName.cancelledLeftOut == 250)
        let byNext = try SubscriptionList(Self.all, query: ListQuery(), today: Self.today, config: .defaults)
        let days = byNext.items.map { $0.nextPayment?.date ?? CivilDate(year: 9999, month: 12, day: 31)! }
        #expect(days == days.sorted())
        #expect(Set(byNext.items.map(\.subscription.id)) == Set(byName.items.map(\.subscription.id)))
        var totals = CurrencyTotals()
        for item in byName.items { totals.addMonthlyCost(of: item.amount, cycle: item.cycle) }
        #expect(byNext.monthlyTotals.rounded == totals.rounded)
        #expect(byNext.monthlyTotals.currencies == [currency("USD")])
    }

    /// Each half is sorted on its own core and the halves merged: every item must then be in
    /// order with the next, as the sort's own comparison says, whatever the sort.
    @Test("list sorts all of them in order by every sort, either way", arguments: ListQuery.Sort.allCases, [false, true])
    func everySort(sort: ListQuery.Sort, reverse: Bool) throws {
        let list = try SubscriptionList(Self.all, query: ListQuery(status: [.all], sort: sort, reverse: reverse),
                                        today: Self.today, config: .defaults)
        #expect(Set(list.items.map(\.subscription.id)).count == Self.all.count)
        var weights: [UInt32] = []
        let keys = list.items.map { ListQuery.SortKey($0, sort: sort, collation: .english, rates: nil, weights: &weights) }
        let misplaced = weights.withUnsafeBufferPointer { weights in
            keys.withUnsafeBufferPointer { keys in
                (1..<keys.count).filter { index in
                    let (before, after) = (keys.baseAddress! + index - 1, keys.baseAddress! + index)
                    let (first, second) = reverse ? (before, after) : (after, before)
                    return sort.areInIncreasingOrder(first, second, leftWeights: weights, rightWeights: weights)
                }
            }
        }
        #expect(misplaced.isEmpty)
    }

    /// The two sorted halves are merged on both cores, the first half of the order from their
    /// fronts and the second from their backs: also when one half sorts wholly before the other,
    /// so that one walk takes only from one half, and with an odd count.
    @Test("list merges halves that sort wholly apart", arguments: [false, true])
    func halvesApart(laterFirst: Bool) throws {
        let count = 2_501
        let stored = (0..<count).map { index in
            let number = laterFirst ? count - 1 - index : index
            return subscription(id: String(format: "id-%05d", index), name: String(format: "Item %05d", number), price: "1.00",
                                start: "2024-01-10")
        }
        for reverse in [false, true] {
            let list = try SubscriptionList(stored, query: ListQuery(sort: .name, reverse: reverse), today: Self.today, config: .defaults)
            var expected = stored.sorted { $0.name < $1.name }.map(\.id)
            if reverse { expected.reverse() }
            let shown = list.items.map(\.subscription.id)
            // The first place they differ, not a diff of 2,501 ids.
            #expect(shown.count == count)
            #expect(shown.indices.first { shown[$0] != expected[$0] } == nil)
        }
    }

    @Test("upcoming gives every item of each subscription, in its order", arguments: [30, 365])
    func upcoming(days: Int) throws {
        let end = try #require(Self.today.adding(days: days))
        let report = UpcomingReport(Self.all, today: Self.today, through: end)
        // One subscription at a time, below the threshold, then put in order by comparing items.
        let oneByOne = Self.all.flatMap { UpcomingReport([$0], today: Self.today, through: end).items }
        #expect(report.items.count > 2_000)
        #expect(report.items == UpcomingOrder.sorted(oneByOne))
    }
}
