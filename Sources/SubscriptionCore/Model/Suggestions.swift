/// Names close to a misspelt one, for "did you mean" suggestions.
public enum Suggestions {
    /// Names that contain the text come first, then the nearest by spelling to the whole name,
    /// its beginning or one of its words.
    public static func closest(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
        let key = NameMatching.key(name)
        let target = Array(key)
        let tolerance = max(2, target.count / 3)
        let scored: [(name: String, distance: Int)] = candidates.map { candidate in
            let lowered = NameMatching.key(candidate)
            if !key.isEmpty, lowered.contains(key) { return (candidate, -1) }
            // A misspelt beginning ("strem") is as close as a misspelt whole word, and so is a
            // misspelt word of the name ("gda" for "Şahin Gıda"); words of one or two letters
            // ("of", "a") are near anything short.
            let words = lowered.split { !$0.isLetter && !$0.isNumber }.filter { $0.count > 2 }.map(Array.init)
            let score = ([distance(target, Array(lowered)), distance(target, Array(lowered.prefix(target.count)))]
                + words.map { distance(target, $0) }).min() ?? Int.max
            return (candidate, score)
        }
        let close = scored.filter { $0.distance <= tolerance }
            .sorted { $0.distance == $1.distance ? $0.name < $1.name : $0.distance < $1.distance }
        return close.prefix(limit).map(\.name)
    }

    /// Levenshtein distance.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
