import Foundation

/// How often a subscription bills: every `count` days, weeks, months or years, or `once` (a
/// one-time payment on its anchor, never renewed).
public struct BillingCycle: Hashable, Sendable, CustomStringConvertible {
    public enum Unit: String, CaseIterable, Sendable {
        case day, week, month, year
        /// A single payment: always with count 1.
        case once
    }

    public static let counts = 1...999

    public let count: Int
    public let unit: Unit

    /// Creates a cycle, or nil when `count` is outside 1...999 (or is not 1 for `once`).
    public init?(count: Int, unit: Unit) {
        guard Self.counts.contains(count), unit != .once || count == 1 else { return nil }
        self.count = count
        self.unit = unit
    }

    public static let monthly = BillingCycle(count: 1, unit: .month)!
    public static let once = BillingCycle(count: 1, unit: .once)!

    /// Whether the subscription renews at all: false for a one-time payment.
    public var recurs: Bool { unit != .once }

    /// The short form §4 reads back: `1m`, `2w`, `90d`, `1y`, `once`. Words for people
    /// (`monthly`, `every 2 weeks`) are the command line's, in the reader's language.
    public var description: String {
        recurs ? "\(count)\(unit.rawValue.prefix(1))" : "once"
    }
}

extension BillingCycle {
    /// Parses a CYCLE argument: `daily`, `weekly`, `biweekly`, `monthly`, `quarterly`,
    /// `yearly`/`annually`, `once`/`one-time`, a unit with an optional count and an optional leading `every`
    /// (`3 months`, `every 2 weeks`, `month`), or a short form (`90d`, `2w`, `6m`, `1y`), in any
    /// case. The words `subs` prints in a language are the command line's to read first.
    public init(input text: String) throws {
        let invalid = InputError.invalid(.cycle, value: text, expected: .cycle)
        var words = NameMatching.key(text).split(whereSeparator: \.isWhitespace).map(String.init)
        if words.first == "every" { words.removeFirst() }

        let count: Int
        let unitWord: String
        switch words.count {
        case 1:
            let word = words[0]
            if let named = Self.named[word] {
                self = named
                return
            }
            let digits = word.prefix(while: \.isASCIIDigit)
            if digits.isEmpty {
                (count, unitWord) = (1, word)
            } else {
                guard let parsed = Int(digits.prefix(6)), digits.count <= 6 else { throw invalid }
                (count, unitWord) = (parsed, String(word.dropFirst(digits.count)))
            }
        case 2:
            guard words[0].allSatisfy(\.isASCIIDigit), words[0].count <= 6,
                  let parsed = Int(words[0])
            else { throw invalid }
            (count, unitWord) = (parsed, words[1])
        default:
            throw invalid
        }
        guard let unit = Self.units[unitWord] else { throw invalid }
        guard let cycle = BillingCycle(count: count, unit: unit) else {
            throw InputError.invalid(.cycle, value: text, expected: .cycleCount)
        }
        self = cycle
    }

    /// The cycles known by a name, for help and completion: `daily`, `monthly`, `yearly` ...
    public static var names: [String] { named.keys.sorted() }

    private static let named: [String: BillingCycle] = [
        "daily": BillingCycle(count: 1, unit: .day)!,
        "weekly": BillingCycle(count: 1, unit: .week)!,
        "biweekly": BillingCycle(count: 2, unit: .week)!,
        "fortnightly": BillingCycle(count: 2, unit: .week)!,
        "monthly": BillingCycle(count: 1, unit: .month)!,
        "quarterly": BillingCycle(count: 3, unit: .month)!,
        "yearly": BillingCycle(count: 1, unit: .year)!,
        "annually": BillingCycle(count: 1, unit: .year)!,
        "annual": BillingCycle(count: 1, unit: .year)!,
        "once": .once,
        "one-time": .once,
    ]

    private static let units: [String: Unit] = [
        "d": .day, "day": .day, "days": .day,
        "w": .week, "week": .week, "weeks": .week,
        "m": .month, "month": .month, "months": .month,
        "y": .year, "year": .year, "years": .year,
    ]
}
