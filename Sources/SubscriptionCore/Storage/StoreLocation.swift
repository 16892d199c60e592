import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the database is and how it is keyed, resolved from flags and environment (PRODUCT.md §2).
public struct StoreLocation: Equatable, Sendable {
    public var databasePath: String
    public var key: KeySource
    /// Whether the user named the database (`--db`, `SUBS_DB`). Reading a named database that
    /// does not exist is an error (a typo must not read as "no subscriptions"); only the default
    /// one reads as empty before the first write creates it.
    public var databaseIsNamed: Bool
    /// The names of the default categories a database made here starts with, in the order of
    /// `englishCategories`: the command line gives them in the reader's language.
    public var newCategories: [String]

    /// The database file itself: `databasePath`, or the file a symbolic link there leads to
    /// (`PrivateFiles.followingLinks`), read from the file system at each call. A restore, rekey
    /// or conversion writes its copy beside it and renames it over it, so that the link stays.
    func databaseFile() -> String { PrivateFiles.followingLinks(databasePath) }

    /// The default categories as migration 1 names them, and the order `newCategories` follows.
    public static let englishCategories = Schema.defaultCategories

    public init(
        databasePath: String, key: KeySource, databaseIsNamed: Bool = false,
        newCategories: [String] = StoreLocation.englishCategories
    ) {
        self.databasePath = databasePath
        self.key = key
        self.databaseIsNamed = databaseIsNamed
        self.newCategories = newCategories
    }

    /// Resolves the database path and key source.
    ///
    /// Database: `--db`, else `SUBS_DB`, else `$XDG_DATA_HOME/subs/subs.db` (default
    /// `~/.local/share/subs/subs.db`). Key: a passphrase beats a key file (PRODUCT.md §2), so
    /// `--passphrase-file`, else `SUBS_PASSPHRASE`, else the key file `--key-file`, else
    /// `SUBS_KEY_FILE`, else `$XDG_CONFIG_HOME/subs/key` (default `~/.config/subs/key`).
    /// `~` is `HOME`, else the home directory the password database gives (`accountHome`);
    /// without either, a default path cannot be made and `noHomeDirectory` is thrown.
    public static func resolve(
        databaseFlag: String?, keyFileFlag: String?, passphraseFileFlag: String?,
        environment: [String: String], newCategories: [String] = StoreLocation.englishCategories,
        accountHome: () -> String? = accountHomeDirectory
    ) throws -> StoreLocation {
        func nonEmpty(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        func home() throws -> String {
            // Never the current directory: files would land wherever the command happened to run.
            guard let home = nonEmpty("HOME") ?? accountHome().flatMap({ $0.isEmpty ? nil : $0 }) else {
                throw StoreError.noHomeDirectory
            }
            return home
        }
        /// The base directory of a default path: the variable's, else one in the home directory.
        func base(_ variable: String, else inHome: String) throws -> String {
            if let directory = nonEmpty(variable) {
                try requireDirectory(directory, named: variable)
                return directory
            }
            let home = try home()
            try requireDirectory(home, named: "HOME")
            return home + inHome
        }
        let namedDatabase = databaseFlag ?? nonEmpty("SUBS_DB")
        let database = try namedDatabase ?? base("XDG_DATA_HOME", else: "/.local/share") + "/subs/subs.db"
        let key: KeySource =
            if let path = passphraseFileFlag { .passphraseFile(path) }
            else if let passphrase = environment["SUBS_PASSPHRASE"], !passphrase.isEmpty {
                .passphrase(passphrase)
            }
            else if let path = keyFileFlag ?? nonEmpty("SUBS_KEY_FILE") { .keyFile(path) }
            else { .keyFile(try base("XDG_CONFIG_HOME", else: "/.config") + "/subs/key") }
        return StoreLocation(
            databasePath: database, key: key, databaseIsNamed: namedDatabase != nil, newCategories: newCategories)
    }

    /// Refuses a directory a variable names that is there but is not a directory (a file, a
    /// FIFO): said of the variable, not of a file deep under it. One still to be made is fine.
    private static func requireDirectory(_ directory: String, named variable: String) throws {
        var info = stat()
        let found = stat(directory, &info) == 0
        guard found ? info.st_mode & S_IFMT != S_IFDIR : errno == ENOTDIR else { return }
        throw FileError.fileSystem(path: variable, problem: .notADirectory(directory))
    }

    /// The home directory of the user running `subs`, from the password database.
    public static func accountHomeDirectory() -> String? {
        guard let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }
}
