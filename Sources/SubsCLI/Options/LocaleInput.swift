import Foundation
import SubscriptionCore

/// The forms of input a language adds to PRODUCT.md §4's (§11): in Turkish, an amount with a
/// decimal comma and dots between thousands (`9,99`, `1.234,56`) and a date as `GG.AA.YYYY`
/// (`22.11.2026`). §4's own forms are read in every language, so a script written for one
/// works in the other. The command line turns them into §4's forms before the core reads them;
/// a refusal is an `InputError`, worded with the others in Errors/.
enum LocaleInput {
    /// The §4 form of an amount written the language's way (`1.234,56` gives `1234.56`); nil
    /// when it is not written that way and §4's grammar reads it. An amount with a comma that
    /// is not in the Turkish form (`1,234.56`) is refused here with the form Turkish expects.
    static func amount(_ text: String, in language: Language) throws -> String? {
        guard language == .turkish else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.contains(",") else { return nil }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        let groups = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        let digits = { (part: Substring) in !part.isEmpty && part.allSatisfy(\.isASCIIDigit) }
        guard parts.count == 2, digits(parts[1]), groups.allSatisfy(digits),
              groups.count == 1 || groups[0].count <= 3 && groups.dropFirst().allSatisfy({ $0.count == 3 })
        else {
            throw InputError.invalid(.amount, value: text, expected: .localAmount)
        }
        return groups.joined() + "." + parts[1]
    }

    /// A date written the language's way (`22.11.2026`), or nil when it is not written that way.
    static func date(_ text: String, in language: Language) throws -> CivilDate? {
        guard language == .turkish else { return nil }
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 4,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              let day = Int(parts[0]), let month = Int(parts[1]), let year = Int(parts[2])
        else { return nil }
        guard let date = CivilDate(year: year, month: month, day: day) else {
            throw CivilDate.notInCalendar(text, year: year, month: month)
        }
        return date
    }
}

extension DecimalAmount {
    /// An AMOUNT as the reader typed it: §4's form, or `language`'s (`9,99` in Turkish).
    init(typed text: String, in language: Language) throws {
        try self.init(input: LocaleInput.amount(text, in: language) ?? text)
    }
}

extension CivilDate {
    /// A DATE as the reader typed it: §4's forms, or `language`'s (`22.11.2026` in Turkish).
    init(typed text: String, today: CivilDate, in language: Language) throws {
        // Folded as the core folds a date word: digits and dots are left as they are.
        if let date = try LocaleInput.date(text.trimmingCharacters(in: .whitespaces), in: language) {
            self = date
            return
        }
        try self.init(input: text, today: today)
    }
}
