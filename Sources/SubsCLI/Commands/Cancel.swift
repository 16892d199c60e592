import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel",
            abstract: localized("Cancel a subscription: no payment after the date (--on, default today) is charged."),
            discussion: localized("""
                It stays usable until the day before the first payment that will not be made. A \
                subscription with a contract term is cancelled by giving notice on --on: the \
                contract ends at the first term end whose cancel-by day is on or after it, and \
                the payments up to that end are still charged; --end forces an earlier end.
                """)).parsedAlone

        @OptionGroup var options: LifecycleOptions

        @Option(parsing: .unconditional, help: .localized(
            "For a contract: end it on this day instead of at a term end (a special termination).",
            valueName: "date"))
        var end: String?

        func run() throws {
            let (today, date) = try options.dates()
            let forcedEnd = try end.map { try CivilDate(typed: $0, today: today, in: Language.current) }
            let store = try options.store.openStore()
            var notice: NoticeOutcome?
            let cancelled = try store.update(options.reference, as: .cancel) { subscription in
                // A contract ends at a term end; without one, --end is refused by the core.
                if subscription.contract != nil || forcedEnd != nil {
                    notice = try subscription.giveNotice(on: date, forcedEnd: forcedEnd)
                } else {
                    try subscription.cancel(on: date)
                }
            }
            let snapshot = SubscriptionSnapshot(cancelled, today: today, config: try store.config(), me: try AccountName.me(store))
            if let notice {
                return print(options.format == .json ? SubscriptionJSON.object(snapshot).rendered
                    : LifecycleText.notice(cancelled.name, notice), terminator: "")
            }
            let name = cancelled.name.terminalSafe
            let message = cancelled.activeUntil.map {
                localized("Cancelled \(name) on \(SubscriptionText.date(date)); active until \(SubscriptionText.date($0))")
            } ?? localized("Cancelled \(name) on \(SubscriptionText.date(date))")
            print(SubscriptionRenderer.lifecycle(message, snapshot, format: options.format), terminator: "")
        }
    }
}
