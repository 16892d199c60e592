import Crypto
import CryptoExtras
import Foundation

/// A key derived from a passphrase with scrypt, and the sealed check value stored beside its
/// salt and parameters that proves a passphrase without keeping anything that reveals it. The
/// vault and the sync folder each derive theirs this way, under their own check constant and
/// context, so a check value of one never opens as the other's.
struct PassphraseKey {
    let key: SymmetricKey

    /// Why a derivation or seal failed, for the caller to say as its own damage.
    enum Failure: Error {
        case derivation(reason: String)
        case sealing(reason: String)
    }

    /// Derives the key; slow on purpose (see `ScryptParameters.standard`). The passphrase is
    /// the caller's to zero and to check for emptiness.
    init(passphrase: [UInt8], salt: [UInt8], parameters: ScryptParameters) throws(Failure) {
        do {
            key = try KDF.Scrypt.deriveKey(
                from: passphrase, salt: salt, outputByteCount: 32, rounds: 1 << parameters.logN,
                blockSize: parameters.r, parallelism: parameters.p,
                maxMemory: parameters.memory + (1 << 20))
        } catch {
            throw .derivation(reason: "\(error)")
        }
    }

    /// A new random salt of 16 bytes.
    static func newSalt() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// `plaintext` sealed with ChaChaPoly (random nonce, `context` as associated data), as the
    /// combined box's bytes.
    func seal(_ plaintext: [UInt8], context: [UInt8]) throws(Failure) -> Data {
        do {
            return try ChaChaPoly.seal(plaintext, using: key, authenticating: context).combined
        } catch {
            throw .sealing(reason: "\(error)")
        }
    }

    /// A sealed box read from `data`: a nonce, at least an empty text, and a tag; nil otherwise.
    static func box(_ data: Data) -> ChaChaPoly.SealedBox? {
        guard data.count >= 12 + 16 else { return nil }
        return try? ChaChaPoly.SealedBox(combined: data)
    }

    /// Opens `box`; nil when it does not open under this key and context. The caller zeroes
    /// what it gets.
    func open(_ box: ChaChaPoly.SealedBox, context: [UInt8]) -> Data? {
        try? ChaChaPoly.open(box, using: key, authenticating: context)
    }

    /// Whether `box` is `constant` sealed under this key and `context`: false for another key
    /// (a wrong passphrase) or another constant.
    func opensCheck(_ box: ChaChaPoly.SealedBox, constant: [UInt8], context: [UInt8]) -> Bool {
        guard var opened = open(box, context: context) else { return false }
        defer { opened.resetBytes(in: opened.startIndex..<opened.endIndex) }
        return Array(opened) == constant
    }
}

extension PassphraseKey.Failure {
    /// The library's error as it says it.
    var reason: String {
        switch self {
        case .derivation(let reason), .sealing(let reason): reason
        }
    }
}
