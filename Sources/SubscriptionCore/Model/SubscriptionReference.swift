import Foundation

/// Finds the subscription a user means by a reference: a full id, a unique id prefix of at least
/// four characters, or an exact name (case-insensitive).
public enum SubscriptionReference {
    public static let minimumPrefixLength = 4

    /// The one subscription `reference` names, or an error that lists the candidates. An exact
    /// id wins, then a name typed exactly, then names in any case and id prefixes together.
    public static func resolve(_ reference: String, in subscriptions: [Subscription]) throws -> Subscription {
        let typed = reference.trimmingCharacters(in: .whitespaces)
        let needle = typed.lowercased()
        if let exact = subscriptions.first(where: { $0.id == needle }) { return exact }
        let exactName = subscriptions.filter { $0.name == typed }
        if exactName.count == 1 { return exactName[0] }
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
