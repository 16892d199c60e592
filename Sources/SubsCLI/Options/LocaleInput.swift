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

/// The cycle and date words `subs` prints in Turkish, read back in every language (README,
/// Language): `aylık`, `3 ayda bir`, `tek sefer`, `bugün`, `yarın`, `+3g`, in any case and with
/// Turkish casing (`YILLIK`, `yillik`). The command line writes them as §4's words before the core
/// reads them; a refusal names the text as typed.
enum TurkishWords {
    /// `text` with its Turkish cycle words written as §4's (`3 ayda bir` gives `3 month`), or nil
    /// when it has none.
    static func cycle(_ text: String) -> String? {
        var words = NameMatching.key(text).split(whereSeparator: \.isWhitespace).map(String.init)
        var (every, turkish) = (false, false)
        if let first = words.first, first == "every" || first == "her" {
            (every, turkish) = (true, first == "her")
            words.removeFirst()
        }
        // `3 ayda bir`, `ayda bir`: "once in every 3 months".
        if words.count >= 2, words.last == "bir", units[words[words.count - 2]] != nil {
            words.removeLast()
            turkish = true
        }
        if words == ["tek", "sefer"] || words == ["tek", "seferlik"] || words == ["bir", "kez"] {
            words = ["once"]
            turkish = true
        }
        for (index, word) in words.enumerated() {
            // A unit alone (`aylık`) or after its count (`3aylık`).
            let digits = word.prefix(while: \.isASCIIDigit)
            guard let unit = units[String(word.dropFirst(digits.count))] else { continue }
            words[index] = String(digits) + unit.rawValue
            turkish = true
        }
        guard turkish else { return nil }
        return ((every ? ["every"] : []) + words).joined(separator: " ")
    }

    /// `text` as §4's date word when it is a Turkish one (`yarın` gives `tomorrow`, `+3g` gives
    /// `+3d`), or nil.
    static func date(_ text: String) -> String? {
        let word = NameMatching.key(text.trimmingCharacters(in: .whitespaces))
        if let named = dates[word] { return named }
        guard let sign = word.first, sign == "+" || sign == "-", let unit = word.last.flatMap({ offsetUnits[$0] })
        else { return nil }
        return String(word.dropLast()) + String(unit)
    }

    /// Units as `NameMatching.key` folds them (`yıllık` is `yillik`): the noun (`3 ay`), the
    /// locative of `3 ayda bir` and the adjective (`aylık`, `3 aylık`).
    private static let units: [String: BillingCycle.Unit] = [
        "gün": .day, "günde": .day, "günlük": .day,
        "hafta": .week, "haftada": .week, "haftalik": .week,
        "ay": .month, "ayda": .month, "aylik": .month,
        "yil": .year, "yilda": .year, "yillik": .year,
    ]

    private static let dates = ["bugün": "today", "yarin": "tomorrow", "dün": "yesterday"]

    /// `+3g` (gün), `+2h` (hafta), `+1a` (ay).
    private static let offsetUnits: [Character: Character] = ["g": "d", "h": "w", "a": "m"]

    /// What `parse` makes of `text`, read as `words` when they are given; a refusal names `text`
    /// as typed, not the words it was read as.
    static func read<Value>(_ text: String, as words: String?, _ parse: (String) throws -> Value) throws -> Value {
        guard let words else { return try parse(text) }
        do {
            return try parse(words)
        } catch InputError.invalid(let field, value: _, expected: let expected) {
            throw InputError.invalid(field, value: text, expected: expected)
        }
    }
}

extension BillingCycle {
    /// A CYCLE as the reader typed it: §4's words, or the Turkish ones `subs` prints (in every
    /// language).
    init(typed text: String) throws {
        self = try TurkishWords.read(text, as: TurkishWords.cycle(text), BillingCycle.init(input:))
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
        self = try TurkishWords.read(text, as: TurkishWords.date(text)) { try CivilDate(input: $0, today: today) }
    }
}

extension TimeSpan {
    /// A contract's DURATION as the reader typed it: a cycle's words (`24m`, `12 months`,
    /// `monthly`), or the Turkish ones (`24 ay`, `1 yıl`, `aylık`), in every language; `field`
    /// names the option in a refusal.
    init(typed text: String, field: InputError.Field) throws {
        try self.init(cycle: { try BillingCycle(typed: text) }, text: text, field: field)
    }
}
