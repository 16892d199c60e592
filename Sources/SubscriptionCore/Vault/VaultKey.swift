import Crypto
import Foundation

/// The key that seals passwords, derived from the vault passphrase with scrypt. `SymmetricKey`
/// keeps its bytes in memory it zeroes when released; the passphrase is the caller's to zero.
struct VaultKey {
    /// The constant sealed as the vault's check value: opening it proves the passphrase.
    private static let checkConstant = Array("subs vault check v1".utf8)
    /// The associated data of the check value; no subscription id can look like it.
    private static let checkContext = Array("subs:vault-check".utf8)

    private let derived: PassphraseKey
    var key: SymmetricKey { derived.key }

    /// Derives the key; slow on purpose (see `ScryptParameters.standard`).
    init(passphrase: [UInt8], salt: [UInt8], parameters: ScryptParameters) throws {
        guard !passphrase.isEmpty else { throw VaultError.empty(.vaultPassphrase) }
        do {
            derived = try PassphraseKey(passphrase: passphrase, salt: salt, parameters: parameters)
        } catch {
            throw VaultError.damaged(.keyDerivationFails(parameters, reason: error.reason))
        }
    }

    /// The salt lengths a stored vault may have: 16 bytes are written.
    static let saltLengths = 16...64

    /// The longest sealed value read back, as base64: a password of 4,096 bytes sealed (with
    /// its nonce and tag) takes 5,500 characters.
    static let sealedTextLimit = 8 * 1024

    /// A new random salt for a new vault or a new passphrase.
    static func newSalt() -> [UInt8] { PassphraseKey.newSalt() }

    /// The check value to store with the vault.
    func sealCheck() throws -> String {
        try sealText(Self.checkConstant, context: Self.checkContext)
    }

    /// Whether `stored` is this key's check value. False for a wrong passphrase; throws when
    /// the value is not a sealed box at all (damage, not a wrong guess).
    func opensCheck(_ stored: String) throws -> Bool {
        let box = try Self.box(stored, else: .checkValueNotSealed)
        return derived.opensCheck(box, constant: Self.checkConstant, context: Self.checkContext)
    }

    /// Seals a password for the subscription `id`: ChaChaPoly with a random nonce and the id as
    /// associated data, so a sealed password moved to another subscription does not open.
    func seal(password: [UInt8], subscriptionID id: String) throws -> String {
        try sealText(password, context: Array(id.utf8))
    }

    /// Opens a password sealed by `seal`. The caller zeroes the bytes once used.
    func open(_ stored: String, subscriptionID id: String, name: String) throws -> [UInt8] {
        let box = try Self.box(stored, else: .passwordNotSealed(name: name))
        guard var opened = derived.open(box, context: Array(id.utf8)) else {
            // The check value opened with this key, so this box was altered or moved.
            throw VaultError.damaged(.passwordDoesNotOpen(name: name))
        }
        defer { opened.resetBytes(in: opened.startIndex..<opened.endIndex) }
        return Array(opened)
    }

    private func sealText(_ plaintext: [UInt8], context: [UInt8]) throws -> String {
        do {
            return try derived.seal(plaintext, context: context).base64EncodedString()
        } catch {
            throw VaultError.damaged(.sealingFails(reason: error.reason))
        }
    }

    private static func box(_ stored: String, else damage: VaultDamage) throws -> ChaChaPoly.SealedBox {
        // A nonce, at least an empty text, and a tag; never more than a password can make.
        guard stored.utf8.count <= sealedTextLimit, let data = Data(base64Encoded: stored), let box = PassphraseKey.box(data)
        else {
            throw VaultError.damaged(damage)
        }
        return box
    }
}
