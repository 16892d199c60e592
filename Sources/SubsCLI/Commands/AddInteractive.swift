import ArgumentParser
import Foundation
import SubscriptionCore

/// `subs add` with no arguments at a terminal (PRODUCT.md §11): each field asked in turn, each
/// answer checked as its flag is, then the subscription added as `subs add NAME AMOUNT ...`
/// would add it.
struct AddInteractive {
    let store: StoreOptions
    let clock: TodayOptions
    let format: ObjectFormat

    func run() throws {
        LinePrompt.cancelledMessage = localized("cancelled; nothing was added")
        do {
            try LinePrompt.withInterruptAsCancel {
                let store = try store.openStore()
                let today = try clock.resolve()
                let new = try ask(store, today: today, config: try store.config(), categories: try store.categories())
                let subscription = try store.add(new)
                let snapshot = SubscriptionSnapshot(subscription, today: today, config: try store.config(), me: try AccountName.me(store))
                print(SubscriptionRenderer.confirmation(.added, snapshot, format: format), terminator: "")
            }
        } catch is LinePrompt.Cancelled {
            printError("subs: " + LinePrompt.cancelledMessage)
            throw ExitCode(1)
        }
    }

    private func ask(
        _ store: SubscriptionStore, today: CivilDate, config: SubscriptionCore.Config, categories: [String]
    ) throws -> NewSubscription {
        // A name taken already is refused here, not after every other answer.
        let name = try LinePrompt.ask(localized("Name")) { text in
            let name = try TextInput.name(text)
            try store.checkNameIsFree(name)
            return name
        }
        let currency = try LinePrompt.ask(localized("Currency"), default: config.currency.code) {
            $0.isEmpty ? config.currency : try Currency(input: $0)
        }
        let amount = try LinePrompt.ask(localized("Amount")) { text -> DecimalAmount in
            let amount = try DecimalAmount(typed: text, in: Language.current)
            _ = try Money(amount, currency: currency)
            return amount
        }
        let cycle = try LinePrompt.ask(localized("Billing cycle"), default: SubscriptionText.cycle(.monthly)) {
            $0.isEmpty ? .monthly : try BillingCycle(typed: $0)
        }
        let start = try LinePrompt.ask(localized("First billing date"), default: SubscriptionText.date(today)) {
            $0.isEmpty ? today : try CivilDate(typed: $0, today: today, in: Language.current)
        }
        let trialEnd = try LinePrompt.ask(localized("Free trial ends (a date, or empty for none)"), default: nil) {
            $0.isEmpty ? nil : try CivilDate(typed: $0, today: today, in: Language.current)
        }
        // A contract is asked for only when a term is given: most subscriptions have none.
        let term = try LinePrompt.ask(localized("Contract term (like 24m or 1y; empty for none)")) {
            $0.isEmpty ? nil : try TimeSpan(typed: $0, field: .term)
        }
        var notice: TimeSpan?
        var renews: TimeSpan?
        if let term {
            notice = try LinePrompt.ask(localized("Notice before a term ends (like 3m; empty: by its last day)")) {
                $0.isEmpty ? nil : try TimeSpan(typed: $0, field: .notice)
            }
            renews = try LinePrompt.ask(localized("Each term after the first (1m: month by month)"), default: term.description) {
                $0.isEmpty ? nil : try TimeSpan(typed: $0, field: .renews)
            }
        }
        let category = try LinePrompt.ask(localized("Category (\(categories.joined(separator: ", ")); empty for none)")) { text -> String? in
            guard !text.isEmpty else { return nil }
            let name = try TextInput.name(text, what: .category)
            guard let known = categories.first(where: { NameMatching.same($0, name) }) else {
                throw CategoryError.unknown(name: name, suggestions: Suggestions.closest(to: name, in: categories),
                                            known: categories)
            }
            return known
        }
        let url = try LinePrompt.ask(localized("Where to manage it (a URL, or empty)")) {
            try TextInput.freeText($0, what: .url)
        }
        let paymentMethod = try LinePrompt.ask(localized("Payment method (or empty)")) {
            try TextInput.freeText($0, what: .paymentMethod)
        }
        let remindDays = try LinePrompt.ask(localized("Days before each payment to remind"),
                                            default: config.remindDays.isEmpty ? localized("none") : RemindDays.format(config.remindDays)) {
            $0.isEmpty ? nil : try RemindDays.parse($0)
        }
        let notes = try LinePrompt.ask(localized("Notes (or empty)")) {
            try TextInput.freeText($0, what: .notes)
        }
        var new = NewSubscription(
            name: name, amount: amount, currency: currency, cycle: cycle, startDate: start, trialEnd: trialEnd,
            category: category, url: url, notes: notes, paymentMethod: paymentMethod, remindDays: remindDays)
        new.term = term
        new.renews = renews
        new.notice = notice
        new.owner = AccountName.current
        return new
    }
}
