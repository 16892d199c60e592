/// A reference that matches nothing, or more than one; or a name that is already taken.
public enum LookupError: CoreError, Equatable, Sendable {
    /// No subscription matches; `suggestions` are the closest names.
    case notFound(reference: String, suggestions: [String] = [])
    case ambiguous(reference: String, matches: [String])
    /// Another subscription already has this name (compared as `NameMatching` does).
    case duplicateName(name: String, existing: String, id: String)
    /// No exchange rate is set for the currency.
    case noRate(currency: String)

    public var failure: FailureKind {
        switch self {
        case .notFound, .noRate: .notFound
        case .ambiguous, .duplicateName: .refused
        }
    }
}
