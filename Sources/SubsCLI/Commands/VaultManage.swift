import ArgumentParser
import Foundation
import SubscriptionCore

extension Subs.Vault {
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: localized("Remove a subscription's login (the subscription stays).")).parsedAlone

        @Argument(help: .localized("The subscription: its name, its id, or the first 4+ characters of its id."),
                  completion: ShellCompletion.logins)
        var reference: String

        @OptionGroup var store: StoreOptions

        func run() throws {
            let login = try store.openStore().deleteLogin(reference)
            print(localized("Removed the login of \(login.name.terminalSafe)."))
        }
    }

    struct Passwd: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "passwd",
            abstract: localized("Change the vault passphrase: every password is sealed again under the new one.")).parsedAlone

        @Option(help: .localized(
            "File whose first line is the new vault passphrase (default: ask twice on the terminal).",
            valueName: "path"),
                completion: .file())
        var newVaultPassphraseFile: String?

        @OptionGroup var vault: VaultPassphraseOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try store.openStore()
            guard case .sealed = try store.vaultState() else { throw VaultError.noVault }
            var old = try vault.existing()
            defer { old.zeroize() }
            var new = try newPassphrase()
            defer { new.zeroize() }
            let count = try store.changeVaultPassphrase(from: old, to: new, parameters: VaultPrompts.newVaultParameters)
            print(count == 1 ? localized("Changed the vault passphrase; 1 password sealed again.")
                : localized("Changed the vault passphrase; \(count) passwords sealed again."))
        }

        private func newPassphrase() throws -> [UInt8] {
            if let newVaultPassphraseFile { return try VaultPassphraseFile.read(newVaultPassphraseFile) }
            let prompt = try VaultPrompts.terminal(standardInputUsed: false, for: localized("the new vault passphrase"))
            defer { prompt.release() }
            return try prompt.askTwice(localized("New vault passphrase: "), again: localized("Repeat the new vault passphrase: "))
        }
    }

    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "copy",
            abstract: localized("Copy a login's password (or username) to the clipboard; cleared after \(Clipboard.clearAfter) s."),
            discussion: localized("""
                Uses the first of wl-copy, xclip, xsel, pbcopy on PATH, fed on standard input. The clipboard is \
                cleared after \(Clipboard.clearAfter) seconds unless it changed meanwhile.
                """)).parsedAlone

        @Argument(help: .localized("The subscription: its name, its id, or the first 4+ characters of its id."),
                  completion: ShellCompletion.logins)
        var reference: String

        @Flag(help: .localized("Copy the username instead of the password (needs no passphrase)."))
        var username = false

        @OptionGroup var vault: VaultPassphraseOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try store.openStore()
            let (subscription, login) = try store.login(reference)
            guard let login else { throw VaultError.noLogin(name: subscription.name) }
            let clipboard = try Clipboard.find()
            if username {
                guard let name = login.username else {
                    throw Failure(localized("the login of '\(login.name)' has no username"), exitCode: Failure.noInput)
                }
                try clipboard.copy(Array(name.utf8))
                print(localized("Copied the username of \(login.name.terminalSafe) to the clipboard (\(clipboard.tool.rawValue))."))
                return
            }
            guard login.hasPassword else { throw VaultError.noPassword(name: subscription.name) }
            var passphrase = try vault.existing()
            defer { passphrase.zeroize() }
            var revealed = try store.revealPassword(subscription.id, passphrase: passphrase)
            defer { revealed.password.zeroize() }
            try clipboard.copy(revealed.password)
            try clipboard.clearLater(revealed.password)
            print(localized("""
                Copied the password of \(login.name.terminalSafe) to the clipboard (\(clipboard.tool.rawValue)); it is \
                cleared in \(Clipboard.clearAfter) seconds unless it changes.
                """))
        }
    }

    /// The background step `copy` starts: reads the SHA-256 of what was copied on standard
    /// input, waits, and empties the clipboard if it still holds that. Not for users.
    struct ClearClipboard: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear-clipboard", shouldDisplay: false).parsedAlone

        @Option var tool: Clipboard.Tool
        @Option var after: Int = Clipboard.clearAfter

        func run() throws {
            // Out of the terminal's session: closing the terminal must not stop the clearing.
            _ = setsid()
            let digest = Array(FileHandle.standardInput.readDataToEndOfFile())
            guard digest.count == 32, let path = Clipboard.which(tool.rawValue) else { throw ExitCode(1) }
            if after > 0 { sleep(UInt32(after)) }
            let clipboard = Clipboard(tool: tool, path: path)
            if clipboard.holds(digest: digest) { clipboard.clear() }
        }
    }
}

extension Clipboard.Tool: ExpressibleByArgument {}
