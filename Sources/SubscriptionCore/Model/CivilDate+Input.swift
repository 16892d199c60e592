import Foundation

extension CivilDate {
    /// What DATE arguments accept, for error messages and help.
    public static var acceptedInput: String { localized("YYYY-MM-DD, today, tomorrow, yesterday, or an offset like +3d, -2w, +1m, +1y") }

    /// Parses a DATE argument: a strict `YYYY-MM-DD`, `today`, `tomorrow`, `yesterday`, or an
    /// offset from today such as `+3d`, `-2w`, `+1m` or `+1y` (months clamp like billing dates).
    /// The Turkish words are read in every language: `bugün`, `yarın`, `dün`, `+3g`, `+2h`, `+1a`.
    public init(input text: String, today: CivilDate) throws {
        // Folded as names are, so that Turkish words read with Turkish casing (`YARIN`, `yarin`).
        let word = NameMatching.key(text.trimmingCharacters(in: .whitespaces))
        // Made only when it is thrown: the localised text costs more than a valid date's parse.
        var invalid: InputError { InputError.invalid(localized("date"), value: text, expected: Self.acceptedInput) }
        if let date = try CivilDate(iso: word) ?? LocaleInput.date(word) {
            self = date
            return
        }
        if let parts = Self.isoShaped(word) {
            throw Self.notInCalendar(text, year: parts.year, month: parts.month)
        }
        let result: CivilDate?
        switch word {
        case "today", "bugün": result = today
        case "tomorrow", "yarin": result = today.adding(days: 1)
        case "yesterday", "dün": result = today.adding(days: -1)
        default:
            guard let sign = word.first, sign == "+" || sign == "-", let unit = word.last,
                  let count = Int(word.dropFirst().dropLast()), count >= 0, count <= 99_999,
                  word.dropFirst().dropLast().allSatisfy(\.isASCIIDigit)
            else { throw invalid }
            let signed = sign == "-" ? -count : count
            switch unit {
            case "d", "g": result = today.adding(days: signed)
            case "w", "h": result = today.adding(days: 7 * signed)
            case "m", "a": result = today.adding(months: signed)
            case "y": result = today.adding(months: 12 * signed)
            default: throw invalid
            }
        }
        guard let result else {
            throw InputError.invalid(localized("date"), value: text, expected: localized("a date between years 1 and 9999"))
        }
        self = result
    }
}

extension CivilDate {
    /// The numbers of a `YYYY-MM-DD` that is not a day, for saying why.
    static func isoShaped(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return (year, month, day)
    }

    /// Why a date of a form `subs` reads is refused: a day not in its month (`2026-02-30`), a
    /// month past 12, or a year outside 1...9999.
    static func notInCalendar(_ text: String, year: Int, month: Int) -> InputError {
        guard supportedYears.contains(year) else {
            return InputError.invalid(localized("date"), value: text, expected: localized("a date between years 1 and 9999"))
        }
        return InputError.notADay(value: text.trimmingCharacters(in: .whitespaces), year: year, month: month)
    }

    /// A month's name in the current language: `February`, in Turkish `Şubat`.
    public static func monthName(_ month: Int) -> String {
        switch month {
        case 1: localized("January")
        case 2: localized("February")
        case 3: localized("March")
        case 4: localized("April")
        case 5: localized("May")
        case 6: localized("June")
        case 7: localized("July")
        case 8: localized("August")
        case 9: localized("September")
        case 10: localized("October")
        case 11: localized("November")
        case 12: localized("December")
        default: String(month)
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
