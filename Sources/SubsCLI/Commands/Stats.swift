import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: localized("Spend by category, per month from the payments made, and a 12-month forecast."),
            discussion: localized("Figures are in the base currency (config currency), converted with 'subs rates'.")).parsedAlone

        @Option(parsing: .unconditional, help: .localized("How many months back, this one included.", valueName: "n"))
        var months: Int = SubscriptionCore.Stats.defaultMonths

        @Flag(help: .localized("Count only your part of shared costs."))
        var myShare = false

        @Option(help: .localized("Output format."))
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            guard (1...120).contains(months) else { throw UsageError.monthsOutOfRange(months) }
            let today = try clock.resolve()
            let store = try store.openStore()
            let stats = try SubscriptionCore.Stats(
                try store.subscriptions(), today: today, months: months, converter: try store.converter(),
                myShare: myShare, me: AccountName.me(try store.config()))
            print(StatsRenderer.render(stats, format: format, categories: CategoryStyles(try store.categoryUsage())),
                  terminator: "")
        }
    }
}
