/// A value typed by the user, or read from a file, that `subs` cannot accept.
///
/// The description names the value and says what is accepted, in one line.
public enum InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value its grammar refuses: `invalid amount 'abc': expected an amount like 15.49`.
    /// `what` names the value as the user knows it (`amount`, `--days`, `category`).
    case invalid(_ what: String, value: String, expected: String)
    /// A refused value read from an environment variable: `SUBS_TODAY: invalid date ...`.
    indirect case environment(variable: String, InputError)
    /// A date written in a form `subs` reads whose day is not in the calendar:
    /// `invalid date '2026-02-30': no such day, February 2026 has 28 days`.
    case notADay(value: String, year: Int, month: Int)

    public var description: String {
        switch self {
        case .invalid(let what, let value, let expected):
            return localized("invalid \(what) '\(value.quotedForMessage)': expected \(expected)")
        case .environment(let variable, let error):
            return "\(variable): \(error)"
        case .notADay(let value, let year, let month):
            if (1...12).contains(month) {
                let (name, days) = (CivilDate.monthName(month), CivilDate.daysInMonth(year: year, month: month))
                return localized("invalid date '\(value.quotedForMessage)': no such day, \(name) \(String(year)) has \(days) days")
            }
            return localized("invalid date '\(value.quotedForMessage)': no such month, a year has 12 months")
        }
    }

    /// What is accepted instead, for a value refused by its grammar: `an ISO 4217 code ...`.
    public var expected: String? {
        switch self {
        case .invalid(_, _, let expected): expected
        case .environment, .notADay: nil
        }
    }
}

extension String {
    /// The value as it may appear inside an error message: one line, no control characters, and
    /// not longer than a terminal line even when the user pasted a novel.
    public var quotedForMessage: String {
        let visible = String(String.UnicodeScalarView(unicodeScalars.map {
            $0.isControlOrInvisibleFormat ? "\u{FFFD}" : $0
        }))
        return visible.count > 40 ? visible.prefix(37) + "..." : visible
    }
}

/// A file the user gave (`subs rates import`) whose content is wrong: the whole file is refused.
public struct FileDataError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let line: Int
    public let problem: String

    public init(path: String, line: Int, problem: String) {
        self.path = path
        self.line = line
        self.problem = problem
    }

    public var description: String { localized("\(path) line \(line): \(problem); nothing was imported") }
}
