/// How names are compared as people read them (PRODUCT.md §11). References, search, category
/// names and the duplicate check all compare through `key(_:)`, so changing how names compare
/// (case folding, Turkish İ/ı) is a change to this one function.
public enum NameMatching {
    /// The form a name is compared in: two names are the same name when their keys are equal.
    public static func key(_ name: String) -> String {
        name.lowercased()
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
