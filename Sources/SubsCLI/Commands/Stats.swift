import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Spend by category, per month from the payments made, and a 12-month forecast.",
            discussion: "Figures are in the base currency (config currency), converted with 'subs rates'.")

        @Option(help: ArgumentHelp("How many months back, this one included (default: 6).", valueName: "n"))
        var months: Int = SubscriptionCore.Stats.defaultMonths

        @Flag(help: "Count only your part of shared costs.")
        var myShare = false

        @Option(help: "Output format.")
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            guard (1...120).contains(months) else { throw UsageError.monthsOutOfRange(months) }
            let today = try clock.resolve()
            let store = try store.openStore()
            let stats = try SubscriptionCore.Stats(
                try store.subscriptions(), today: today, months: months, converter: try store.converter(),
                myShare: myShare)
            print(StatsRenderer.render(stats, format: format, categories: CategoryStyles(try store.categoryUsage())),
                  terminator: "")
        }
    }
}
