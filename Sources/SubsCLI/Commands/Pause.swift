import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Pause: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pause",
            abstract: localized("Pause a subscription: payments from --on (default today) up to --until are skipped."),
            discussion: localized("""
                Payments after the pause fall on the same days as before. Without --until, it
                lasts until 'subs resume'.
                """)).parsedAlone

        @OptionGroup var options: LifecycleOptions

        @Option(parsing: .unconditional, help: .localized("The day payments resume (default: never, until 'subs resume').",
                                   valueName: "date"))
        var until: String?

        func run() throws {
            let (today, from) = try options.dates()
            let until = try until.map { try CivilDate(typed: $0, today: today, in: Language.current) }
            let store = try options.store.openStore()
            let paused = try store.update(options.reference, as: .pause) { try $0.pause(from: from, until: until) }
            let name = paused.name.terminalSafe
            let message = until.map {
                localized("Paused \(name) from \(SubscriptionText.date(from)) until \(SubscriptionText.date($0))")
            } ?? localized("Paused \(name) from \(SubscriptionText.date(from)) until resumed")
            let snapshot = SubscriptionSnapshot(paused, today: today, config: try store.config(), me: try AccountName.me(store))
            print(SubscriptionRenderer.lifecycle(message, snapshot, format: options.format), terminator: "")
        }
    }
}
