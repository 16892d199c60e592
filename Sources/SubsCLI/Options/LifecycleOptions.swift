import ArgumentParser
import SubscriptionCore

/// What `cancel`, `pause` and `resume` share: which subscription, from which day, how to print.
struct LifecycleOptions: ParsableArguments {
    @Argument(help: "The subscription: its name, its id, or the first 4+ characters of its id.")
    var reference: String

    @Option(help: ArgumentHelp("The day it takes effect (default: today).", valueName: "date"))
    var on: String?

    @Option(help: "Output format.")
    var format: ObjectFormat = .table

    @OptionGroup var store: StoreOptions
    @OptionGroup var clock: TodayOptions

    /// Today, and the `--on` day (default today).
    func dates() throws -> (today: CivilDate, on: CivilDate) {
        let today = try clock.resolve()
        return (today, try on.map { try CivilDate(input: $0, today: today) } ?? today)
    }

    /// Applies `change` to the subscription and prints `message(subscription)` with its next payment.
    func apply(
        today: CivilDate, _ change: (inout Subscription) throws -> Void, message: (Subscription) -> String
    ) throws {
        let store = try store.openStore()
        let subscription = try store.update(reference, change)
        let snapshot = SubscriptionSnapshot(subscription, today: today, config: try store.config())
        print(SubscriptionRenderer.lifecycle(message(subscription), snapshot, format: format), terminator: "")
    }
}
