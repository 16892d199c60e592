import Foundation

/// How names are compared as people read them (PRODUCT.md §11). References, search, category
/// names and the duplicate check all compare through `key(_:)`, so changing how names compare
/// (case folding, Turkish İ/ı) is a change to this one function.
public enum NameMatching {
    /// The form a name is compared in: two names are the same name when their keys are equal.
    /// Lowercase, with Turkish's four i's folded into one: `I` and `İ` (whose lowercase is `i`
    /// plus a combining dot) and `ı` all compare as `i`, so `GIDA`, `Gıda` and `gida` match
    /// whichever keyboard typed them.
    public static func key(_ name: String) -> String {
        // ASCII has no Turkish i to fold: its lowercase is the key, without a scalar walk.
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return name.lowercased() }
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

/// The order names sort in (`--sort name`), by a language's alphabet (PRODUCT.md §11). English
/// sorts letters with accents beside their base letter (`Çay` among the c's); Turkish has ç, ğ,
/// ı, ö, ş and ü as letters of their own after c, g, h, o, s and u, with dotless ı before i.
/// Case is ignored; names equal in this order are then compared scalar by scalar, so the order
/// is total.
public enum NameCollation {
    /// The key to compare names by with `<`.
    public static func key(_ name: String, in language: Language) -> [UInt32] {
        var weights: [UInt32] = []
        weights.reserveCapacity(name.utf8.count)
        appendKey(name, in: language, to: &weights)
        return weights
    }

    /// `key(name, in: language)` appended to `weights`: the keys of many names one after another,
    /// in one array rather than one each.
    public static func appendKey(_ name: String, in language: Language, to weights: inout [UInt32]) {
        for scalar in name.unicodeScalars {
            // Most names are ASCII: a letter's weight is its lowercase's, with no table to look in.
            if scalar.isASCII, language != .turkish || (scalar != "I" && scalar != "i") {
                weights.append(weight(lowercase(scalar)))
                continue
            }
            if language == .turkish, let weight = turkishWeights[scalar] {
                weights.append(weight)
                continue
            }
            // The base letter of an accented one: é is e plus a combining accent; ı is read as i.
            let base = scalar == "ı" ? "i"
                : latinBase(scalar) ?? String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first ?? scalar
            weights.append(weight(lowercase(base)))
        }
    }

    /// A letter's lowercase (its first scalar); an ASCII one's with no string made.
    private static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard scalar.isASCII else { return scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar }
        return ("A"..."Z").contains(scalar) ? Unicode.Scalar(UInt8(scalar.value) + 32) : scalar
    }

    /// The base letter of an accented Latin letter (U+00C0–U+017F, the ones names mostly hold),
    /// as the first scalar of its canonical decomposition; nil for one that has none (`æ`, `ø`)
    /// or is outside. Foundation's decomposition costs about a thousand instructions a letter,
    /// and a list sorts every name by its key.
    static func latinBase(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard (0xC0..<0x180).contains(scalar.value) else { return nil }
        let base = latinBases.withUTF8Buffer { $0[Int(scalar.value) - 0xC0] }
        return base == UInt8(ascii: " ") ? nil : Unicode.Scalar(base)
    }

    /// From U+00C0 on, a letter's base, or a space where its decomposition is itself
    /// (`NameMatchingTests` checks every one against Foundation's).
    private static let latinBases: StaticString = """
        AAAAAA CEEEEIIII NOOOOO  UUUUY  aaaaaa ceeeeiiii nooooo  uuuuy y\
        AaAaAaCcCcCcCcDd  EeEeEeEeEeGgGgGgGgHh  IiIiIiIiI   JjKk LlLlLl \
           NnNnNn   OoOoOo  RrRrRrSsSsSsSsTtTt  UuUuUuUuUuUuWwYyYZzZzZz\u{20}
        """

    /// Three weights of `key` from `start` on, each plus one in 21 bits (a weight is below
    /// 0x110200), so that two prefixes compare as those weights of their keys do, a shorter key
    /// first. Where the weights before `start` are alike, they compare as the keys do.
    public static func prefix<Key: RandomAccessCollection<UInt32>>(of key: Key, from start: Int = 0) -> UInt64 {
        var packed: UInt64 = 0
        for position in start..<start + 3 {
            let weight = position < key.count ? UInt64(key[key.index(key.startIndex, offsetBy: position)]) + 1 : 0
            packed = packed << 21 | weight
        }
        return packed
    }

    /// ASCII letters at four apart, leaving room for the Turkish letters after (or, for ı, before)
    /// them; everything else after Latin letters, in scalar order.
    private static func weight(_ scalar: Unicode.Scalar) -> UInt32 {
        scalar.value < 0x80 ? scalar.value * 4 : 0x200 + scalar.value
    }

    private static let turkishWeights: [Unicode.Scalar: UInt32] = {
        func after(_ letter: Unicode.Scalar, by offset: Int) -> UInt32 {
            UInt32(Int(letter.value) * 4 + offset)
        }
        return [
            "ç": after("c", by: 2), "Ç": after("c", by: 2), "ğ": after("g", by: 2), "Ğ": after("g", by: 2),
            "ı": after("i", by: -2), "I": after("i", by: -2), "i": after("i", by: 0), "İ": after("i", by: 0),
            "ö": after("o", by: 2), "Ö": after("o", by: 2), "ş": after("s", by: 2), "Ş": after("s", by: 2),
            "ü": after("u", by: 2), "Ü": after("u", by: 2),
        ]
    }()

    /// Whether `a` sorts before `b`.
    public static func areInIncreasingOrder(_ a: String, _ b: String, in language: Language) -> Bool {
        let (left, right) = (key(a, in: language), key(b, in: language))
        return left == right ? a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
            : left.lexicographicallyPrecedes(right)
    }
}
