/// Encodes an `Encodable` value as a `JSONValue`, so that a `Codable` shape (the export
/// document) is printed by the one JSON writer. Strings, whole numbers, booleans, nulls, lists
/// and objects only: a fractional number is refused, as no document `subs` writes has one.
public enum JSONValueEncoder {
    public static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = Node()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        return root.resolved()
    }
}

/// One value being encoded: filled in by the containers, resolved once all of it is written.
/// A class, so that a container appends to it in place however long a list grows.
private final class Node {
    enum Kind {
        case empty, value, object, array
    }

    var kind = Kind.empty
    var value = JSONValue.null
    var members: [(String, Node)] = []
    var items: [Node] = []

    func resolved() -> JSONValue {
        switch kind {
        case .empty: .object([:])
        case .value: value
        case .object: .object(JSONObject(uniqueKeysWithValues: members.map { ($0.0, $0.1.resolved()) }))
        case .array: .array(items.map { $0.resolved() })
        }
    }

    func set(_ value: JSONValue) {
        kind = .value
        self.value = value
    }

    func member(_ key: String) -> Node {
        kind = .object
        let child = Node()
        members.append((key, child))
        return child
    }

    func appended() -> Node {
        kind = .array
        let child = Node()
        items.append(child)
        return child
    }
}

private struct NodeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.kind != .object {
            node.kind = .object
            node.members = []
        }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.kind != .array {
            node.kind = .array
            node.items = []
        }
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

/// A fractional number cannot be written: the error says where it was.
private func refused(_ value: Any, _ codingPath: [any CodingKey]) -> EncodingError {
    EncodingError.invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: "not a whole number"))
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    func encodeNil() throws { node.set(.null) }
    func encode(_ value: Bool) throws { node.set(.bool(value)) }
    func encode(_ value: String) throws { node.set(.string(value)) }
    func encode(_ value: Double) throws { throw refused(value, codingPath) }
    func encode(_ value: Float) throws { throw refused(value, codingPath) }
    func encode(_ value: Int) throws { node.set(.int(value)) }
    func encode(_ value: Int8) throws { node.set(.int(Int(value))) }
    func encode(_ value: Int16) throws { node.set(.int(Int(value))) }
    func encode(_ value: Int32) throws { node.set(.int(Int(value))) }
    func encode(_ value: Int64) throws { node.set(.int(Int(value))) }
    func encode(_ value: UInt) throws { try whole(value) }
    func encode(_ value: UInt8) throws { try whole(value) }
    func encode(_ value: UInt16) throws { try whole(value) }
    func encode(_ value: UInt32) throws { try whole(value) }
    func encode(_ value: UInt64) throws { try whole(value) }
    func encode<T: Encodable>(_ value: T) throws { try value.encode(to: NodeEncoder(node: node, codingPath: codingPath)) }

    private func whole(_ value: some BinaryInteger) throws {
        guard let int = Int(exactly: value) else { throw refused(value, codingPath) }
        node.set(.int(int))
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func child(_ key: Key) -> NodeEncoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws { var single = child(key).singleValueContainer(); try single.encodeNil() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try value.encode(to: child(key)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        child(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        child(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.member("super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { child(key) }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    var count: Int { node.items.count }

    private func next() -> NodeEncoder { NodeEncoder(node: node.appended(), codingPath: codingPath) }

    mutating func encodeNil() throws { var single = next().singleValueContainer(); try single.encodeNil() }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { next() }
}
