/// A `logins` row as stored: the password stays sealed under the vault key, so the history can
/// keep it (undoing a delete brings the login back) without ever holding a readable secret.
struct LoginRow: Codable, Equatable {
    var subscriptionID: String
    var username: String?
    var url: String?
    var sealedPassword: String?
    var updatedAt: String

    enum CodingKeys: String, CodingKey {
        case subscriptionID = "subscription_id", username, url
        case sealedPassword = "sealed_password", updatedAt = "updated_at"
    }

    /// The rows of the subscriptions `ids` that have a login.
    static func rows(of ids: [String], _ connection: Connection) throws -> [LoginRow] {
        try ids.compactMap { id in
            try connection.rows("SELECT username, url, sealed_password, updated_at FROM logins WHERE subscription_id = ?", [.text(id)])
                .first.map { row in
                    guard let updatedAt = row.text(3) else { throw Damaged(.login) }
                    return LoginRow(subscriptionID: id, username: row.text(0), url: row.text(1),
                                    sealedPassword: row.text(2), updatedAt: updatedAt)
                }
        }
    }

    func write(_ connection: Connection) throws {
        try connection.run(
            "INSERT OR REPLACE INTO logins (subscription_id, username, url, sealed_password, updated_at) VALUES (?, ?, ?, ?, ?)",
            [.text(subscriptionID), username.map(SQLiteValue.text) ?? .null, url.map(SQLiteValue.text) ?? .null,
             sealedPassword.map(SQLiteValue.text) ?? .null, .text(updatedAt)])
    }
}
