import Foundation

/// Validation of the free text a user stores: names, notes, URLs, payment methods.
public enum TextInput {
    public static let nameLengths = 1...100
    public static let maximumFreeTextLength = 2_000

    /// A subscription name: trimmed, 1 to 100 characters, no control characters.
    public static func name(_ text: String, what: String = "name") throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard nameLengths.contains(trimmed.count) else {
            throw InputError.invalid(what, text, expected: "1 to 100 characters")
        }
        try rejectControlCharacters(trimmed, original: text, what: what)
        return trimmed
    }

    /// Optional free text: trimmed, empty means none, at most 2,000 characters, no control
    /// characters (they could drive a terminal when shown).
    public static func freeText(_ text: String, what: String) throws -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.count <= maximumFreeTextLength else {
            throw InputError.invalid(what, text, expected: "at most 2000 characters")
        }
        try rejectControlCharacters(trimmed, original: text, what: what)
        return trimmed
    }

    private static func rejectControlCharacters(_ text: String, original: String, what: String) throws {
        if text.unicodeScalars.contains(where: \.isControlOrFormatOverride) {
            throw InputError.invalid(
                what, original, expected: "text without control characters or escape sequences")
        }
    }
}

extension Unicode.Scalar {
    /// C0 and C1 controls, DEL, and the bidirectional overrides that can disguise text.
    var isControlOrFormatOverride: Bool {
        properties.generalCategory == .control
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
