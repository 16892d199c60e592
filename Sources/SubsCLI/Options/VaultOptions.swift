import ArgumentParser
import Foundation
import SubscriptionCore

/// Where the vault passphrase comes from: a file (`--vault-passphrase-file`), else the
/// terminal. Never an argument value or an environment variable.
struct VaultPassphraseOptions: ParsableArguments {
    @Option(help: .localized(
        "File whose first line is the vault passphrase (default: ask on the terminal).",
        valueName: "path"),
            completion: .file())
    var vaultPassphraseFile: String?

    /// The passphrase of an existing vault. The caller zeroes it.
    func existing(standardInputUsed: Bool = false) throws -> [UInt8] {
        if let vaultPassphraseFile { return try VaultPassphraseFile.read(vaultPassphraseFile) }
        let prompt = try VaultPrompts.terminal(standardInputUsed: standardInputUsed, for: "the vault passphrase")
        defer { prompt.release() }
        return try prompt.ask("Vault passphrase: ")
    }

    /// The passphrase of a new vault: from the file, or asked twice. The caller zeroes it.
    func new(standardInputUsed: Bool = false) throws -> [UInt8] {
        if let vaultPassphraseFile { return try VaultPassphraseFile.read(vaultPassphraseFile) }
        let prompt = try VaultPrompts.terminal(standardInputUsed: standardInputUsed, for: "a new vault passphrase")
        defer { prompt.release() }
        printError("The first login creates the vault: choose its passphrase (it opens every password; subs cannot recover it).")
        return try prompt.askTwice("New vault passphrase: ", again: "Repeat the vault passphrase: ")
    }
}

enum VaultPrompts {
    /// The terminal to ask on, or exit 64 naming the options a script uses instead.
    static func terminal(standardInputUsed: Bool, for what: String) throws -> SecretPrompt {
        guard let prompt = SecretPrompt.terminal(standardInputUsed: standardInputUsed) else {
            throw Failure(
                "no terminal to ask for \(what) on: from a script, pass --vault-passphrase-file (and --password-stdin for a password)",
                exitCode: Failure.usage)
        }
        return prompt
    }

    /// The cost of a new vault key. `SUBS_TESTING_FAST_VAULT_KDF=1` is for the test suite only
    /// (hundreds of derivations): it is not documented for users and never changes a vault
    /// that exists, only the cost a new vault or `vault passwd` gets.
    static var newVaultParameters: ScryptParameters {
        ProcessInfo.processInfo.environment["SUBS_TESTING_FAST_VAULT_KDF"] == "1" ? .testing : .standard
    }

    /// Standard input's first line (`--password-stdin`). The caller zeroes it.
    static func passwordFromStandardInput() throws -> [UInt8] {
        var data = FileHandle.standardInput.readDataToEndOfFile()
        defer { data.resetBytes(in: data.startIndex..<data.endIndex) }
        var bytes = Array(data)
        if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
            for index in newline..<bytes.count { bytes[index] = 0 }
            bytes.removeSubrange(newline...)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard !bytes.isEmpty else {
            throw Failure("--password-stdin: standard input holds no password", exitCode: Failure.usage)
        }
        return bytes
    }
}
