import ArgumentParser
import Foundation
import SubscriptionCore

extension Subs {
    /// `subs vault ...`: each subscription's login, its password sealed with the vault
    /// passphrase (PRODUCT.md §9).
    struct Vault: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "vault",
            abstract: localized("Keep each subscription's login, its password sealed with a vault passphrase."),
            discussion: localized("""
                Passwords are sealed with a key derived from a vault passphrase, separate from the \
                database key: the key file (what cron uses) never opens a password. The vault \
                passphrase is asked on the terminal without echo, or read from \
                --vault-passphrase-file; never from an argument or an environment variable.
                """),
            subcommands: [Set.self, Show.self, List.self, Copy.self, Remove.self, Passwd.self, ClearClipboard.self]).parsedAlone
    }
}

extension Subs.Vault {
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: localized("Set a subscription's login: username, URL and a sealed password."),
            discussion: localized("""
                The password comes from --password-stdin, --generate, or two prompts on the \
                terminal. A login that exists keeps its password when only --username or --url \
                is given. The first password creates the vault and asks for its passphrase twice.
                --generate makes \(PasswordGenerator.defaultLength) characters (or LENGTH, \
                \(PasswordGenerator.lengths.lowerBound)-\(PasswordGenerator.lengths.upperBound)) \
                from 64 letters, digits and symbols without look-alikes: 6 bits each.
                """)).parsedAlone

        @Argument(help: .localized("The subscription: its name, its id, or the first 4+ characters of its id."),
                  completion: ShellCompletion.references)
        var reference: String

        @Argument(help: .localized("With --generate: the password's length.", valueName: "length"))
        var length: Int?

        @Option(help: .localized("The username (an empty value removes it)."))
        var username: String?

        @Option(help: .localized("The login page's URL (an empty value removes it)."))
        var url: String?

        @Flag(help: .localized("Read the password from standard input's first line."))
        var passwordStdin = false

        @Flag(help: .localized("Generate a strong random password (see below)."))
        var generate = false

        @OptionGroup var vault: VaultPassphraseOptions
        @OptionGroup var store: StoreOptions

        func validate() throws {
            if passwordStdin && generate { throw ValidationError(localized("give --password-stdin or --generate, not both")) }
            if length != nil && !generate {
                throw ValidationError(localized("LENGTH needs --generate: it is the generated password's length"))
            }
        }

        func run() throws {
            let store = try store.openStore()
            // Checked as notes are: an empty value removes it.
            let changes = LoginChanges(
                username: try username.map { try TextInput.freeText($0, what: .username) },
                url: try url.map { try TextInput.freeText($0, what: .url) })
            let (subscription, existing) = try store.login(reference)
            let needsPassword = passwordStdin || generate || existing == nil || changes.isEmpty
            guard needsPassword else {
                let login = try store.setLogin(subscription.id, changes, password: nil, passphrase: nil)
                print(localized("Saved the login of \(login.name.terminalSafe); its password is unchanged."))
                return
            }
            var password = try newPassword(for: subscription.name)
            defer { password.zeroize() }
            var passphrase = try vaultPassphrase(store)
            defer { passphrase.zeroize() }
            let login = try store.setLogin(
                subscription.id, changes, password: password, passphrase: passphrase,
                newVault: VaultPrompts.newVaultParameters)
            let name = login.name.terminalSafe
            // Two short lines rather than one wider than a terminal.
            print(generate
                ? localized("Saved the login of \(name) with a generated password.") + "\n"
                    + localized("\(password.count) characters; 'subs vault copy \(subscription.shortID)' puts it on the clipboard.")
                : localized("Saved the login of \(name) with its password."))
        }

        private func newPassword(for name: String) throws -> [UInt8] {
            if passwordStdin { return try VaultPrompts.passwordFromStandardInput() }
            if generate { return try PasswordGenerator.generate(length: length ?? PasswordGenerator.defaultLength) }
            let prompt = try VaultPrompts.terminal(standardInputUsed: false, for: localized("the password"))
            defer { prompt.release() }
            return try prompt.askTwice(localized("Password for \(name.terminalSafe): "), again: localized("Repeat the password: "))
        }

        private func vaultPassphrase(_ store: SubscriptionStore) throws -> [UInt8] {
            switch try store.vaultState() {
            case .none: try vault.new(standardInputUsed: passwordStdin)
            case .sealed: try vault.existing(standardInputUsed: passwordStdin)
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: localized("Show a subscription's login, the password masked unless --reveal.")).parsedAlone

        @Argument(help: .localized("The subscription: its name, its id, or the first 4+ characters of its id."),
                  completion: ShellCompletion.logins)
        var reference: String

        @Flag(help: .localized("Show the password (asks for the vault passphrase)."))
        var reveal = false

        @Option(help: .localized("Output format."))
        var format: ObjectFormat = .table

        @OptionGroup var vault: VaultPassphraseOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try store.openStore()
            guard reveal else {
                let (subscription, login) = try store.login(reference)
                guard let login else { throw VaultError.noLogin(name: subscription.name) }
                print(VaultRenderer.login(login, format: format), terminator: "")
                return
            }
            // Refused before the passphrase is asked when there is nothing to reveal.
            let (subscription, login) = try store.login(reference)
            guard let login else { throw VaultError.noLogin(name: subscription.name) }
            guard login.hasPassword else { throw VaultError.noPassword(name: subscription.name) }
            var passphrase = try vault.existing()
            defer { passphrase.zeroize() }
            var revealed = try store.revealPassword(subscription.id, passphrase: passphrase)
            defer { revealed.password.zeroize() }
            // Straight to the descriptor: standard output's buffer would keep a copy until exit.
            let output = VaultRenderer.revealed(revealed.login, password: revealed.password, format: format)
            fflush(nil)
            _ = output.write(to: STDOUT_FILENO)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: localized("List the subscriptions that have a login (no secrets)."), aliases: ["ls"]).parsedAlone

        @Option(help: .localized("Output format."))
        var format: ListFormat = .table

        @OptionGroup var store: StoreOptions

        func run() throws {
            print(VaultRenderer.list(try store.openStore().logins(), format: format), terminator: "")
        }
    }
}
