/// Reads and writes the `logins` table: one login per subscription, its password sealed under
/// the vault key. A subscription's login goes with it (`ON DELETE CASCADE`).
struct LoginRecords {
    let connection: Connection

    /// The rows of the subscriptions `ids` that have a login, as stored.
    func rows(of ids: [String]) throws -> [LoginRow] {
        try ids.compactMap { id in
            try connection.rows("SELECT username, url, sealed_password, updated_at FROM logins WHERE subscription_id = ?", [.text(id)])
                .first.map { row in
                    guard let updatedAt = row.text(3) else { throw Damaged(.login) }
                    return LoginRow(subscriptionID: id, username: row.text(0), url: row.text(1),
                                    sealedPassword: row.text(2), updatedAt: updatedAt)
                }
        }
    }

    /// The login of `subscription`, without its password; nil when it has none.
    func login(of subscription: Subscription) throws -> Login? {
        guard let row = try connection.rows(
            "SELECT username, url, sealed_password IS NOT NULL, updated_at FROM logins WHERE subscription_id = ?",
            [.text(subscription.id)]).first
        else { return nil }
        guard let updatedAt = row.text(3).flatMap(Timestamp.parse) else {
            throw VaultError.damaged(.loginOf(name: subscription.name))
        }
        return Login(subscriptionID: subscription.id, name: subscription.name, username: row.text(0), url: row.text(1),
                     hasPassword: row.int(2) == 1, updatedAt: updatedAt)
    }

    /// The sealed password of the subscription `id`; nil when it has none.
    func sealedPassword(of id: String) throws -> String? {
        try connection.scalar("SELECT sealed_password FROM logins WHERE subscription_id = ?", [.text(id)]).flatMap {
            if case .text(let text) = $0 { return text }
            return nil
        }
    }

    /// Every sealed password, with its subscription's id and name.
    func sealedPasswords() throws -> [(id: String, name: String, sealed: String)] {
        try connection.rows(
            "SELECT logins.subscription_id, subscriptions.name, logins.sealed_password FROM logins "
                + "JOIN subscriptions ON subscriptions.id = logins.subscription_id WHERE sealed_password IS NOT NULL"
        ).map { row in
            guard let id = row.text(0), let name = row.text(1), let sealed = row.text(2) else {
                throw VaultError.damaged(.login)
            }
            return (id, name, sealed)
        }
    }

    /// The names of the subscriptions that have a login, as stored.
    func subscriptionNames() throws -> [String] {
        try connection.rows("SELECT s.name FROM subscriptions s JOIN logins l ON l.subscription_id = s.id").compactMap { $0.text(0) }
    }

    /// Stores `row`, replacing the login its subscription had.
    func write(_ row: LoginRow) throws {
        try connection.run(
            "INSERT OR REPLACE INTO logins (subscription_id, username, url, sealed_password, updated_at) VALUES (?, ?, ?, ?, ?)",
            [.text(row.subscriptionID), row.username.map(SQLiteValue.text) ?? .null, row.url.map(SQLiteValue.text) ?? .null,
             row.sealedPassword.map(SQLiteValue.text) ?? .null, .text(row.updatedAt)])
    }

    /// Gives the login of the subscription `id` its password sealed anew, nothing else changed.
    func setSealedPassword(_ sealed: String, of id: String) throws {
        try connection.run("UPDATE logins SET sealed_password = ? WHERE subscription_id = ?", [.text(sealed), .text(id)])
    }

    func delete(of id: String) throws {
        try connection.run("DELETE FROM logins WHERE subscription_id = ?", [.text(id)])
    }
}
