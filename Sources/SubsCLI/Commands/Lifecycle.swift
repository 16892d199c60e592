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
            try LifecycleOutput.print(message, subscription, today: today, store: store, format: format)
        }
    }

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
            try LifecycleOutput.print(message, subscription, today: today, store: store, format: format)
        }
    }

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
            try LifecycleOutput.print(
                "Resumed \(subscription.name.terminalSafe) on \(date)", subscription, today: today,
                store: store, format: format)
        }
    }
}

/// What `cancel`, `pause` and `resume` print: a line with the next payment, or the JSON object.
enum LifecycleOutput {
    static func print(
        _ message: String, _ subscription: Subscription, today: CivilDate, store: SubscriptionStore,
        format: ObjectFormat
    ) throws {
        let snapshot = SubscriptionSnapshot(subscription, today: today, config: try store.config())
        switch format {
        case .json:
            Swift.print(SubscriptionJSON.object(snapshot).rendered, terminator: "")
        case .table:
            let next = snapshot.nextPayment.map {
                "next payment \($0.date) (\(SubscriptionText.days(until: $0.date, from: today)))"
            } ?? "no further payments"
            Swift.print("\(message); \(next).")
        }
    }
}
