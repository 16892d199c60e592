import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: localized("Show one subscription with its price history and payments.")).parsedAlone

        @Argument(help: .localized("The subscription: its name, its id, or the first 4+ characters of its id."),
                  completion: ShellCompletion.references)
        var reference: String

        @Option(help: .localized("Output format."))
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let store = try store.openStore()
            let (subscription, login) = try store.login(reference)
            let snapshot = SubscriptionSnapshot(subscription, today: today, config: try store.config(), me: try AccountName.me(store))
            let detail = SubscriptionDetail(snapshot)
            print(SubscriptionRenderer.detail(detail, hasLogin: login != nil, format: format), terminator: "")
        }
    }
}
