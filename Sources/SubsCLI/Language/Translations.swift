import SubscriptionCore

/// The translations of every English text, by language. Each language's table is a list of
/// (English format, translation) pairs, split across files by the part of `subs` they belong to;
/// `SubsTranslations` adds them at start-up. Tests check that every text has a
/// translation whose arguments are English's.
public enum Translations {
    /// Turkish's tables, in the order they were added; each is made only when Turkish is first
    /// used, so an English run never builds them. (One array per language, not a dictionary of
    /// them: that generic type alone costs a start-up a lookup through every conformance.)
    nonisolated(unsafe) private static var turkishTables: [() -> [(String, String)]] = []
    nonisolated(unsafe) private static var turkishMerged: [String: String]?

    /// Adds a table of translations, for a module that has texts of its own.
    public static func add(_ table: @autoclosure @escaping () -> [(String, String)], for language: Language) {
        switch language {
        case .english: break
        case .turkish:
            turkishTables.append(table)
            turkishMerged = nil
        }
    }

    /// Every (English, translation) pair known for `language`, duplicates included.
    public static func pairs(for language: Language) -> [(String, String)] {
        switch language {
        case .english: []
        case .turkish: turkishTables.flatMap { $0() }
        }
    }

    static func format(for key: String, in language: Language) -> String? {
        switch language {
        case .english: return nil
        case .turkish:
            if turkishMerged == nil {
                turkishMerged = Dictionary(pairs(for: .turkish), uniquingKeysWith: { first, _ in first })
            }
            return turkishMerged?[key]
        }
    }
}
