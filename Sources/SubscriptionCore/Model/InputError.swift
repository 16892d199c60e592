/// A value typed by the user, or read from a file, that `subs` cannot accept: which value, as
/// typed, and what is accepted instead. The command line says it in the reader's language.
public enum InputError: CoreError, Equatable, Sendable {
    /// A value its grammar refuses: `invalid amount 'abc': expected an amount like 15.49`.
    case invalid(Field, value: String, expected: Expected)
    /// A refused value read from an environment variable: `SUBS_TODAY: invalid date ...`.
    indirect case environment(variable: String, InputError)
    /// A date written in a form `subs` reads whose day is not in the calendar:
    /// `invalid date '2026-02-30': no such day, February 2026 has 28 days`.
    case notADay(value: String, year: Int, month: Int)

    public var failure: FailureKind { .refused }

    /// The value as the user knows it: an argument, an option or a setting.
    public enum Field: Equatable, Sendable {
        case amount, date, cycle, colour, currency, exchangeRate, inverseRate
        case configKey, remindersValue, budget, language, webhookURL, reminderDays
        case name, memberName, category, url, notes, paymentMethod, username, remindExecCommand
        /// `--days`, `--until`, `--shared-with`, `--map`, `--from`, `--date-format`.
        case days, until, sharedWith, map, from, dateFormat
    }

    /// What is accepted instead, with the limits that apply.
    public enum Expected: Equatable, Sendable {
        /// An amount as §4 writes it: `15.49`, `15`.
        case amount
        /// An amount that is not negative.
        case amountNotNegative
        /// No more than this many digits after the point.
        case fractionDigits(Int)
        /// No more than `Money.maximumMajorUnits`.
        case atMost(Int64)
        /// No more fraction digits than the currency has (none for JPY).
        case digitsOf(Currency)
        /// An amount as Turkish writes it: `9,99`, `1.234,56`.
        case localAmount
        /// A DATE argument.
        case date
        /// A date between years 1 and 9999.
        case supportedYear
        /// A CYCLE argument.
        case cycle
        /// A cycle's count: 1 to 999.
        case cycleCount
        /// A named colour or `#rrggbb`.
        case colour
        /// An ISO 4217 code.
        case currencyCode
        /// A positive rate with at most 12 decimals.
        case exchangeRate
        /// A rate whose inverse is at most `limit`.
        case inverseAtMost(Int64)
        /// One of the config keys.
        case configKey
        /// A value of this setting.
        case setting(ConfigKey)
        /// A budget with no more decimals than the base currency.
        case budgetDigits(Currency)
        /// A number of days from 0 to `maximum`.
        case dayCount(maximum: Int)
        /// A date from `today` to `limit`.
        case dateInWindow(today: CivilDate, limit: CivilDate)
        /// `--shared-with`'s names and weights.
        case members
        /// 1 to 100 characters.
        case nameLength
        /// At most 2,000 characters.
        case freeTextLength
        /// Text without control or invisible formatting characters.
        case visibleText
        /// One of these words.
        case oneOf([String])
        /// These names, as a list.
        case names([String])
        /// The column map of a mapped CSV import, with its fields.
        case columnMap(fields: [String])
        /// `--map` too, with `--from csv`.
        case columnMapToo(fields: [String])
        /// A column of the file's header, these.
        case headerColumn([String])
        /// A statement's `--map`: role=column pairs.
        case statementMap
        /// An existing category; `suggestions` are the closest, `known` all of them.
        case category(suggestions: [String], known: [String])
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
