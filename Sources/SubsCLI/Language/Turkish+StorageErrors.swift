extension SubsTranslations {
    /// Turkish for the texts in Errors/ and Rendering/ that say the core's storage and vault errors.
    static let turkishStorageErrors: [(String, String)] = [
    ]
}
