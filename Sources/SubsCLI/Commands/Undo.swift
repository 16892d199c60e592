import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract: localized("Revert the newest change not yet undone."),
            discussion: localized("""
                Shows the change and asks on a terminal; from a script, --yes is required. Run it \
                again to go further back. Undoing a delete brings the subscription back with its \
                whole history; undoing an import removes what it added and puts back what it \
                replaced; undoing a restore puts back the database it replaced.
                """)).parsedAlone

        @Flag(name: [.short, .long], help: .localized("Undo without asking."))
        var yes = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try store.openStore()
            let language = Language.current
            if yes {
                // Nothing is shown first, so the change undone is the newest one when undo runs.
                guard let change = try store.undoLatest() else { return print(localized("Nothing to undo.")) }
                return print(localized("Undone: \(HistoryRenderer.line(change, in: language))"))
            }
            guard let change = try store.nextUndo() else {
                print(localized("Nothing to undo."))
                return
            }
            guard Terminal.standardInputIsTerminal else { throw UsageError.unconfirmedUndo(HistoryRenderer.line(change, in: language)) }
            // The change on a line of its own, cut to the terminal, and a short question.
            let line = HistoryRenderer.line(change, in: language)
            print(Terminal.standardOutput.width.map { line.truncated(toWidth: $0) } ?? line)
            print(localized("Undo this change? [y/N] "), terminator: "")
            guard Terminal.confirmed(readLine()) else {
                print(localized("Nothing undone."))
                return
            }
            try store.undo(change)
            print(localized("Undone: \(HistoryRenderer.line(change, in: language))"))
        }
    }
}
