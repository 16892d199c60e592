import Foundation
import SubscriptionCore

/// What a run settles before it parses a single argument: the language it speaks (PRODUCT.md
/// §11), so that `1,5` reads as Turkish input when the database's `language` setting says `tr`.
///
/// The order is `SUBS_LANG`, the database's `language` setting, then the locale. Reading the
/// setting means opening the database the command line names, so the store opened here is kept
/// for the command (`StoreOptions.openStore`): the key is read once, as a passphrase from a pipe
/// can only be.
enum StartUp {
    /// The variables that choose a language, read by `getenv`: all of `ProcessInfo`'s
    /// environment costs more to make.
    private static let languageVariables = ["SUBS_LANG", "LC_ALL", "LC_MESSAGES", "LANG"]

    /// The store opened to read the setting, for the command that names the same database.
    nonisolated(unsafe) private(set) static var openedStore: SubscriptionStore?

    static func language(for arguments: [String]) -> Language {
        let variables = languageVariables.compactMap { name in getenv(name).map { (name, String(cString: $0)) } }
        let environment = Dictionary(uniqueKeysWithValues: variables)
        // SUBS_LANG decides alone, and `--version` says no word: neither needs the database.
        if environment["SUBS_LANG"].map({ !$0.isEmpty }) == true || arguments.contains("--version") {
            return Language.chosen(environment: environment)
        }
        let configured = configuredLanguage(arguments)
        return Language.chosen(environment: environment, configured: configured?.rawValue)
    }

    /// The database's `language` setting, when the database the arguments name can be opened
    /// with what they give; nil otherwise (the command reports a database it cannot open).
    private static func configuredLanguage(_ arguments: [String]) -> Language? {
        let flags = storeFlags(arguments)
        guard let location = try? StoreLocation.resolve(
            databaseFlag: flags["--db"], keyFileFlag: flags["--key-file"],
            passphraseFileFlag: flags["--passphrase-file"], environment: ProcessSecrets.environment),
              let store = try? SubscriptionStore(location: location), store.databaseExists
        else { return nil }
        openedStore = store
        return (try? store.config())?.language
    }

    /// The values of `--db`, `--key-file` and `--passphrase-file` (`--db X` or `--db=X`), as
    /// argument-parser will read them, up to `--`.
    static func storeFlags(_ arguments: [String]) -> [String: String] {
        var flags: [String: String] = [:]
        var remaining = arguments.prefix { $0 != "--" }[...]
        while let argument = remaining.popFirst() {
            for name in ["--db", "--key-file", "--passphrase-file"] {
                if argument == name, let value = remaining.first {
                    flags[name] = value
                    remaining = remaining.dropFirst()
                } else if argument.hasPrefix(name + "=") {
                    flags[name] = String(argument.dropFirst(name.count + 1))
                }
            }
        }
        return flags
    }

    /// The store opened at start-up, when it is the one `location` names.
    static func takeStore(at location: StoreLocation) -> SubscriptionStore? {
        guard let store = openedStore, store.location == location else { return nil }
        openedStore = nil
        return store
    }
}
