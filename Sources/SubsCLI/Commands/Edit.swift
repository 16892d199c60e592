import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: localized("Change a subscription."),
            discussion: localized("""
                A new amount is a price change: it applies to payments on or after --effective
                (default today), and earlier payments keep the old price. A new cycle is a plan
                change: from --effective (default today) a new billing period starts on that day,
                charging the new amount; payments before it keep their dates and prices.
                --effective start corrects the whole history instead.

                Examples:
                  subs edit Netflix --amount 17.99 --effective 2026-12-01
                  subs edit disney+ --every yearly --amount 139.99 --effective 2027-01-01
                  subs edit gym --every monthly --effective start
                  subs edit 3f2a --trial-end none --category Streaming
                  subs edit phone --notice 1m --renewal manual
                  subs edit gym --term none
                """)).parsedAlone

        @Argument(help: .localized("The subscription: its name or the start of it, its id or the first 4+ characters of it."),
                  completion: ShellCompletion.references)
        var reference: String

        @Option(help: .localized("A new name.", valueName: "name"))
        var name: String?

        @Option(parsing: .unconditional, help: .localized("A new price.", valueName: "amount"))
        var amount: String?

        @Option(parsing: .unconditional, help: .localized(
            "When a new --amount or --every takes effect (default: today), or 'start' to correct the whole history.",
            valueName: "date"))
        var effective: String?

        @Option(help: .localized(
            "Correct the currency: recorded prices keep their numbers under the new code.", valueName: "code"),
                completion: Currency.defaultCompletionKind, transform: strictly(Currency.init(input:)))
        var currency: Currency?

        @Option(help: .localized("A new billing cycle: monthly, yearly, weekly, '3 months', 2w, 90d ...", valueName: "cycle"),
                completion: BillingCycle.defaultCompletionKind, transform: strictly(BillingCycle.init(typed:)))
        var every: BillingCycle?

        @Option(parsing: .unconditional, help: .localized("A new first billing date.", valueName: "date"))
        var start: String?

        @Option(parsing: .unconditional, help: .localized("End of a free trial, or 'none'.", valueName: "date|none"))
        var trialEnd: String?

        @Option(help: .localized("A category, or 'none'.", valueName: "name|none"),
                completion: ShellCompletion.categoriesOrNone)
        var category: String?

        @Option(help: .localized("A URL; empty to remove.", valueName: "url"))
        var url: String?

        @Option(help: .localized("Notes; empty to remove.", valueName: "text"))
        var notes: String?

        @Option(help: .localized("Payment method; empty to remove.", valueName: "text"))
        var paymentMethod: String?

        @Option(help: .localized("Reminder days like 7,1, or 'default' for config remind-days.",
                                   valueName: "days|default"))
        var remind: String?

        @Option(help: .localized("People you share the cost with, like 'Alice,Bob:2', or 'none'.",
                                   valueName: "names|none"))
        var sharedWith: String?

        @Option(help: .localized("Who pays the bill, or 'none' for you (config me).", valueName: "name|none"))
        var paidBy: String?

        @Flag(inversion: .prefixedNo, help: .localized("Whether it renews by itself (the same as --renewal auto|manual)."))
        var autoRenew: Bool?

        @OptionGroup var contract: ContractOptions

        @Option(help: .localized("Output format."))
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            // Checked here, not in validate(): argument-parser runs validate() before it reports
            // an unknown option, so `--price 17.99` would read as no change at all. The same holds
            // for every command's own usage checks, which is why they all live in run().
            if effective != nil && amount == nil && every == nil {
                throw UsageError.optionNeedsOption(
                    "--effective", needs: localized("--amount or --every"), because: localized("it dates a price or plan change"))
            }
            let given: [Any?] = [
                name, amount, currency, every, start, trialEnd, category, url, notes, paymentMethod,
                remind, autoRenew, sharedWith, paidBy,
            ]
            if given.allSatisfy({ $0 == nil }), contract.isEmpty { throw UsageError.nothingToChange }
            let today = try clock.resolve()
            var changes = SubscriptionChanges()
            changes.name = try name.map { try TextInput.name($0) }
            changes.amount = try amount.map { try DecimalAmount(typed: $0, in: Language.current) }
            changes.correctsHistory = effective?.isStart == true
            changes.effective = try effective.flatMap { $0.isStart ? nil : try CivilDate(typed: $0, today: today, in: Language.current) }
            changes.currency = currency
            changes.cycle = every
            changes.startDate = try start.map { try CivilDate(typed: $0, today: today, in: Language.current) }
            changes.trialEnd = try trialEnd.map { try $0.isNone ? nil : CivilDate(typed: $0, today: today, in: Language.current) }
            changes.category = try category.map { try $0.isNone ? nil : TextInput.name($0, what: .category) }
            changes.url = try url.map { try TextInput.freeText($0, what: .url) }
            changes.notes = try notes.map { try TextInput.freeText($0, what: .notes) }
            changes.paymentMethod = try paymentMethod.map { try TextInput.freeText($0, what: .paymentMethod) }
            changes.remindDays = try remind.map { $0.isDefault ? nil : try RemindDays.parse($0) }
            try contract.apply(to: &changes, autoRenewFlag: autoRenew, today: today)
            changes.members = try sharedWith.map(Member.parseList)
            changes.paidBy = try paidBy.map { try $0.isNone ? nil : TextInput.name($0, what: .memberName) }
            let store = try store.openStore()
            let (subscription, changed, newCategory) = try store.editReportingChange(reference, changes, today: today)
            let snapshot = SubscriptionSnapshot(subscription, today: today, config: try store.config(), me: try AccountName.me(store))
            guard changed || format == .json else {
                return print(localized("Nothing changed: \(subscription.name.terminalSafe) already has these values."))
            }
            print(SubscriptionRenderer.newCategory(newCategory, format: format)
                  + SubscriptionRenderer.confirmation(.updated, snapshot, format: format), terminator: "")
        }
    }
}

extension String {
    /// `--effective start` (in Turkish `başlangıç`): the whole history.
    var isStart: Bool { ["start", "başlangiç"].contains(NameMatching.key(self)) }

    /// `--remind default` (in Turkish `varsayılan`): the config's reminder days.
    var isDefault: Bool { ["default", "varsayilan"].contains(NameMatching.key(self)) }

    /// `none` (in Turkish `yok`) clears an optional field.
    var isNone: Bool { ["none", "yok"].contains(NameMatching.key(self)) }
}
