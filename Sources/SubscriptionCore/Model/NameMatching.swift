/// How names are compared as people read them (PRODUCT.md §11). References, search, category
/// names and the duplicate check all compare through `key(_:)`, so changing how names compare
/// (case folding, Turkish İ/ı) is a change to this one function.
public enum NameMatching {
    /// The form a name is compared in: two names are the same name when their keys are equal.
    /// Lowercase, with Turkish's four i's folded into one: `I` and `İ` (whose lowercase is `i`
    /// plus a combining dot) and `ı` all compare as `i`, so `GIDA`, `Gıda` and `gida` match
    /// whichever keyboard typed them.
    public static func key(_ name: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in name.lowercased().unicodeScalars {
            switch scalar {
            case "\u{0131}": folded.append("i")  // ı, dotless
            case "\u{0307}" where folded.last == "i": continue  // the dot İ leaves on i
            default: folded.append(scalar)
            }
        }
        return String(folded)
    }

    /// Whether `a` and `b` are the same name.
    public static func same(_ a: String, _ b: String) -> Bool {
        key(a) == key(b)
    }

    /// Whether `name` starts with `prefix`, compared as names.
    public static func hasPrefix(_ name: String, _ prefix: String) -> Bool {
        key(name).hasPrefix(key(prefix))
    }

    /// Whether `text` contains `part`, compared as names (for search).
    public static func contains(_ text: String, _ part: String) -> Bool {
        key(text).contains(key(part))
    }
}
