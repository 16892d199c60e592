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
        let prompt = try VaultPrompts.terminal(standardInputUsed: standardInputUsed, for: localized("the vault passphrase"))
        defer { prompt.release() }
        return try prompt.ask(localized("Vault passphrase: "))
    }

    /// The passphrase of a new vault: from the file, or asked twice. The caller zeroes it.
    func new(standardInputUsed: Bool = false) throws -> [UInt8] {
        if let vaultPassphraseFile { return try VaultPassphraseFile.read(vaultPassphraseFile) }
        let prompt = try VaultPrompts.terminal(standardInputUsed: standardInputUsed, for: localized("a new vault passphrase"))
        defer { prompt.release() }
        printError(localized("The first login creates the vault: choose its passphrase."))
        printError(localized("It opens every password, and subs cannot recover it if it is lost."))
        return try prompt.askTwice(localized("New vault passphrase: "), again: localized("Repeat the vault passphrase: "))
    }
}

enum VaultPrompts {
    /// The terminal to ask on, or exit 64 naming the options a script uses instead.
    static func terminal(standardInputUsed: Bool, for what: String) throws -> SecretPrompt {
        try SecretPrompt.required(standardInputUsed: standardInputUsed) {
            localized("no terminal to ask for \(what) on: from a script, pass --vault-passphrase-file (and --password-stdin for a password)")
        }
    }

    /// The cost of a new vault key. `SUBS_TESTING_FAST_VAULT_KDF=1` is for the test suite only
    /// (hundreds of derivations), and only in a debug build: the installed (release) binary has
    /// no way to weaken it. It never changes a vault that exists, only the cost a new vault or
    /// `vault passwd` gets.
    static var newVaultParameters: ScryptParameters {
        #if DEBUG
        if getenv("SUBS_TESTING_FAST_VAULT_KDF").map({ String(cString: $0) }) == "1" { return .testing }
        #endif
        return .standard
    }

    /// The longest password or answer: what the terminal prompt takes.
    static let secretLimit = SecretPrompt.answerLimit

    /// Standard input's first line (`--password-stdin`), at most `secretLimit` bytes. Read into
    /// room fixed up front and never further: a longer line is refused, however much follows.
    /// The caller zeroes it.
    static func passwordFromStandardInput() throws -> [UInt8] {
        // The line, a carriage return before its newline, and the newline.
        let input = SecretBytes(capacity: secretLimit + 2)
        while input.firstIndex(of: UInt8(ascii: "\n")) == nil && !input.isFull {
            let count = input.read(from: STDIN_FILENO)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw Failure(localized("--password-stdin: cannot read standard input: \(String(cString: strerror(errno)))"),
                              exitCode: 1)
            }
            if count == 0 { break }
        }
        if let newline = input.firstIndex(of: UInt8(ascii: "\n")) { input.truncate(to: newline) }
        if input.count > 0 && input[input.count - 1] == UInt8(ascii: "\r") { input.truncate(to: input.count - 1) }
        // A full buffer without a newline holds more than the limit even without its return.
        guard input.count <= secretLimit else {
            throw Failure(localized("--password-stdin: the password is too long (\(secretLimit) bytes at most)"),
                          exitCode: Failure.usage)
        }
        guard !input.isEmpty else {
            throw Failure(localized("--password-stdin: standard input holds no password"), exitCode: Failure.usage)
        }
        return input.array
    }
}
