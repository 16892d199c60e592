import Foundation
import SubscriptionCore

// The core's model, schedule and report errors, said in the reader's language.

extension InputError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .invalid(let field, let value, let expected):
            let expected = Self.thousandsHint(value: value, expected: expected, in: language) ?? expected.text(in: language)
            return localized("invalid \(field.name(in: language)) '\(value.quotedForMessage)': expected \(expected)", in: language)
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
        guard case .invalid(_, let value, let expected) = self else { return message(in: language) }
        let text = Self.thousandsHint(value: value, expected: expected, in: language) ?? expected.text(in: language)
        return localized("expected \(text)", in: language)
    }

    /// To a Turkish reader `1.234` is one thousand two hundred thirty-four: when an amount of
    /// that shape has too many decimals for its currency, say how to write either reading.
    private static func thousandsHint(value: String, expected: Expected, in language: Language) -> String? {
        guard language == .turkish, case .digitsOf(let currency) = expected, currency.minorDigits > 0 else { return nil }
        let parts = value.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...3).contains(parts[0].count), parts[1].count == 3, parts[0].first != "0",
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) })
        else { return nil }
        let whole = parts[0] + parts[1]
        let grouped = parts[0] + "." + parts[1] + "," + String(repeating: "0", count: currency.minorDigits)
        return localized("\(whole) or \(grouped): a point alone separates thousands, a comma the decimals", in: language)
    }
}

extension InputError.Field {
    /// The value's name as the user knows it: an option keeps its own spelling.
    func name(in language: Language) -> String {
        switch self {
        case .amount: localized("amount", in: language)
        case .date: localized("date", in: language)
        case .cycle: localized("cycle", in: language)
        case .colour: localized("colour", in: language)
        case .currency: "currency"
        case .exchangeRate: localized("exchange rate", in: language)
        case .inverseRate: "inverse rate"
        case .configKey: localized("config key", in: language)
        case .remindersValue: localized("value for reminders", in: language)
        case .budget: localized("budget", in: language)
        case .language: localized("language", in: language)
        case .webhookURL: localized("webhook URL", in: language)
        case .reminderDays: localized("reminder days", in: language)
        case .name: localized("name", in: language)
        case .memberName: localized("member name", in: language)
        case .category: localized("category", in: language)
        case .url: localized("url", in: language)
        case .notes: localized("notes", in: language)
        case .paymentMethod: localized("payment method", in: language)
        case .username: localized("username", in: language)
        case .remindExecCommand: localized("remind-exec command", in: language)
        case .days: "--days"
        case .until: "--until"
        case .sharedWith: "--shared-with"
        case .map: "--map"
        case .from: "--from"
        case .dateFormat: "--date-format"
        }
    }
}

extension InputError.Expected {
    /// What is accepted, as the words after `expected`: `an ISO 4217 code such as USD, ...`.
    func text(in language: Language) -> String {
        switch self {
        case .amount:
            localized("a number like 15.49 or 15 (no sign, exponent or thousands separator)", in: language)
        case .amountNotNegative: localized("an amount of 0 or more", in: language)
        case .fractionDigits(let digits): localized("at most \(digits) digits after the point", in: language)
        case .atMost(let limit): localized("at most \(limit)", in: language)
        case .digitsOf(let currency):
            currency.minorDigits == 0
                ? localized("a whole amount of \(currency.code), which has no minor unit", in: language)
                : localized("at most \(currency.minorDigits) digits after the point for \(currency.code)", in: language)
        case .localAmount: localized("an amount like 9,99 or 1.234,56", in: language)
        case .date: CivilDate.acceptedInput(in: language)
        case .supportedYear: localized("a date between years 1 and 9999", in: language)
        case .cycle: BillingCycle.acceptedInput(in: language)
        case .cycleCount: localized("a count from 1 to 999", in: language)
        case .colour: CategoryColor.acceptedInput(in: language)
        case .currencyCode: localized("an ISO 4217 code such as USD, EUR, GBP or JPY", in: language)
        case .exchangeRate: localized("a positive number like 1.08 (at most 12 decimals, no exponent)", in: language)
        case .inverseAtMost(let limit): localized("a number whose inverse is at most \(limit)", in: language)
        case .configKey:
            localized("one of \(ConfigKey.allCases.map(\.rawValue).joined(separator: ", "))", in: language)
        case .setting(let key): key.accepted(in: language)
        case .budgetDigits(let currency):
            localized("at most \(currency.minorDigits) decimals for the base currency \(currency.code)", in: language)
        case .dayCount(let maximum): localized("a number of days from 0 to \(maximum)", in: language)
        case .dateInWindow(let today, let limit): localized("a date from today (\(today)) to \(limit)", in: language)
        case .members: localized("names with optional weights, like 'Alice,Bob:2' (weights 1 to 99)", in: language)
        case .nameLength: localized("1 to 100 characters", in: language)
        case .freeTextLength: localized("at most 2000 characters", in: language)
        case .visibleText:
            localized("text without control characters, escape sequences or invisible formatting characters", in: language)
        case .oneOf(let words): localized("one of \(words.joined(separator: ", "))", in: language)
        case .names(let names): names.joined(separator: ", ")
        case .columnMap(let fields):
            localized("field=Column pairs separated by commas, fields \(fields.joined(separator: ", ")); name and amount are required",
                      in: language)
        case .columnMapToo(let fields):
            localized("--map too, saying which column is which: \(Self.columnMap(fields: fields).text(in: language))", in: language)
        case .headerColumn(let columns): localized("a column of the file's header: \(columns.joined(separator: ", "))", in: language)
        case .statementMap:
            localized("""
                ROLE=COL pairs like date=Date,description=Payee,amount=Amount, each role (date, description, amount, debit, \
                credit) once, COL a header name or a column number
                """, in: language)
        case .category(let suggestions, let known):
            suggestions.isEmpty
                ? localized("one of \(known.joined(separator: ", ")); add one with 'subs category add'", in: language)
                : localized("""
                    an existing category (did you mean \(suggestions.joined(separator: ", "))?); add one with \
                    'subs category add'
                    """, in: language)
        }
    }
}

extension CivilDate {
    /// What DATE arguments accept, for error messages and help.
    static func acceptedInput(in language: Language) -> String {
        localized("YYYY-MM-DD, today, tomorrow, yesterday, or an offset like +3d, -2w, +1m, +1y", in: language)
    }

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

extension BillingCycle {
    /// What CYCLE arguments accept, for error messages and help.
    static func acceptedInput(in language: Language) -> String {
        localized(
            "daily, weekly, biweekly, monthly, quarterly, yearly, '3 months', 'every 2 weeks', 90d, 2w, 6m, 1y (count 1 to 999), or once",
            in: language)
    }
}

extension CategoryColor {
    /// What `--color` accepts, for help and error messages.
    static func acceptedInput(in language: Language) -> String {
        localized("\(Name.allCases.map(\.rawValue).joined(separator: ", ")) or #rrggbb", in: language)
    }
}

extension ConfigKey {
    /// What the key's values look like, for help and errors.
    func accepted(in language: Language) -> String {
        switch self {
        case .currency: localized("an ISO 4217 code such as USD, EUR or JPY", in: language)
        case .remindDays: localized("days before a payment from 0 to 365, comma-separated, like 7,1, or 'none'", in: language)
        case .reminders: localized("on or off", in: language)
        case .remindExec: localized("a shell command, run once per reminder", in: language)
        case .remindWebhook: localized("an http:// or https:// URL", in: language)
        case .budget: localized("a monthly amount in the base currency, like 150 or 99.50", in: language)
        case .language: localized("en or tr; empty follows the locale", in: language)
        }
    }
}

extension LookupError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .notFound(let reference, let suggestions):
            suggestions.isEmpty ? localized("no subscription matches '\(reference.quotedForMessage)'", in: language)
                : localized("""
                    no subscription matches '\(reference.quotedForMessage)' (did you mean \
                    \(suggestions.joined(separator: ", "))?)
                    """, in: language)
        case .ambiguous(let reference, let matches):
            localized("""
                '\(reference.quotedForMessage)' matches \(matches.count) subscriptions: \(matches.joined(separator: ", ")); \
                type more of the name, or the id
                """, in: language)
        case .duplicateName(let name, let existing, let id):
            localized("""
                a subscription named '\(name.quotedForMessage)' already exists: \(existing.quotedForMessage) (\(id)); \
                choose another name, or edit that one
                """, in: language)
        case .noRate(let currency):
            localized("no exchange rate is set for \(currency)", in: language)
        }
    }
}

extension EditError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .nothingToChange:
            localized("nothing to change: give at least one change", in: language)
        case .currencyLosesDecimals(let price, let currency):
            localized("""
                cannot change the currency to \(currency.code): the price \(price) \(price.currency.code) has more \
                decimals than \(currency.code) allows; give a new amount with it
                """, in: language)
        case .currencyLosesEarlierPrices(let price, let currency):
            localized("""
                cannot change the currency to \(currency.code) from a date on: the price \(price) \(price.currency.code) \
                before it has more decimals than \(currency.code) allows; leave out --effective (or give \
                --effective start) to replace the price history
                """, in: language)
        case .currencyLosesCharge(let charge, let date, let currency):
            localized("""
                cannot change the currency to \(currency.code): the charge of \(charge) \(charge.currency.code) recorded on \
                \(date) has more decimals than \(currency.code) allows; remove that record first with subs paid --undo
                """, in: language)
        }
    }
}

extension SettingsError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .rateOfBaseCurrency(let currency):
            localized("\(currency.code) is the base currency (config currency); its rate is always 1", in: language)
        case .noRateToConvertInto(let currency):
            localized("no exchange rate for \(currency.code): set one with 'subs rates set \(currency.code) RATE'", in: language)
        case .budgetTooPrecise(let budget, let currency):
            InputError.invalid(.budget, value: budget, expected: .budgetDigits(currency)).message(in: language)
        case .currencyTooCoarseForBudget(let currency, let budget):
            localized("""
                cannot make \(currency.code) the base currency: the budget \(budget) has more decimals than it allows; \
                set the budget first
                """, in: language)
        }
    }
}

extension DateOrderError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .trialEndBeforeStart(let trialEnd, let start):
            localized("invalid trial end '\(trialEnd)': expected a date on or after the start date \(start)", in: language)
        case .startAfterLifecycleEvent(let start, let firstEvent):
            localized(
                "invalid start '\(start)': expected a date on or before \(firstEvent), the first cancellation, pause or restart",
                in: language)
        case .trialEndAfterRestart(let trialEnd, let restart):
            localized("invalid trial end '\(trialEnd)': expected a date before the restart on \(restart)", in: language)
        }
    }
}

extension MoneyError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .totalTooLarge(let currency):
            localized("""
                a total converted into \(currency.code) is too large to show (over 10^30); check the exchange rates with \
                'subs rates list'
                """, in: language)
        }
    }
}

extension LedgerError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .beforeStart(let date, let start):
            localized("invalid date '\(date)': the subscription starts on \(start); nothing was charged before", in: language)
        case .inPause(let date, let pause):
            pause.until.map {
                localized("invalid date '\(date)': the subscription is paused from \(pause.from) until \($0) then", in: language)
            } ?? localized("invalid date '\(date)': the subscription is paused from \(pause.from) then", in: language)
        case .afterCancellation(let date, let cancelled):
            localized("invalid date '\(date)': the subscription was cancelled on \(cancelled)", in: language)
        case .inFuture(let date, let today):
            localized("invalid date '\(date)': it is after today (\(today)); record a charge once it happened", in: language)
        case .noScheduledPayment(let date, let nearest):
            switch nearest.count {
            case 0: localized("no payment is scheduled on \(date)", in: language)
            case 1: localized("no payment is scheduled on \(date); the nearest are \(nearest[0])", in: language)
            case 2: localized("no payment is scheduled on \(date); the nearest are \(nearest[0]) and \(nearest[1])", in: language)
            default:
                localized("no payment is scheduled on \(date); the nearest are \(nearest.map(\.description).joined(separator: ", "))",
                          in: language)
            }
        case .offSchedule(let date, let nearest?):
            localized("""
                no payment is scheduled within \(Subscription.postingDrift) days of \(date) (the nearest is \(nearest)); \
                for a charge beyond the schedule, add --extra
                """, in: language)
        case .offSchedule(let date, nil):
            localized("""
                no payment is scheduled within \(Subscription.postingDrift) days of \(date); for a charge beyond the \
                schedule, add --extra
                """, in: language)
        case .nothingDueYet(let name):
            localized("no payment of \(name) is due yet; give the date with --on", in: language)
        }
    }
}

extension NoChargeRecorded: ErrorMessage {
    func message(in language: Language) -> String {
        localized("nothing is recorded on \(date); nothing was removed", in: language)
    }
}

extension LifecycleError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .alreadyCancelled(let name, let cancelled):
            localized("\(name) is already cancelled on \(cancelled); resume it first to change that", in: language)
        case .cancelBeforeStart(let date, let billingStart):
            localized("invalid cancel date '\(date)': expected a date on or after \(billingStart), when billing starts", in: language)
        case .cancelBeforePause(let name, let date, let pause):
            localized("\(name) has a pause from \(pause.from), after \(date); cancel on or after it, or resume first", in: language)
        case .pauseEndsBeforeItStarts(let from, let until):
            localized("invalid pause end '\(until)': expected a date after the pause starts (\(from))", in: language)
        case .pauseBeforeStart(let from, let billingStart):
            localized("invalid pause start '\(from)': expected a date on or after \(billingStart), when billing starts", in: language)
        case .pauseAfterCancellation(let name, _, let cancelled):
            localized("\(name) is cancelled on \(cancelled); there is nothing to pause after that", in: language)
        case .alreadyPaused(let name, let pause):
            pause.until.map { localized("\(name) is already paused from \(pause.from) until \($0)", in: language) }
                ?? localized("\(name) is already paused from \(pause.from) with no end", in: language)
        case .resumeBeforeRestart(let date, let restarted):
            localized("invalid resume date '\(date)': expected a date on or after \(restarted), when billing restarted", in: language)
        case .nothingToResume(let name, let date):
            localized("\(name) is neither paused nor cancelled on \(date); nothing to resume", in: language)
        case .planChangeBeforeStart(let date, let billingStart):
            localized("""
                invalid --effective '\(date)': expected a date on or after \(billingStart), when billing starts (or \
                'start' to correct the whole history)
                """, in: language)
        case .planChangeInPause(let date, let pause):
            pause.until.map {
                localized("""
                    invalid --effective '\(date)': the subscription is paused from \(pause.from) until \($0); change the \
                    plan from when it resumes
                    """, in: language)
            } ?? localized(
                "invalid --effective '\(date)': the subscription is paused from \(pause.from); change the plan from when it resumes",
                in: language)
        case .planChangeAfterCancellation(let name, let date, let cancelled):
            localized("""
                invalid --effective '\(date)': \(name) is cancelled on \(cancelled); resume it first, or give \
                --effective start to correct the whole history
                """, in: language)
        }
    }
}

extension LifeProblem: ErrorMessage {
    func message(in language: Language) -> String {
        switch reason {
        case .dateOrder(let error): error.message(in: language)
        case .lifecycle(let error): error.message(in: language)
        case .firstPeriodRestarted(let date):
            localized("expected none: the first billing period begins on the start date, got '\(date)'", in: language)
        case .restartMissing: localized("missing", in: language)
        case .restartNotAfterCancellation(let restart, let cancelled):
            localized("""
                invalid restart '\(restart)': expected a date after \(cancelled), when the billing period before it was \
                cancelled
                """, in: language)
        case .restartNotAfterPeriodStart(let restart, let start):
            localized("invalid restart '\(restart)': expected a date after \(start), when the billing period before it began",
                      in: language)
        case .secondPrice(let date): localized("a second price effective on \(date)", in: language)
        }
    }
}
