import SubscriptionCore

extension Language {
    /// The first that is set of `SUBS_LANG`, config `language`, `LC_ALL`, `LC_MESSAGES` and
    /// `LANG`, as POSIX programs read them: a set but unknown value (`SUBS_LANG=xx`) means
    /// English, as `LANG=xx` does, rather than falling through to the next.
    public static func chosen(environment: [String: String], configured: String? = nil) -> Language {
        let candidates = [environment["SUBS_LANG"], configured]
            + ["LC_ALL", "LC_MESSAGES", "LANG"].map { environment[$0] }
        guard let first = candidates.lazy.compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
            return .english
        }
        return Language(localeName: first) ?? .english
    }

    /// The reader's language: bound once for the whole run, before any argument is parsed
    /// (`StartUp`), and passed down the call tree with it; a test binds its own
    /// (`Language.$current.withValue(.turkish) { ... }`).
    @TaskLocal public static var current: Language = .english
}

extension CivilDate {
    /// The date as `language` writes it: `2026-11-22`, in Turkish `22.11.2026`.
    public func written(in language: Language) -> String {
        switch language {
        case .english: description
        case .turkish: Self.padded(day, 2) + "." + Self.padded(month, 2) + "." + Self.padded(year, 4)
        }
    }

    private static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
