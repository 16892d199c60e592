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
        return writer.text
    }

    /// Pretty-printed with two-space indents and keys in sorted order, ending in a newline.
    public var rendered: String {
        var writer = JSONWriter()
        writer.write(self, indent: 0)
        writer.append("\n")
        return writer.text
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
/// names the members, generic over this, serves both. Keys are written as they are: ASCII with
/// nothing to escape.
public protocol JSONMemberSink: ~Copyable {
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
    /// An array of numbers.
    mutating func add(_ key: StaticString, ints: [Int])
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

    public mutating func add(_ key: StaticString, ints: [Int]) {
        add(key, .array(ints.map(JSONValue.int)))
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
