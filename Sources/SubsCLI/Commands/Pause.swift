import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Pause: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Pause a subscription: payments from the start up to the end are skipped.",
            discussion: "Payments after the pause fall on the same days as before. Without --until, it lasts until 'subs resume'.")

        @Argument(help: "The subscription: its name, its id, or the first 4+ characters of its id.")
        var reference: String

        @Option(help: ArgumentHelp("The first day of the pause (default: today).", valueName: "date"))
        var on: String?

        @Option(help: ArgumentHelp("The day payments resume (default: never, until 'subs resume').",
                                   valueName: "date"))
        var until: String?

        @Option(help: "Output format.")
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let from = try on.map { try CivilDate(input: $0, today: today) } ?? today
            let until = try until.map { try CivilDate(input: $0, today: today) }
            let store = try store.openStore()
            let subscription = try store.update(reference) { try $0.pause(from: from, until: until) }
            let message = "Paused \(subscription.name.terminalSafe) from \(from)"
                + (until.map { " until \($0)" } ?? " until resumed")
            let snapshot = SubscriptionSnapshot(subscription, today: today, config: try store.config())
            print(SubscriptionRenderer.lifecycle(message, snapshot, format: format), terminator: "")
        }
    }
}
