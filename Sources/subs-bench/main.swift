// `make bench`: how long the core's hot paths take, printed, never asserted.
//
// The point it shows: finding the next payment is arithmetic on the anchor, so a daily
// subscription started in 1970 answers as fast as one started yesterday.
import Foundation
import SubscriptionCore

func measure(_ label: String, iterations: Int, _ body: () -> Void) {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<iterations { body() }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
    let perCall = elapsed / Double(iterations)
    let text = perCall < 1_000 ? String(format: "%.0f ns", perCall)
        : perCall < 1_000_000 ? String(format: "%.1f µs", perCall / 1_000)
        : String(format: "%.2f ms", perCall / 1_000_000)
    print(label.padding(toLength: 58, withPad: " ", startingAt: 0), text.leftPadded(10), "per call")
}

extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}

let today = CivilDate(year: 2026, month: 11, day: 22)!
let daily = BillingCycle(count: 1, unit: .day)!
let monthly = BillingCycle.monthly
var sink = 0

for (label, anchor, cycle) in [
    ("next payment, daily from yesterday", today.adding(days: -1)!, daily),
    ("next payment, daily from 1970-01-01", CivilDate(year: 1970, month: 1, day: 1)!, daily),
    ("next payment, monthly from 2026-10-31", CivilDate(year: 2026, month: 10, day: 31)!, monthly),
    ("next payment, monthly from 1970-01-31", CivilDate(year: 1970, month: 1, day: 31)!, monthly),
] {
    let schedule = BillingSchedule(anchor: anchor, cycle: cycle)
    measure(label, iterations: 200_000) {
        sink &+= schedule.nextPayment(onOrAfter: today)?.day ?? 0
    }
}

let subscriptions = (0..<1_000).map { index in
    Subscription(
        name: "Subscription \(index)",
        price: Money(minorUnits: Int128(100 + index), currency: .usd),
        cycle: [daily, monthly, BillingCycle(count: 2, unit: .week)!][index % 3],
        startDate: CivilDate(year: 2000 + index % 25, month: 1 + index % 12, day: 1 + index % 28)!)
}
measure("list of 1,000 subscriptions (snapshots, sort, totals)", iterations: 50) {
    sink &+= (try! SubscriptionList(subscriptions, query: ListQuery(), today: today, config: .defaults)).items.count
}
measure("upcoming 30 days over 1,000 subscriptions", iterations: 50) {
    sink &+= UpcomingReport(subscriptions, today: today, through: today.adding(days: 30)!).items.count
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("subs-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: directory) }
let location = StoreLocation(
    databasePath: directory.appendingPathComponent("subs.db").path,
    key: .keyFile(directory.appendingPathComponent("key").path))
do {
    let store = try SubscriptionStore(location: location)
    for subscription in subscriptions.prefix(200) {
        _ = try store.add(NewSubscription(
            name: subscription.name, amount: try DecimalAmount(input: subscription.prices[0].amount.description),
            cycle: subscription.cycle, startDate: subscription.startDate))
    }
    measure("open the encrypted database (raw key) and read 200", iterations: 50) {
        sink &+= (try? SubscriptionStore(location: location).subscriptions().count) ?? 0
    }
    measure("add one subscription (one BEGIN IMMEDIATE transaction)", iterations: 50) {
        sink &+= (try? store.add(NewSubscription(
            name: "Bench", amount: try! DecimalAmount(input: "9.99"), startDate: today)))?.name.count ?? 0
    }
} catch {
    print("store benchmark failed: \(error)")
    exit(1)
}
print("(checksum \(sink))")
