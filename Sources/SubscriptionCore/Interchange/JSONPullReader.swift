import Foundation

/// Reads JSON of a shape known in advance, value by value in the order written, straight into
/// the values it makes: no tree of the whole text, no `Decoder` containers, no keys made into
/// strings. An export document of 100,000 subscriptions is read in a fraction of the time
/// Foundation's `JSONDecoder` takes (`ExportDocument.init(reading:)`).
///
/// It reads only what it can read exactly as `JSONDecoder` would, and gives up (`Unread`) on
/// anything else: a key the reader was not told of, a number that is not a plain whole one, a
/// byte-order mark, an escaped key, text that is not UTF-8. The caller then decodes with
/// `JSONDecoder`, which gives the same value or names the error. So it has no errors of its own
/// to word, and a document it reads is the document `JSONDecoder` reads, once `JSONKeyCheck`
/// has found no key written twice (of two, it keeps the last and `JSONDecoder` the first). It
/// never recurses deeper than its caller does.
struct JSONPullReader: ~Copyable {
    /// Given up: the caller decodes the text another way.
    struct Unread: Error {}

    /// A member's key, as the bytes between its quotes (a key with an escape is given up on).
    struct MemberKey {
        fileprivate let bytes: UnsafeRawBufferPointer

        /// Whether the key is `name`: so a `switch` over a key takes `case "name":`.
        static func ~= (name: StaticString, key: MemberKey) -> Bool {
            guard name.utf8CodeUnitCount == key.bytes.count, let base = key.bytes.baseAddress else { return false }
            return memcmp(name.utf8Start, base, key.bytes.count) == 0
        }
    }

    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Reads the whole of `bytes` as one value that `read` takes: nothing but whitespace may follow it.
    static func read<T>(_ bytes: UnsafeRawBufferPointer, _ read: (inout JSONPullReader) throws(Unread) -> T) throws(Unread) -> T {
        var reader = JSONPullReader(bytes)
        let value = try read(&reader)
        guard reader.peek() == nil else { throw Unread() }
        return value
    }

    // MARK: - Bytes

    /// The byte after any whitespace, not taken; nil at the end.
    private mutating func peek() -> UInt8? {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return bytes[position]
            }
        }
        return nil
    }

    /// Takes `byte`, after any whitespace, or gives up.
    private mutating func take(_ byte: UInt8) throws(Unread) {
        guard peek() == byte else { throw Unread() }
        position += 1
    }

    /// Takes `literal` (`null`, `true`, `false`) when it comes next, after any whitespace. What
    /// follows it is checked by whatever is read next (a `,`, `}` or `]`).
    private mutating func take(literal: StaticString) -> Bool {
        guard peek() == literal.utf8Start.pointee, bytes.count - position >= literal.utf8CodeUnitCount,
              let base = bytes.baseAddress, memcmp(literal.utf8Start, base + position, literal.utf8CodeUnitCount) == 0
        else { return false }
        position += literal.utf8CodeUnitCount
        return true
    }

    // MARK: - Containers

    /// An object: `member` is handed each key in turn, with the reader at its value, which it
    /// must read (or give up). Whether a key comes twice is `JSONKeyCheck`'s to refuse.
    mutating func object(_ member: (inout JSONPullReader, MemberKey) throws(Unread) -> Void) throws(Unread) {
        try items(UInt8(ascii: "{"), UInt8(ascii: "}")) { reader throws(Unread) in
            let key = try reader.key()
            try reader.take(UInt8(ascii: ":"))
            try member(&reader, key)
        }
    }

    /// An object of any keys, read as strings are (escapes and all), each value by `value`.
    mutating func dictionary<Value>(_ value: (inout JSONPullReader) throws(Unread) -> Value) throws(Unread) -> [String: Value] {
        var members: [String: Value] = [:]
        try items(UInt8(ascii: "{"), UInt8(ascii: "}")) { reader throws(Unread) in
            let key = try reader.string()
            try reader.take(UInt8(ascii: ":"))
            members[key] = try value(&reader)
        }
        return members
    }

    /// A list, each element read by `element`.
    mutating func array<Element>(_ element: (inout JSONPullReader) throws(Unread) -> Element) throws(Unread) -> [Element] {
        var elements: [Element] = []
        try items(UInt8(ascii: "["), UInt8(ascii: "]")) { reader throws(Unread) in elements.append(try element(&reader)) }
        return elements
    }

    /// `opening`, the items `item` reads (none, or one and more after each comma), `closing`.
    private mutating func items(_ opening: UInt8, _ closing: UInt8, _ item: (inout JSONPullReader) throws(Unread) -> Void) throws(Unread) {
        try take(opening)
        if peek() == closing {
            position += 1
            return
        }
        repeat {
            try item(&self)
        } while try separator(closing: closing)
    }

    /// True after a `,` (another member or element follows), false after `closing`.
    private mutating func separator(closing: UInt8) throws(Unread) -> Bool {
        switch peek() {
        case UInt8(ascii: ","):
            position += 1
            return true
        case closing:
            position += 1
            return false
        default:
            throw Unread()
        }
    }

    /// A key: the bytes between its quotes, which hold no escape (a key with one, which
    /// `JSONDecoder` reads unescaped, is given up on rather than read both ways).
    private mutating func key() throws(Unread) -> MemberKey {
        try take(UInt8(ascii: "\""))
        let start = position
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                return MemberKey(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<position - 1]))
            case UInt8(ascii: "\\"), 0x00..<0x20:
                throw Unread()
            default:
                position += 1
            }
        }
        throw Unread()
    }

    // MARK: - Scalars

    /// nil for `null`, else the value `read` reads: what `decodeIfPresent` gives for a member
    /// that is there (a member that is not there is left nil by the caller).
    mutating func optional<T>(_ read: (inout JSONPullReader) throws(Unread) -> T) throws(Unread) -> T? {
        take(literal: "null") ? nil : try read(&self)
    }

    mutating func optionalString() throws(Unread) -> String? {
        try optional { reader throws(Unread) in try reader.string() }
    }

    mutating func bool() throws(Unread) -> Bool {
        if take(literal: "true") { return true }
        if take(literal: "false") { return false }
        throw Unread()
    }

    /// A whole number written plainly (`-12`, `0`): one with a fraction or an exponent, which
    /// `JSONDecoder` may still read as whole, is given up on, as is one too large for an `Int`.
    mutating func int() throws(Unread) -> Int {
        guard let first = peek() else { throw Unread() }
        let negative = first == UInt8(ascii: "-")
        if negative { position += 1 }
        let start = position
        // Made negative as it is read, so that `Int.min` is read too.
        var value = 0
        while position < bytes.count, case let digit = bytes[position] &- UInt8(ascii: "0"), digit < 10 {
            let (tens, timesOverflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, minusOverflowed) = tens.subtractingReportingOverflow(Int(digit))
            guard !timesOverflowed, !minusOverflowed else { throw Unread() }
            value = next
            position += 1
        }
        let digits = position - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { throw Unread() }
        if position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw Unread()
            default: break
            }
        }
        if negative { return value }
        guard value != .min else { throw Unread() }
        return -value
    }

    /// A string, its escapes decoded. Text that is not UTF-8 (before or after decoding), a
    /// control character not escaped, and a lone surrogate are given up on.
    mutating func string() throws(Unread) -> String {
        // Kept, so nil only when broken (`try?` flattens the two).
        guard peek() == UInt8(ascii: "\""), let text = try? JSONString.read(bytes, at: &position, keeping: true) else {
            throw Unread()
        }
        return text
    }
}

/// A value that reads itself from JSON text, member by member.
protocol JSONPullReadable {
    init(reading reader: inout JSONPullReader) throws(JSONPullReader.Unread)
}

extension JSONPullReadable {
    typealias Unread = JSONPullReader.Unread
}

extension JSONPullReader {
    mutating func read<Value: JSONPullReadable>(_: Value.Type) throws(Unread) -> Value {
        try Value(reading: &self)
    }

    mutating func array<Element: JSONPullReadable>(of _: Element.Type) throws(Unread) -> [Element] {
        try array { reader throws(Unread) in try Element(reading: &reader) }
    }

    /// nil for `null`, else the value.
    mutating func optional<Value: JSONPullReadable>(_: Value.Type) throws(Unread) -> Value? {
        try optional { reader throws(Unread) in try Value(reading: &reader) }
    }

    /// nil for `null`, else the list.
    mutating func optionalArray<Element: JSONPullReadable>(of _: Element.Type) throws(Unread) -> [Element]? {
        try optional { reader throws(Unread) in try reader.array(of: Element.self) }
    }
}
