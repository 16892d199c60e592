import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace the database with a backup.",
            discussion: """
                The backup is checked first, and the current database is backed up; the restored \
                data is then under the current key. Asks first on a terminal; when standard input \
                is not a terminal, --yes is required.
                """)

        @Argument(help: ArgumentHelp("The backup to restore.", valueName: "file"))
        var file: String

        @Option(help: ArgumentHelp(
            "File whose first line is the backup's passphrase (default: the database's key).",
            valueName: "path"))
        var backupPassphraseFile: String?

        @Flag(name: [.short, .long], help: "Restore without asking.")
        var yes = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            let location = try store.location
            if !yes {
                guard Terminal.standardInputIsTerminal else { throw UsageError.unconfirmedRestore(file) }
                print("Replace \(location.databasePath.terminalSafe) with \(file.terminalSafe)? "
                    + "The current data is backed up first. [y/N] ", terminator: "")
                guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                    print("Nothing restored.")
                    return
                }
            }
            try SubscriptionCore.Backup.restore(
                location, from: file, key: backupPassphraseFile.map(KeySource.passphraseFile))
            print("Restored \(file.terminalSafe).")
        }
    }
}
