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
}
