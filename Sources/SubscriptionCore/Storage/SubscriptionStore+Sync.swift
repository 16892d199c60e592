import Crypto
import Foundation

/// Sync between machines (PRODUCT.md §15): this database in a sync group, its changes written to
/// the folder as sealed change files, the other devices' files merged in.
///
/// A sync first compares the database with the registers (what it held when it last synced):
/// what differs is this machine's changes, stamped and written as one new file. It then applies
/// each file of the other devices it has not applied, one transaction per file, so a kill at any
/// moment leaves every file applied whole or not at all, and the next sync goes on from there.
extension SubscriptionStore {
    /// This machine's place in its group, or nil when it does not sync.
    public func syncDevice() throws -> (device: String, name: String, folder: String, git: Bool)? {
        try read { connection in
            try SyncRecords(connection: connection).device().map { ($0.id, $0.name, $0.folder, $0.git) }
        }
    }

    /// Makes this database a member of the group whose folder is `folder`, as device `device`
    /// named `name`, with the sync key. Nothing is synced yet: `sync` does that.
    public func joinSyncGroup(folder: String, key: SymmetricKey, device: String, name: String, git: Bool) throws {
        try write { connection in
            let records = SyncRecords(connection: connection)
            if let current = try records.device() { throw SyncGroupError.alreadyInGroup(folder: current.folder) }
            let bytes = key.withUnsafeBytes { Array($0) }
            try records.create(.init(id: device, name: name, folder: folder, git: git, key: bytes, clock: nil,
                                     sequence: 0, syncedAt: nil))
        }
    }

    /// Writes this machine's changes to `folder` and applies every other device's file not yet
    /// applied. `now` stamps the changes. `me`, who uses this machine, becomes the owner of the
    /// subscriptions that have none (from before owners, or imported without one): once synced,
    /// "the owner" must mean one person on every machine.
    public func sync(_ folder: SyncFolder, me: String? = nil, now: Date = Date()) throws -> SyncReport {
        var report = SyncReport()
        let files = try folder.changeFiles()
        guard let device = try read({ try SyncRecords(connection: $0).device() }) else { throw SyncGroupError.notInGroup }
        let key = SymmetricKey(data: device.key)
        let ownHighest = files.filter { $0.device == device.id }.map(\.sequence).max() ?? 0
        report.written = try write { connection in
            try Self.recordLocalChanges(connection, ownHighest: ownHighest, key: key, me: me, now: now)
        }
        try flushOutbox(folder, device: device.id)
        let applied = try read { try SyncRecords(connection: $0).applied() }
        // Categories another machine deleted that a subscription here still used when its file
        // was applied: each later file of this sync may move the last one out.
        var standing: Set<String> = []
        for file in files where file.device != device.id
            && !applied.contains(FileNumber(device: file.device, sequence: file.sequence)) {
            let changes: ChangeSet
            do {
                changes = try Self.open(file, in: folder, key: key)
            } catch let problem as SyncFileProblem {
                report.skipped.append(SkippedFile(path: file.path, problem: problem))
                continue
            }
            do {
                standing = try write { connection in
                    var stillStanding = standing
                    try Self.apply(changes, connection, localDevice: device.id, now: now, standing: &stillStanding,
                                   into: &report)
                    return stillStanding
                }
            } catch let problem as SyncFileProblem {
                report.skipped.append(SkippedFile(path: file.path, problem: problem))
            }
        }
        // A conflict a later file of this sync settled (an undo on the other machine) is old news.
        report.conflicts = try read { connection in
            let records = SyncRecords(connection: connection)
            return try report.conflicts.filter { conflict in
                try records.registers(of: conflict.entity)?.fields[conflict.field]?.value == conflict.kept
            }
        }
        if report.written == nil && report.applied.contains(where: { $0.carried > 0 }) {
            // Say what this machine has seen, though it changed nothing: `sync compact` on the
            // others waits for it.
            try write { connection in
                try Self.acknowledge(connection, ownHighest: ownHighest, key: key)
            }
            try flushOutbox(folder, device: device.id)
        }
        try write { connection in
            let records = SyncRecords(connection: connection)
            guard let current = try records.device() else { throw SyncGroupError.notInGroup }
            try records.save(clock: current.clock ?? HybridLogicalClock(device: device.id).latest, sequence: current.sequence,
                             syncedAt: now)
        }
        return report
    }

    /// Opens and reads one change file; what is wrong with it as a `SyncFileProblem`.
    private static func open(_ file: ChangeFileName, in folder: SyncFolder, key: SymmetricKey) throws -> ChangeSet {
        let data: Data
        do {
            data = try folder.read(file)
        } catch {
            throw SyncFileProblem.unreadable("\(error)")
        }
        let opened: Data
        do {
            opened = try SealedChangeFile.open(data, device: file.device, sequence: file.sequence, key: key)
        } catch {
            throw SyncFileProblem.sealed(error)
        }
        guard let changes = ChangeSet.decode(opened, device: file.device, sequence: file.sequence) else {
            throw SyncFileProblem.notChanges
        }
        return changes
    }

    /// Writes the files sealed but not yet in the folder, then forgets them.
    func flushOutbox(_ folder: SyncFolder, device: String) throws {
        let pending = try read { try SyncRecords(connection: $0).outbox() }
        guard !pending.isEmpty else { return }
        let present = Set(try folder.changeFiles().filter { $0.device == device }.map(\.sequence))
        for (sequence, sealed) in pending where !present.contains(sequence) {
            do {
                try folder.write(sealed, device: device, sequence: sequence)
            } catch SyncError.file(_, .exists) {
                // Another `sync` of this machine, running at the same time, wrote it first.
            }
        }
        try write { connection in
            for (sequence, _) in pending { try SyncRecords(connection: connection).removeFromOutbox(sequence) }
        }
    }

    // MARK: - This machine's changes

    /// Compares the database with the registers, stamps what differs, and seals it as the next
    /// change file into the outbox. Returns its number and size, or nil when nothing changed.
    private static func recordLocalChanges(
        _ connection: Connection, ownHighest: UInt64, key: SymmetricKey, me: String?, now: Date
    ) throws -> (sequence: UInt64, entities: Int)? {
        let records = SyncRecords(connection: connection)
        guard var device = try records.device() else { throw SyncGroupError.notInGroup }
        var clock = HybridLogicalClock(device: device.id, latest: device.clock)
        // What differs, each thing with the time it was changed: a subscription's is in the
        // history, so the later change wins by when it was made, not by when it was synced.
        var editedAt = try records.subscriptionsChanged(since: device.syncedAt)
        if let me {
            for id in try SubscriptionRecords(connection: connection).claimOwnerless(for: me) { editedAt[id] = now }
        }
        let data = SyncedData(connection: connection)
        var registers: [EntityID: EntityRegisters]
        let current: [EntityID: [String: String]]
        if let syncedAt = device.syncedAt, editedAt.count <= Self.fewChanged, try !records.restored(since: syncedAt) {
            // Only the subscriptions the history says changed, and everything else, which is small.
            registers = try records.registers(except: .subscription)
            for id in editedAt.keys {
                registers[EntityID(.subscription, id)] = try records.registers(of: EntityID(.subscription, id))
            }
            current = try data.fields(subscriptions: Array(try data.subscriptions(Set(editedAt.keys)).values),
                                      loginsOf: try SubscriptionRecords(connection: connection).names().map(\.id))
        } else {
            registers = try records.registers()
            current = try data.all()
        }
        var pending: [(id: EntityID, fields: [String: String], at: Int64)] = []
        for id in Set(current.keys).union(registers.keys) {
            let entity = registers[id] ?? EntityRegisters()
            var fields = current[id] ?? [:]
            if id.kind == .subscription, current[id] == nil {
                // Deleted here (the history says so): marked deleted, its other fields kept. One
                // the history does not name was never here: its registers do not make a valid
                // record yet (an edit arrived before the file that made it).
                guard editedAt[id.key] != nil else { continue }
                fields = entity.values.merging([EntityRegisters.deletedField: "true"]) { $1 }
            }
            guard entity.differs(from: fields) else { continue }
            let at = id.kind == .subscription ? editedAt[id.key].map { min($0, now) } ?? now : now
            pending.append((id, fields, Int64(at.timeIntervalSince1970 * 1000)))
        }
        var changes: [EntityChange] = []
        for change in pending.sorted(by: { ($0.at, $0.id) < ($1.at, $1.id) }) {
            var entity = registers[change.id] ?? EntityRegisters()
            // One change, one stamp: the fields of one thing changed together share it.
            let stamp = clock.stamp(now: change.at)
            let changed = entity.record(change.fields) { stamp }
            registers[change.id] = entity
            try records.save(entity, of: change.id)
            changes.append(EntityChange(id: change.id, fields: changed))
        }
        guard !changes.isEmpty else { return nil }
        device.clock = clock.latest
        return (try queue(changes, of: device, after: ownHighest, key: key, records), changes.count)
    }

    /// Numbers the next file of `device` (after its own highest in the folder too, in case the
    /// database was restored from before it), seals `entities` in it with what this machine has
    /// applied, and puts it in the outbox. Returns its number.
    private static func queue(
        _ entities: [EntityChange], isSnapshot: Bool = false, of device: SyncRecords.Device, after ownHighest: UInt64,
        key: SymmetricKey, _ records: SyncRecords
    ) throws -> UInt64 {
        let sequence = max(device.sequence, ownHighest) + 1
        let set = ChangeSet(device: device.id, deviceName: device.name, sequence: sequence, isSnapshot: isSnapshot,
                            seen: try records.seen(), entities: entities)
        try records.addToOutbox(try SealedChangeFile.seal(set.encoded(), device: device.id, sequence: sequence, key: key),
                                sequence: sequence)
        try records.save(clock: device.clock ?? HybridLogicalClock(device: device.id).latest, sequence: sequence, syncedAt: nil)
        return sequence
    }

    /// Up to how many subscriptions changed since the last sync are compared one by one; after
    /// more (an import), or a restore, or on the first sync, everything is.
    static let fewChanged = 500

    /// Seals a file with no changes, only which files of the others this machine has applied.
    private static func acknowledge(_ connection: Connection, ownHighest: UInt64, key: SymmetricKey) throws {
        let records = SyncRecords(connection: connection)
        guard let device = try records.device() else { throw SyncGroupError.notInGroup }
        _ = try queue([], of: device, after: ownHighest, key: key, records)
    }

    // MARK: - Other devices' changes

    /// Merges one device's change file into the registers and writes what changed into the
    /// database, keeping this machine's changes not yet synced; records it in the history.
    /// `standing` holds the deleted categories still in use here, which go once no subscription is.
    private static func apply(
        _ changes: ChangeSet, _ connection: Connection, localDevice: String, now: Date, standing: inout Set<String>,
        into report: inout SyncReport
    ) throws {
        let records = SyncRecords(connection: connection)
        guard let device = try records.device() else { throw SyncGroupError.notInGroup }
        // Another `sync` of this machine may have applied it since this one listed the folder.
        guard try !records.isApplied(FileNumber(device: changes.device, sequence: changes.sequence)) else { return }
        var clock = HybridLogicalClock(device: localDevice, latest: device.clock)
        let milliseconds = Int64(now.timeIntervalSince1970 * 1000)
        for entity in changes.entities {
            for register in entity.fields.values {
                do {
                    try clock.receive(register.stamp, now: milliseconds)
                } catch {
                    throw SyncFileProblem.clockAhead(register.stamp)
                }
            }
        }
        let peerNames = Dictionary(try records.peers().map { ($0.device, $0.name) }, uniquingKeysWith: { first, _ in first })
            .merging([changes.device: changes.deviceName, localDevice: device.name]) { $1 }

        // Merge: the registers before (what this database held when it last synced) and after.
        var merged: [EntityID: (before: [String: String], after: EntityRegisters)] = [:]
        var conflicts: [(EntityID, FieldConflict)] = []
        // A big file (a first join) reads the registers at once rather than one by one.
        let known = changes.entities.count > SyncedData.fewIDs ? try records.registers() : nil
        for entity in changes.entities {
            let stored = try known.map { $0[entity.id] } ?? records.registers(of: entity.id)
            var registers = stored ?? EntityRegisters()
            let before = registers.values
            let outcome = registers.merge(entity.fields, localDevice: localDevice)
            try records.save(registers, of: entity.id)
            // When each machine last changed it differs whenever both changed it: not a conflict
            // to tell, and its undo would take back nothing a person set.
            conflicts += outcome.conflicts.filter { $0.field != "updated_at" }.map { (entity.id, $0) }
            if outcome.changed { merged[entity.id] = (before, registers) }
        }

        // Write: each merged entity as its registers say, but for the fields changed here since
        // the last sync, which keep this database's value and go out with the next sync.
        let data = SyncedData(connection: connection)
        // The subscriptions the file touches, and those its logins and reminders belong to.
        let touched = Set(changes.entities.compactMap { entity -> String? in
            switch entity.id.kind {
            case .subscription, .login: entity.id.key
            case .reminder: entity.id.key.split(separator: "/").first.map(String.init)
            default: nil
            }
        })
        var subscriptions = try data.subscriptions(touched)
        let current = try data.fields(subscriptions: Array(subscriptions.values), loginsOf: Array(subscriptions.keys))
        let subscriptionsBefore = subscriptions
        let settingsBefore = try SettingRecords(connection: connection).all()
        let settlementsBefore = try SettlementRecords(connection: connection).all()
        var changed = 0
        var deletedCategories: [String] = []
        for id in merged.keys.sorted(by: SyncedData.writingOrder) {
            guard let (before, after) = merged[id] else { continue }
            let here = current[id]
            let desired = desiredFields(id, here: here, before: before, after: after)
            guard desired != here else { continue }
            if id.kind == .category, desired == nil {
                // After the subscriptions, which a rename's file moves out of the old category.
                deletedCategories.append(id.key)
                continue
            }
            if id.kind == .subscription, desired == nil, let gone = subscriptions[id.key] {
                report.deleted.append(DeletedElsewhere(
                    name: gone.name, changedHere: hasUnseenChanges(after, by: changes, localDevice: device)))
            }
            if try data.write(id, desired, subscriptions: &subscriptions) {
                changed += 1
            } else {
                report.unmerged.append(id)
            }
        }
        changed += try removeCategories(deletedCategories, standing: &standing, records, data)

        let names = Dictionary(uniqueKeysWithValues: subscriptions.map { ($0.key, $0.value.name) })
            .merging(subscriptionsBefore.mapValues(\.name)) { current, _ in current }
        for (id, conflict) in conflicts {
            report.conflicts.append(SyncConflict(
                subject: id.kind == .subscription ? names[id.key] ?? id.key : id.key, entity: id, field: conflict.field,
                kept: conflict.kept.value, keptBy: peerNames[conflict.kept.stamp.device] ?? conflict.kept.stamp.device,
                setAside: conflict.setAside.value,
                setAsideBy: peerNames[conflict.setAside.stamp.device] ?? conflict.setAside.stamp.device))
        }
        try recordHistory(connection, changes: changes, changed: changed, subscriptionsBefore: subscriptionsBefore,
                          subscriptionsAfter: subscriptions, settingsBefore: settingsBefore,
                          settlementsBefore: settlementsBefore, conflicts: Array(report.conflicts.suffix(conflicts.count)), now: now)

        try records.markApplied(FileNumber(device: changes.device, sequence: changes.sequence))
        if changes.isSnapshot, changes.sequence > 1 {
            // A snapshot holds everything its device's earlier files did.
            for sequence in 1..<changes.sequence {
                try records.markApplied(FileNumber(device: changes.device, sequence: sequence))
            }
        }
        try records.notePeer(changes, now: now)
        try records.save(clock: clock.latest, sequence: device.sequence, syncedAt: nil)
        report.applied.append(AppliedFile(device: changes.device, deviceName: changes.deviceName,
                                          sequence: changes.sequence, changed: changed, carried: changes.entities.count))
    }

    /// Removes the categories `deleted` names, and those `standing` holds from earlier files of
    /// this sync: each goes once no subscription here is in it, whichever file moved the last
    /// one out, so what stands does not depend on the order the files came in. Returns how many
    /// changes that made: one for each of `deleted`, and one for each of `standing` that went.
    private static func removeCategories(
        _ deleted: [String], standing: inout Set<String>, _ records: SyncRecords, _ data: SyncedData
    ) throws -> Int {
        var changes = deleted.count
        for key in standing.union(deleted).sorted() {
            // One a later file put back is no longer this sync's to remove.
            let stillDeleted = try records.registers(of: EntityID(.category, key)).map { $0.values.isEmpty } ?? false
            let stands = try stillDeleted && data.removeCategory(key)
            if standing.contains(key), stillDeleted, !stands, !deleted.contains(key) { changes += 1 }
            if stands { standing.insert(key) } else { standing.remove(key) }
        }
        return changes
    }

    /// Whether a subscription another machine deleted holds a change made here that the delete
    /// did not see, and so sets aside: one stamped after the delete, or any made here when that
    /// machine had not applied every file of this one. One that only ever came from the others,
    /// or whose changes here the other machine had seen, has nothing set aside.
    private static func hasUnseenChanges(
        _ registers: EntityRegisters, by changes: ChangeSet, localDevice: SyncRecords.Device
    ) -> Bool {
        guard let deleted = registers.fields[EntityRegisters.deletedField] else { return false }
        let sawEveryFile = (changes.seen[localDevice.id] ?? 0) >= localDevice.sequence
        return registers.fields.contains { field, register in
            field != EntityRegisters.deletedField && register.stamp.device == localDevice.id
                && (register.stamp > deleted.stamp || !sawEveryFile)
        }
    }

    /// What entity `id` should be after a merge: its registers' values, except the fields this
    /// database changed since it last synced (`here` differs from `before`), which stay. A
    /// subscription another machine deleted is gone, whatever was changed here.
    private static func desiredFields(
        _ id: EntityID, here: [String: String]?, before: [String: String], after: EntityRegisters
    ) -> [String: String]? {
        var desired = after.values
        let deleted = EntityRegisters.deletedField
        if id.kind == .subscription {
            let deletedBefore = before[deleted] != nil
            let deletedAfter = desired[deleted] != nil
            // A delete from there wins over every change here.
            if deletedAfter && !deletedBefore { return nil }
            if here == nil {
                // A delete made here is in the registers already (this sync recorded it before
                // applying anything): not here and not deleted is not here yet, as when an edit
                // came before the file that made the subscription.
                if deletedAfter { return nil }
                return desired.isEmpty ? nil : desired
            }
        }
        let local = here ?? [:]
        for field in Set(local.keys).union(before.keys) where field != deleted && local[field] != before[field] {
            desired[field] = local[field]
        }
        desired[deleted] = nil
        return desired.isEmpty ? nil : desired
    }

    /// One history entry for what the file changed here, so `undo` takes it back, and one per
    /// conflict, whose undo takes back the value set aside.
    private static func recordHistory(
        _ connection: Connection, changes: ChangeSet, changed: Int, subscriptionsBefore: [String: Subscription],
        subscriptionsAfter: [String: Subscription], settingsBefore: [ConfigKey: String], settlementsBefore: [Settlement],
        conflicts: [SyncConflict], now: Date
    ) throws {
        guard changed > 0 || !conflicts.isEmpty else { return }
        let settingsAfter = try SettingRecords(connection: connection).all()
        let settlementsAfter = try SettlementRecords(connection: connection).all()
        let settlementsKept = Set(settlementsBefore).intersection(settlementsAfter)
        let ids = Set(subscriptionsBefore.keys).union(subscriptionsAfter.keys).filter {
            subscriptionsBefore[$0] != subscriptionsAfter[$0]
        }.sorted()
        let settingKeys = Set(settingsBefore.keys).union(settingsAfter.keys).filter { settingsBefore[$0] != settingsAfter[$0] }
        if changed > 0 {
            try History.record(
                connection, .sync, subscriptionID: ids.count == 1 ? ids.first : nil, subject: changes.deviceName,
                detail: .synced(changes: changed),
                before: StateSlice(subscriptions: ids.compactMap { subscriptionsBefore[$0] },
                                   settings: settingsBefore.filter { settingKeys.contains($0.key) },
                                   settlements: settlementsBefore.filter { !settlementsKept.contains($0) }),
                after: StateSlice(subscriptions: ids.compactMap { subscriptionsAfter[$0] },
                                  settings: settingsAfter.filter { settingKeys.contains($0.key) },
                                  settlements: settlementsAfter.filter { !settlementsKept.contains($0) }),
                now: now)
        }
        for conflict in conflicts {
            // The entry's before holds the value set aside: undoing it puts that one back.
            var before = StateSlice()
            var after = StateSlice()
            switch conflict.entity.kind {
            case .subscription:
                guard let current = subscriptionsAfter[conflict.entity.key] else { continue }
                var fields = SubscriptionFields.fields(of: current)
                fields[conflict.field] = conflict.setAside
                guard let entry = SubscriptionFields.entry(id: current.id, fields: fields),
                      let other = try? RecordCheck("sync").subscription(entry, checkingLife: false)
                else { continue }
                before.subscriptions = [other]
                after.subscriptions = [current]
            case .setting:
                guard let key = ConfigKey(rawValue: conflict.entity.key) else { continue }
                let setAside = conflict.setAside.flatMap { try? JSONDecoder().decode(String.self, from: Data($0.utf8)) }
                before.settings[key] = setAside
                after.settings[key] = settingsAfter[key]
            default:
                continue
            }
            try History.record(
                connection, .conflict, subscriptionID: conflict.entity.kind == .subscription ? conflict.entity.key : nil,
                subject: conflict.subject,
                detail: .conflict(field: conflict.field, kept: conflict.kept, keptBy: conflict.keptBy,
                                  setAside: conflict.setAside, setAsideBy: conflict.setAsideBy),
                before: before, after: after, now: now)
        }
    }
}

// MARK: - Status and compaction

extension SubscriptionStore {
    /// The devices of the group as this machine knows them, and what waits in `folder`.
    public func syncStatus(_ folder: SyncFolder) throws -> SyncStatus {
        let files = try folder.changeFiles()
        return try read { connection in
            let records = SyncRecords(connection: connection)
            guard let device = try records.device() else { throw SyncGroupError.notInGroup }
            let applied = try records.applied()
            var waiting: [String: Int] = [:]
            for file in files where file.device != device.id
                && !applied.contains(FileNumber(device: file.device, sequence: file.sequence)) {
                waiting[file.device, default: 0] += 1
            }
            let peers = try records.peers().map {
                SyncStatus.Peer(device: $0.device, name: $0.name, lastSequence: $0.lastSequence, appliedAt: $0.appliedAt,
                                seenOfMine: $0.seen[device.id] ?? 0)
            }
            return SyncStatus(device: device.id, deviceName: device.name, folder: device.folder, git: device.git,
                              lastSequence: device.sequence, syncedAt: device.syncedAt, peers: peers, waiting: waiting,
                              ownFiles: files.filter { $0.device == device.id }.count)
        }
    }

    /// Replaces this machine's files that every device it knows has applied with one snapshot of
    /// every register, written before they go (PRODUCT.md §15, "Keeping it small").
    public func compactSync(_ folder: SyncFolder, now: Date = Date()) throws -> CompactReport {
        guard let device = try read({ try SyncRecords(connection: $0).device() }) else { throw SyncGroupError.notInGroup }
        let own = try folder.changeFiles().filter { $0.device == device.id }.map(\.sequence).sorted()
        let peers = try read { try SyncRecords(connection: $0).peers() }
        let seenByAll = peers.map { $0.seen[device.id] ?? 0 }.min() ?? (own.last ?? 0)
        let removable = own.filter { $0 <= seenByAll }
        guard removable.count > 1 else { return CompactReport(snapshot: nil, removed: 0, kept: own.count) }
        let key = SymmetricKey(data: device.key)
        let snapshot = try write { connection in
            let records = SyncRecords(connection: connection)
            guard let current = try records.device() else { throw SyncGroupError.notInGroup }
            let entities = try records.registers().sorted { $0.key < $1.key }.map { EntityChange(id: $0.key, fields: $0.value.fields) }
            return try Self.queue(entities, isSnapshot: true, of: current, after: own.last ?? 0, key: key, records)
        }
        try flushOutbox(folder, device: device.id)
        try folder.remove(device: device.id, sequences: removable)
        return CompactReport(snapshot: snapshot, removed: removable.count, kept: own.count - removable.count)
    }
}

extension SubscriptionStore {
    /// What differs between the database and the registers, found by comparing everything:
    /// after a sync, nothing (the tests' check that no change escapes the history's account).
    func unsyncedEntities() throws -> [EntityID: String] {
        try read { connection in
            let registers = try SyncRecords(connection: connection).registers()
            let current = try SyncedData(connection: connection).all()
            var found: [EntityID: String] = [:]
            for id in Set(current.keys).union(registers.keys) {
                let entity = registers[id] ?? EntityRegisters()
                if id.kind == .subscription, current[id] == nil {
                    // Not deleted, and its registers make a record: it should be here.
                    if entity.values[EntityRegisters.deletedField] == nil,
                       let entry = SubscriptionFields.entry(id: id.key, fields: entity.values),
                       (try? RecordCheck("sync").subscription(entry, checkingLife: false)) != nil {
                        found[id] = "gone here, not deleted in the registers"
                    }
                    continue
                }
                let here = current[id] ?? [:]
                let fields = Set(here.keys).union(entity.values.keys).filter { here[$0] != entity.values[$0] }
                if !fields.isEmpty {
                    found[id] = fields.sorted().map { "\($0): here \(here[$0] ?? "-") registers \(entity.values[$0] ?? "-")" }.joined(separator: "; ")
                }
            }
            return found
        }
    }
}
