/// Why a vault operation was refused. None of the cases carries a secret.
public enum VaultError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The vault passphrase does not open the vault. Nothing was revealed or changed.
    case wrongPassphrase
    /// The subscription has no login, or its login has no password.
    case noLogin(name: String)
    /// A password or username is needed but none is stored.
    case noPassword(name: String)
    /// No login is stored yet, so there is no vault passphrase to change.
    case noVault
    /// The vault row, or a sealed password, does not read back: the database was altered.
    case damaged(detail: String)
    /// An empty password or passphrase.
    case empty(what: String)
    /// `--generate` with a length outside the range offered.
    case generatedLength(Int)

    public var description: String {
        switch self {
        case .wrongPassphrase:
            localized("wrong vault passphrase: nothing was revealed or changed")
        case .noLogin(let name):
            localized("'\(name)' has no login (add one with 'subs vault set')")
        case .noPassword(let name):
            localized("the login of '\(name)' has no password (set one with 'subs vault set')")
        case .noVault:
            localized("the vault is empty: 'subs vault set' creates it with the first login")
        case .damaged(let detail):
            localized("the vault is damaged: \(detail)")
        case .empty(let what):
            localized("the \(what) is empty")
        case .generatedLength(let length):
            localized("""
                invalid --generate length '\(length)': expected \(PasswordGenerator.lengths.lowerBound) to \
                \(PasswordGenerator.lengths.upperBound)
                """)
        }
    }
}
