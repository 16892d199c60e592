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
    /// Your weight in a shared cost: you are the first member, with weight 1.
    public static let myWeight = 1

    /// `amount` split between you and the members: your share first, then theirs in order.
    public func split(_ amount: Money) -> [Money] {
        Split.shares(of: amount, weights: [Self.myWeight] + members.map(\.weight))
    }

    /// Your part of `amount`, exact in minor units; all of it when not shared.
    public func myShare(of amount: Money) -> Money {
        members.isEmpty ? amount : split(amount)[0]
    }
}
