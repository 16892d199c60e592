import Foundation

/// A JSON document built by hand (or by `JSONValueEncoder` from a `Codable` value), so that key order (sorted), explicit nulls and number
/// formatting are exactly what docs/json.md promises, whatever Foundation's encoder does.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public static func string(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    /// On one line, keys sorted: equal values have equal text.
    public var compactText: String {
        var writer = JSONWriter()
        writer.writeCompact(self)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// Pretty-printed with two-space indents and keys in sorted order, ending in a newline.
    public var rendered: String {
        var writer = JSONWriter()
        writer.write(self, indent: 0)
        writer.append("\n")
        return String(decoding: writer.output, as: UTF8.self)
    }
}

/// A JSON object's members, kept as written and sorted by key only when printed (and only if
/// they are not in order already): building one costs no hashing, which matters at 24,000 items.
public struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    /// (key, value) pairs: the literal's own array, kept as it is.
    var members: [(String, JSONValue)]

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements
    }

    /// Members with keys made at run time, such as currency codes.
    public init(uniqueKeysWithValues members: some Sequence<(String, JSONValue)>) {
        self.members = Array(members)
    }

    public var isEmpty: Bool { members.isEmpty }

    /// A member by key; setting one that exists replaces it, setting nil removes it.
    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.0 == key }?.1 }
        set {
            let index = members.firstIndex { $0.0 == key }
            switch (index, newValue) {
            case (let index?, let value?): members[index].1 = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append((key, value))
            case (nil, nil): break
            }
        }
    }

    var sortedMembers: [(String, JSONValue)] {
        // Keys are ASCII, where String's order is the bytes' order.
        let isSorted = zip(members, members.dropFirst()).allSatisfy { $0.0 < $1.0 }
        return isSorted ? members : members.sorted { $0.0 < $1.0 }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        let (left, right) = (lhs.sortedMembers, rhs.sortedMembers)
        return left.count == right.count && zip(left, right).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}

/// Takes a JSON object's members one by one, in key order: `JSONObject` keeps them as values
/// (for a caller that adds members of its own), `JSONWriter.ObjectWriter` writes them out as
/// text at once, with no tree between (a list of 100,000 subscriptions). One function that
/// names the members, generic over this, serves both.
public protocol JSONMemberSink {
    mutating func add(_ key: StaticString, _ value: JSONValue)
    /// A string, or null.
    mutating func add(_ key: StaticString, string: String?)
    /// `YYYY-MM-DD`, or null.
    mutating func add(_ key: StaticString, date: CivilDate?)
    /// The amount with its currency's digits (`Money.description`), or null.
    mutating func add(_ key: StaticString, money: Money?)
    /// `2026-11-22T08:00:00Z` (`Timestamp.format`).
    mutating func add(_ key: StaticString, instant: Date)
    /// A number, or null.
    mutating func add(_ key: StaticString, int: Int?)
    /// `true` or `false`.
    mutating func add(_ key: StaticString, bool: Bool)
    /// An object whose members `members` adds, in key order.
    mutating func add(_ key: StaticString, object members: (inout Self) -> Void)
}

extension JSONObject: JSONMemberSink {
    public init() {
        members = []
    }

    public mutating func add(_ key: StaticString, _ value: JSONValue) {
        members.append((key.description, value))
    }

    public mutating func add(_ key: StaticString, string: String?) {
        add(key, .string(string))
    }

    public mutating func add(_ key: StaticString, date: CivilDate?) {
        add(key, .string(date?.description))
    }

    public mutating func add(_ key: StaticString, money: Money?) {
        add(key, .string(money?.description))
    }

    public mutating func add(_ key: StaticString, instant: Date) {
        add(key, .string(Timestamp.format(instant)))
    }

    public mutating func add(_ key: StaticString, int: Int?) {
        add(key, int.map(JSONValue.int) ?? .null)
    }

    public mutating func add(_ key: StaticString, bool: Bool) {
        add(key, .bool(bool))
    }

    public mutating func add(_ key: StaticString, object members: (inout JSONObject) -> Void) {
        var object = JSONObject()
        members(&object)
        add(key, .object(object))
    }
}

/// Writes a `JSONValue` as UTF-8 bytes: the one JSON writer, for the command line's output and
/// the export document alike.
public struct JSONWriter {
    public var output: [UInt8] = []

    public init() {}

    public mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: append("null")
        case .bool(let value): append(value ? "true" : "false")
        case .int(let value): append(String(value))
        case .string(let value): writeString(value)
        case .array(let items):
            guard !items.isEmpty else { append("[]"); return }
            if indent == 0 { output.reserveCapacity(items.count * 256) }
            append("[\n")
            for (index, item) in items.enumerated() {
                pad(indent + 1)
                write(item, indent: indent + 1)
                append(index < items.count - 1 ? ",\n" : "\n")
            }
            pad(indent)
            append("]")
        case .object(let object):
            guard !object.isEmpty else { append("{}"); return }
            append("{\n")
            let members = object.sortedMembers
            for (index, (key, value)) in members.enumerated() {
                pad(indent + 1)
                writeString(key)
                append(": ")
                write(value, indent: indent + 1)
                append(index < members.count - 1 ? ",\n" : "\n")
            }
            pad(indent)
            append("}")
        }
    }

    /// On one line with no spaces, keys sorted: the canonical text sync compares and stores.
    public mutating func writeCompact(_ value: JSONValue) {
        switch value {
        case .null, .bool, .int, .string: write(value, indent: 0)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeCompact(item)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (index, (key, member)) in object.sortedMembers.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key)
                output.append(UInt8(ascii: ":"))
                writeCompact(member)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// An object whose members `members` gives, in key order, written as they come: the same
    /// text as `write(.object(...), indent:)` without the values between.
    public mutating func writeObject(indent: Int, _ members: (inout ObjectWriter) -> Void) {
        var object = ObjectWriter(indent: indent)
        // The bytes move into the object writer and back: never two owners, never a copy.
        swap(&object.writer.output, &output)
        members(&object)
        swap(&object.writer.output, &output)
        if object.isEmpty {
            append("{}")
        } else {
            append("\n")
            pad(indent)
            append("}")
        }
    }

    /// The members of one object, written as `writeObject` is handed them.
    public struct ObjectWriter: JSONMemberSink {
        fileprivate var writer = JSONWriter()
        fileprivate var isEmpty = true
        private let indent: Int
        #if DEBUG
        private var lastKey = ""
        #endif

        fileprivate init(indent: Int) {
            self.indent = indent
        }

        /// The separator, the indent and the key.
        private mutating func key(_ key: StaticString) {
            #if DEBUG
            precondition(isEmpty || lastKey < key.description, "members out of key order: \(key)")
            lastKey = key.description
            #endif
            // Made on the stack and appended once: each append costs more than the few bytes it
            // copies, and a list writes a dozen members for each of thousands of subscriptions.
            let opening = UInt8(ascii: isEmpty ? "{" : ",")
            isEmpty = false
            let spaces = 2 * (indent + 1)
            key.withUTF8Buffer { key in
                // `{` or `,`, a newline, the indent, the key in quotes, `: `.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: spaces + key.count + 6) { bytes in
                    var end = 0
                    func put(_ byte: UInt8) {
                        bytes[end] = byte
                        end += 1
                    }
                    put(opening)
                    put(UInt8(ascii: "\n"))
                    for _ in 0..<spaces { put(UInt8(ascii: " ")) }
                    put(UInt8(ascii: "\""))
                    key.forEach(put)
                    for byte in "\": ".utf8 { put(byte) }
                    writer.output.append(contentsOf: UnsafeBufferPointer(bytes))
                }
            }
        }

        public mutating func add(_ key: StaticString, _ value: JSONValue) {
            self.key(key)
            writer.write(value, indent: indent + 1)
        }

        public mutating func add(_ key: StaticString, string: String?) {
            self.key(key)
            if let string { writer.writeString(string) } else { writer.append("null") }
        }

        // Dates, instants and amounts need no escaping: their bytes go straight in, no string made.
        public mutating func add(_ key: StaticString, date: CivilDate?) {
            guard let date else { return add(key, string: nil) }
            quoted(key) { $0.appendText(of: date) }
        }

        public mutating func add(_ key: StaticString, money: Money?) {
            guard let money else { return add(key, string: nil) }
            quoted(key) { $0.appendText(of: money) }
        }

        public mutating func add(_ key: StaticString, instant: Date) {
            quoted(key) { $0.appendBytes(20) { Timestamp.writeExtended(instant, into: $0) } }
        }

        /// The key, then what `write` appends, in quotes.
        private mutating func quoted(_ key: StaticString, _ write: (inout JSONWriter) -> Void) {
            self.key(key)
            writer.output.append(UInt8(ascii: "\""))
            write(&writer)
            writer.output.append(UInt8(ascii: "\""))
        }

        public mutating func add(_ key: StaticString, int: Int?) {
            self.key(key)
            if let int { writer.append(String(int)) } else { writer.append("null") }
        }

        public mutating func add(_ key: StaticString, bool: Bool) {
            self.key(key)
            writer.append(bool ? "true" : "false")
        }

        public mutating func add(_ key: StaticString, object members: (inout ObjectWriter) -> Void) {
            self.key(key)
            writer.writeObject(indent: indent + 1, members)
        }
    }

    /// `money.description`'s bytes, unquoted, with no string made.
    public mutating func appendText(of money: Money) {
        money.withText { output.append(contentsOf: $0) }
    }

    /// `date.description`'s bytes, unquoted, with no string made.
    public mutating func appendText(of date: CivilDate) {
        appendBytes(10) { date.writeISO(into: $0) }
    }

    /// `length` bytes that `write` makes on the stack.
    fileprivate mutating func appendBytes(_ length: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { bytes in
            write(bytes)
            output.append(contentsOf: UnsafeBufferPointer(bytes))
        }
    }

    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    public mutating func pad(_ level: Int) {
        // Copied from a row of spaces: appending a repeated element goes byte by byte, and every
        // member of every object is padded.
        let count = 2 * level
        guard count <= Self.spaces.count else {
            return output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
        }
        Self.spaces.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// A string in quotes: `"` and `\` escaped, newline, return and tab by name, the other C0
    /// controls, DEL and the C1 controls (U+0080–U+009F) as `\u00XX`; everything else as it is.
    mutating func writeString(_ value: String) {
        output.append(UInt8(ascii: "\""))
        // Most strings have nothing to escape: copied whole.
        var value = value
        let copied = value.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                || byte == 0x7F || byte == 0xC2 {
                return false
            }
            output.append(contentsOf: bytes)
            return true
        }
        if copied {
            output.append(UInt8(ascii: "\""))
            return
        }
        var utf8 = value.utf8.makeIterator()
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            case 0..<0x20, 0x7F: escape(UInt32(byte))
            case 0xC2:
                // U+0080–U+009F are C2 80 to C2 9F in UTF-8.
                guard let next = utf8.next() else { output.append(byte); break }
                if (0x80..<0xA0).contains(next) {
                    escape(UInt32(next))
                } else {
                    output.append(byte)
                    output.append(next)
                }
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ value: UInt32) {
        let digits: StaticString = "0123456789abcdef"
        append("\\u00")
        digits.withUTF8Buffer { hex in
            output.append(hex[Int(value >> 4)])
            output.append(hex[Int(value & 0xF)])
        }
    }
}
