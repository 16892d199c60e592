import Foundation

/// A subscription's login as stored: what may be shown without the vault passphrase. The
/// password stays sealed; `hasPassword` only says whether there is one.
public struct Login: Equatable, Sendable {
    public let subscriptionID: String
    /// The subscription's name, for listings.
    public let name: String
    public var username: String?
    public var url: String?
    public var hasPassword: Bool
    public var updatedAt: Date

    public init(subscriptionID: String, name: String, username: String?, url: String?, hasPassword: Bool, updatedAt: Date) {
        self.subscriptionID = subscriptionID
        self.name = name
        self.username = username
        self.url = url
        self.hasPassword = hasPassword
        self.updatedAt = updatedAt
    }
}

/// What `vault set` changes: each field nil to keep it; a field set to nil clears it.
public struct LoginChanges: Sendable {
    public var username: String??
    public var url: String??

    public init(username: String?? = nil, url: String?? = nil) {
        self.username = username
        self.url = url
    }

    public var isEmpty: Bool { username == nil && url == nil }
}

/// Whether the database holds a vault yet, and at what cost its key is derived.
public enum VaultState: Equatable, Sendable {
    /// No login has been sealed: the first `vault set` with a password creates the vault.
    case none
    case sealed(ScryptParameters)
}
