import ArgumentParser
import Foundation
import SubscriptionCore

extension Subs {
    struct Detect: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "detect",
            abstract: localized("Find the subscriptions in a bank statement, offline."),
            discussion: localized("""
                Reads a statement exported from a bank (CSV with a header, or OFX/QFX) and reports the \
                charges that recur: the merchant, the latest amount, the cycle, the first and last \
                charge, the next one expected, and whether subs already tracks it. Nothing leaves the \
                machine, and nothing is written unless --add or --record is given.

                --add adds what is not yet tracked (asking for each at a terminal; --yes adds all), \
                billing from its first charge, with the prices seen. --record records each charge of a \
                tracked subscription as paid, at the amount the bank took. Running either again on the \
                same statement adds and records nothing new.

                Examples:
                  subs detect statement.csv
                  subs detect export.ofx --add --yes --record
                  subs detect hesap.csv --map date=Tarih,description=Açıklama,amount=Tutar --date-format DD.MM.YYYY
                """)).parsedAlone

        @Argument(help: .localized("The statement file, or - for standard input."), completion: .file())
        var file: String

        @Option(help: .localized("The file's format: csv or ofx (default: told from the content)."))
        var from: StatementFormat?

        @Option(help: .localized("Which CSV columns hold the date, description and amount, like date=Tarih,description=Açıklama,amount=Tutar."))
        var map: String?

        @Option(help: .localized("The order of dates that could be either, like DD/MM/YYYY or MM/DD/YYYY.", valueName: "format"))
        var dateFormat: String?

        @Option(help: .localized("The currency of amounts the file does not name (default: config currency).", valueName: "code"),
                completion: Currency.defaultCompletionKind, transform: strictly(Currency.init(input:)))
        var currency: Currency?

        @Option(help: .localized("Output format."))
        var format: ObjectFormat = .table

        @Flag(help: .localized("Add the subscriptions found that are not tracked yet."))
        var add = false

        @Flag(name: [.short, .long], help: .localized("With --add: add them all without asking."))
        var yes = false

        @Flag(help: .localized("Record the charges of tracked subscriptions as paid, with the amounts the bank took."))
        var record = false

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            // Checked here, not in validate(): argument-parser turns what validate() throws,
            // but its own ValidationError, into exit 1.
            if yes && !add { throw UsageError.optionNeedsOption("--yes", needs: "--add", because: localized("it answers what --add asks")) }
            let today = try clock.resolve()
            let columns = try map.map { try StatementColumns(map: $0) }
            let order = try dateFormat.map { try StatementDateFormat(input: $0) }
            let text = try Self.read(file)
            let store = try store.openStore()
            var detection = try DetectionRun.detect(
                text, path: file, format: from, columns: columns, dateFormat: order, currency: currency,
                in: store, today: today)
            for skipped in detection.statement.skipped {
                printError(localized("subs: warning: \(skipped.message(in: Language.current).terminalSafe); left out"))
            }
            // Amounts in a currency nobody named would be written as the config's without a word.
            if (add || record) && currency == nil && detection.statement.currencyAssumed {
                throw UsageError.statementCurrencyUnnamed(
                    file: file, option: add ? "--add" : "--record", assumed: detection.currency.code)
            }
            if add || record {
                let adding = add ? try chooseToAdd(detection.untracked) : []
                let outcome: DetectionOutcome
                (outcome, detection) = try DetectionRun.apply(
                    detection, adding: adding, record: record, to: store, today: today, owner: AccountName.current)
                if format == .table { print(DetectRenderer.outcome(outcome), terminator: "") }
            }
            print(DetectRenderer.render(detection.findings, format: format, statement: detection.statement), terminator: "")
        }

        /// Of the untracked, running series, those to add: all with --yes, else those the user says yes to.
        private func chooseToAdd(_ candidates: [RecurringSeries]) throws -> [RecurringSeries] {
            guard !yes, !candidates.isEmpty else { return candidates }
            guard Terminal.standardInputIsTerminal else {
                throw UsageError.unconfirmedAdd(candidates.count)
            }
            return candidates.filter { series in
                print(localized("Add \(DetectRenderer.summary(series))? [y/N] "), terminator: "")
                return Terminal.confirmed(readLine())
            }
        }

        private static func read(_ file: String) throws -> String {
            StatementText.decoded(try InputFile.contents(of: file, .statement, standardInput: true))
        }
    }
}

extension StatementFormat: ExpressibleByArgument {}
