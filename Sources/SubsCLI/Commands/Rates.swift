import ArgumentParser
import Foundation
import SubscriptionCore

extension Subs {
    struct Rates: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Exchange rates into your base currency (config currency).",
            discussion: """
                'subs rates set EUR 1.08' means 1 EUR = 1.08 in the base currency. Totals are
                converted only when every rate they need is known. Nothing is fetched from the
                network.
                """,
            subcommands: [List.self, Set.self, Import.self])
    }
}

extension Subs.Rates {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the rates and when each was set.")

        @Option(help: "Output format.")
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
            abstract: "Set the rate of one currency.", usage: "subs rates set <code> <rate> [<options>]")

        @Argument(help: "The currency, like EUR.")
        var code: String

        // Taken unparsed so that `-1` reaches the rate check instead of reading as an option.
        @Argument(parsing: .allUnrecognized, help: "What 1 unit of it is worth in the base currency, like 1.08.")
        var rate: [String] = []

        func validate() throws {
            if rate.isEmpty { throw ValidationError("Missing expected argument '<rate>'") }
            if rate.count > 1 { throw ValidationError("Unexpected argument '\(rate[1])'") }
        }

        @OptionGroup var store: StoreOptions

        func run() throws {
            let currency = try Currency(input: code)
            let store = try store.openStore()
            try store.setRates([(currency, rate[0])])
            let set = try store.rates().first { $0.currency == currency }
            print("1 \(currency.code) = \(set?.text ?? rate[0]) \(try store.config().currency.code)")
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set rates from a CSV file of 'code,rate' lines.",
            discussion: "A bad line refuses the whole file, naming its line number.")

        @Argument(help: "The CSV file.")
        var file: String

        @OptionGroup var store: StoreOptions

        func run() throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw StoreError.missingFile(path: file, what: "rates file")
            }
            let store = try store.openStore()
            let rates = try RatesFile.parse(
                String(decoding: data, as: UTF8.self), path: file, base: try store.config().currency)
            try store.setRates(rates)
            print("Imported \(rates.count) rate\(rates.count == 1 ? "" : "s").")
        }
    }
}
