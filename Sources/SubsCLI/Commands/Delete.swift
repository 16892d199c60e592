import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: localized("Delete subscriptions with their price history."),
            discussion: localized("Asks first on a terminal; when standard input is not a terminal, --yes is required."),
            aliases: ["rm"]).parsedAlone

        @Argument(help: .localized("Subscriptions: names or the start of names, ids or the first 4+ characters of ids."),
                  completion: ShellCompletion.references)
        var references: [String]

        @Flag(name: [.short, .long], help: .localized("Delete without asking."))
        var yes = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try store.openStore()
            if yes {
                let deleted = try store.delete(references: references)
                print(localized("Deleted \(Self.names(deleted))."))
                return
            }
            let targets = try store.subscriptions(references)
            guard Terminal.standardInputIsTerminal else {
                throw UsageError.unconfirmedDelete(Self.names(targets))
            }
            print(localized("Delete \(Self.names(targets))? ('subs undo' brings it back) [y/N] "), terminator: "")
            guard Terminal.confirmed(readLine()) else {
                print(localized("Nothing deleted."))
                return
            }
            // By id: exactly what was confirmed, even if a name changed meanwhile.
            let deleted = try store.delete(references: targets.map(\.id))
            print(localized("Deleted \(Self.names(deleted))."))
        }

        private static func names(_ subscriptions: [Subscription]) -> String {
            subscriptions.map { "\($0.name.terminalSafe) (\($0.shortID))" }.joined(separator: ", ")
        }
    }
}
