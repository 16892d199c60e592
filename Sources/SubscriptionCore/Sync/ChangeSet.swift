import Foundation

/// What one change file carries once opened (PRODUCT.md §15): the registers one device wrote in
/// one sync (or, for a snapshot, every register it holds), and which files of the other devices
/// it had applied by then, which `sync status` and `sync compact` read.
///
/// JSON, with each distinct stamp written once and named by its index, since the fields of one
/// change share a stamp. Read as hostile input: it comes from the folder.
public struct ChangeSet: Equatable, Sendable {
    public var device: String
    public var deviceName: String
    public var sequence: UInt64
    /// Every register the device held, written by `sync compact` in place of its older files.
    public var isSnapshot: Bool
    /// For each other device, the highest file number up to which this device had applied all.
    public var seen: [String: UInt64]
    public var entities: [EntityChange]

    public init(
        device: String, deviceName: String, sequence: UInt64, isSnapshot: Bool = false,
        seen: [String: UInt64], entities: [EntityChange]
    ) {
        self.device = device
        self.deviceName = deviceName
        self.sequence = sequence
        self.isSnapshot = isSnapshot
        self.seen = seen
        self.entities = entities
    }

    static let format = "subs-changes"
    static let version = 1
    /// The longest field name and device name read back.
    static let nameLimit = 256

    public func encoded() -> Data {
        var stampIndex: [ClockStamp: Int] = [:]
        var stamps: [JSONValue] = []
        func index(_ stamp: ClockStamp?) -> JSONValue {
            guard let stamp else { return .int(-1) }
            if let known = stampIndex[stamp] { return .int(known) }
            stampIndex[stamp] = stamps.count
            stamps.append(.string(stamp.description))
            return .int(stamps.count - 1)
        }
        let entities: [JSONValue] = entities.map { entity in
            let fields: [JSONValue] = entity.fields.sorted { $0.key < $1.key }.map { field, register in
                .array([.string(field), .string(register.value), index(register.stamp), index(register.previous)])
            }
            return .array([.string(entity.id.kind.rawValue), .string(entity.id.key), .array(fields)])
        }
        let document: JSONValue = .object([
            "format": .string(Self.format), "version": .int(Self.version), "device": .string(device),
            "name": .string(deviceName), "sequence": .int(Int(clamping: sequence)), "snapshot": .bool(isSnapshot),
            "seen": .object(JSONObject(uniqueKeysWithValues: seen.map { ($0.key, JSONValue.int(Int(clamping: $0.value))) })),
            "stamps": .array(stamps), "entities": .array(entities),
        ])
        var writer = JSONWriter()
        writer.writeCompact(document)
        return Data(writer.output)
    }

    /// The change set in `data`, the opened file number `sequence` of `device`; nil when it is
    /// not one (which the caller reports and skips). Entities of a kind this `subs` does not
    /// know, from a later one, are left out.
    public static func decode(_ data: Data, device: String, sequence: UInt64) -> ChangeSet? {
        guard let wire = try? JSONDecoder().decode(Wire.self, from: data),
              wire.format == format, wire.version == version, wire.device == device, wire.sequence == sequence,
              wire.name.count <= nameLimit
        else { return nil }
        var stamps: [ClockStamp] = []
        stamps.reserveCapacity(wire.stamps.count)
        for text in wire.stamps {
            guard let stamp = ClockStamp(text) else { return nil }
            stamps.append(stamp)
        }
        func stamp(_ index: Int) -> ClockStamp?? {
            index == -1 ? .some(nil) : stamps.indices.contains(index) ? .some(stamps[index]) : nil
        }
        var entities: [EntityChange] = []
        entities.reserveCapacity(wire.entities.count)
        for entity in wire.entities {
            var fields: [String: Register] = [:]
            for field in entity.fields {
                guard !field.name.isEmpty, field.name.count <= nameLimit, fields[field.name] == nil,
                      case .some(.some(let written)) = stamp(field.stamp), case .some(let previous) = stamp(field.previous)
                else { return nil }
                fields[field.name] = Register(value: field.value, stamp: written, previous: previous)
            }
            guard let kind = EntityKind(rawValue: entity.kind) else { continue }
            entities.append(EntityChange(id: EntityID(kind, entity.key), fields: fields))
        }
        return ChangeSet(device: device, deviceName: wire.name, sequence: sequence, isSnapshot: wire.snapshot,
                         seen: wire.seen, entities: entities)
    }

    private struct Wire: Decodable {
        let format: String
        let version: Int
        let device: String
        let name: String
        let sequence: UInt64
        let snapshot: Bool
        let seen: [String: UInt64]
        let stamps: [String]
        let entities: [WireEntity]
    }

    /// `[kind, key, [[field, value, stamp, previous], ...]]`.
    private struct WireEntity: Decodable {
        let kind: String
        let key: String
        let fields: [WireField]

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            kind = try container.decode(String.self)
            key = try container.decode(String.self)
            fields = try container.decode([WireField].self)
        }
    }

    private struct WireField: Decodable {
        let name: String
        let value: String?
        let stamp: Int
        let previous: Int

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            name = try container.decode(String.self)
            value = try container.decodeIfPresent(String.self)
            stamp = try container.decode(Int.self)
            previous = try container.decode(Int.self)
        }
    }
}

/// The registers one change set brings for one entity.
public struct EntityChange: Equatable, Sendable {
    public let id: EntityID
    public var fields: [String: Register]

    public init(id: EntityID, fields: [String: Register]) {
        self.id = id
        self.fields = fields
    }
}

/// Which file of which device: the number of a change file in the folder.
public struct FileNumber: Hashable, Comparable, Sendable {
    public let device: String
    public let sequence: UInt64

    public init(device: String, sequence: UInt64) {
        self.device = device
        self.sequence = sequence
    }

    public static func < (a: FileNumber, b: FileNumber) -> Bool { (a.device, a.sequence) < (b.device, b.sequence) }
}
