import Foundation
import Testing
@testable import SubscriptionCore

// The vault in the store (PRODUCT.md §9), at the test-only scrypt cost.
@Suite("Vault store")
struct VaultStoreTests {
    let scratch = Scratch()
    let passphrase = Array("vault passphrase".utf8)

    private func store(withLogin password: String = "s3cret") throws -> (SubscriptionStore, Subscription) {
        let store = try SubscriptionStore(location: scratch.location)
        let subscription = try store.add(simpleNewSubscription("Netflix"), now: fixedNow)
        try store.setLogin("Netflix", LoginChanges(username: "bob"), password: Array(password.utf8),
                           passphrase: passphrase, newVault: .testing)
        return (store, subscription)
    }

    @Test func revealsWithThePassphraseOnly() throws {
        let (store, _) = try store()
        #expect(try store.vaultState() == .sealed(.testing))
        #expect(try store.revealPassword("Netflix", passphrase: passphrase).password == Array("s3cret".utf8))
        #expect(throws: VaultError.wrongPassphrase) { try store.revealPassword("Netflix", passphrase: Array("guess".utf8)) }
        #expect(throws: VaultError.wrongPassphrase) { try store.revealPassword("Netflix", passphrase: []) }
    }

    @Test func aWrongPassphraseSealsNothing() throws {
        let (store, _) = try store()
        #expect(throws: VaultError.wrongPassphrase) {
            try store.setLogin("Netflix", LoginChanges(), password: Array("new".utf8), passphrase: Array("guess".utf8))
        }
        #expect(try store.revealPassword("Netflix", passphrase: passphrase).password == Array("s3cret".utf8))
    }

    @Test func usernameAloneKeepsThePassword() throws {
        let (store, _) = try store()
        try store.setLogin("Netflix", LoginChanges(username: .some(nil), url: "https://x.example"), password: nil, passphrase: nil)
        let login = try #require(try store.login("Netflix").login)
        #expect(login.username == nil && login.url == "https://x.example" && login.hasPassword)
        #expect(try store.revealPassword("Netflix", passphrase: passphrase).password == Array("s3cret".utf8))
    }

    @Test func passwdResealsUnderANewSaltAndCost() throws {
        let (store, _) = try store()
        let new = Array("new passphrase".utf8)
        #expect(try store.changeVaultPassphrase(from: passphrase, to: new, parameters: ScryptParameters(logN: 11, r: 8, p: 1)) == 1)
        #expect(try store.vaultState() == .sealed(ScryptParameters(logN: 11, r: 8, p: 1)))
        #expect(try store.revealPassword("Netflix", passphrase: new).password == Array("s3cret".utf8))
        #expect(throws: VaultError.wrongPassphrase) { try store.revealPassword("Netflix", passphrase: passphrase) }
        #expect(throws: VaultError.wrongPassphrase) { try store.changeVaultPassphrase(from: passphrase, to: new) }
    }

    @Test func deletingTheSubscriptionDeletesTheLogin() throws {
        let (store, _) = try store()
        _ = try store.delete(references: ["Netflix"])
        _ = try store.add(simpleNewSubscription("Netflix"), now: fixedNow)
        #expect(try store.logins().isEmpty)
        #expect(throws: VaultError.noLogin(name: "Netflix")) { try store.revealPassword("Netflix", passphrase: passphrase) }
    }

    @Test func noVaultNoPasswd() throws {
        let store = try SubscriptionStore(location: scratch.location)
        _ = try store.add(simpleNewSubscription("Netflix"), now: fixedNow)
        #expect(try store.vaultState() == VaultState.none)
        #expect(throws: VaultError.noVault) { try store.changeVaultPassphrase(from: passphrase, to: passphrase) }
    }

    @Test func generatedPasswordsUseTheAlphabetAndLength() throws {
        let alphabet = Set(PasswordGenerator.alphabet.map { $0.asciiValue! })
        #expect(alphabet.count == 64)
        let password = try PasswordGenerator.generate()
        #expect(password.count == PasswordGenerator.defaultLength && password.allSatisfy(alphabet.contains))
        #expect(try PasswordGenerator.generate() != password)
        #expect(throws: VaultError.generatedLength(7)) { try PasswordGenerator.generate(length: 7) }
        #expect(throws: VaultError.generatedLength(129)) { try PasswordGenerator.generate(length: 129) }
    }
}
