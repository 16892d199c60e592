import Foundation

extension CivilDate {
    /// What DATE arguments accept, for error messages and help.
    public static var acceptedInput: String { localized("YYYY-MM-DD, today, tomorrow, yesterday, or an offset like +3d, -2w, +1m, +1y") }

    /// Parses a DATE argument: a strict `YYYY-MM-DD`, `today`, `tomorrow`, `yesterday`, or an
    /// offset from today such as `+3d`, `-2w`, `+1m` or `+1y` (months clamp like billing dates).
    public init(input text: String, today: CivilDate) throws {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        // Made only when it is thrown: the localised text costs more than a valid date's parse.
        var invalid: InputError { InputError.invalid(localized("date"), value: text, expected: Self.acceptedInput) }
        if let date = try CivilDate(iso: word) ?? LocaleInput.date(word) {
            self = date
            return
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
            throw InputError.invalid(localized("date"), value: text, expected: localized("a date between years 1 and 9999"))
        }
        self = result
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
