import ArgumentParser
import Foundation
import SubscriptionCore

/// Where the database is and how it is unlocked. Secrets are never taken as argument values
/// (they would show in `ps`): only paths to files that hold them.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: .localized(
        "The database file (default: $SUBS_DB, else ~/.local/share/subs/subs.db).",
        valueName: "path"),
            completion: .file())
    var databasePath: String?

    @Option(help: .localized(
        "File with the 64-hex-digit key (default: $SUBS_KEY_FILE, else ~/.config/subs/key).",
        valueName: "path"),
            completion: .file())
    var keyFile: String?

    @Option(help: .localized(
        "File whose first line is the passphrase (instead of $SUBS_PASSPHRASE or a key file).",
        valueName: "path"),
            completion: .file())
    var passphraseFile: String?

    var location: StoreLocation {
        get throws {
            try StoreLocation.resolve(
                databaseFlag: databasePath, keyFileFlag: keyFile, passphraseFileFlag: passphraseFile,
                environment: ProcessSecrets.environment, newCategories: DefaultCategories.names(in: Language.current))
        }
    }

    /// Says on standard error, for a command that reads, when there is no default database but
    /// there are backups of one: an empty answer would hide that the data can be restored. (A
    /// named database that is missing is an error of its own.)
    func noteMissingDatabase(_ store: SubscriptionStore) {
        guard !store.databaseExists, !store.location.databaseIsNamed, let newest = Backup.existing(for: store.location).first else { return }
        let path = store.location.databasePath
        printError("subs: " + localized("no database at \(path), but there are backups: 'subs restore \(newest)' puts the newest back"))
    }

    /// The store the command works on: the one start-up opened to settle the language, when it is
    /// this one, so its key is read once.
    func openStore() throws -> SubscriptionStore {
        let location = try location
        return try StartUp.takeStore(at: location) ?? SubscriptionStore(location: location)
    }
}

/// `--today`: compute as if today were another day (also `SUBS_TODAY`).
struct TodayOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: .localized(
        "Compute as if today were this date (default: $SUBS_TODAY, else today in your time zone).",
        valueName: "date"))
    var today: String?

    /// The civil date to compute with.
    func resolve() throws -> CivilDate {
        let clockToday = CivilDate.today()
        if let today { return try CivilDate(typed: today, today: clockToday, in: Language.current) }
        // One variable by `getenv`: all of `ProcessInfo`'s environment costs more to make.
        guard let text = getenv("SUBS_TODAY").map({ String(cString: $0) }), !text.isEmpty else {
            return clockToday
        }
        do {
            return try CivilDate(typed: text, today: clockToday, in: Language.current)
        } catch let error as InputError {
            throw InputError.environment(variable: "SUBS_TODAY", error)
        }
    }
}

/// Output formats of commands that print a list.
enum ListFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv, tsv
}

/// Output formats of commands that print one subscription.
enum ObjectFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
}
