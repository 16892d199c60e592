import Foundation

/// Finds the subscription a user means by a reference: a full id, a unique id prefix of at least
/// four characters, or an exact name (case-insensitive).
public enum SubscriptionReference {
    public static let minimumPrefixLength = 4

    /// The one subscription `reference` names, or an error that lists the candidates.
    public static func resolve(_ reference: String, in subscriptions: [Subscription]) throws -> Subscription {
        let needle = reference.trimmingCharacters(in: .whitespaces).lowercased()
        if let exact = subscriptions.first(where: { $0.id == needle }) { return exact }
        let byName = subscriptions.filter { $0.name.lowercased() == needle }
        let byPrefix = needle.count >= minimumPrefixLength
            ? subscriptions.filter { $0.id.hasPrefix(needle) } : []
        var seen: Set<String> = []
        let matches = (byName + byPrefix).filter { seen.insert($0.id).inserted }
        switch matches.count {
        case 0: throw LookupError.notFound(reference: reference)
        case 1: return matches[0]
        default:
            throw LookupError.ambiguous(
                reference: reference, matches: matches.map { "\($0.shortID) (\($0.name))" })
        }
    }
}
