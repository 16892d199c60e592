import Foundation

/// The sync tables (schema 14): this machine in its group, the registers, the files applied,
/// what the other devices said of themselves, and a change file not yet in the folder.
struct SyncRecords {
    let connection: Connection

    /// This machine in its sync group, as `sync_device` holds it.
    struct Device {
        let id: String
        let name: String
        let folder: String
        let git: Bool
        let key: [UInt8]
        var clock: ClockStamp?
        var sequence: UInt64
        var syncedAt: Date?
    }

    func device() throws -> Device? {
        guard let row = try connection.rows(
            "SELECT device, name, folder, git, sync_key, clock, sequence, synced_at FROM sync_device WHERE id = 1").first
        else { return nil }
        guard let id = row.text(0), let name = row.text(1), let folder = row.text(2), let git = row.int(3),
              let key = row.text(4).flatMap({ Data(base64Encoded: $0) }), key.count == 32,
              let sequence = row.int(6), sequence >= 0
        else { throw Damaged(.syncState) }
        let clock = try row.text(5).map { text in
            guard let stamp = ClockStamp(text) else { throw Damaged(.syncState) }
            return stamp
        }
        return Device(id: id, name: name, folder: folder, git: git == 1, key: Array(key), clock: clock,
                      sequence: UInt64(sequence), syncedAt: row.text(7).flatMap(Timestamp.parse))
    }

    func create(_ device: Device) throws {
        try connection.run("""
            INSERT INTO sync_device (id, device, name, folder, git, sync_key, clock, sequence)
            VALUES (1, ?, ?, ?, ?, ?, NULL, 0)
            """, [.text(device.id), .text(device.name), .text(device.folder), .integer(device.git ? 1 : 0),
                  .text(Data(device.key).base64EncodedString())])
    }

    func save(clock: ClockStamp, sequence: UInt64, syncedAt: Date?) throws {
        try connection.run("UPDATE sync_device SET clock = ?, sequence = ?, synced_at = coalesce(?, synced_at) WHERE id = 1", [
            .text(clock.description), .integer(Int64(clamping: sequence)), syncedAt.map { .text(Timestamp.format($0)) } ?? .null,
        ])
    }

    /// When each subscription was last changed or had a change undone since `date` (all time
    /// when nil), from the history; sync's own entries left out. Timestamps are to the second:
    /// a change in the second a sync started counts again, which finds nothing new or what it missed.
    func subscriptionsChanged(since date: Date?) throws -> [String: Date] {
        let since = date.map(Timestamp.format) ?? ""
        var changed: [String: Date] = [:]
        try connection.forEachRow("""
            SELECT link.subscription_id, max(max(entry.changed_at, coalesce(entry.undone_at, '')))
            FROM history entry JOIN history_subscriptions link ON link.history_id = entry.id
            WHERE entry.changed_at >= ? AND entry.action NOT IN ('sync', 'conflict') OR entry.undone_at >= ?
            GROUP BY link.subscription_id
            """, [.text(since), .text(since)]) { row in
            if let id = row.text(0), let at = row.text(1).flatMap(Timestamp.parse) { changed[id] = at }
        }
        return changed
    }

    /// Whether a restore (or its undo) replaced the database since `date`: then nothing of the
    /// history says what differs from the registers.
    func restored(since date: Date) throws -> Bool {
        let since = Timestamp.format(date)
        return try connection.scalar(
            "SELECT 1 FROM history WHERE action = 'restore' AND (changed_at >= ? OR undone_at >= ?) LIMIT 1",
            [.text(since), .text(since)]) != nil
    }

    // MARK: - Registers

    func registers() throws -> [EntityID: EntityRegisters] {
        var all: [EntityID: EntityRegisters] = [:]
        try connection.forEachRow("SELECT kind, key, fields FROM sync_registers") { row in
            guard let kind = row.text(0).flatMap(EntityKind.init(rawValue:)), let key = row.text(1),
                  let fields = row.text(2).flatMap(Self.decode)
            else { throw Damaged(.syncState) }
            all[EntityID(kind, key)] = fields
        }
        return all
    }

    /// Every entity's registers but those of one kind.
    func registers(except kind: EntityKind) throws -> [EntityID: EntityRegisters] {
        var all: [EntityID: EntityRegisters] = [:]
        try connection.forEachRow("SELECT kind, key, fields FROM sync_registers WHERE kind != ?", [.text(kind.rawValue)]) { row in
            guard let kind = row.text(0).flatMap(EntityKind.init(rawValue:)), let key = row.text(1),
                  let fields = row.text(2).flatMap(Self.decode)
            else { throw Damaged(.syncState) }
            all[EntityID(kind, key)] = fields
        }
        return all
    }

    func registers(of id: EntityID) throws -> EntityRegisters? {
        guard let row = try connection.rows("SELECT fields FROM sync_registers WHERE kind = ? AND key = ?",
                                            [.text(id.kind.rawValue), .text(id.key)]).first
        else { return nil }
        guard let registers = row.text(0).flatMap(Self.decode) else { throw Damaged(.syncState) }
        return registers
    }

    func save(_ registers: EntityRegisters, of id: EntityID) throws {
        try connection.run("INSERT OR REPLACE INTO sync_registers (kind, key, fields) VALUES (?, ?, ?)",
                           [.text(id.kind.rawValue), .text(id.key), .text(Self.encode(registers))])
    }

    /// `{"field":[value,stamp,previous]}`, the value and previous stamp null when there is none.
    static func encode(_ registers: EntityRegisters) -> String {
        JSONValue.object(JSONObject(uniqueKeysWithValues: registers.fields.map { field, register in
            (field, JSONValue.array([.string(register.value), .string(register.stamp.description),
                                     .string(register.previous?.description)]))
        })).compactText
    }

    static func decode(_ text: String) -> EntityRegisters? {
        guard let raw = try? JSONDecoder().decode([String: [String?]].self, from: Data(text.utf8)) else { return nil }
        var fields: [String: Register] = [:]
        for (field, parts) in raw {
            guard parts.count == 3, let stamp = parts[1].flatMap(ClockStamp.init) else { return nil }
            let previous = parts[2].flatMap(ClockStamp.init)
            guard (parts[2] == nil) == (previous == nil) else { return nil }
            fields[field] = Register(value: parts[0], stamp: stamp, previous: previous)
        }
        return EntityRegisters(fields: fields)
    }

    // MARK: - Files applied and peers

    func applied() throws -> Set<FileNumber> {
        var applied: Set<FileNumber> = []
        try connection.forEachRow("SELECT device, sequence FROM sync_applied") { row in
            guard let device = row.text(0), let sequence = row.int(1), sequence > 0 else { throw Damaged(.syncState) }
            applied.insert(FileNumber(device: device, sequence: UInt64(sequence)))
        }
        return applied
    }

    func isApplied(_ number: FileNumber) throws -> Bool {
        try connection.scalar("SELECT 1 FROM sync_applied WHERE device = ? AND sequence = ?",
                              [.text(number.device), .integer(Int64(clamping: number.sequence))]) != nil
    }

    func markApplied(_ number: FileNumber) throws {
        try connection.run("INSERT OR IGNORE INTO sync_applied (device, sequence) VALUES (?, ?)",
                           [.text(number.device), .integer(Int64(clamping: number.sequence))])
    }

    /// For each device, the highest file number up to which every file was applied.
    func seen() throws -> [String: UInt64] {
        var byDevice: [String: [UInt64]] = [:]
        for number in try applied() { byDevice[number.device, default: []].append(number.sequence) }
        return byDevice.mapValues { sequences in
            var next: UInt64 = 1
            for sequence in sequences.sorted() where sequence == next { next += 1 }
            return next - 1
        }
    }

    struct Peer {
        let device: String
        let name: String
        let seen: [String: UInt64]
        let lastSequence: UInt64
        let appliedAt: Date
    }

    func peers() throws -> [Peer] {
        try connection.rows("SELECT device, name, seen, last_sequence, applied_at FROM sync_peers ORDER BY name, device").map { row in
            guard let device = row.text(0), let name = row.text(1),
                  let seen = row.text(2).flatMap({ try? JSONDecoder().decode([String: UInt64].self, from: Data($0.utf8)) }),
                  let last = row.int(3), last >= 0, let at = row.text(4).flatMap(Timestamp.parse)
            else { throw Damaged(.syncState) }
            return Peer(device: device, name: name, seen: seen, lastSequence: UInt64(last), appliedAt: at)
        }
    }

    /// Keeps what `changes` says of its device when it is that device's latest file applied.
    func notePeer(_ changes: ChangeSet, now: Date) throws {
        let seen = JSONValue.object(JSONObject(uniqueKeysWithValues: changes.seen.map { ($0.key, JSONValue.int(Int(clamping: $0.value))) }))
        try connection.run("""
            INSERT OR REPLACE INTO sync_peers (device, name, seen, last_sequence, applied_at)
            SELECT ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM sync_peers WHERE device = ? AND last_sequence > ?)
            """, [.text(changes.device), .text(changes.deviceName), .text(seen.compactText),
                  .integer(Int64(clamping: changes.sequence)), .text(Timestamp.format(now)),
                  .text(changes.device), .integer(Int64(clamping: changes.sequence))])
    }

    // MARK: - Outbox

    func outbox() throws -> [(sequence: UInt64, sealed: Data)] {
        try connection.rows("SELECT sequence, sealed FROM sync_outbox ORDER BY sequence").map { row in
            guard let sequence = row.int(0), sequence > 0, let sealed = row.text(1).flatMap({ Data(base64Encoded: $0) })
            else { throw Damaged(.syncState) }
            return (UInt64(sequence), sealed)
        }
    }

    func addToOutbox(_ sealed: Data, sequence: UInt64) throws {
        try connection.run("INSERT INTO sync_outbox (sequence, sealed) VALUES (?, ?)",
                           [.integer(Int64(clamping: sequence)), .text(sealed.base64EncodedString())])
    }

    func removeFromOutbox(_ sequence: UInt64) throws {
        try connection.run("DELETE FROM sync_outbox WHERE sequence = ?", [.integer(Int64(clamping: sequence))])
    }
}
