import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete subscriptions with their price history.",
            discussion: "Asks first on a terminal; when standard input is not a terminal, --yes is required.",
            aliases: ["rm"])

        @Argument(help: "Subscriptions: names or the start of names, ids or the first 4+ characters of ids.")
        var references: [String]

        @Flag(name: [.short, .long], help: "Delete without asking.")
        var yes = false

        @OptionGroup var store: StoreOptions

        func validate() throws {
            if references.isEmpty {
                throw ValidationError("name at least one subscription to delete")
            }
        }

        func run() throws {
            let store = try store.openStore()
            let all = try store.subscriptions()
            // Resolve every reference before deleting anything: one bad reference deletes nothing.
            var targets: [Subscription] = []
            for reference in references {
                let subscription = try SubscriptionReference.resolve(reference, in: all)
                if !targets.contains(where: { $0.id == subscription.id }) { targets.append(subscription) }
            }
            let names = targets.map { "\($0.name.terminalSafe) (\($0.shortID))" }.joined(separator: ", ")
            if !yes {
                guard Terminal.standardInputIsTerminal else {
                    throw Failure("refusing to delete \(names) without confirmation: "
                                  + "pass --yes when standard input is not a terminal", exitCode: Failure.usage)
                }
                print("Delete \(names)? This cannot be undone. [y/N] ", terminator: "")
                guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                    print("Nothing deleted.")
                    return
                }
            }
            try store.delete(ids: targets.map(\.id))
            print("Deleted \(names).")
        }
    }
}
