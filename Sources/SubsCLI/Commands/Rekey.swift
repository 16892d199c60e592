import ArgumentParser
import Foundation
import SubscriptionCore

extension Subs {
    struct Rekey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rekey",
            abstract: localized("Move the database to a new key."),
            discussion: localized("""
                Without options, the key file gets a new random key. --new-passphrase-file moves \
                the database to a passphrase; --to-key-file moves it back to a new key file. The \
                database is backed up first, and a kill at any moment leaves it openable with the \
                key files on disk. A replaced key file is kept beside it as <key>.replaced-<time>, \
                for the backups made before.
                """)).parsedAlone

        @Option(help: .localized(
            "File whose first line is the new passphrase.", valueName: "path"),
                completion: .file())
        var newPassphraseFile: String?

        @Flag(help: .localized("Move a database that uses a passphrase back to a new key file."))
        var toKeyFile = false

        @OptionGroup var store: StoreOptions

        func validate() throws {
            if newPassphraseFile != nil, toKeyFile {
                throw ValidationError(localized("--new-passphrase-file and --to-key-file cannot be used together"))
            }
        }

        func run() throws {
            let location = try store.location
            let target: SubscriptionCore.Rekey.Target =
                if let newPassphraseFile { .passphraseFile(newPassphraseFile) }
                else { .keyFile(try keyFilePath()) }
            let outcome = try SubscriptionCore.Rekey.run(location, to: target)
            switch target {
            case .keyFile(let path):
                print(localized("The database is now under a new key in \(path.terminalSafe)."))
            case .passphraseFile(let path):
                print(localized("""
                    The database is now under the passphrase in \(path.terminalSafe): pass --passphrase-file (or set \
                    SUBS_PASSPHRASE) from now on.
                    """))
            }
            print(localized("Backed up first to \(outcome.backup.terminalSafe), under the old key."))
            if let old = outcome.oldKeyFile {
                print(localized("The old key is kept in \(old.terminalSafe) for the backups made before."))
            }
        }

        /// The key file the database uses when no passphrase is given.
        private func keyFilePath() throws -> String {
            var environment = ProcessInfo.processInfo.environment
            environment["SUBS_PASSPHRASE"] = nil
            let location = try StoreLocation.resolve(
                databaseFlag: store.databasePath, keyFileFlag: store.keyFile, passphraseFileFlag: nil,
                environment: environment)
            guard case .keyFile(let path) = location.key else { preconditionFailure(localized("no passphrase was given")) }
            return path
        }
    }
}
