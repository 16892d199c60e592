import Foundation

/// Validation of the free text a user stores: names, notes, URLs, payment methods.
public enum TextInput {
    public static let nameLengths = 1...100
    public static let maximumFreeTextLength = 2_000

    /// A subscription name: trimmed, 1 to 100 characters, no control or invisible format characters.
    public static func name(_ text: String, what: InputError.NameField = .name) throws -> String {
        let trimmed = trimmed(text)
        guard hasLength(trimmed, in: nameLengths) else {
            throw InputError.invalidName(what, value: text, expected: .length)
        }
        if hasInvisibleCharacters(trimmed) { throw InputError.invalidName(what, value: text, expected: .visible) }
        return trimmed
    }

    /// Optional free text: trimmed, empty means none, at most 2,000 characters, no control
    /// characters (they could drive a terminal when shown).
    public static func freeText(_ text: String, what: InputError.TextField) throws -> String? {
        let trimmed = trimmed(text)
        guard !trimmed.isEmpty else { return nil }
        guard hasLength(trimmed, in: 0...maximumFreeTextLength) else {
            throw InputError.invalidText(what, value: text, expected: .length)
        }
        if hasInvisibleCharacters(trimmed) { throw InputError.invalidText(what, value: text, expected: .visible) }
        return trimmed
    }

    /// `text` without the white space of `whiteSpace` (with newlines or without) at either end.
    /// Foundation's trimming costs more than the rest of a name's checks (an import of 100,000
    /// pays it for each field and amount): it is called only when an end is not a visible ASCII
    /// character, which no white space is.
    /// The set is made only then: making one costs as much as the rest of the check.
    static func trimmed(
        _ text: String, _ whiteSpace: @autoclosure () -> CharacterSet = .whitespacesAndNewlines
    ) -> String {
        func visibleASCII(_ end: UInt8?) -> Bool { end.map { $0 > 0x20 && $0 < 0x7F } ?? false }
        return visibleASCII(text.utf8.first) && visibleASCII(text.utf8.last)
            ? text : text.trimmingCharacters(in: whiteSpace())
    }

    /// Whether the number of characters in `text` is in `lengths`. A text has no more characters
    /// than bytes, and one at least when it has a byte: for nearly every name and note the bytes
    /// settle it, and the characters, which cost more to tell apart than the rest of the check,
    /// are not counted.
    private static func hasLength(_ text: String, in lengths: ClosedRange<Int>) -> Bool {
        let bytes = text.utf8.count
        if bytes <= lengths.upperBound, min(bytes, 1) >= lengths.lowerBound { return true }
        return lengths.contains(text.count)
    }

    private static func hasInvisibleCharacters(_ text: String) -> Bool {
        // Visible ASCII and spaces, most text, hold none: no scalar's properties to look up.
        guard !text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
        return text.unicodeScalars.contains(where: \.isControlOrInvisibleFormat)
    }
}

extension Unicode.Scalar {
    /// Characters that must never reach a terminal or a stored name: C0 and C1 controls and DEL;
    /// invisible format characters (bidi controls and marks such as U+200E, U+061C, U+202E,
    /// zero-width spaces, U+FEFF, soft hyphens, tag characters), which can disguise text; and
    /// the line and paragraph separators U+2028 and U+2029. Zero-width (non-)joiners stay:
    /// scripts such as Persian and emoji sequences need them.
    public var isControlOrInvisibleFormat: Bool {
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        case .format: value != 0x200C && value != 0x200D
        default: false
        }
    }
}
