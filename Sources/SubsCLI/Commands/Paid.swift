import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Paid: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "paid",
            abstract: localized("Record that a payment was charged, and how much."),
            discussion: localized("""
                Records the payment due on --on (default: the latest scheduled on or before today) \
                at --amount (default: the scheduled amount). A day without a scheduled payment \
                records an extra charge. Money already spent (show, stats, summary) uses recorded \
                amounts; forecasts stay on the schedule. --undo removes the record on --on.

                Examples:
                  subs paid electricity --amount 84.20
                  subs paid netflix --on 2026-10-30 --amount 17.99
                  subs paid netflix --undo --on 2026-10-30
                """))

        @Argument(help: .localized("The subscription: its name, its id, or the first 4+ characters of its id."),
                  completion: ShellCompletion.references)
        var reference: String

        @Option(parsing: .unconditional, help: .localized("The day it was charged (default: the latest scheduled payment).", valueName: "date"))
        var on: String?

        @Option(parsing: .unconditional, help: .localized("What was charged (default: the scheduled amount).", valueName: "amount"))
        var amount: String?

        @Flag(help: .localized("Remove the record on --on instead."))
        var undo = false

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            // Checked here, not in validate(): argument-parser turns what validate() throws,
            // but its own ValidationError, into exit 1.
            if undo && on == nil { throw UsageError.optionNeedsOption("--undo", needs: "--on", because: localized("it names the record to remove")) }
            if undo && amount != nil { throw UsageError.conflictingOptions("--undo", "--amount") }
            let today = try clock.resolve()
            let date = try on.map { try CivilDate(input: $0, today: today) }
            let amount = try amount.map(DecimalAmount.init(input:))
            let store = try store.openStore()
            if undo, let date {
                let subscription = try store.update(reference, as: .paid) { try $0.removeRecord(on: date) }
                print(localized("Removed the record of \(subscription.name.terminalSafe) on \(SubscriptionText.date(date))."))
                return
            }
            var record: ChargeRecord?
            let subscription = try store.update(reference, as: .paid) { subscription in
                let money = try amount.map { try Money($0, currency: subscription.currency) }
                record = try subscription.recordPaid(on: date, amount: money, today: today)
            }
            guard let record, let charged = record.amount else { return }
            let scheduled = subscription.scheduledPayments(from: record.date, through: record.date).first
            let (name, paid, day) = (subscription.name.terminalSafe, MoneyText.display(charged), SubscriptionText.date(record.date))
            switch scheduled {
            case let scheduled? where scheduled.amount == charged:
                print(localized("Recorded \(name): \(paid) charged on \(day)."))
            case let scheduled?:
                let planned = MoneyText.display(scheduled.amount)
                print(localized("Recorded \(name): \(paid) charged on \(day) (scheduled \(planned))."))
            case nil:
                print(localized("Recorded \(name): \(paid) charged on \(day) (an extra charge)."))
            }
        }
    }

    struct Skip: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "skip",
            abstract: localized("Record that a scheduled payment was not charged (a free month)."),
            discussion: localized("It vanishes from payments made, spend per month, upcoming and reminders. 'subs paid REF --undo --on DATE' takes it back."))

        @Argument(help: .localized("The subscription: its name, its id, or the first 4+ characters of its id."),
                  completion: ShellCompletion.references)
        var reference: String

        @Option(parsing: .unconditional, help: .localized("The day of the scheduled payment.", valueName: "date"))
        var on: String

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let date = try CivilDate(input: on, today: today)
            let subscription = try store.openStore().update(reference, as: .skip) { try $0.recordSkip(on: date, today: today) }
            print(localized("Recorded \(subscription.name.terminalSafe): the payment of \(SubscriptionText.date(date)) was skipped."))
        }
    }
}
