import Foundation
import SubscriptionCore

// A value the core refuses (InputError), said in the reader's language: one whole sentence for
// each refusal, the value's name and what is accepted together, since Turkish orders them
// otherwise. Option names, setting keys and listed values are literal.

extension InputError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .invalid(_, let value, let expected):
            return expected.refusal(of: value, in: language)
        case .invalidName(let field, let value, let rule):
            return field.refusal(of: value.quotedForMessage, rule, in: language)
        case .invalidText(let field, let value, let rule):
            return field.refusal(of: value.quotedForMessage, rule, in: language)
        case .environment(let variable, let error):
            return "\(variable): \(error.message(in: language))"
        case .notADay(let value, let year, let month):
            guard (1...12).contains(month) else {
                return localized("invalid date '\(value.quotedForMessage)': no such month, a year has 12 months", in: language)
            }
            let (name, days) = (CivilDate.monthName(month, in: language), CivilDate.daysInMonth(year: year, month: month))
            return localized(
                "invalid date '\(value.quotedForMessage)': no such day, \(name) \(String(year)) has \(days) days", in: language)
        }
    }

    /// What is accepted, as `expected …`, for a refusal that names the value itself (an option's
    /// value, an import's field); the whole refusal where there is no such text.
    func expectation(in language: Language) -> String {
        switch self {
        case .invalid(_, let value, let expected): expected.expectation(for: value, in: language)
        case .invalidName(_, _, .length): localized("expected 1 to 100 characters", in: language)
        case .invalidText(_, _, .length): localized("expected at most 2000 characters", in: language)
        case .invalidName(_, _, .visible), .invalidText(_, _, .visible):
            localized("expected text without control characters, escape sequences or invisible formatting characters", in: language)
        case .environment, .notADay: message(in: language)
        }
    }
}

extension InputError.Expected {
    /// The refusal of `value`, said as `invalid amount '…': expected …`; each case belongs to
    /// one field, which it names.
    func refusal(of value: String, in language: Language) -> String {
        let quoted = value.quotedForMessage
        switch self {
        case .amount:
            return localized(
                "invalid amount '\(quoted)': expected a number like 15.49 or 15 (no sign, exponent or thousands separator)",
                in: language)
        case .amountNotNegative:
            return localized("invalid amount '\(quoted)': expected an amount of 0 or more", in: language)
        case .fractionDigits(let digits):
            return localized("invalid amount '\(quoted)': expected at most \(digits) digits after the point", in: language)
        case .atMost(let limit):
            return localized("invalid amount '\(quoted)': expected at most \(limit)", in: language)
        case .digitsOf(let currency):
            if language == .turkish, let readings = Self.thousandsReadings(of: value, in: currency) {
                return localized("""
                    invalid amount '\(quoted)': expected \(readings.whole) or \(readings.grouped): a point alone separates thousands, a comma \
                    the decimals
                    """, in: language)
            }
            return currency.minorDigits == 0
                ? localized("invalid amount '\(quoted)': expected a whole amount of \(currency.code), which has no minor unit",
                            in: language)
                : localized("invalid amount '\(quoted)': expected at most \(currency.minorDigits) digits after the point for \(currency.code)",
                            in: language)
        case .localAmount:
            return localized("invalid amount '\(quoted)': expected an amount like 9,99 or 1.234,56", in: language)
        case .date:
            return localized(
                "invalid date '\(quoted)': expected YYYY-MM-DD, today, tomorrow, yesterday, or an offset like +3d, -2w, +1m, +1y",
                in: language)
        case .supportedYear:
            return localized("invalid date '\(quoted)': expected a date between years 1 and 9999", in: language)
        case .cycle:
            return localized("""
                invalid cycle '\(quoted)': expected daily, weekly, biweekly, monthly, quarterly, yearly, '3 months', \
                'every 2 weeks', 90d, 2w, 6m, 1y (count 1 to 999), or once
                """, in: language)
        case .cycleCount:
            return localized("invalid cycle '\(quoted)': expected a count from 1 to 999", in: language)
        case .colour:
            return localized("invalid colour '\(quoted)': expected \(CategoryColor.names) or #rrggbb", in: language)
        case .currencyCode:
            return localized("invalid currency '\(quoted)': expected an ISO 4217 code such as USD, EUR, GBP or JPY", in: language)
        case .exchangeRate:
            return localized(
                "invalid exchange rate '\(quoted)': expected a positive number like 1.08 (at most 12 decimals, no exponent)",
                in: language)
        case .inverseAtMost(let limit):
            return localized("invalid inverse rate '\(quoted)': expected a number whose inverse is at most \(limit)", in: language)
        case .configKey:
            return localized("invalid config key '\(quoted)': expected one of \(ConfigKey.names)", in: language)
        case .onOrOff:
            return localized("invalid value for reminders '\(quoted)': expected on or off", in: language)
        case .monthlyBudget:
            return localized(
                "invalid budget '\(quoted)': expected a monthly amount in the base currency, like 150 or 99.50", in: language)
        case .languageCode:
            return localized("invalid language '\(quoted)': expected en or tr; empty follows the locale", in: language)
        case .webhookURL:
            return localized("invalid webhook URL '\(quoted)': expected an http:// or https:// URL", in: language)
        case .reminderDays:
            return localized("""
                invalid reminder days '\(quoted)': expected days before a payment from 0 to 365, comma-separated, like 7,1, \
                or 'none'
                """, in: language)
        case .cancelReminderDays:
            return localized("""
                invalid reminder days '\(quoted)': expected days before a last day to cancel from 0 to 365, \
                comma-separated, like 30,7, or 'none'
                """, in: language)
        case .budgetDigits(let currency):
            return localized("""
                invalid budget '\(quoted)': expected at most \(currency.minorDigits) decimals for the base currency \
                \(currency.code)
                """, in: language)
        case .dayCount(let maximum):
            return localized("invalid --days '\(quoted)': expected a number of days from 0 to \(maximum)", in: language)
        case .dateInWindow(let today, let limit):
            return localized("invalid --until '\(quoted)': expected a date from today (\(today)) to \(limit)", in: language)
        case .members:
            return localized(
                "invalid --shared-with '\(quoted)': expected names with optional weights, like 'Alice,Bob:2' (weights 1 to 99)",
                in: language)
        case .names(let names):
            return localized("invalid --from '\(quoted)': expected \(names.joined(separator: ", "))", in: language)
        case .timeSpan:
            return localized("invalid duration '\(quoted)': expected a duration like 24m, 1y, '12 months', 4w or 90d", in: language)
        case .timeSpanCount:
            return localized("invalid duration '\(quoted)': expected a count from 1 to 999", in: language)
        case .paymentCount(let maximum):
            return localized("invalid --payments '\(quoted)': expected a number of payments from 1 to \(maximum)", in: language)
        case .renewalKind:
            return localized("invalid --renewal '\(quoted)': expected auto or manual", in: language)
        }
    }

    /// What is accepted instead of `value`, as `expected …`: the refusal without the value's
    /// name, for a text that names it already.
    func expectation(for value: String, in language: Language) -> String {
        switch self {
        case .amount:
            return localized("expected a number like 15.49 or 15 (no sign, exponent or thousands separator)", in: language)
        case .amountNotNegative:
            return localized("expected an amount of 0 or more", in: language)
        case .fractionDigits(let digits):
            return localized("expected at most \(digits) digits after the point", in: language)
        case .atMost(let limit):
            return localized("expected at most \(limit)", in: language)
        case .digitsOf(let currency):
            if language == .turkish, let readings = Self.thousandsReadings(of: value, in: currency) {
                return localized("expected \(readings.whole) or \(readings.grouped): a point alone separates thousands, a comma the decimals",
                                 in: language)
            }
            return currency.minorDigits == 0
                ? localized("expected a whole amount of \(currency.code), which has no minor unit", in: language)
                : localized("expected at most \(currency.minorDigits) digits after the point for \(currency.code)", in: language)
        case .localAmount:
            return localized("expected an amount like 9,99 or 1.234,56", in: language)
        case .date:
            return localized("expected YYYY-MM-DD, today, tomorrow, yesterday, or an offset like +3d, -2w, +1m, +1y", in: language)
        case .supportedYear:
            return localized("expected a date between years 1 and 9999", in: language)
        case .cycle:
            return localized("""
                expected daily, weekly, biweekly, monthly, quarterly, yearly, '3 months', 'every 2 weeks', 90d, 2w, 6m, 1y \
                (count 1 to 999), or once
                """, in: language)
        case .cycleCount:
            return localized("expected a count from 1 to 999", in: language)
        case .colour:
            return localized("expected \(CategoryColor.names) or #rrggbb", in: language)
        case .currencyCode:
            return localized("expected an ISO 4217 code such as USD, EUR, GBP or JPY", in: language)
        case .exchangeRate:
            return localized("expected a positive number like 1.08 (at most 12 decimals, no exponent)", in: language)
        case .inverseAtMost(let limit):
            return localized("expected a number whose inverse is at most \(limit)", in: language)
        case .configKey:
            return localized("expected one of \(ConfigKey.names)", in: language)
        case .onOrOff:
            return localized("expected on or off", in: language)
        case .monthlyBudget:
            return localized("expected a monthly amount in the base currency, like 150 or 99.50", in: language)
        case .languageCode:
            return localized("expected en or tr; empty follows the locale", in: language)
        case .webhookURL:
            return localized("expected an http:// or https:// URL", in: language)
        case .reminderDays:
            return localized("expected days before a payment from 0 to 365, comma-separated, like 7,1, or 'none'", in: language)
        case .cancelReminderDays:
            return localized("expected days before a last day to cancel from 0 to 365, comma-separated, like 30,7, or 'none'",
                             in: language)
        case .budgetDigits(let currency):
            return localized("expected at most \(currency.minorDigits) decimals for the base currency \(currency.code)", in: language)
        case .dayCount(let maximum):
            return localized("expected a number of days from 0 to \(maximum)", in: language)
        case .dateInWindow(let today, let limit):
            return localized("expected a date from today (\(today)) to \(limit)", in: language)
        case .members:
            return localized("expected names with optional weights, like 'Alice,Bob:2' (weights 1 to 99)", in: language)
        case .names(let names):
            return localized("expected \(names.joined(separator: ", "))", in: language)
        case .timeSpan:
            return localized("expected a duration like 24m, 1y, '12 months', 4w or 90d", in: language)
        case .timeSpanCount:
            return localized("expected a count from 1 to 999", in: language)
        case .paymentCount(let maximum):
            return localized("expected a number of payments from 1 to \(maximum)", in: language)
        case .renewalKind:
            return localized("expected auto or manual", in: language)
        }
    }

    /// To a Turkish reader `1.234` is one thousand two hundred thirty-four: when an amount of
    /// that shape has too many decimals for its currency, the two ways to write either reading
    /// (`1234` and `1.234,00`).
    private static func thousandsReadings(of value: String, in currency: Currency) -> (whole: String, grouped: String)? {
        guard currency.minorDigits > 0 else { return nil }
        let parts = value.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...3).contains(parts[0].count), parts[1].count == 3, parts[0].first != "0",
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) })
        else { return nil }
        return (String(parts[0] + parts[1]), parts[0] + "." + parts[1] + "," + String(repeating: "0", count: currency.minorDigits))
    }
}

extension InputError.NameField {
    /// The refusal of a name, `quoted` as the message shows it.
    func refusal(of quoted: String, _ rule: InputError.TextRule, in language: Language) -> String {
        switch (self, rule) {
        case (.name, .length):
            localized("invalid name '\(quoted)': expected 1 to 100 characters", in: language)
        case (.name, .visible):
            localized("""
                invalid name '\(quoted)': expected text without control characters, escape sequences or invisible \
                formatting characters
                """, in: language)
        case (.memberName, .length):
            localized("invalid member name '\(quoted)': expected 1 to 100 characters", in: language)
        case (.memberName, .visible):
            localized("""
                invalid member name '\(quoted)': expected text without control characters, escape sequences or invisible \
                formatting characters
                """, in: language)
        case (.category, .length):
            localized("invalid category '\(quoted)': expected 1 to 100 characters", in: language)
        case (.category, .visible):
            localized("""
                invalid category '\(quoted)': expected text without control characters, escape sequences or invisible \
                formatting characters
                """, in: language)
        }
    }
}

extension InputError.TextField {
    /// The refusal of a free text, `quoted` as the message shows it.
    func refusal(of quoted: String, _ rule: InputError.TextRule, in language: Language) -> String {
        switch (self, rule) {
        case (.url, .length):
            localized("invalid url '\(quoted)': expected at most 2000 characters", in: language)
        case (.url, .visible):
            localized("""
                invalid url '\(quoted)': expected text without control characters, escape sequences or invisible \
                formatting characters
                """, in: language)
        case (.notes, .length):
            localized("invalid notes '\(quoted)': expected at most 2000 characters", in: language)
        case (.notes, .visible):
            localized("""
                invalid notes '\(quoted)': expected text without control characters, escape sequences or invisible \
                formatting characters
                """, in: language)
        case (.paymentMethod, .length):
            localized("invalid payment method '\(quoted)': expected at most 2000 characters", in: language)
        case (.paymentMethod, .visible):
            localized("""
                invalid payment method '\(quoted)': expected text without control characters, escape sequences or \
                invisible formatting characters
                """, in: language)
        case (.username, .length):
            localized("invalid username '\(quoted)': expected at most 2000 characters", in: language)
        case (.username, .visible):
            localized("""
                invalid username '\(quoted)': expected text without control characters, escape sequences or invisible \
                formatting characters
                """, in: language)
        case (.remindExecCommand, .length):
            localized("invalid remind-exec command '\(quoted)': expected at most 2000 characters", in: language)
        case (.remindExecCommand, .visible):
            localized("""
                invalid remind-exec command '\(quoted)': expected text without control characters, escape sequences or \
                invisible formatting characters
                """, in: language)
        }
    }
}

extension CivilDate {
    /// A month's name: `February`, in Turkish `Şubat`.
    static func monthName(_ month: Int, in language: Language) -> String {
        switch month {
        case 1: localized("January", in: language)
        case 2: localized("February", in: language)
        case 3: localized("March", in: language)
        case 4: localized("April", in: language)
        case 5: localized("May", in: language)
        case 6: localized("June", in: language)
        case 7: localized("July", in: language)
        case 8: localized("August", in: language)
        case 9: localized("September", in: language)
        case 10: localized("October", in: language)
        case 11: localized("November", in: language)
        case 12: localized("December", in: language)
        default: String(month)
        }
    }
}

extension CategoryColor {
    /// The named colours, as `--color` takes them: `red, green, ...`.
    static var names: String { Name.allCases.map(\.rawValue).joined(separator: ", ") }
}
