import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: localized("Add a subscription."),
            usage: "subs add <name> <amount> [<options>]",
            discussion: localized("""
                Examples:
                  subs add Netflix 15.49 --every month --start 2024-01-31 --category Streaming
                  subs add "iCloud+" 2.99 --currency EUR --trial-end +1m
                  subs add "Acme Insurance" 40 --start 2025-04-01 --term 1y --notice 3m
                  subs add Phone 25 --term 24m --renews 1m --notice 1m
                """)).parsedAlone

        @Argument(help: .localized("What you pay for, as you want to see it."))
        var name: String?

        // Taken unparsed so that `-5` reaches our amount check instead of reading as an option.
        @Argument(parsing: .allUnrecognized,
                  help: .localized("What one payment costs, like 15.49 (no more decimals than the currency has)."))
        var amount: [String] = []

        @Option(help: .localized("ISO 4217 code (default: config currency, initially USD).", valueName: "code"),
                completion: Currency.defaultCompletionKind, transform: strictly(Currency.init(input:)))
        var currency: Currency?

        @Option(help: .localized(
            "How often it bills: monthly, yearly, weekly, '3 months', 2w, 90d ..., or once (default: monthly).",
            valueName: "cycle"),
                completion: BillingCycle.defaultCompletionKind, transform: strictly(BillingCycle.init(typed:)))
        var every: BillingCycle?

        @Option(parsing: .unconditional, help: .localized("The first billing date (default: today).", valueName: "date"))
        var start: String?

        @Option(parsing: .unconditional, help: .localized("End of a free trial: the date of the first paid charge.", valueName: "date"))
        var trialEnd: String?

        @Option(help: .localized("A category, such as Streaming or Software.", valueName: "name"),
                completion: ShellCompletion.categories)
        var category: String?

        @Option(help: .localized("Where to manage it.", valueName: "url"))
        var url: String?

        @Option(help: .localized("Free text.", valueName: "text"))
        var notes: String?

        @Option(help: .localized("How you pay, like 'Visa ••4242'.", valueName: "text"))
        var paymentMethod: String?

        @Option(help: .localized("Days before each payment to remind, like 7,1 (default: config remind-days).",
                                   valueName: "days"))
        var remind: String?

        @Option(help: .localized(
            "People you share the cost with, weights after a colon: 'Alice,Bob:2' (you count 1).",
            valueName: "names"))
        var sharedWith: String?

        @Option(help: .localized("Who pays the bill, when not you (config me); 'subs owe' counts what is owed to them.",
                                   valueName: "name"))
        var paidBy: String?

        @Flag(help: .localized("It does not renew by itself (the same as --renewal manual)."))
        var noAutoRenew = false

        @OptionGroup var contract: ContractOptions

        @Option(help: .localized("Output format."))
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            if name == nil, amount.isEmpty, Terminal.standardInputIsTerminal, Terminal.standardOutput.isTerminal {
                return try AddInteractive(store: store, clock: clock, format: format).run()
            }
            guard let name else { throw UsageError.missingArgument("<name>") }
            if amount.isEmpty { throw UsageError.missingArgument("<amount>") }
            if amount.count > 1 { throw UsageError.unexpectedArgument(amount[1]) }
            let today = try clock.resolve()
            var new = NewSubscription(
                name: try TextInput.name(name),
                amount: try DecimalAmount(typed: amount[0], in: Language.current),
                currency: currency,
                cycle: every ?? .monthly,
                startDate: try start.map { try CivilDate(typed: $0, today: today, in: Language.current) } ?? today,
                trialEnd: try trialEnd.map { try CivilDate(typed: $0, today: today, in: Language.current) },
                category: try category.map { try TextInput.name($0, what: .category) },
                url: try url.flatMap { try TextInput.freeText($0, what: .url) },
                notes: try notes.flatMap { try TextInput.freeText($0, what: .notes) },
                paymentMethod: try paymentMethod.flatMap { try TextInput.freeText($0, what: .paymentMethod) },
                remindDays: try remind.map(RemindDays.parse),
                members: try sharedWith.map(Member.parseList) ?? [])
            new.paidBy = try paidBy.map { try TextInput.name($0, what: .memberName) }
            try contract.apply(to: &new, noAutoRenew: noAutoRenew, today: today)
            if let currency = new.currency {
                _ = try Money(new.amount, currency: currency)
            }
            // Whose it is, so that every machine it syncs to splits it the same way (§15): config
            // me, which the store reads as it adds, else the account name.
            new.owner = AccountName.current
            let store = try store.openStore()
            let (subscription, newCategory) = try store.addCreatingCategory(new)
            let snapshot = SubscriptionSnapshot(subscription, today: today, config: try store.config(), me: try AccountName.me(store))
            print(SubscriptionRenderer.newCategory(newCategory, format: format)
                  + SubscriptionRenderer.confirmation(.added, snapshot, format: format), terminator: "")
        }
    }
}
