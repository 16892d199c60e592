/// A category that is not there, already there, or still in use: nothing is changed.
public enum CategoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A category with this name exists (compared as `NameMatching` does), as `existing`.
    case exists(existing: String)
    /// A category to delete that subscriptions still use, named in `subscriptions`.
    case inUse(category: String, by: [String])
    /// No category has this name; `suggestions` are the closest, `known` all of them.
    case unknown(name: String, suggestions: [String], known: [String])

    public var description: String {
        switch self {
        case .exists(let existing):
            localized("category \(existing) already exists")
        case .inUse(let category, let subscriptions):
            localized("""
                category \(category) is used by \(subscriptions.joined(separator: ", ")); move them first with \
                'subs edit <ref> --category NAME'
                """)
        case .unknown(let name, let suggestions, let known):
            CoreErrorText.message(
                InputError.invalid(.category, value: name, expected: .category(suggestions: suggestions, known: known)))
        }
    }
}
