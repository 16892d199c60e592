import SubscriptionCore

/// The names a new database gives its default categories, in the reader's language: they are
/// the user's data from then on, and are not translated again.
enum DefaultCategories {
    /// In the order of `StoreLocation.englishCategories`.
    static func names(in language: Language) -> [String] {
        switch language {
        case .english: StoreLocation.englishCategories
        case .turkish: ["Dizi ve Film", "Müzik", "Yazılım", "Bulut", "Haber", "Oyun", "Spor", "Faturalar", "Diğer"]
        }
    }
}
