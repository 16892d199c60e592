import Foundation

/// The user's settings, stored in the database (`subs config`).
public struct Config: Equatable, Sendable {
    /// The currency for new subscriptions and the base of converted totals.
    public var currency: Currency = .usd
    /// Days before a payment to remind, for subscriptions without their own list.
    public var remindDays: [Int] = [2]

    public init() {}

    public static let defaults = Config()

    /// Reads the settings table's key-value pairs; unknown or unreadable keys keep defaults.
    init(settings: [String: String]) {
        if let code = settings["currency"], let currency = Currency(code: code) {
            self.currency = currency
        }
        if let days = settings["remind-days"], let parsed = try? RemindDays.parse(days) {
            self.remindDays = parsed
        }
    }
}

/// Reminder offsets: days before a payment.
public enum RemindDays {
    public static let range = 0...365
    public static let accepted =
        "days before a payment from 0 to 365, comma-separated, like 7,1, or 'none'"

    /// Parses `7,1` into `[7, 1]`: distinct, in descending order. `none` is no reminders.
    public static func parse(_ text: String) throws -> [Int] {
        if text.trimmingCharacters(in: .whitespaces).lowercased() == "none" { return [] }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var days: Set<Int> = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCIIDigit), let day = Int(part),
                  range.contains(day)
            else { throw InputError.invalid("reminder days", text, expected: accepted) }
            days.insert(day)
        }
        return days.sorted(by: >)
    }

    /// The stored form that `parse` reads back: `7,1`, or `none`.
    public static func format(_ days: [Int]) -> String {
        days.isEmpty ? "none" : days.map(String.init).joined(separator: ",")
    }
}
