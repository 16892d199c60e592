/// Why a vault operation was refused. None of the cases carries a secret.
public enum VaultError: CoreError, Equatable, Sendable {
    /// The vault passphrase does not open the vault. Nothing was revealed or changed.
    case wrongPassphrase
    /// The subscription has no login, or its login has no password.
    case noLogin(name: String)
    /// A password or username is needed but none is stored.
    case noPassword(name: String)
    /// No login is stored yet, so there is no vault passphrase to change.
    case noVault
    /// The vault row, or a sealed password, does not read back: the database was altered.
    case damaged(VaultDamage)
    /// An empty password or passphrase.
    case empty(Secret)
    /// `--generate` with a length outside the range offered.
    case generatedLength(Int)

    public var failure: FailureKind {
        switch self {
        case .wrongPassphrase: .denied
        case .noLogin, .noPassword, .noVault: .notFound
        case .damaged: .badData
        case .empty, .generatedLength: .refused
        }
    }

    /// A secret that must not be empty.
    public enum Secret: Equatable, Sendable {
        case password, vaultPassphrase, newVaultPassphrase
    }
}

/// What in the vault does not read back.
public enum VaultDamage: Equatable, Sendable {
    /// A login row (when the passphrase changes).
    case login
    /// The login of the subscription with this name.
    case loginOf(name: String)
    /// The key derivation settings stored with the vault do not read.
    case keyDerivationUnreadable
    /// They read, but are out of the range `subs` accepts.
    case keyDerivationOutOfRange
    /// Deriving the key with these settings failed, with the library's error as it says it.
    case keyDerivationFails(ScryptParameters, reason: String)
    /// Sealing failed, with the library's error as it says it.
    case sealingFails(reason: String)
    /// The vault's check value is not a sealed value.
    case checkValueNotSealed
    /// The password of this subscription is not a sealed value.
    case passwordNotSealed(name: String)
    /// The password of this subscription does not open: altered, or moved from another one.
    case passwordDoesNotOpen(name: String)
}
