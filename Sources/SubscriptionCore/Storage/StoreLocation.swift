/// Where the database is and how it is keyed, resolved from flags and environment (PRODUCT.md §2).
public struct StoreLocation: Equatable, Sendable {
    public var databasePath: String
    public var key: KeySource

    public init(databasePath: String, key: KeySource) {
        self.databasePath = databasePath
        self.key = key
    }

    /// Resolves the database path and key source.
    ///
    /// Database: `--db`, else `SUBS_DB`, else `$XDG_DATA_HOME/subs/subs.db` (default
    /// `~/.local/share/subs/subs.db`). Key: a passphrase beats a key file (PRODUCT.md §2), so
    /// `--passphrase-file`, else `SUBS_PASSPHRASE`, else the key file `--key-file`, else
    /// `SUBS_KEY_FILE`, else `$XDG_CONFIG_HOME/subs/key` (default `~/.config/subs/key`).
    public static func resolve(
        databaseFlag: String?, keyFileFlag: String?, passphraseFileFlag: String?,
        environment: [String: String]
    ) -> StoreLocation {
        func nonEmpty(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        let home = nonEmpty("HOME") ?? "."
        let dataHome = nonEmpty("XDG_DATA_HOME") ?? home + "/.local/share"
        let configHome = nonEmpty("XDG_CONFIG_HOME") ?? home + "/.config"

        let database = databaseFlag ?? nonEmpty("SUBS_DB") ?? dataHome + "/subs/subs.db"
        let key: KeySource =
            if let path = passphraseFileFlag { .passphraseFile(path) }
            else if let passphrase = environment["SUBS_PASSPHRASE"], !passphrase.isEmpty {
                .passphrase(passphrase)
            }
            else { .keyFile(keyFileFlag ?? nonEmpty("SUBS_KEY_FILE") ?? configHome + "/subs/key") }
        return StoreLocation(databasePath: database, key: key)
    }
}

/// Where the database key comes from.
public enum KeySource: Equatable, Sendable, CustomStringConvertible {
    /// A passphrase given in the environment (`SUBS_PASSPHRASE`).
    case passphrase(String)
    /// A file whose first line is the passphrase (`--passphrase-file`).
    case passphraseFile(String)
    /// A file of 64 hex digits used as a raw 256-bit key; created with the database when missing.
    case keyFile(String)

    public var description: String {
        switch self {
        case .passphrase: "the passphrase in SUBS_PASSPHRASE"
        case .passphraseFile(let path): "the passphrase in \(path)"
        case .keyFile(let path): "the key file \(path)"
        }
    }
}
