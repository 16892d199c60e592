import Foundation

/// The credential vault (PRODUCT.md §9): logins next to their subscriptions, each password
/// sealed with a key derived from the vault passphrase, which the database key never opens.
///
/// Every operation that reveals or seals a password takes the passphrase as bytes the caller
/// owns and zeroes; derived keys are released (and zeroed by swift-crypto) when the call returns.
extension SubscriptionStore {
    // MARK: - Reads without the vault passphrase

    /// Whether a vault exists yet, and its key derivation cost.
    public func vaultState() throws -> VaultState {
        try read { connection in
            guard let vault = try VaultRecords(connection: connection).row() else { return .none }
            return .sealed(vault.parameters)
        }
    }

    /// The subscription `reference` names and its login, if it has one.
    public func login(_ reference: String) throws -> (subscription: Subscription, login: Login?) {
        try read { connection in
            let subscription = try SubscriptionReference.resolve(reference, in: SubscriptionRecords(connection: connection).all())
            return (subscription, try LoginRecords(connection: connection).login(of: subscription))
        }
    }

    /// Every login, in the order of the subscriptions (no secrets).
    public func logins() throws -> [Login] {
        try read { connection in
            let logins = LoginRecords(connection: connection)
            return try SubscriptionRecords(connection: connection).all().compactMap { try logins.login(of: $0) }
        }
    }

    // MARK: - Writes

    /// Sets the login of the subscription `reference` names: `changes` to its username and URL
    /// and, when `password` is given, a new password sealed under the vault key. The first
    /// password creates the vault with `passphrase` and `newVault` (the caller asked for it
    /// twice); after that `passphrase` must open the vault. Changing only the username or URL
    /// needs no passphrase. All or nothing.
    @discardableResult
    public func setLogin(
        _ reference: String, _ changes: LoginChanges, password: [UInt8]?, passphrase: [UInt8]?,
        newVault: ScryptParameters = .standard, now: Date = Date()
    ) throws -> Login {
        if let password, password.isEmpty { throw VaultError.empty(.password) }
        return try write { connection in
            let subscription = try SubscriptionReference.resolve(reference, in: SubscriptionRecords(connection: connection).all())
            let logins = LoginRecords(connection: connection)
            let existing = try logins.login(of: subscription)
            let before = try logins.rows(of: [subscription.id])
            var sealed = try logins.sealedPassword(of: subscription.id)
            if let password {
                guard let passphrase else { throw VaultError.wrongPassphrase }
                let key = try Self.unlock(connection, passphrase: passphrase, creating: newVault, now: now)
                sealed = try key.seal(password: password, subscriptionID: subscription.id)
            }
            let username = changes.username ?? existing?.username
            let url = changes.url ?? existing?.url
            let row = LoginRow(subscriptionID: subscription.id, username: username, url: url,
                               sealedPassword: sealed, updatedAt: Timestamp.format(now))
            try logins.write(row)
            // The history says what changed, never the password.
            let what = [changes.username.map { _ in LoginField.username }, changes.url.map { _ in LoginField.url },
                        password.map { _ in LoginField.password }].compactMap { $0 }
            try History.record(connection, .login, subscriptionID: subscription.id, subject: subscription.name,
                               detail: .login(existing == nil ? .added : .changed, fields: what),
                               before: StateSlice(logins: before),
                               after: StateSlice(logins: [row]), now: now)
            return Login(subscriptionID: subscription.id, name: subscription.name, username: username, url: url,
                         hasPassword: sealed != nil, updatedAt: Timestamp.parse(Timestamp.format(now)) ?? now)
        }
    }

    /// The login of the subscription `reference` names with its password opened. A wrong
    /// passphrase throws `VaultError.wrongPassphrase` before anything is opened. The caller
    /// zeroes the password once shown.
    public func revealPassword(_ reference: String, passphrase: [UInt8]) throws -> (login: Login, password: [UInt8]) {
        try read { connection in
            let subscription = try SubscriptionReference.resolve(reference, in: SubscriptionRecords(connection: connection).all())
            let logins = LoginRecords(connection: connection)
            guard let login = try logins.login(of: subscription) else {
                throw VaultError.noLogin(name: subscription.name)
            }
            guard let sealed = try logins.sealedPassword(of: subscription.id) else {
                throw VaultError.noPassword(name: subscription.name)
            }
            let key = try Self.unlock(connection, passphrase: passphrase, creating: nil, now: Date())
            return (login, try key.open(sealed, subscriptionID: subscription.id, name: subscription.name))
        }
    }

    /// Deletes the login of the subscription `reference` names; returns it.
    @discardableResult
    public func deleteLogin(_ reference: String) throws -> Login {
        try write { connection in
            let subscription = try SubscriptionReference.resolve(reference, in: SubscriptionRecords(connection: connection).all())
            let logins = LoginRecords(connection: connection)
            guard let login = try logins.login(of: subscription) else {
                throw VaultError.noLogin(name: subscription.name)
            }
            let before = try logins.rows(of: [subscription.id])
            try logins.delete(of: subscription.id)
            try History.record(connection, .login, subscriptionID: subscription.id, subject: subscription.name,
                               detail: .login(.removed, fields: []), before: StateSlice(logins: before), after: .empty, now: Date())
            return login
        }
    }

    /// Re-seals every password under a key derived from `newPassphrase` with a new salt and
    /// `parameters` (so `passwd` also moves an old vault to today's cost). All or nothing:
    /// a wrong `oldPassphrase` or an unreadable password changes nothing. Returns how many
    /// passwords were re-sealed.
    @discardableResult
    public func changeVaultPassphrase(
        from oldPassphrase: [UInt8], to newPassphrase: [UInt8], parameters: ScryptParameters = .standard,
        now: Date = Date()
    ) throws -> Int {
        guard !newPassphrase.isEmpty else { throw VaultError.empty(.newVaultPassphrase) }
        return try write { connection in
            guard try VaultRecords(connection: connection).row() != nil else { throw VaultError.noVault }
            let oldKey = try Self.unlock(connection, passphrase: oldPassphrase, creating: nil, now: now)
            let salt = VaultKey.newSalt()
            let newKey = try VaultKey(passphrase: newPassphrase, salt: salt, parameters: parameters)
            let logins = LoginRecords(connection: connection)
            let sealedPasswords = try logins.sealedPasswords()
            for (id, name, sealed) in sealedPasswords {
                var password = try oldKey.open(sealed, subscriptionID: id, name: name)
                defer { password.zeroize() }
                try logins.setSealedPassword(try newKey.seal(password: password, subscriptionID: id), of: id)
            }
            // The history's copies too, so undo brings back passwords the new passphrase opens. One
            // the old key does not open is no password of this vault's: it is left as it is.
            try History.resealLogins(connection) { login in
                guard let sealed = login.sealedPassword else { return nil }
                var password: [UInt8]
                do {
                    password = try oldKey.open(sealed, subscriptionID: login.subscriptionID, name: login.subscriptionID)
                } catch is VaultError {
                    return nil
                }
                defer { password.zeroize() }
                return try newKey.seal(password: password, subscriptionID: login.subscriptionID)
            }
            try VaultRecords(connection: connection).store(salt: salt, parameters: parameters, check: try newKey.sealCheck(), now: now)
            return sealedPasswords.count
        }
    }

    /// The vault key `passphrase` derives, proven by the check value. With `creating` set and
    /// no vault yet, creates the vault with those parameters instead.
    private static func unlock(
        _ connection: Connection, passphrase: [UInt8], creating parameters: ScryptParameters?, now: Date
    ) throws -> VaultKey {
        guard let vault = try VaultRecords(connection: connection).row() else {
            guard let parameters else { throw VaultError.noVault }
            let salt = VaultKey.newSalt()
            let key = try VaultKey(passphrase: passphrase, salt: salt, parameters: parameters)
            try VaultRecords(connection: connection).store(salt: salt, parameters: parameters, check: try key.sealCheck(), now: now)
            return key
        }
        guard !passphrase.isEmpty else { throw VaultError.wrongPassphrase }
        let key = try VaultKey(passphrase: passphrase, salt: vault.salt, parameters: vault.parameters)
        guard try key.opensCheck(vault.check) else { throw VaultError.wrongPassphrase }
        return key
    }
}
