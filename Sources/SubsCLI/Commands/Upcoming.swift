import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Upcoming: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "upcoming",
            abstract: localized("List every payment, trial end, last day to cancel and end due soon, oldest first."),
            discussion: localized("""
                The window runs from today through today + --days (default 30), both inclusive. A 'cancel by' row \
                shows what missing the deadline costs, an 'ends' row the last payment; the totals count payments only.
                """)).parsedAlone

        @Option(parsing: .unconditional, help: .localized("How many days ahead to look (default: 30).", valueName: "n"))
        var days: Int?

        @Option(parsing: .unconditional, help: .localized("Look ahead through this date instead.", valueName: "date"))
        var until: String?

        @Option(help: .localized("Output format."))
        var format: ListFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            if days != nil && until != nil { throw UsageError.conflictingOptions("--days", "--until") }
            let today = try clock.resolve()
            let until = try until.map { try CivilDate(typed: $0, today: today, in: Language.current) }
            let end = try UpcomingReport.end(today: today, days: days, until: until)
            let opened = try store.openStore()
            store.noteMissingDatabase(opened)
            let report = UpcomingReport(try opened.subscriptions(), today: today, through: end)
            UpcomingRenderer.printReport(report, format: format)
            LeftForExit.keep(report)
        }
    }
}
