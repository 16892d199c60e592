import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Owe: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "owe",
            abstract: localized("Work out what the household owes each other for shared bills, and the fewest transfers that settle it."),
            discussion: localized("""
                Each payment made of a shared subscription (--shared-with) is split by weight, whoever
                added it counting 1 (config me on their machine); each part is owed to whoever pays
                the bill (--paid-by, default whoever added it). Recorded charges count as charged;
                settlements ('subs settle') count against what is owed. Per currency, and in the base
                currency when every rate is set.

                Examples:
                  subs owe
                  subs owe --since 2026-01-01 --until 2026-03-31 --format json
                """)).parsedAlone

        @Option(parsing: .unconditional, help: .localized("The first day counted (default: the first payment).", valueName: "date"))
        var since: String?

        @Option(parsing: .unconditional, help: .localized("The last day counted (default: today).", valueName: "date"))
        var until: String?

        @Option(help: .localized("Output format."))
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let first = try since.map { try CivilDate(typed: $0, today: today, in: Language.current) }
            let last = try until.map { try CivilDate(typed: $0, today: today, in: Language.current) } ?? today
            let store = try store.openStore()
            let owed = try Owed(
                subscriptions: try store.subscriptions(), settlements: try store.settlements(),
                me: AccountName.me(try store.config()), since: first, until: last, today: today,
                converter: try store.converter())
            print(OweRenderer.render(owed, format: format), terminator: "")
        }
    }
}
