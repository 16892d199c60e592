/// A reference that matches nothing, or more than one; or a name that is already taken.
public enum LookupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No subscription matches; `suggestions` are the closest names.
    case notFound(reference: String, suggestions: [String] = [])
    case ambiguous(reference: String, matches: [String])
    /// Another subscription already has this name (compared as `NameMatching` does).
    case duplicateName(name: String, existing: String, id: String)
    /// No exchange rate is set for the currency.
    case noRate(currency: String)

    public var description: String {
        switch self {
        case .notFound(let reference, let suggestions):
            suggestions.isEmpty ? localized("no subscription matches '\(reference.quotedForMessage)'")
                : localized("no subscription matches '\(reference.quotedForMessage)' (did you mean \(suggestions.joined(separator: ", "))?)")
        case .ambiguous(let reference, let matches):
            localized("""
                '\(reference.quotedForMessage)' matches \(matches.count) subscriptions: \(matches.joined(separator: ", ")); \
                type more of the name, or the id
                """)
        case .duplicateName(let name, let existing, let id):
            localized("""
                a subscription named '\(name.quotedForMessage)' already exists: \(existing.quotedForMessage) (\(id)); \
                choose another name, or edit that one
                """)
        case .noRate(let currency):
            localized("no exchange rate is set for \(currency)")
        }
    }
}
