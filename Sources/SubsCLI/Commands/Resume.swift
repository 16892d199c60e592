import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Resume: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Resume a paused or cancelled subscription.",
            discussion: """
                After a pause, payments continue on their usual days from the date on. After a
                cancellation, billing restarts: the date becomes the new billing day.
                """)

        @Argument(help: "The subscription: its name, its id, or the first 4+ characters of its id.")
        var reference: String

        @Option(help: ArgumentHelp("The day it resumes (default: today).", valueName: "date"))
        var on: String?

        @Option(help: "Output format.")
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let date = try on.map { try CivilDate(input: $0, today: today) } ?? today
            let store = try store.openStore()
            let subscription = try store.update(reference) { try $0.resume(on: date) }
            let snapshot = SubscriptionSnapshot(subscription, today: today, config: try store.config())
            let message = "Resumed \(subscription.name.terminalSafe) on \(date)"
            print(SubscriptionRenderer.lifecycle(message, snapshot, format: format), terminator: "")
        }
    }
}
