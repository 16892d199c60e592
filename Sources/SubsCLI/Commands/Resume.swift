import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Resume: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resume",
            abstract: localized("Resume a paused or cancelled subscription on --on (default today)."),
            discussion: localized("""
                After a pause, payments continue on their usual days from the date on. After a
                cancellation (also one that came during a pause), billing restarts: the date
                becomes the new billing day. It prints each thing it did.
                """)).parsedAlone

        @OptionGroup var options: LifecycleOptions

        func run() throws {
            let (today, date) = try options.dates()
            let store = try options.store.openStore()
            var outcome = ResumeOutcome()
            let resumed = try store.update(options.reference, as: .resume) { outcome = try $0.resume(on: date) }
            let message = LifecycleText.resumed(resumed.name, on: date, outcome)
            let snapshot = SubscriptionSnapshot(resumed, today: today, config: try store.config(), me: try AccountName.me(store))
            print(SubscriptionRenderer.lifecycle(message, snapshot, format: options.format), terminator: "")
        }
    }
}
