import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Paid: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "paid",
            abstract: localized("Record that a payment was charged, and how much."),
            discussion: localized("""
                Records the payment due on --on (default: the latest scheduled on or before today) \
                at --amount (default: the scheduled amount). Banks post a few days off: a day \
                within 5 days of a scheduled payment records that payment, as detect --record \
                matches; any other day is refused unless --extra records a charge beyond the \
                schedule. A payment already recorded is not recorded twice. Money already spent \
                (show, stats, summary) uses recorded amounts; forecasts stay on the schedule. \
                --undo removes the record on --on (the bank's day or the payment's).

                Examples:
                  subs paid electricity --amount 84.20
                  subs paid netflix --on 2026-10-30 --amount 17.99
                  subs paid netflix --undo --on 2026-10-30
                """)).parsedAlone

        @Argument(help: .localized("The subscription: its name, its id, or the first 4+ characters of its id."),
                  completion: ShellCompletion.references)
        var reference: String

        @Option(parsing: .unconditional, help: .localized("The day it was charged (default: the latest scheduled payment).", valueName: "date"))
        var on: String?

        @Option(parsing: .unconditional, help: .localized("What was charged (default: the scheduled amount).", valueName: "amount"))
        var amount: String?

        @Flag(help: .localized("Remove the record on --on instead."))
        var undo = false

        @Flag(help: .localized("Record a charge beyond the schedule on --on, however near a scheduled payment."))
        var extra = false

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            // Checked here, not in validate(): argument-parser turns what validate() throws,
            // but its own ValidationError, into exit 1.
            if undo && on == nil { throw UsageError.optionNeedsOption("--undo", needs: "--on", because: localized("it names the record to remove")) }
            if undo && amount != nil { throw UsageError.conflictingOptions("--undo", "--amount") }
            if undo && extra { throw UsageError.conflictingOptions("--undo", "--extra") }
            if extra && on == nil { throw UsageError.optionNeedsOption("--extra", needs: "--on", because: localized("it names the day of the charge")) }
            let today = try clock.resolve()
            let date = try on.map { try CivilDate(typed: $0, today: today, in: Language.current) }
            let amount = try amount.map { try DecimalAmount(typed: $0, in: Language.current) }
            let store = try store.openStore()
            if undo, let date {
                var removed = date
                let subscription = try store.update(reference, as: .paid) { removed = try $0.removeRecord(on: date, today: today) }
                let name = subscription.name.terminalSafe
                print(removed == date ? localized("Removed the record of \(name) on \(SubscriptionText.date(date)).")
                      : localized("Removed the record of \(name) charged on \(SubscriptionText.date(date)), the payment due \(SubscriptionText.date(removed))."))
                return
            }
            var paid: PaidRecord?
            let subscription = try store.update(reference, as: .paid) { subscription in
                let money = try amount.map { try Money($0, currency: subscription.currency) }
                paid = try subscription.recordPaid(on: date, amount: money, extra: extra, today: today)
            }
            guard let paid, let charged = paid.record.amount else { return }
            print(Self.message(paid, charged: charged, of: subscription, today: today))
        }

        /// What `paid` did, in one line: recorded (on the bank's day, for the payment due when
        /// that differs), corrected, or already recorded.
        static func message(_ paid: PaidRecord, charged: Money, of subscription: Subscription, today: CivilDate) -> String {
            let record = paid.record
            let scheduled = subscription.scheduledPayments(from: record.date, through: record.date).first
            let name = subscription.name.terminalSafe
            let (amount, day, bankDay) = (MoneyText.display(charged), SubscriptionText.date(record.date), SubscriptionText.date(paid.chargedOn))
            if paid.wasAlreadyRecorded {
                return localized("\(name): the payment due \(day) is already recorded (\(amount) charged); nothing changed.")
            }
            if let was = paid.previous?.amount {
                return localized("Updated \(name): \(amount) charged for the payment due \(day) (was \(MoneyText.display(was))).")
            }
            if subscription.renewal == .manual {
                // Renewed by hand: the payment is the renewal, and the next one runs from it.
                let next = record.date.adding(days: 1).flatMap { subscription.nextPayment(onOrAfter: $0, today: today) }
                return next.map {
                    localized("Renewed \(name): \(amount) paid on \(day); the next renewal is due \(SubscriptionText.date($0.date)).")
                } ?? localized("Renewed \(name): \(amount) paid on \(day).")
            }
            let onTheDay = paid.chargedOn == record.date
            switch scheduled {
            case let scheduled? where scheduled.amount == charged:
                return onTheDay ? localized("Recorded \(name): \(amount) charged on \(day).")
                    : localized("Recorded \(name): \(amount) charged on \(bankDay), the payment due \(day).")
            case let scheduled?:
                let planned = MoneyText.display(scheduled.amount)
                return onTheDay ? localized("Recorded \(name): \(amount) charged on \(day) (scheduled \(planned)).")
                    : localized("Recorded \(name): \(amount) charged on \(bankDay), the payment due \(day) (scheduled \(planned)).")
            case nil:
                return localized("Recorded \(name): \(amount) charged on \(day) (an extra charge).")
            }
        }
    }

    struct Skip: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "skip",
            abstract: localized("Record that a scheduled payment was not charged (a free month)."),
            discussion: localized("It vanishes from payments made, spend per month, upcoming and reminders. 'subs paid REF --undo --on DATE' takes it back.")).parsedAlone

        @Argument(help: .localized("The subscription: its name, its id, or the first 4+ characters of its id."),
                  completion: ShellCompletion.references)
        var reference: String

        @Option(parsing: .unconditional, help: .localized("The day of the scheduled payment.", valueName: "date"))
        var on: String

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let date = try CivilDate(typed: on, today: today, in: Language.current)
            let subscription = try store.openStore().update(reference, as: .skip) { try $0.recordSkip(on: date, today: today) }
            print(localized("Recorded \(subscription.name.terminalSafe): the payment of \(SubscriptionText.date(date)) was skipped."))
        }
    }
}
