/// A category that is not there, already there, or still in use: nothing is changed.
public enum CategoryError: CoreError, Equatable, Sendable {
    /// A category with this name exists (compared as `NameMatching` does), as `existing`.
    case exists(existing: String)
    /// A category to delete that subscriptions still use, named in `subscriptions`.
    case inUse(category: String, by: [String])
    /// No category has this name; `suggestions` are the closest, `known` all of them.
    case unknown(name: String, suggestions: [String], known: [String])

    public var failure: FailureKind { .refused }
}
