import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Resume: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Resume a paused or cancelled subscription on --on (default today).",
            discussion: """
                After a pause, payments continue on their usual days from the date on. After a
                cancellation, billing restarts: the date becomes the new billing day.
                """)

        @OptionGroup var options: LifecycleOptions

        func run() throws {
            let (today, date) = try options.dates()
            try options.apply(today: today, { try $0.resume(on: date) }) { subscription in
                "Resumed \(subscription.name.terminalSafe) on \(date)"
            }
        }
    }
}
