import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Calendar: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "calendar",
            abstract: localized("Show a month as cal does, with payment days and deadlines marked."),
            discussion: localized("""
                MONTH is YYYY-MM (default: this month), or MM.YYYY, or a month's name and year like 'November 2026' \
                or 'Kasım 2026'. Marks: * payment, + trial ends, ! last day to cancel, # ends; a legend under the \
                month lists each. Past months show the payments made.
                """)).parsedAlone

        @Argument(help: .localized("The month to show (default: this month).", valueName: "month"))
        var month: [String] = []

        @Option(help: .localized("Output format."))
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let text = month.joined(separator: " ")
            guard let shown = text.isEmpty ? (today.year, today.month) : MonthInput.read(text, today: today) else {
                throw UsageError.invalidMonth(text)
            }
            let opened = try store.openStore()
            store.noteMissingDatabase(opened)
            guard let calendar = MonthCalendar(try opened.subscriptions(), year: shown.year, month: shown.month, today: today) else {
                throw UsageError.invalidMonth(text)
            }
            print(CalendarRenderer.render(calendar, format: format), terminator: "")
            LeftForExit.keep(calendar)
        }
    }
}

/// A month as typed: `2026-11`, `11.2026`, `November 2026`, `Kasım 2026` (names in either
/// language, in any case), or a name alone for that month of the year `today` is in.
enum MonthInput {
    /// The year and month, or nil when `text` names none in years 1 to 9999.
    static func read(_ text: String, today: CivilDate? = nil) -> (year: Int, month: Int)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = { (part: Substring) in !part.isEmpty && part.allSatisfy(\.isASCIIDigit) }
        var found: (year: Int, month: Int)?
        let dashed = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        let dotted = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        let words = trimmed.split(whereSeparator: \.isWhitespace)
        if dashed.count == 2, dashed[0].count == 4, dashed[1].count <= 2, dashed.allSatisfy(digits) {
            found = (Int(dashed[0])!, Int(dashed[1])!)
        } else if dotted.count == 2, dotted[0].count <= 2, dotted[1].count == 4, dotted.allSatisfy(digits) {
            found = (Int(dotted[1])!, Int(dotted[0])!)
        } else if (1...2).contains(words.count), let month = monthNumber(String(words[0])) {
            if words.count == 2 {
                guard words[1].count == 4, digits(words[1]) else { return nil }
                found = (Int(words[1])!, month)
            } else if let today {
                found = (today.year, month)
            }
        }
        guard let found, CivilDate(year: found.year, month: found.month, day: 1) != nil else { return nil }
        return found
    }

    /// The month a name gives in English or Turkish (`november`, `Kasım`, `KASIM`, `kasim`).
    private static func monthNumber(_ name: String) -> Int? {
        let key = NameMatching.key(name)
        return (1...12).first { month in
            Language.allCases.contains { NameMatching.key(CivilDate.monthName(month, in: $0)) == key }
        }
    }
}
