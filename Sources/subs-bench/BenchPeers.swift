import Foundation
import SubscriptionCore

/// The tools a user would otherwise use, given the same subscriptions (PRODUCT.md §12):
/// Taskwarrior, each subscription a task (project, tags, due date, annotations), and hledger,
/// each subscription a periodic transaction. Both written by the child that builds the database,
/// from the very values it imports.
enum BenchPeers {
    /// A peer that did not hold what it was given: its figure would compare unlike work.
    struct Mismatch: Error, CustomStringConvertible {
        let what: String
        let count: Int
        let expected: Int
        var description: String { "\(what) gave \(count) items where subs has \(expected)" }
    }

    // MARK: - Taskwarrior

    /// The subscriptions as a `task import` file: one pending task each (a cancelled one
    /// completed), its category the project, its cycle and payment method tags, its next payment
    /// the due date, its notes and address annotations.
    static func writeTasks(_ subscriptions: [Subscription], to path: String) throws {
        let today = BenchDatabase.today
        let tasks: [[String: Any]] = subscriptions.map { subscription in
            let entry = stamp(subscription.createdAt)
            var task: [String: Any] = [
                "uuid": subscription.id, "description": subscription.name, "entry": entry, "modified": entry,
                "project": subscription.category ?? "Other",
                "tags": ["subscription", tag(subscription.cycle)]
                    + (subscription.paymentMethod.map { [$0.lowercased().filter { $0.isLetter || $0.isNumber }] } ?? []),
            ]
            if let cancelled = subscription.periods.last?.cancelledOn {
                task["status"] = "completed"
                task["end"] = stamp(cancelled)
            } else {
                task["status"] = "pending"
                if let next = today.adding(days: 400),
                   let due = subscription.scheduledPayments(from: today, through: next).first?.date {
                    task["due"] = stamp(due)
                }
            }
            let notes = [subscription.notes, subscription.url].compactMap { $0 }
            if !notes.isEmpty { task["annotations"] = notes.map { ["entry": entry, "description": $0] } }
            return task
        }
        try JSONSerialization.data(withJSONObject: tasks, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
    }

    /// A Taskwarrior of its own in `directory` (data and configuration, nothing of the user's),
    /// holding the tasks of `tasksFile`; the environment `task` reads it with.
    static func taskwarrior(in directory: String, tasksFile: String) throws -> [String: String] {
        let data = "\(directory)/taskwarrior"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let rc = "\(directory)/taskrc"
        try "data.location=\(data)\nconfirmation=off\nverbose=nothing\n".write(toFile: rc, atomically: true, encoding: .utf8)
        let environment = ["TASKRC": rc, "TASKDATA": data, "HOME": directory]
        _ = try ProcessTimer.run(["task", "import", tasksFile], environment: environment)
        return environment
    }

    /// Taskwarrior's date form: 20261122T000000Z.
    static func stamp(_ date: Date) -> String {
        let day = CivilDate(instant: date, in: TimeZone(identifier: "UTC")!)
        let seconds = Int(date.timeIntervalSince1970) % 86_400
        return "\(stamp(day).dropLast(8))T" + String(format: "%02d%02d%02dZ", seconds / 3_600, seconds / 60 % 60, seconds % 60)
    }

    static func stamp(_ day: CivilDate) -> String {
        String(format: "%04d%02d%02dT000000Z", day.year, day.month, day.day)
    }

    static func tag(_ cycle: BillingCycle) -> String {
        cycle.count == 1 ? "\(cycle.unit.rawValue)ly" : "every\(cycle.count)\(cycle.unit.rawValue)s"
    }

    // MARK: - hledger

    /// The subscriptions as hledger periodic transactions, one rule each: from its first payment
    /// (to its cancellation), its current price to `expenses:<category>` from
    /// `assets:<payment method>`. hledger 1.25 starts a rule only on the first day of its period:
    /// a monthly one is written `every 5th day of month`, a weekly one `every wed`; fortnights,
    /// four weeks, quarters and years start on the Monday or the first of the month before.
    static func writeJournal(_ subscriptions: [Subscription], to path: String) throws {
        var text = ""
        for subscription in subscriptions where subscription.cycle.recurs {
            var rule = "~ \(period(subscription.cycle, from: subscription.anchor))"
            if let cancelled = subscription.periods.last?.cancelledOn { rule += " to \(cancelled)" }
            let price = subscription.price(on: BenchDatabase.today)
            text += """
                \(rule)  \(subscription.name)
                    expenses:\(subscription.category ?? "Other")  \(amount(price))
                    assets:\(subscription.paymentMethod ?? "bank")


                """
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func period(_ cycle: BillingCycle, from anchor: CivilDate) -> String {
        let firstOfMonth = CivilDate(year: anchor.year, month: anchor.month, day: 1)!
        switch (cycle.unit, cycle.count) {
        case (.month, 1): return "every \(ordinal(anchor.day)) day of month from \(anchor)"
        case (.month, let count): return "every \(count) months from \(firstOfMonth)"
        case (.year, let count): return "every \(12 * count) months from \(firstOfMonth)"
        case (.week, 1): return "every \(weekday(anchor)) from \(anchor)"
        case (.week, let count): return "every \(count) weeks from \(monday(onOrBefore: anchor))"
        default: return "every \(cycle.count) days from \(anchor)"
        }
    }

    static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }

    /// 1970-01-01 was a Thursday.
    static func weekday(_ day: CivilDate) -> String {
        ["thu", "fri", "sat", "sun", "mon", "tue", "wed"][((day.daysSinceEpoch % 7) + 7) % 7]
    }

    static func monday(onOrBefore day: CivilDate) -> CivilDate {
        day.adding(days: -(((day.daysSinceEpoch % 7) + 7 - 4) % 7))!
    }

    static func amount(_ money: Money) -> String {
        let digits = money.currency.minorDigits
        guard digits > 0 else { return "\(money.minorUnits) \(money.currency.code)" }
        var scale: Int128 = 1
        for _ in 0..<digits { scale *= 10 }
        let fraction = String(money.minorUnits % scale)
        return "\(money.minorUnits / scale).\(String(repeating: "0", count: digits - fraction.count))\(fraction) \(money.currency.code)"
    }
}
