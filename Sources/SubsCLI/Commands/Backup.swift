import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: localized("Write a checked, encrypted copy of the database."),
            discussion: localized("""
                Without FILE the copy goes to backups/subs-YYYYMMDD-HHMMSS.db (UTC) next to the \
                database. It is keyed with the database's key, or with the passphrase in \
                --backup-passphrase-file so it can be restored on another machine.
                """)).parsedAlone

        @Argument(help: .localized("Where to write the backup.", valueName: "file"),
                  completion: .file())
        var file: String?

        @Option(help: .localized(
            "File whose first line is the backup's own passphrase (default: the database's key).",
            valueName: "path"),
                completion: .file())
        var backupPassphraseFile: String?

        @OptionGroup var store: StoreOptions

        func run() throws {
            let path = try SubscriptionCore.Backup.write(
                store.location, to: file, key: backupPassphraseFile.map(KeySource.passphraseFile))
            print(localized("Backed up to \(path.terminalSafe) (checked)."))
        }
    }
}
