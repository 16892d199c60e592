/// A value typed by the user, or read from a file, that `subs` cannot accept: which value, as
/// typed, and what is accepted instead. The command line says it in the reader's language, one
/// whole sentence for each `Expected` (each belongs to one field) and each text rule.
public enum InputError: CoreError, Equatable, Sendable {
    /// A value its grammar refuses: `invalid amount 'abc': expected a number like 15.49 or 15 ...`.
    case invalid(Field, value: String, expected: Expected)
    /// A name that is empty, longer than `TextInput.nameLengths` or holds characters that do not
    /// show: `invalid member name '': expected 1 to 100 characters`.
    case invalidName(NameField, value: String, expected: TextRule)
    /// Free text longer than `TextInput.maximumFreeTextLength` or holding characters that do not
    /// show: `invalid notes '...': expected at most 2000 characters`.
    case invalidText(TextField, value: String, expected: TextRule)
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
        /// `--days`, `--until`, `--shared-with`, `--from`.
        case days, until, sharedWith, from
        /// A contract's `--term`, `--renews`, `--notice`, `--payments` and `--renewal` (PRODUCT.md §14).
        case term, renews, notice, payments, renewal
    }

    /// A name `TextInput.name` checks.
    public enum NameField: Equatable, Sendable {
        case name, memberName, category
    }

    /// A free text `TextInput.freeText` checks.
    public enum TextField: Equatable, Sendable {
        case url, notes, paymentMethod, username, remindExecCommand
    }

    /// What a name or a free text must be.
    public enum TextRule: Equatable, Sendable {
        /// `TextInput.nameLengths` characters for a name, at most
        /// `TextInput.maximumFreeTextLength` for free text.
        case length
        /// No control or invisible formatting characters.
        case visible
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
        /// A duration: `24m`, `1y`, `12 months`, `4w`, `90d`.
        case timeSpan
        /// A duration's count: 1 to 999.
        case timeSpanCount
        /// A number of payments from 1 to `maximum`.
        case paymentCount(maximum: Int)
        /// `--renewal`: `auto` or `manual`.
        case renewalKind
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
        /// `reminders`: `on` or `off`.
        case onOrOff
        /// `budget`: a monthly amount in the base currency.
        case monthlyBudget
        /// `language`: `en`, `tr` or empty.
        case languageCode
        /// `remind-webhook`: an http or https URL.
        case webhookURL
        /// `remind-days`: days before a payment from 0 to 365, or `none`.
        case reminderDays
        /// `remind-cancel-days`, `--remind-cancel`: days before a last day to cancel, 0 to 365, or `none`.
        case cancelReminderDays
        /// A budget with no more decimals than the base currency.
        case budgetDigits(Currency)
        /// A number of days from 0 to `maximum`.
        case dayCount(maximum: Int)
        /// A date from `today` to `limit`.
        case dateInWindow(today: CivilDate, limit: CivilDate)
        /// `--shared-with`'s names and weights.
        case members
        /// These names, as a list.
        case names([String])
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
