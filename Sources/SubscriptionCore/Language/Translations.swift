/// The translations of every English text, by language. Each language's table is a list of
/// (English format, translation) pairs, split across files by the part of `subs` they belong to;
/// the command line adds its own tables at start-up. Tests check that every text has a
/// translation whose arguments are English's.
public enum Translations {
    /// The tables of each language but English, in the order they were added; each is made
    /// only when its language is first used, so an English run never builds the Turkish ones.
    nonisolated(unsafe) private static var tables: [Language: [() -> [(String, String)]]] = [
        .turkish: [{ turkishCore }, { LocaleInput.turkish }, { turkishStatement }],
    ]
    nonisolated(unsafe) private static var merged: [Language: [String: String]] = [:]

    /// Adds a table of translations, for a module that has texts of its own.
    public static func add(_ table: @autoclosure @escaping () -> [(String, String)], for language: Language) {
        tables[language, default: []].append(table)
        merged[language] = nil
    }

    /// Every (English, translation) pair known for `language`, duplicates included.
    public static func pairs(for language: Language) -> [(String, String)] {
        (tables[language] ?? []).flatMap { $0() }
    }

    static func format(for key: String, in language: Language) -> String? {
        guard language != .english else { return nil }
        if merged[language] == nil {
            merged[language] = Dictionary(pairs(for: language), uniquingKeysWith: { first, _ in first })
        }
        return merged[language]?[key]
    }
}
