import SubscriptionCore

extension SubsTranslations {
    /// Turkish for the texts of shell completion and the manual page.
    static let turkishShell: [(String, String)] = [
    ]
}
