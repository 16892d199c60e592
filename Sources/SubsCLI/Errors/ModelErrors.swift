import Foundation
import SubscriptionCore

// The core's model, schedule and report errors, said in the reader's language.

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

extension ContractError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .needsTerm(.renews):
            localized("--renews needs a contract term: give --term too", in: language)
        case .needsTerm:
            localized("--notice needs a contract term: give --term too", in: language)
        case .deadlineWithTerm:
            localized("""
                a contract's deadlines come from its terms: give --cancel-by only without --term (remove one with \
                --cancel-by none or --term none)
                """, in: language)
        case .endsBeforeFirstPayment(let ends, let first):
            localized("invalid --ends '\(ends)': expected a date on or after the first payment (\(first))", in: language)
        case .fewerPayments(let asked, let scheduled):
            scheduled == 1
                ? localized("invalid --payments '\(asked)': a one-time payment is one payment", in: language)
                : localized("invalid --payments '\(asked)': the schedule has only \(scheduled) payments", in: language)
        }
    }
}

extension HouseholdError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .settlesWithThemselves(let name):
            localized("\(name) cannot settle with themselves: expected two different people", in: language)
        case .nothingToSettle(let currency):
            localized("invalid amount '0': expected more than 0 \(currency) to settle", in: language)
        case .settledInFuture(let date, let today):
            localized("invalid date '\(date)': it is after today (\(today)); record a settlement once it is paid", in: language)
        case .windowOutOfOrder(let since, let until):
            localized("invalid --since '\(since)': expected a date on or before --until \(until)", in: language)
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
        case .afterEnd(let date, let ends):
            localized("invalid date '\(date)': the subscription ends on \(ends); nothing is renewed after that", in: language)
        case .inFuture(let date, let today):
            localized("invalid date '\(date)': it is after today (\(today)); record a charge once it happened", in: language)
        case .noScheduledPayment(let date, let nearest):
            switch nearest.count {
            case 0: localized("no payment is scheduled on \(date)", in: language)
            case 1: localized("no payment is scheduled on \(date); the nearest is \(nearest[0])", in: language)
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
        case .cancelBeforeCharge(let name, let date, let charged):
            localized("\(name) has a charge recorded on \(charged), after \(date); cancel on or after it, or remove it first with 'subs paid --undo'", in: language)
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
        case .endBeforeNotice(let end, let notice):
            localized("invalid --end '\(end)': expected a date on or after the day notice is given (\(notice))", in: language)
        case .endWithoutContract(let name):
            localized("\(name) has no contract term: cancel it without --end (no payment after the --on date)", in: language)
        case .endedBeforeNotice(let name, let ended):
            localized("\(name) ended on \(ended), before that day; there is no contract left to cancel", in: language)
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
        case .endsBeforeFirstPayment(let ends, let first):
            localized("invalid end '\(ends)': expected a date on or after the first payment (\(first))", in: language)
        case .deadlineWithContract:
            localized("expected none: a contract's deadlines come from its terms", in: language)
        case .noticeWithoutEnd(let notice):
            localized("notice given on \(notice) but no end: notice ends a contract", in: language)
        case .noticeBeforeStart(let notice, let start):
            localized("invalid notice day '\(notice)': expected a date on or after \(start), when billing starts", in: language)
        case .noticeAfterEnd(let notice, let end):
            localized("invalid notice day '\(notice)': expected a date on or before \(end), the end it reached", in: language)
        }
    }
}
