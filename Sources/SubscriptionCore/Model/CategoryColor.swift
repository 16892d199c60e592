/// A category's colour: one a terminal can paint (`cyan`), or a `#rrggbb` colour for other tools.
public struct CategoryColor: Hashable, Sendable, CustomStringConvertible {
    /// The colours a terminal paints a category in.
    public enum Name: String, CaseIterable, Sendable {
        case red, green, yellow, blue, magenta, cyan
    }

    /// The colour as stored and shown, in lower case: `cyan`, `#ff8800`.
    public let description: String

    /// The named colour, or nil for a `#rrggbb` colour.
    public var name: Name? { Name(rawValue: description) }

    public init(_ name: Name) {
        description = name.rawValue
    }

    /// Parses a named colour or `#rrggbb`, in any case.
    public init(input text: String) throws {
        guard let color = CategoryColor(stored: text.lowercased()) else {
            throw InputError.invalid(.colour, value: text, expected: .colour)
        }
        self = color
    }

    /// A colour as the database holds it (lower case), or nil when it is not one.
    init?(stored text: String) {
        let isHex = text.utf8.count == 7 && text.hasPrefix("#")
            && text.utf8.dropFirst().allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
        guard Name(rawValue: text) != nil || isHex else { return nil }
        description = text
    }
}
