import ArgumentParser
import Foundation
import SubscriptionCore

/// What `export` writes.
enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case ics, json, csv
}

extension Subs {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: localized("Export every subscription as JSON or CSV, or the payments as an iCalendar file."),
            discussion: localized("""
                json is the export document: everything subs knows (price history, billing periods, \
                pauses, members, categories, settings, rates), which 'subs import' reads back without \
                loss (docs/json.md). csv holds every subscription, cancelled ones included, as 'list' \
                prints them. \
                ics holds one recurring all-day event per subscription that still has payments, on \
                exactly the dates 'upcoming' lists, with a reminder per offset; import it into any \
                calendar, and import it again to update the same events.

                Examples:
                  subs export --format ics --output ~/subscriptions.ics
                  subs export --format json > backup.json
                """)).parsedAlone

        @Option(help: .localized("What to write."))
        var format: ExportFormat = .json

        @Option(help: .localized(
            "Write to this file instead of standard output (a regular file is replaced whole, mode 0600; a pipe or device is written to).",
            valueName: "file"),
                completion: .file())
        var output: String?

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let store = try store.openStore()
            let subscriptions = try store.subscriptions()
            let config = try store.config()
            let text: String
            switch format {
            case .ics:
                text = ICalendar.document(
                    for: subscriptions, config: config, today: today, generatedAt: Date(), wording: .english)
            case .json:
                text = try store.exportDocument().encoded()
            case .csv:
                let list = try SubscriptionList(
                    subscriptions, query: ListQuery(status: [.all], sort: .name), today: today, config: config,
                    me: AccountName.me(config))
                text = try SubscriptionRenderer.list(list, format: .csv, terminal: .plain)
            }
            if let output, output != "-" {
                try store.writeExport(text, to: output)
            } else {
                print(text, terminator: "")
            }
        }
    }
}
