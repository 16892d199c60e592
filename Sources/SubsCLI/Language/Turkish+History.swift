extension SubsTranslations {
    /// Turkish for the texts in Errors/ and Rendering/ that say the core's history entries.
    static let turkishHistory: [(String, String)] = [
    ]
}
