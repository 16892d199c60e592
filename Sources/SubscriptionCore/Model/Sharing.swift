/// Splitting an amount between people exactly, in minor units.
public enum Split {
    /// Shares of `total` in proportion to `weights`, by largest remainder: each gets the floor of
    /// its exact share, and the minor units left over go one each to the largest fractions, ties
    /// to the earlier member. 10.00 in three: 3.34, 3.33, 3.33. The shares always add up to the
    /// total exactly.
    public static func shares(of total: Money, weights: [Int]) -> [Money] {
        precondition(weights.allSatisfy { $0 > 0 } && !weights.isEmpty, "weights are positive")
        let sum = weights.reduce(0, +)
        let units = total.minorUnits
        var shares = weights.map { units * Int128($0) / Int128(sum) }
        let remainders = weights.map { units * Int128($0) % Int128(sum) }
        let leftOver = Int(units - shares.reduce(0, +))
        let order = weights.indices.sorted { remainders[$0] == remainders[$1] ? $0 < $1 : remainders[$0] > remainders[$1] }
        for index in order.prefix(leftOver) { shares[index] += 1 }
        return shares.map { Money(minorUnits: $0, currency: total.currency) }
    }
}

extension Member {
    /// Parses `--shared-with "Alice,Bob:2"`: the people you share with, weight 1 unless given.
    public static func parseList(_ text: String) throws -> [Member] {
        if text.trimmingCharacters(in: .whitespaces).lowercased() == "none" { return [] }
        let invalid = InputError.invalid(.sharedWith, value: text, expected: .members)
        var members: [Member] = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try TextInput.name(String(parts[0]), what: .memberName)
            var weight = 1
            if parts.count == 2 {
                let digits = parts[1].trimmingCharacters(in: .whitespaces)
                guard digits.count <= 2, digits.allSatisfy(\.isASCIIDigit), let parsed = Int(digits), parsed >= 1
                else { throw invalid }
                weight = parsed
            }
            guard !members.contains(where: { $0.name.lowercased() == name.lowercased() }) else { throw invalid }
            members.append(Member(name: name, weight: weight))
        }
        return members
    }
}

extension Subscription {
    /// The owner's weight in a shared cost: the owner (you, for a subscription added before
    /// owners) is the first member, with weight 1.
    public static let myWeight = 1

    /// Whose the first share is: the owner, else (added before owners) `me`, who uses this
    /// machine.
    public func owner(me: String) -> String {
        owner ?? me
    }

    /// Who pays the bill: `paidBy`, else the owner, else `me`.
    public func payer(me: String) -> String {
        paidBy ?? owner(me: me)
    }

    /// `amount` split between the owner and the members: the owner's share first, then theirs
    /// in order.
    public func split(_ amount: Money) -> [Money] {
        Split.shares(of: amount, weights: [Self.myWeight] + members.map(\.weight))
    }

    /// The part of `amount` that is `me`'s, exact in minor units: the owner's share (all of it
    /// when not shared) when `me` is the owner, or the subscription has none, or `me` is nil;
    /// a member's share when `me` is that member; nothing when `me` is neither (another
    /// household member's bill, synced here, that `me` does not share).
    public func myShare(of amount: Money, me: String? = nil) -> Money {
        // Asked of every row of a list: no array and no folding of names when not needed.
        guard let me, let owner, me != owner, !NameMatching.same(me, owner) else {
            return members.isEmpty ? amount : split(amount)[0]
        }
        guard let member = members.firstIndex(where: { NameMatching.same($0.name, me) }) else {
            return Money(minorUnits: 0, currency: amount.currency)
        }
        return split(amount)[member + 1]
    }
}
