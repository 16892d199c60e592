import SubscriptionCore

extension SubsTranslations {
    /// Turkish for what commands print: tables, messages and errors.
    static let turkishMessages: [(String, String)] = [
    ]
}
