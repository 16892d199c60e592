import Foundation

/// Finds the subscription a user means by a reference (PRODUCT.md §3): its full id, a unique id
/// prefix of at least four characters, its name, a unique prefix of its name, or else text found
/// in one name only, as `list --search` finds it (`gıda` for "Şahin Gıda"). Names compare
/// through `NameMatching`.
public enum SubscriptionReference {
    public static let minimumPrefixLength = 4

    /// The one subscription `reference` names, or an error that lists the candidates (ambiguous)
    /// or the closest names (not found). A full id wins, then the whole name, then prefixes of
    /// ids and names together: "Adobe" finds "Adobe" even when "Adobe CC" exists too; then text
    /// anywhere in the name.
    public static func resolve(_ reference: String, in subscriptions: [Subscription]) throws -> Subscription {
        let typed = reference.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { throw LookupError.notFound(reference: reference) }
        let id = typed.lowercased()
        if let exact = subscriptions.first(where: { $0.id == id }) { return exact }

        let byName = subscriptions.filter { NameMatching.same($0.name, typed) }
        // Only a database from before names were unique holds two of one name: the spelling
        // typed exactly still tells them apart.
        let exactSpelling = byName.filter { $0.name == typed }
        if byName.count == 1 { return byName[0] }
        if exactSpelling.count == 1 { return exactSpelling[0] }
        if byName.count > 1 { throw ambiguous(reference, byName) }

        let byIDPrefix = id.count >= minimumPrefixLength ? subscriptions.filter { $0.id.hasPrefix(id) } : []
        let byNamePrefix = subscriptions.filter { NameMatching.hasPrefix($0.name, typed) }
        var seen: Set<String> = []
        let matches = (byIDPrefix + byNamePrefix).filter { seen.insert($0.id).inserted }
        switch matches.count {
        case 0: break
        case 1: return matches[0]
        default: throw ambiguous(reference, matches)
        }
        let inside = subscriptions.filter { NameMatching.contains($0.name, typed) }
        switch inside.count {
        case 0:
            throw LookupError.notFound(
                reference: reference, suggestions: Suggestions.closest(to: typed, in: subscriptions.map(\.name)))
        case 1: return inside[0]
        default: throw ambiguous(reference, inside)
        }
    }

    private static func ambiguous(_ reference: String, _ matches: [Subscription]) -> LookupError {
        .ambiguous(reference: reference, matches: matches.map { "\($0.shortID) (\($0.name))" })
    }

    /// The subscriptions several references name, each once, in the order first named. One
    /// reference that matches nothing, or several, refuses them all.
    public static func resolve(_ references: [String], in subscriptions: [Subscription]) throws -> [Subscription] {
        var found: [Subscription] = []
        for reference in references {
            let subscription = try resolve(reference, in: subscriptions)
            if !found.contains(where: { $0.id == subscription.id }) { found.append(subscription) }
        }
        return found
    }
}
