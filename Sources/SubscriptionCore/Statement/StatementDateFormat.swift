/// The ways a statement writes its dates, as `--date-format` names them. Only the order of day,
/// month and year matters when one is given: `DD/MM/YYYY` also reads `03.01.2026` and `03/01/26`.
public enum StatementDateFormat: String, Sendable, CaseIterable {
    case iso = "YYYY-MM-DD"
    case isoSlashes = "YYYY/MM/DD"
    case compact = "YYYYMMDD"
    case dayMonthYearDots = "DD.MM.YYYY"
    case dayMonthYearSlashes = "DD/MM/YYYY"
    case dayMonthYearDashes = "DD-MM-YYYY"
    case monthDayYearSlashes = "MM/DD/YYYY"
    case monthDayYearDashes = "MM-DD-YYYY"

    /// Parses `--date-format`: one of the formats above in any case, Turkish `GG.AA.YYYY`
    /// (`GG` the day, `AA` the month), or a year of two digits (`DD/MM/YY`).
    public init(input text: String) throws {
        let pattern = text.trimmingCharacters(in: .whitespaces).uppercased()
            .replacingOccurrences(of: "GG", with: "DD").replacingOccurrences(of: "AA", with: "MM")
            .replacingOccurrences(of: "YYYY", with: "YY").replacingOccurrences(of: "YY", with: "YYYY")
        guard let format = Self(rawValue: pattern) else {
            throw StatementOptionError.invalidDateFormat(text)
        }
        self = format
    }

    var order: DateOrder {
        switch self {
        case .iso, .isoSlashes, .compact: .yearMonthDay
        case .dayMonthYearDots, .dayMonthYearSlashes, .dayMonthYearDashes: .dayMonthYear
        case .monthDayYearSlashes, .monthDayYearDashes: .monthDayYear
        }
    }
}

/// Which part of a date comes first.
enum DateOrder: Sendable {
    case yearMonthDay, dayMonthYear, monthDayYear
}

/// A date as a statement cell writes it, before the file's order of day and month is known.
enum DateText: Equatable, Sendable {
    /// Year first (`2026-01-03`, `20260103`) or a month written as a word (`03 Jan 2026`): one
    /// reading only.
    case certain(year: Int, month: Int, day: Int)
    /// Two numbers and then the year (`03/01/2026`): day first or month first.
    case yearLast(first: Int, second: Int, year: Int, separator: Character)

    /// The date a cell holds, nil when it is not written as a date. A time after the date
    /// (`2026-01-03 14:22`, `2026-01-03T14:22:00Z`) is ignored.
    init?(_ cell: String) {
        let trimmed = cell.trimmingCharacters(in: .whitespaces)
        if let named = Self.withMonthName(trimmed) {
            self = named
            return
        }
        var token = Substring(trimmed.split(whereSeparator: \.isWhitespace).first ?? "")
        if let t = token.firstIndex(where: { $0 == "T" || $0 == "t" }), token.distance(from: token.startIndex, to: t) >= 8 {
            token = token[..<t]
        }
        guard !token.isEmpty else { return nil }
        if token.count == 8, token.allSatisfy(\.isASCIIDigit),
           let year = Int(token.prefix(4)), let month = Int(token.dropFirst(4).prefix(2)), let day = Int(token.suffix(2)) {
            self = .certain(year: year, month: month, day: day)
            return
        }
        guard let separator = token.first(where: { "-/.".contains($0) }) else { return nil }
        let parts = token.split(separator: separator, omittingEmptySubsequences: false)
        // At most four digits a part, so each is a number (`1/2/99999999999999999999` is none).
        guard parts.count == 3, parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) })
        else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        if parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2 {
            self = .certain(year: numbers[0], month: numbers[1], day: numbers[2])
        } else if parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 4 || parts[2].count == 2 {
            self = .yearLast(first: numbers[0], second: numbers[1],
                             year: parts[2].count == 2 ? Self.fullYear(twoDigits: numbers[2]) : numbers[2],
                             separator: separator)
        } else {
            return nil
        }
    }

    /// The day, read in `order` when the text alone cannot tell; nil when it is no day of the
    /// calendar (or, for a year-first date, when `order` says the file is not year first).
    func date(_ order: DateOrder?) -> CivilDate? {
        switch self {
        case .certain(let year, let month, let day):
            return CivilDate(year: year, month: month, day: day)
        case .yearLast(let first, let second, let year, _):
            switch order {
            case .dayMonthYear: return CivilDate(year: year, month: second, day: first)
            case .monthDayYear: return CivilDate(year: year, month: first, day: second)
            case .yearMonthDay, nil: return nil
            }
        }
    }

    /// What the text says about the file's order: day first when the first number cannot be a
    /// month, month first when the second cannot; nil when both readings are possible.
    var evidence: DateOrder? {
        guard case .yearLast(let first, let second, _, _) = self else { return nil }
        if first > 12 && second <= 12 { return .dayMonthYear }
        if second > 12 && first <= 12 { return .monthDayYear }
        return nil
    }

    /// `26` is 2026: statements are recent; `99` is 1999.
    private static func fullYear(twoDigits value: Int) -> Int {
        value < 70 ? 2000 + value : 1900 + value
    }

    /// `03 Jan 2026`, `3-JAN-26`, `Jan 3, 2026`, `2026-Jan-03`, `03 Ocak 2026`, `3. März 2026`.
    private static func withMonthName(_ text: String) -> DateText? {
        let parts = text.split { " -/.,".contains($0) }
        guard parts.count == 3 else { return nil }
        let numbers = parts.map { Int($0) }
        guard numbers.filter({ $0 != nil }).count == 2 else { return nil }
        func year(_ index: Int) -> Int? {
            numbers[index].map { parts[index].count == 2 ? fullYear(twoDigits: $0) : $0 }
        }
        if let month = month(parts[1]) {
            if parts[0].count == 4, let year = numbers[0], let day = numbers[2] {
                return .certain(year: year, month: month, day: day)
            }
            if let day = numbers[0], let year = year(2) { return .certain(year: year, month: month, day: day) }
        }
        if let month = month(parts[0]), let day = numbers[1], let year = year(2) {
            return .certain(year: year, month: month, day: day)
        }
        return nil
    }

    /// A month's name or its first three letters, in English, Turkish or German.
    private static func month(_ word: Substring) -> Int? {
        let key = NameMatching.key(String(word))
        guard key.count >= 3, key.allSatisfy(\.isLetter) else { return nil }
        return monthsByPrefix[String(key.prefix(3))]
    }

    private static let monthsByPrefix: [String: Int] = {
        let names = [
            ["jan", "oca", "jän"], ["feb", "şub", "sub"], ["mar", "mär", "mrz"], ["apr", "nis"],
            ["may", "mai"], ["jun", "haz"], ["jul", "tem"], ["aug", "ağu", "agu"],
            ["sep", "eyl"], ["oct", "eki", "okt"], ["nov", "kas"], ["dec", "ara", "dez"],
        ]
        var table: [String: Int] = [:]
        for (index, words) in names.enumerated() {
            for word in words { table[word] = index + 1 }
        }
        return table
    }()
}
