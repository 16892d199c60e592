import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel",
            abstract: localized("Cancel a subscription: no payment after the date (--on, default today) is charged."),
            discussion: localized("It stays usable until the day before the first payment that will not be made."))

        @OptionGroup var options: LifecycleOptions

        func run() throws {
            let (today, date) = try options.dates()
            let store = try options.store.openStore()
            let cancelled = try store.update(options.reference, as: .cancel) { try $0.cancel(on: date) }
            let name = cancelled.name.terminalSafe
            let message = cancelled.activeUntil.map {
                localized("Cancelled \(name) on \(SubscriptionText.date(date)); active until \(SubscriptionText.date($0))")
            } ?? localized("Cancelled \(name) on \(SubscriptionText.date(date))")
            let snapshot = SubscriptionSnapshot(cancelled, today: today, config: try store.config())
            print(SubscriptionRenderer.lifecycle(message, snapshot, format: options.format), terminator: "")
        }
    }
}
