import Foundation

extension CivilDate {
    /// Parses a DATE argument: a strict `YYYY-MM-DD`, `today`, `tomorrow`, `yesterday`, or an
    /// offset from today such as `+3d`, `-2w`, `+1m` or `+1y` (months clamp like billing dates),
    /// in any case. A date or word written the reader's way (`22.11.2026`, or the words `subs`
    /// prints in a language) is the command line's to read first.
    public init(input text: String, today: CivilDate) throws {
        // Folded as names are, as the command line folds the words it reads first.
        let word = NameMatching.key(text.trimmingCharacters(in: .whitespaces))
        let invalid = InputError.invalid(.date, value: text, expected: .date)
        if let date = CivilDate(iso: word) {
            self = date
            return
        }
        if let parts = Self.isoShaped(word) {
            throw Self.notInCalendar(text, year: parts.year, month: parts.month)
        }
        let result: CivilDate?
        switch word {
        case "today": result = today
        case "tomorrow": result = today.adding(days: 1)
        case "yesterday": result = today.adding(days: -1)
        default:
            guard let sign = word.first, sign == "+" || sign == "-", let unit = word.last,
                  let count = Int(word.dropFirst().dropLast()), count >= 0, count <= 99_999,
                  word.dropFirst().dropLast().allSatisfy(\.isASCIIDigit)
            else { throw invalid }
            let signed = sign == "-" ? -count : count
            switch unit {
            case "d": result = today.adding(days: signed)
            case "w": result = today.adding(days: 7 * signed)
            case "m": result = today.adding(months: signed)
            case "y": result = today.adding(months: 12 * signed)
            default: throw invalid
            }
        }
        guard let result else {
            throw InputError.invalid(.date, value: text, expected: .supportedYear)
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
    public static func notInCalendar(_ text: String, year: Int, month: Int) -> InputError {
        guard supportedYears.contains(year) else {
            return InputError.invalid(.date, value: text, expected: .supportedYear)
        }
        return InputError.notADay(value: text.trimmingCharacters(in: .whitespaces), year: year, month: month)
    }
}

extension Character {
    public var isASCIIDigit: Bool { isASCII && isNumber }
}
