import ArgumentParser
import SubscriptionCore

/// Where the sync passphrase comes from: a file (`--sync-passphrase-file`), else the terminal,
/// asked without echo. Never an argument value or an environment variable. The file is read
/// as the vault's passphrase file is, and the terminal asked as the vault asks.
struct SyncPassphraseOptions: ParsableArguments {
    @Option(help: .localized(
        "File whose first line is the sync passphrase (default: ask on the terminal).",
        valueName: "path"),
            completion: .file())
    var syncPassphraseFile: String?

    /// The sync passphrase: from the file, else asked at the terminal (twice when `confirm`, for a
    /// new sync folder), else a usage error naming the option. The caller zeroes it.
    func passphrase(confirm: Bool = false) throws -> [UInt8] {
        if let syncPassphraseFile { return try PassphraseFile.read(syncPassphraseFile) }
        let prompt = try SecretPrompt.required(standardInputUsed: false) {
            localized("no terminal to ask for the sync passphrase on: from a script, pass --sync-passphrase-file")
        }
        defer { prompt.release() }
        guard confirm else { return try prompt.ask(localized("Sync passphrase: ")) }
        printError(localized("Choose the sync passphrase: every machine that joins the folder needs it."))
        printError(localized("It opens every change in the folder, and subs cannot recover it if it is lost."))
        return try prompt.askTwice(localized("New sync passphrase: "), again: localized("Repeat the sync passphrase: "))
    }

    /// The cost of a new sync folder's key: as a new vault's (fast for the test suite only, in a
    /// debug build, with `SUBS_TESTING_FAST_VAULT_KDF=1`).
    static var newKeyParameters: ScryptParameters { VaultPrompts.newVaultParameters }
}
