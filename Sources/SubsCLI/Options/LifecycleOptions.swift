import ArgumentParser
import SubscriptionCore

/// What `cancel`, `pause` and `resume` share: which subscription, from which day, in which format.
struct LifecycleOptions: ParsableArguments {
    @Argument(help: .localized("The subscription: its name, its id, or the first 4+ characters of its id."),
              completion: ShellCompletion.references)
    var reference: String

    @Option(parsing: .unconditional, help: .localized("The day it takes effect (default: today).", valueName: "date"))
    var on: String?

    @Option(help: .localized("Output format."))
    var format: ObjectFormat = .table

    @OptionGroup var store: StoreOptions
    @OptionGroup var clock: TodayOptions

    /// Today, and the `--on` day (default today).
    func dates() throws -> (today: CivilDate, on: CivilDate) {
        let today = try clock.resolve()
        return (today, try on.map { try CivilDate(typed: $0, today: today, in: Language.current) } ?? today)
    }
}
