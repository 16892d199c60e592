import SubscriptionCore

extension SubsTranslations {
    /// Turkish for the texts of interactive `subs add`.
    static let turkishPrompts: [(String, String)] = [
    ]
}
