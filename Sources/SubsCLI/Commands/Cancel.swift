import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Cancel a subscription: no payment after the date (--on, default today) is charged.",
            discussion: "It stays usable until the day before the first payment that will not be made.")

        @OptionGroup var options: LifecycleOptions

        func run() throws {
            let (today, date) = try options.dates()
            try options.apply(today: today, { try $0.cancel(on: date) }) { subscription in
                "Cancelled \(subscription.name.terminalSafe) on \(date)"
                    + (subscription.activeUntil.map { "; active until \($0)" } ?? "")
            }
        }
    }
}
