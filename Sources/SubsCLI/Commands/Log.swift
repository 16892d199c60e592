import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: localized("Show the history of changes, newest first."),
            discussion: localized("""
                Every change is recorded in the database with the values before and after: add, \
                edit, cancel, pause, resume, delete, paid, skip, import, restore, logins (never a \
                password), and category, rate and config changes. 'subs undo' reverts the newest \
                one not yet undone; the log marks it undone.

                Examples:
                  subs log
                  subs log netflix --limit 5
                  subs log --format json
                """)).parsedAlone

        @Argument(help: .localized("Only the changes to this subscription (also one since deleted).", valueName: "ref"),
                  completion: ShellCompletion.references)
        var reference: String?

        @Option(parsing: .unconditional, help: .localized("Show at most this many changes.", valueName: "n"))
        var limit: Int?

        @Option(help: .localized("Output format: table or json."))
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError(localized("invalid --limit '\(limit)': expected a count from 1")) }
        }

        func run() throws {
            let entries = try store.openStore().history(about: reference, limit: limit)
            print(HistoryRenderer.log(entries, format: format, in: Language.current), terminator: "")
        }
    }
}
