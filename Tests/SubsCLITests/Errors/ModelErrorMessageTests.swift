import Foundation
import SubscriptionCore
import Testing
@testable import SubsCLI

/// Every case of the model, schedule and report errors, said in English (exactly, as a user sees
/// it) and in Turkish (said, and not left in English).
@Suite struct ModelErrorMessageTests {
    static func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }
    static let usd = Currency.usd
    static let jpy = Currency(code: "JPY")!
    static let pause = Pause(from: day("2026-03-01"), until: day("2026-04-01"))
    static let open = Pause(from: day("2026-03-01"), until: nil)

    /// One sample of every case, with its English text.
    static var samples: [(any ErrorMessage, String)] { [
        (InputError.invalid(.amount, value: "abc", expected: .amount),
         "invalid amount 'abc': expected a number like 15.49 or 15 (no sign, exponent or thousands separator)"),
        (InputError.invalid(.amount, value: "-5", expected: .amountNotNegative), "invalid amount '-5': expected an amount of 0 or more"),
        (InputError.invalid(.amount, value: "1.1", expected: .fractionDigits(28)), "invalid amount '1.1': expected at most 28 digits after the point"),
        (InputError.invalid(.amount, value: "9", expected: .atMost(999_999_999)), "invalid amount '9': expected at most 999999999"),
        (InputError.invalid(.amount, value: "0.001", expected: .digitsOf(usd)),
         "invalid amount '0.001': expected at most 2 digits after the point for USD"),
        (InputError.invalid(.amount, value: "10.5", expected: .digitsOf(jpy)),
         "invalid amount '10.5': expected a whole amount of JPY, which has no minor unit"),
        (InputError.invalid(.amount, value: "1,2", expected: .localAmount), "invalid amount '1,2': expected an amount like 9,99 or 1.234,56"),
        (InputError.invalid(.date, value: "x", expected: .date),
         "invalid date 'x': expected YYYY-MM-DD, today, tomorrow, yesterday, or an offset like +3d, -2w, +1m, +1y"),
        (InputError.invalid(.date, value: "+9999y", expected: .supportedYear), "invalid date '+9999y': expected a date between years 1 and 9999"),
        (InputError.invalid(.cycle, value: "x", expected: .cycle),
         "invalid cycle 'x': expected daily, weekly, biweekly, monthly, quarterly, yearly, '3 months', 'every 2 weeks', 90d, 2w, 6m, 1y (count 1 to 999), or once"),
        (InputError.invalid(.cycle, value: "0d", expected: .cycleCount), "invalid cycle '0d': expected a count from 1 to 999"),
        (InputError.invalid(.colour, value: "pink", expected: .colour),
         "invalid colour 'pink': expected red, green, yellow, blue, magenta, cyan or #rrggbb"),
        (InputError.invalid(.currency, value: "XYZ", expected: .currencyCode),
         "invalid currency 'XYZ': expected an ISO 4217 code such as USD, EUR, GBP or JPY"),
        (InputError.invalid(.exchangeRate, value: "0", expected: .exchangeRate),
         "invalid exchange rate '0': expected a positive number like 1.08 (at most 12 decimals, no exponent)"),
        (InputError.invalid(.inverseRate, value: "0.0000000001", expected: .inverseAtMost(999_999_999)),
         "invalid inverse rate '0.0000000001': expected a number whose inverse is at most 999999999"),
        (InputError.invalid(.configKey, value: "colour", expected: .configKey),
         "invalid config key 'colour': expected one of currency, remind-days, remind-cancel-days, reminders, remind-exec, remind-webhook, budget, language, me"),
        (InputError.invalid(.remindersValue, value: "maybe", expected: .onOrOff),
         "invalid value for reminders 'maybe': expected on or off"),
        (InputError.invalid(.budget, value: "x", expected: .monthlyBudget),
         "invalid budget 'x': expected a monthly amount in the base currency, like 150 or 99.50"),
        (InputError.invalid(.language, value: "xx", expected: .languageCode),
         "invalid language 'xx': expected en or tr; empty follows the locale"),
        (InputError.invalid(.webhookURL, value: "ftp://x", expected: .webhookURL),
         "invalid webhook URL 'ftp://x': expected an http:// or https:// URL"),
        (InputError.invalid(.reminderDays, value: "400", expected: .reminderDays),
         "invalid reminder days '400': expected days before a payment from 0 to 365, comma-separated, like 7,1, or 'none'"),
        (InputError.invalid(.reminderDays, value: "30,,7", expected: .cancelReminderDays),
         "invalid reminder days '30,,7': expected days before a last day to cancel from 0 to 365, comma-separated, like 30,7, or 'none'"),
        (InputError.invalid(.budget, value: "1.001", expected: .budgetDigits(usd)),
         "invalid budget '1.001': expected at most 2 decimals for the base currency USD"),
        (InputError.invalid(.days, value: "-1", expected: .dayCount(maximum: 36_600)),
         "invalid --days '-1': expected a number of days from 0 to 36600"),
        (InputError.invalid(.until, value: "2024-06-01", expected: .dateInWindow(today: day("2024-06-10"), limit: day("2124-06-10"))),
         "invalid --until '2024-06-01': expected a date from today (2024-06-10) to 2124-06-10"),
        (InputError.invalid(.sharedWith, value: "A:0", expected: .members),
         "invalid --shared-with 'A:0': expected names with optional weights, like 'Alice,Bob:2' (weights 1 to 99)"),
        (InputError.invalid(.from, value: "x", expected: .names(["subs", "wallos"])), "invalid --from 'x': expected subs, wallos"),
        (InputError.invalidName(.name, value: "", expected: .length), "invalid name '': expected 1 to 100 characters"),
        (InputError.invalidName(.name, value: "a\u{202E}b", expected: .visible),
         "invalid name 'a\u{FFFD}b': expected text without control characters, escape sequences or invisible formatting characters"),
        (InputError.invalidName(.memberName, value: "", expected: .length), "invalid member name '': expected 1 to 100 characters"),
        (InputError.invalidName(.memberName, value: "A\u{1B}", expected: .visible),
         "invalid member name 'A\u{FFFD}': expected text without control characters, escape sequences or invisible formatting characters"),
        (InputError.invalidName(.category, value: " ", expected: .length), "invalid category ' ': expected 1 to 100 characters"),
        (InputError.invalidName(.category, value: "a\u{200B}b", expected: .visible),
         "invalid category 'a\u{FFFD}b': expected text without control characters, escape sequences or invisible formatting characters"),
        (InputError.invalidText(.url, value: "x", expected: .length), "invalid url 'x': expected at most 2000 characters"),
        (InputError.invalidText(.url, value: "a\u{1B}b", expected: .visible),
         "invalid url 'a\u{FFFD}b': expected text without control characters, escape sequences or invisible formatting characters"),
        (InputError.invalidText(.notes, value: "x", expected: .length), "invalid notes 'x': expected at most 2000 characters"),
        (InputError.invalidText(.notes, value: "a\u{1B}b", expected: .visible),
         "invalid notes 'a\u{FFFD}b': expected text without control characters, escape sequences or invisible formatting characters"),
        (InputError.invalidText(.paymentMethod, value: "x", expected: .length), "invalid payment method 'x': expected at most 2000 characters"),
        (InputError.invalidText(.paymentMethod, value: "a\u{1B}b", expected: .visible),
         "invalid payment method 'a\u{FFFD}b': expected text without control characters, escape sequences or invisible formatting characters"),
        (InputError.invalidText(.username, value: "x", expected: .length), "invalid username 'x': expected at most 2000 characters"),
        (InputError.invalidText(.username, value: "a\u{1B}b", expected: .visible),
         "invalid username 'a\u{FFFD}b': expected text without control characters, escape sequences or invisible formatting characters"),
        (InputError.invalidText(.remindExecCommand, value: "x", expected: .length),
         "invalid remind-exec command 'x': expected at most 2000 characters"),
        (InputError.invalidText(.remindExecCommand, value: "rm\u{1B}[2J", expected: .visible),
         "invalid remind-exec command 'rm\u{FFFD}[2J': expected text without control characters, escape sequences or invisible formatting characters"),
        (InputError.environment(variable: "SUBS_TODAY", .invalid(.date, value: "x", expected: .date)),
         "SUBS_TODAY: invalid date 'x': expected YYYY-MM-DD, today, tomorrow, yesterday, or an offset like +3d, -2w, +1m, +1y"),
        (InputError.notADay(value: "2026-02-30", year: 2026, month: 2), "invalid date '2026-02-30': no such day, February 2026 has 28 days"),
        (InputError.notADay(value: "2026-13-01", year: 2026, month: 13), "invalid date '2026-13-01': no such month, a year has 12 months"),
        (LookupError.notFound(reference: "nope"), "no subscription matches 'nope'"),
        (LookupError.notFound(reference: "adobee", suggestions: ["Adobe CC"]), "no subscription matches 'adobee' (did you mean Adobe CC?)"),
        (LookupError.ambiguous(reference: "aaaa", matches: ["aaaa1111 (Netflix)", "aaaa2222 (Spotify)"]),
         "'aaaa' matches 2 subscriptions: aaaa1111 (Netflix), aaaa2222 (Spotify); type more of the name, or the id"),
        (LookupError.duplicateName(name: "netflix", existing: "Netflix", id: "abc"),
         "a subscription named 'netflix' already exists: Netflix (abc); choose another name, or edit that one"),
        (LookupError.noRate(currency: "EUR"), "no exchange rate is set for EUR"),
        (EditError.nothingToChange, "nothing to change: give at least one change"),
        (EditError.currencyLosesDecimals(price: Money(minorUnits: 1549, currency: usd), to: jpy),
         "cannot change the currency to JPY: the price 15.49 USD has more decimals than JPY allows; give a new amount with it"),
        (EditError.currencyLosesEarlierPrices(price: Money(minorUnits: 1549, currency: usd), to: jpy),
         "cannot change the currency to JPY from a date on: the price 15.49 USD before it has more decimals than JPY allows; leave out --effective (or give --effective start) to replace the price history"),
        (EditError.currencyLosesCharge(charge: Money(minorUnits: 1549, currency: usd), on: day("2026-01-05"), to: jpy),
         "cannot change the currency to JPY: the charge of 15.49 USD recorded on 2026-01-05 has more decimals than JPY allows; remove that record first with subs paid --undo"),
        (SettingsError.rateOfBaseCurrency(usd), "USD is the base currency (config currency); its rate is always 1"),
        (SettingsError.noRateToConvertInto(Currency(code: "EUR")!), "no exchange rate for EUR: set one with 'subs rates set EUR RATE'"),
        (SettingsError.budgetTooPrecise(budget: "150.5", currency: jpy), "invalid budget '150.5': expected at most 0 decimals for the base currency JPY"),
        (SettingsError.currencyTooCoarseForBudget(currency: jpy, budget: "99.50"),
         "cannot make JPY the base currency: the budget 99.50 has more decimals than it allows; set the budget first"),
        (HouseholdError.settlesWithThemselves(name: "Alice"), "Alice cannot settle with themselves: expected two different people"),
        (HouseholdError.nothingToSettle(currency: usd), "invalid amount '0': expected more than 0 USD to settle"),
        (HouseholdError.settledInFuture(date: day("2030-01-01"), today: day("2026-11-26")),
         "invalid date '2030-01-01': it is after today (2026-11-26); record a settlement once it is paid"),
        (HouseholdError.windowOutOfOrder(since: day("2026-04-01"), until: day("2026-03-31")),
         "invalid --since '2026-04-01': expected a date on or before --until 2026-03-31"),
        (DateOrderError.trialEndBeforeStart(trialEnd: day("2024-01-01"), start: day("2024-01-05")),
         "invalid trial end '2024-01-01': expected a date on or after the start date 2024-01-05"),
        (DateOrderError.startAfterLifecycleEvent(start: day("2024-06-01"), firstEvent: day("2024-03-20")),
         "invalid start '2024-06-01': expected a date on or before 2024-03-20, the first cancellation, pause or restart"),
        (DateOrderError.trialEndAfterRestart(trialEnd: day("2024-06-01"), restart: day("2024-03-20")),
         "invalid trial end '2024-06-01': expected a date before the restart on 2024-03-20"),
        (MoneyError.totalTooLarge(currency: usd),
         "a total converted into USD is too large to show (over 10^30); check the exchange rates with 'subs rates list'"),
        (LedgerError.beforeStart(date: day("2026-01-01"), start: day("2026-02-01")),
         "invalid date '2026-01-01': the subscription starts on 2026-02-01; nothing was charged before"),
        (LedgerError.inPause(date: day("2026-03-05"), pause: pause),
         "invalid date '2026-03-05': the subscription is paused from 2026-03-01 until 2026-04-01 then"),
        (LedgerError.inPause(date: day("2026-03-05"), pause: open), "invalid date '2026-03-05': the subscription is paused from 2026-03-01 then"),
        (LedgerError.afterCancellation(date: day("2026-05-05"), cancelledOn: day("2026-05-01")),
         "invalid date '2026-05-05': the subscription was cancelled on 2026-05-01"),
        (LedgerError.afterEnd(date: day("2026-11-20"), ends: day("2026-10-01")),
         "invalid date '2026-11-20': the subscription ends on 2026-10-01; nothing is renewed after that"),
        (LedgerError.inFuture(date: day("2026-12-05"), today: day("2026-11-26")),
         "invalid date '2026-12-05': it is after today (2026-11-26); record a charge once it happened"),
        (LedgerError.noScheduledPayment(date: day("2026-03-05"), nearest: []), "no payment is scheduled on 2026-03-05"),
        (LedgerError.noScheduledPayment(date: day("2026-03-05"), nearest: [day("2026-03-01")]),
         "no payment is scheduled on 2026-03-05; the nearest is 2026-03-01"),
        (LedgerError.noScheduledPayment(date: day("2026-03-05"), nearest: [day("2026-03-01"), day("2026-04-01")]),
         "no payment is scheduled on 2026-03-05; the nearest are 2026-03-01 and 2026-04-01"),
        (LedgerError.noScheduledPayment(date: day("2026-03-05"), nearest: [day("2026-03-01"), day("2026-04-01"), day("2026-05-01")]),
         "no payment is scheduled on 2026-03-05; the nearest are 2026-03-01, 2026-04-01, 2026-05-01"),
        (LedgerError.offSchedule(date: day("2026-10-20"), nearest: day("2026-10-31")),
         "no payment is scheduled within \(Subscription.postingDrift) days of 2026-10-20 (the nearest is 2026-10-31); for a charge beyond the schedule, add --extra"),
        (LedgerError.offSchedule(date: day("2026-10-20"), nearest: nil),
         "no payment is scheduled within \(Subscription.postingDrift) days of 2026-10-20; for a charge beyond the schedule, add --extra"),
        (LedgerError.nothingDueYet(name: "Gym"), "no payment of Gym is due yet; give the date with --on"),
        (NoChargeRecorded(date: day("2026-03-01")), "nothing is recorded on 2026-03-01; nothing was removed"),
        (LifecycleError.alreadyCancelled(name: "Gym", on: day("2026-06-01")),
         "Gym is already cancelled on 2026-06-01; resume it first to change that"),
        (LifecycleError.cancelBeforeStart(date: day("2024-01-01"), billingStart: day("2024-01-15")),
         "invalid cancel date '2024-01-01': expected a date on or after 2024-01-15, when billing starts"),
        (LifecycleError.cancelBeforePause(name: "Gym", date: day("2026-02-01"), pause: pause),
         "Gym has a pause from 2026-03-01, after 2026-02-01; cancel on or after it, or resume first"),
        (LifecycleError.cancelBeforeCharge(name: "SIM", date: day("2026-10-05"), charged: day("2026-11-11")),
         "SIM has a charge recorded on 2026-11-11, after 2026-10-05; cancel on or after it, or remove it first with 'subs paid --undo'"),
        (LifecycleError.pauseEndsBeforeItStarts(from: day("2024-05-01"), until: day("2024-04-01")),
         "invalid pause end '2024-04-01': expected a date after the pause starts (2024-05-01)"),
        (LifecycleError.pauseBeforeStart(from: day("2024-01-01"), billingStart: day("2024-01-15")),
         "invalid pause start '2024-01-01': expected a date on or after 2024-01-15, when billing starts"),
        (LifecycleError.pauseAfterCancellation(name: "Gym", from: day("2026-05-02"), cancelledOn: day("2026-05-01")),
         "Gym is cancelled on 2026-05-01; there is nothing to pause after that"),
        (LifecycleError.alreadyPaused(name: "Gym", pause: pause), "Gym is already paused from 2026-03-01 until 2026-04-01"),
        (LifecycleError.alreadyPaused(name: "Gym", pause: open), "Gym is already paused from 2026-03-01 with no end"),
        (LifecycleError.resumeBeforeRestart(date: day("2026-04-01"), restartedOn: day("2026-05-10")),
         "invalid resume date '2026-04-01': expected a date on or after 2026-05-10, when billing restarted"),
        (LifecycleError.nothingToResume(name: "Gym", on: day("2024-03-01")), "Gym is neither paused nor cancelled on 2024-03-01; nothing to resume"),
        (LifecycleError.planChangeBeforeStart(date: day("2024-01-01"), billingStart: day("2024-01-15")),
         "invalid --effective '2024-01-01': expected a date on or after 2024-01-15, when billing starts (or 'start' to correct the whole history)"),
        (LifecycleError.planChangeInPause(date: day("2026-03-05"), pause: pause),
         "invalid --effective '2026-03-05': the subscription is paused from 2026-03-01 until 2026-04-01; change the plan from when it resumes"),
        (LifecycleError.planChangeInPause(date: day("2026-03-05"), pause: open),
         "invalid --effective '2026-03-05': the subscription is paused from 2026-03-01; change the plan from when it resumes"),
        (LifecycleError.planChangeAfterCancellation(name: "Gym", date: day("2026-06-05"), cancelledOn: day("2026-06-01")),
         "invalid --effective '2026-06-05': Gym is cancelled on 2026-06-01; resume it first, or give --effective start to correct the whole history"),
        (LifecycleError.endedBeforeNotice(name: "Loan", ended: day("2026-05-01")),
         "Loan ended on 2026-05-01, before that day; there is no contract left to cancel"),
    ] + ModelErrorWordingTests.refusedLives.map { problem, english in (problem, english) } }

    @Test func everyCaseSaysItsEnglishExactly() {
        SubsTranslations.install()
        for (error, english) in Self.samples {
            #expect(error.message(in: .english) == english)
        }
    }

    @Test func everyCaseIsSaidInTurkish() {
        SubsTranslations.install()
        for (error, english) in Self.samples {
            let turkish = error.message(in: .turkish)
            #expect(!turkish.isEmpty && !turkish.contains("\n"), "\(english)")
            // A text that is only a value may read the same; none of the others may.
            if english != "missing" {
                #expect(turkish != english, "left in English: \(english)")
            }
        }
        #expect(LookupError.noRate(currency: "EUR").message(in: .turkish).contains("EUR"))
        #expect(InputError.notADay(value: "2026-02-30", year: 2026, month: 2).message(in: .turkish).contains("Şubat"))
        #expect(NoChargeRecorded(date: Self.day("2026-03-01")).message(in: .turkish).contains("01.03.2026"))
    }

    /// The refusals of values, each said in one whole sentence: none is left with an English
    /// word, and a few are checked word for word.
    @Test func everyRefusedValueIsOneTurkishSentence() {
        SubsTranslations.install()
        for (error, english) in Self.samples {
            guard let error = error as? InputError else { continue }
            let turkish = error.message(in: .turkish)
            #expect(turkish.hasPrefix("geçersiz ") || turkish.hasPrefix("SUBS_TODAY: geçersiz "), "\(english): \(turkish)")
            for word in ["invalid", "expected", "characters", "amount", "cycle", "date '"] {
                #expect(!turkish.contains(word), "\(word) left in English: \(turkish)")
            }
        }
        #expect(InputError.invalid(.amount, value: "abc", expected: .amount).message(in: .turkish)
                == "geçersiz tutar 'abc': 15,49, 15 ya da 1.234,56 gibi bir sayı beklenir (işaretsiz, üssüz; 15.49 da olur)")
        #expect(InputError.invalid(.amount, value: "0.001", expected: .digitsOf(Self.usd)).message(in: .turkish)
                == "geçersiz tutar '0.001': USD için en fazla 2 ondalık basamak beklenir")
        #expect(InputError.invalid(.until, value: "2024-06-01", expected: .dateInWindow(today: Self.day("2024-06-10"), limit: Self.day("2124-06-10")))
                .message(in: .turkish) == "geçersiz --until '2024-06-01': bugünden (10.06.2024) 10.06.2124 tarihine kadar bir tarih beklenir")
        #expect(InputError.invalidName(.memberName, value: "", expected: .length).message(in: .turkish)
                == "geçersiz kişi adı '': 1 ile 100 karakter arası beklenir")
        #expect(InputError.invalid(.reminderDays, value: "400", expected: .reminderDays).message(in: .turkish)
                == "geçersiz hatırlatma günleri '400': bir ödemeden önceki 0 ile 365 arası günler beklenir, virgülle ayrılmış, örneğin 7,1 ya da 'yok' (none)")
    }

    /// Where the value is named already (an option's value, an import's field), only what is
    /// expected is said: the refusal's own sentence after the value, in English, and a Turkish
    /// `beklenen: …`.
    @Test func everyExpectationIsTheEndOfItsRefusal() {
        SubsTranslations.install()
        for (error, english) in Self.samples {
            guard let error = error as? InputError else { continue }
            switch error {
            case .invalid, .invalidName, .invalidText:
                #expect(english.hasSuffix("': " + error.expectation(in: .english)), "\(english)")
                let turkish = error.expectation(in: .turkish)
                #expect(turkish.hasPrefix("beklenen: ") && !turkish.contains("expected"), "\(turkish)")
            case .environment, .notADay:
                #expect(error.expectation(in: .english) == english)
            }
        }
        #expect(InputError.invalid(.currency, value: "XYZ", expected: .currencyCode).expectation(in: .english)
                == "expected an ISO 4217 code such as USD, EUR, GBP or JPY")
        #expect(InputError.invalid(.amount, value: "1.234", expected: .digitsOf(Self.usd)).expectation(in: .turkish)
                == "beklenen: 1234 ya da 1.234,00 (tek başına nokta binlikleri ayırır, ondalıklar virgülle yazılır)")
    }

    /// A value is shown on one line without control characters, however it was pasted.
    @Test func aRefusedValueNeverBreaksTheLine() {
        SubsTranslations.install()
        let pasted = "a\nb\r\u{1B}[2J\u{202E}c" + String(repeating: "x", count: 500)
        let errors: [InputError] = [
            .invalid(.amount, value: pasted, expected: .amount), .invalid(.amount, value: pasted, expected: .digitsOf(Self.usd)),
            .invalid(.date, value: pasted, expected: .date), .invalid(.cycle, value: pasted, expected: .cycle),
            .invalid(.sharedWith, value: pasted, expected: .members), .invalidName(.name, value: pasted, expected: .visible),
            .invalidText(.notes, value: pasted, expected: .length), .notADay(value: pasted, year: 2026, month: 2),
            .environment(variable: "SUBS_TODAY", .invalid(.date, value: pasted, expected: .date)),
        ]
        for error in errors {
            for language in [Language.english, .turkish] {
                let message = error.message(in: language)
                #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{202E}" }, "\(message)")
                #expect(message.count < 300, "\(message)")
            }
        }
    }

    @Test func aTurkishReaderOfOnePointTwoThreeFourIsToldBothReadings() {
        SubsTranslations.install()
        let error = InputError.invalid(.amount, value: "1.234", expected: .digitsOf(Self.usd))
        #expect(error.message(in: .turkish).contains("1234") && error.message(in: .turkish).contains("1.234,00"))
        #expect(error.message(in: .english) == "invalid amount '1.234': expected at most 2 digits after the point for USD")
    }

    @Test func theExitCodesAreThoseOfBefore() {
        #expect(InputError.invalid(.amount, value: "x", expected: .amount).failure.exitCode == 64)
        #expect(LookupError.notFound(reference: "x").failure.exitCode == 66)
        #expect(LookupError.noRate(currency: "EUR").failure.exitCode == 66)
        #expect(LookupError.ambiguous(reference: "x", matches: []).failure.exitCode == 64)
        #expect(LookupError.duplicateName(name: "x", existing: "X", id: "1").failure.exitCode == 64)
        #expect(NoChargeRecorded(date: Self.day("2026-03-01")).failure.exitCode == 66)
        #expect(LedgerError.nothingDueYet(name: "x").failure.exitCode == 64)
        #expect(MoneyError.totalTooLarge(currency: Self.usd).failure.exitCode == 65)
        #expect(EditError.nothingToChange.failure.exitCode == 64)
        #expect(SettingsError.rateOfBaseCurrency(Self.usd).failure.exitCode == 64)
        #expect(DateOrderError.trialEndAfterRestart(trialEnd: Self.day("2026-03-01"), restart: Self.day("2026-03-01")).failure.exitCode == 64)
        #expect(LifecycleError.nothingToResume(name: "x", on: Self.day("2026-03-01")).failure.exitCode == 64)
    }

    @Test func turkishInputIsReadOnlyInTurkish() throws {
        #expect(try LocaleInput.amount("1.234,56", in: .turkish) == "1234.56")
        #expect(try LocaleInput.amount("1.234,56", in: .english) == nil)
        #expect(throws: InputError.invalid(.amount, value: "1,234.56", expected: .localAmount)) {
            try LocaleInput.amount("1,234.56", in: .turkish)
        }
        let today = Self.day("2026-11-26")
        #expect(try CivilDate(typed: "22.11.2026", today: today, in: .turkish) == Self.day("2026-11-22"))
        #expect(throws: InputError.self) { try CivilDate(typed: "22.11.2026", today: today, in: .english) }
        #expect(throws: InputError.notADay(value: "30.02.2026", year: 2026, month: 2)) {
            try CivilDate(typed: "30.02.2026", today: today, in: .turkish)
        }
    }
}
