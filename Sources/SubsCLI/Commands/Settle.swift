import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Settle: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "settle",
            abstract: localized("Record that one person paid another what they owed ('subs owe' counts it)."),
            usage: "subs settle <from> <to> <amount> [<options>]",
            discussion: localized("""
                Examples:
                  subs settle bob alice 5.97
                  subs settle carol alice 20 --currency EUR --on 2026-03-31
                """)).parsedAlone

        @Argument(help: .localized("Who paid."))
        var from: String

        @Argument(help: .localized("Who was paid."))
        var to: String

        // Taken unparsed so that `-5` reaches our amount check instead of reading as an option.
        @Argument(parsing: .allUnrecognized, help: .localized("How much, like 5.97 (no more decimals than the currency has)."))
        var amount: [String] = []

        @Option(help: .localized("ISO 4217 code (default: config currency, initially USD).", valueName: "code"),
                completion: Currency.defaultCompletionKind, transform: strictly(Currency.init(input:)))
        var currency: Currency?

        @Option(parsing: .unconditional, help: .localized("The day it was paid (default: today).", valueName: "date"))
        var on: String?

        @Option(help: .localized("Output format."))
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            if amount.isEmpty { throw UsageError.missingArgument("<amount>") }
            if amount.count > 1 { throw UsageError.unexpectedArgument(amount[1]) }
            let today = try clock.resolve()
            let typed = try DecimalAmount(typed: amount[0], in: Language.current)
            let date = try on.map { try CivilDate(typed: $0, today: today, in: Language.current) } ?? today
            let store = try store.openStore()
            let money = try Money(typed, currency: currency ?? store.config().currency)
            let settlement = try Settlement.new(from: from, to: to, amount: money, on: date, today: today)
            try store.settle(settlement)
            print(OweRenderer.settled(settlement, format: format), terminator: "")
        }
    }
}
