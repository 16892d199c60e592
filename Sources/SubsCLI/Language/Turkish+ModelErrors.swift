extension SubsTranslations {
    /// Turkish for the texts in Errors/ and Rendering/ that say the core's model and schedule errors.
    static let turkishModelErrors: [(String, String)] = [
    ]
}
