import ArgumentParser
import SubscriptionCore

extension ListQuery.StatusFilter: ExpressibleByArgument {}
extension ListQuery.Sort: ExpressibleByArgument {}

extension Subs {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List subscriptions with their next payment and monthly cost.",
            discussion: "Without --status, shows everything except cancelled subscriptions.")

        @Option(help: "Only subscriptions with this status.")
        var status: ListQuery.StatusFilter?

        @Option(help: ArgumentHelp("Only subscriptions in this category.", valueName: "name"))
        var category: String?

        @Option(help: ArgumentHelp("Only subscriptions whose name, notes or URL contain this text.",
                                   valueName: "text"))
        var search: String?

        @Option(help: ArgumentHelp("Only subscriptions paid this way (matches part of it, like visa).",
                                   valueName: "text"))
        var paymentMethod: String?

        @Option(help: "Sort order.")
        var sort: ListQuery.Sort = .next

        @Option(help: "Output format.")
        var format: ListFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let query = ListQuery(
                status: status, category: category, search: search, paymentMethod: paymentMethod, sort: sort)
            let store = try store.openStore()
            let list = SubscriptionList(try store.subscriptions(), query: query, today: today, config: try store.config())
            print(SubscriptionRenderer.list(list, format: format), terminator: "")
        }
    }
}
