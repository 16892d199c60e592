import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: localized("Replace the database with a backup."),
            discussion: localized("""
                The backup is checked first, and the current database is backed up; the restored \
                data is then under the current key. Asks first on a terminal; when standard input \
                is not a terminal, --yes is required.
                """)).parsedAlone

        @Argument(help: .localized("The backup to restore.", valueName: "file"),
                  completion: .file())
        var file: String

        @Option(help: .localized(
            "File whose first line is the backup's passphrase (default: the database's key).",
            valueName: "path"),
                completion: .file())
        var backupPassphraseFile: String?

        @Option(help: .localized(
            "Key file of the backup, such as a key kept by rekey (default: the database's key).",
            valueName: "path"),
                completion: .file())
        var backupKeyFile: String?

        @Flag(name: [.short, .long], help: .localized("Restore without asking."))
        var yes = false

        @OptionGroup var store: StoreOptions

        func validate() throws {
            if backupPassphraseFile != nil, backupKeyFile != nil {
                throw ValidationError(localized("--backup-passphrase-file and --backup-key-file cannot be used together"))
            }
        }

        func run() throws {
            let location = try store.location
            if !yes {
                guard Terminal.standardInputIsTerminal else { throw UsageError.unconfirmedRestore(file) }
                let database = location.databasePath.terminalSafe
                print(localized("Replace \(database) with \(file.terminalSafe)? The current data is backed up first. [y/N] "),
                      terminator: "")
                guard Terminal.confirmed(readLine()) else {
                    print(localized("Nothing restored."))
                    return
                }
            }
            try SubscriptionCore.Backup.restore(
                location, from: file,
                key: backupPassphraseFile.map(KeySource.passphraseFile) ?? backupKeyFile.map(KeySource.keyFile))
            print(localized("Restored \(file.terminalSafe)."))
        }
    }
}
