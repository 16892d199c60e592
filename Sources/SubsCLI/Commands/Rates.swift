import ArgumentParser
import Foundation
import SubscriptionCore

extension Subs {
    struct Rates: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rates",
            abstract: localized("Exchange rates into your base currency (config currency)."),
            discussion: localized("""
                'subs rates set EUR 1.08' means 1 EUR = 1.08 in the base currency;
                'subs rates set TRY 34.5 --inverse' means 1 in the base currency = 34.5 TRY.
                Totals are converted only when every rate they need is known. Nothing is fetched
                from the network.
                """),
            subcommands: [List.self, Set.self, Import.self, Delete.self]).parsedAlone
    }
}

extension Subs.Rates {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: localized("Show the rates and when each was set.")).parsedAlone

        @Option(help: .localized("Output format."))
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try store.openStore()
            print(RatesRenderer.list(try store.rates(), base: try store.config().currency, format: format),
                  terminator: "")
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: localized("Set the rate of one currency."), usage: "subs rates set <code> <rate> [<options>]").parsedAlone

        @Argument(help: .localized("The currency, like EUR.", valueName: "code"),
                  completion: Currency.defaultCompletionKind, transform: strictly(Currency.init(input:)))
        var currency: Currency

        // Taken unparsed so that `-1` reaches the rate check instead of reading as an option.
        @Argument(parsing: .allUnrecognized, help: .localized("What 1 unit of it is worth in the base currency, like 1.08."))
        var rate: [String] = []

        @Flag(help: .localized(
            "The rate is what 1 unit of the base currency is worth in <code>: '--inverse TRY 34.5'.",
            discussion: localized(
                "Stored as the rate of 1 <code>: exact when 1/rate has a finite decimal, else rounded to 20 significant digits.")))
        var inverse = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            if rate.isEmpty { throw UsageError.missingArgument("<rate>") }
            if rate.count > 1 { throw UsageError.unexpectedArgument(rate[1]) }
            let store = try store.openStore()
            let base = try store.config().currency.code
            // A rate is written as an amount is: the reader's form of it (`1,08` in Turkish) too.
            let typed = (try? LocaleInput.amount(rate[0], in: Language.current)) ?? rate[0]
            if inverse {
                let set = try store.setInverseRate(currency, typed)
                print(localized("1 \(currency.code) = \(MoneyText.number(set.text)) \(base) (1 \(base) = \(rate[0]) \(currency.code))"))
            } else {
                try store.setRates([(currency, typed)])
                let set = try store.rates().first { $0.currency == currency }
                print(localized("1 \(currency.code) = \(set.map { MoneyText.number($0.text) } ?? rate[0]) \(base)"))
            }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: localized("Delete the rate of one currency.")).parsedAlone

        @Argument(help: .localized("The currency, like EUR.", valueName: "code"),
                  completion: Currency.defaultCompletionKind, transform: strictly(Currency.init(input:)))
        var currency: Currency

        @OptionGroup var store: StoreOptions

        func run() throws {
            try store.openStore().deleteRate(currency)
            print(localized("Deleted the rate of \(currency.code)."))
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: localized("Set rates from a CSV file of 'code,rate' lines."),
            discussion: localized("A bad line refuses the whole file, naming its line number.")).parsedAlone

        @Argument(help: .localized("The CSV file."),
                  completion: .file())
        var file: String

        @OptionGroup var store: StoreOptions

        func run() throws {
            let data = try InputFile.contents(of: file, .ratesFile)
            let store = try store.openStore()
            let rates = try RatesFile.parse(
                String(decoding: data, as: UTF8.self), path: file, base: try store.config().currency)
            try store.setRates(rates)
            print(rates.count == 1 ? localized("Imported 1 rate.") : localized("Imported \(rates.count) rates."))
        }
    }
}
