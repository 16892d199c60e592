import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Cancel a subscription: no payment after the date is charged.",
            discussion: "It stays usable until the day before the first payment that will not be made.")

        @Argument(help: "The subscription: its name, its id, or the first 4+ characters of its id.")
        var reference: String

        @Option(help: ArgumentHelp("The day it is cancelled (default: today).", valueName: "date"))
        var on: String?

        @Option(help: "Output format.")
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let date = try on.map { try CivilDate(input: $0, today: today) } ?? today
            let store = try store.openStore()
            let subscription = try store.update(reference) { try $0.cancel(on: date) }
            var message = "Cancelled \(subscription.name.terminalSafe) on \(date)"
            if let activeUntil = subscription.activeUntil {
                message += "; active until \(activeUntil)"
            }
            let snapshot = SubscriptionSnapshot(subscription, today: today, config: try store.config())
            print(SubscriptionRenderer.lifecycle(message, snapshot, format: format), terminator: "")
        }
    }
}
