import ArgumentParser
import Foundation
import SubscriptionCore

extension DuplicatePolicy: ExpressibleByArgument {}

extension Subs {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: localized("Import subscriptions from subs, Wallos, subtrack, SubTrackr, or any CSV."),
            discussion: localized("""
                The format is recognised from the content unless --from names it. The file is taken \
                whole or not at all: one bad record refuses it, naming the record and the field, and \
                nothing is written. A subscription with the same name and currency as one already \
                there is a duplicate: skipped unless --on-duplicate says otherwise, so importing the \
                same file twice adds nothing the second time. Categories that don't exist are created.

                Wallos: its backup zip (or wallos.db), its JSON export or its CSV export. A price in \
                '$', 'kr' or '¥' needs --currency to say which currency it is. subtrack and \
                SubTrackr: their CSV exports. Any other CSV with a header: --map names the column of \
                each field (\(MappedCSVFormat.Field.allCases.map(\.rawValue).joined(separator: ", "))); \
                name and amount are required, every defaults to monthly, start (or next) to today.

                Examples:
                  subs import backup.json --dry-run
                  subs import subscriptions.csv
                  subs import Wallos-Backup-20261122.zip
                  subs import subscriptions.json --from wallos --currency USD
                  subs import sheet.csv --map name=Service,amount=Cost,every=Billing,start=Started
                  subs export --format json | subs import - --db other.db
                """)).parsedAlone

        @Argument(help: .localized("The file to import, or - for standard input.", valueName: "file"),
                  completion: .file())
        var file: String

        @Option(help: .localized(
            "The file's format: \(ImportFormats.names.joined(separator: ", ")) (default: recognised from the content).",
            valueName: "format"))
        var from: String?

        @Option(help: .localized("The currency of records that name none, or only a symbol several currencies use ($, kr, ¥).", valueName: "code"),
                completion: Currency.defaultCompletionKind, transform: strictly(Currency.init(input:)))
        var currency: Currency?

        @Option(help: .localized(
            "For any CSV: which column holds each field, like name=Service,amount=Cost,every=Billing,start=Started.",
            valueName: "field=column,..."), transform: Self.columnMap)
        var map: [MappedCSVFormat.Field: String]?

        @Flag(help: .localized("Print what would be added, skipped and replaced, and write nothing."))
        var dryRun = false

        @Option(help: .localized("What to do with a subscription already there (same name and currency): skip, add or replace."))
        var onDuplicate: DuplicatePolicy = .skip

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        /// Reads `--map`; a refusal says what it expects, after the value argument-parser names.
        @Sendable static func columnMap(_ text: String) throws -> [MappedCSVFormat.Field: String] {
            do {
                return try MappedCSVFormat.map(text)
            } catch is ImportOptionError {
                throw ExpectedValue(description: ImportOptionError.expectedMap(in: Language.current))
            }
        }

        func run() throws {
            let today = try clock.resolve()
            let data = try InputFile.contents(of: file, .importFile, standardInput: true)
            let outcome = try store.openStore().importFile(
                data, path: file, from: from,
                options: ImportOptions(currency: currency, today: today, map: map,
                                       wallosReader: { try WallosChild.read($0) },
                                       readDate: { [language = Language.current] text, today in
                                           try CivilDate(typed: text, today: today, in: language)
                                       },
                                       readCycle: { try BillingCycle(typed: $0) }),
                onDuplicate: onDuplicate, dryRun: dryRun)
            print(ImportRenderer.text(outcome), terminator: "")
            LeftForExit.keep(outcome)
        }
    }
}
