/// The languages `subs` speaks (PRODUCT.md §11), as a value: the `language` setting, and the
/// alphabet names sort in. The texts in each language are the command line's.
public enum Language: String, CaseIterable, Sendable {
    case english = "en"
    case turkish = "tr"

    /// The language a name like `tr`, `tr_TR.UTF-8` or `en-GB` asks for, or nil for one `subs`
    /// does not speak (`C`, `POSIX`, `xx`).
    public init?(localeName: String) {
        let code = localeName.prefix { $0.isLetter }.lowercased()
        guard let language = Language(rawValue: code) else { return nil }
        self = language
    }
}
