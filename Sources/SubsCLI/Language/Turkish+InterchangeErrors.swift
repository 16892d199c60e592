extension SubsTranslations {
    /// Turkish for the texts in Errors/ and Rendering/ that say the core's import, export and statement errors.
    static let turkishInterchangeErrors: [(String, String)] = [
    ]
}
