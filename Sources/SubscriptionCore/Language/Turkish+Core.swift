extension Translations {
    /// Turkish for the texts of `SubscriptionCore`: errors and the words reports are made of.
    static let turkishCore: [(String, String)] = [
    ]
}
