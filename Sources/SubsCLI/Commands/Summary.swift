import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Summary: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "summary",
            abstract: localized("What you pay: totals, the next payments, trials ending, budget use."),
            discussion: localized("""
                Totals count active subscriptions and trials. A total in one currency appears
                when every exchange rate it needs is set ('subs rates set'). Budget: 'subs config
                set budget 150' (a monthly amount in the base currency); a warning from 80%.
                """)).parsedAlone

        @Option(help: .localized("Convert totals into this currency (default: config currency).",
                                   valueName: "code"),
                completion: Currency.defaultCompletionKind, transform: strictly(Currency.init(input:)))
        var currency: Currency?

        @Flag(help: .localized("Count only your part of shared costs."))
        var myShare = false

        @Flag(help: .localized("Exit 1 when over budget, for scripts."))
        var checkBudget = false

        @Option(help: .localized("Output format."))
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let target = currency
            let store = try store.openStore()
            self.store.noteMissingDatabase(store)
            let inBase = try store.converter()
            let config = try store.config()
            let summary = try SubscriptionCore.Summary(
                try store.subscriptions(), today: today, config: config,
                converter: try target.map(inBase.rebased(to:)) ?? inBase, budgetConverter: inBase,
                myShare: myShare, me: AccountName.me(config))
            print(SummaryRenderer.render(summary, today: today, format: format), terminator: "")
            LeftForExit.keep(summary)
            if checkBudget && summary.budget?.status == .over { throw ExitCode(1) }
        }
    }
}
