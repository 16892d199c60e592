/// The merge state of sync (PRODUCT.md §15): every field of every synced thing as a
/// last-writer-wins register, the value with the stamp of the change that wrote it.
///
/// Things are entities (`EntityID`): a subscription, a category, a setting, a rate, a login, the
/// vault, a sent reminder, a settlement. A subscription has one register per field of its export
/// document entry, and one per price change, billing period, pause and recorded charge, named by
/// its natural key (`price/2026-03-01`); every other entity has one register, `value`. A value is
/// canonical JSON text, nil when the thing is absent (a price change removed, a setting unset).
/// A deleted subscription keeps its registers and gains `deleted`: a delete wins over every edit
/// it did not see, and only an undo of the delete, a later write of `deleted`, brings it back.

/// What a register holds: the value, the stamp of the change that wrote it, and the stamp the
/// writer's register held when it wrote (nil: none), which tells a change made knowing another
/// from one made beside it.
public struct Register: Equatable, Sendable {
    public var value: String?
    public var stamp: ClockStamp
    public var previous: ClockStamp?

    public init(value: String?, stamp: ClockStamp, previous: ClockStamp?) {
        self.value = value
        self.stamp = stamp
        self.previous = previous
    }

    /// Whether neither write knew the other: two machines changed the field since they last met.
    func isConcurrent(with other: Register) -> Bool {
        !Self.knew(other.stamp, from: previous) && !Self.knew(stamp, from: other.previous)
    }

    private static func knew(_ stamp: ClockStamp, from previous: ClockStamp?) -> Bool {
        previous.map { $0 >= stamp } ?? false
    }
}

/// What kind of thing an entity is; the raw value is how files and the database name it.
public enum EntityKind: String, CaseIterable, Sendable, Comparable {
    case subscription, category, setting, rate, login, vault, reminder, settlement

    public static func < (a: EntityKind, b: EntityKind) -> Bool { a.rawValue < b.rawValue }
}

/// One synced thing: its kind and its natural key (an id, a lowercased category name, a config
/// key, `EUR/USD`).
public struct EntityID: Hashable, Comparable, Sendable {
    public let kind: EntityKind
    public let key: String

    public init(_ kind: EntityKind, _ key: String) {
        self.kind = kind
        self.key = key
    }

    public static func < (a: EntityID, b: EntityID) -> Bool { (a.kind, a.key) < (b.kind, b.key) }
}

/// An entity's registers by field.
public struct EntityRegisters: Equatable, Sendable {
    /// The field of a single-register entity.
    public static let valueField = "value"
    /// The field that marks a subscription deleted.
    public static let deletedField = "deleted"

    public var fields: [String: Register]

    public init(fields: [String: Register] = [:]) {
        self.fields = fields
    }

    /// The current values, absent fields left out: what the entity is.
    public var values: [String: String] {
        fields.compactMapValues(\.value)
    }

    /// Whether `current` differs from the values these registers hold.
    public func differs(from current: [String: String]) -> Bool {
        values != current
    }

    /// Registers for what changed locally: each field whose value differs from `current`
    /// (absent: nil), stamped by `stamp`. Returns the changed registers, already applied.
    public mutating func record(
        _ current: [String: String], stamp: () -> ClockStamp
    ) -> [String: Register] {
        var changed: [String: Register] = [:]
        for field in Set(current.keys).union(fields.keys).sorted() {
            let value = current[field]
            let known = fields[field]
            guard known.map({ $0.value != value }) ?? (value != nil) else { continue }
            let register = Register(value: value, stamp: stamp(), previous: known?.stamp)
            fields[field] = register
            changed[field] = register
        }
        return changed
    }

    /// Takes in another machine's registers: each later one wins. Returns the fields whose value
    /// changed and, for `localDevice`, the fields it had changed beside the other machine.
    public mutating func merge(
        _ incoming: [String: Register], localDevice: String
    ) -> (changed: Bool, conflicts: [FieldConflict]) {
        var changed = false
        var conflicts: [FieldConflict] = []
        for (field, theirs) in incoming.sorted(by: { $0.key < $1.key }) {
            guard let ours = fields[field] else {
                fields[field] = theirs
                changed = true
                continue
            }
            guard theirs.stamp != ours.stamp else { continue }
            let winner = theirs.stamp > ours.stamp ? theirs : ours
            if ours.stamp.device == localDevice, ours.value != theirs.value, ours.isConcurrent(with: theirs) {
                conflicts.append(FieldConflict(field: field, kept: winner, setAside: winner == ours ? theirs : ours))
            }
            if winner == theirs {
                changed = changed || ours.value != theirs.value
                fields[field] = theirs
            }
        }
        return (changed, conflicts)
    }
}

/// A field two machines changed since they last met: the value kept, the one set aside.
public struct FieldConflict: Equatable, Sendable {
    public let field: String
    public let kept: Register
    public let setAside: Register
}
