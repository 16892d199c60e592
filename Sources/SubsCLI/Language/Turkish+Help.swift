import SubscriptionCore

extension SubsTranslations {
    /// Turkish for the help of every command, option and argument.
    static let turkishHelp: [(String, String)] = [
    ]
}
