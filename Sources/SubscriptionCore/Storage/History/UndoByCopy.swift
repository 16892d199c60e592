import Foundation

/// Undo of a large import that only added (issue 26), by a copy: what stays is written to a new
/// file, checked and renamed over the database under its write lock (`DatabaseCopy`), as a rekey
/// does. Deleting 100,000 subscriptions in place journals, zeroes (`secure_delete`) and writes
/// again every page they filled, which was most of the undo; the copy writes only what is left,
/// and the file shrinks to it. What is checked and put back is what the undo in place does.
enum UndoByCopy {
    /// From how many subscriptions added a copy is made, when they are also at least half of
    /// those stored: below, deleting them in place is as quick. With a passphrase the lock, the
    /// copy and its check each derive the key again, which only tens of thousands repay.
    @TaskLocal static var minimum = (keyFile: 2_000, passphrase: 25_000)

    /// Whether undoing `entry`, the latest change, is done by a copy: an import that added
    /// enough, replaced none and keeps what it wrote by fingerprint, and a database that can be
    /// copied so (tables and indexes only; not in WAL mode, whose `-wal` would stay beside the
    /// copy renamed over it).
    static func suits(_ connection: Connection, _ entry: HistoryEntry, before: StateSlice, key: KeySource) throws -> Bool {
        let minimum = if case .keyFile = key { minimum.keyFile } else { minimum.passphrase }
        // The count the entry gives and the largest rowid (the count, or more after deletions):
        // counting either would read a table.
        guard before.subscriptions.isEmpty, case .imported(let added, _, _) = entry.change, added >= max(minimum, 1),
              case let largest = try connection.scalar("SELECT max(rowid) FROM subscriptions"),
              case .integer(let stored)? = largest, added * 2 >= stored
        else { return false }
        return try WrittenSubscriptions.wroteAny(connection, entry: entry.id)
            && connection.scalar("PRAGMA journal_mode") != .text("wal")
            && DatabaseCopy.copiesByRows(connection)
    }

    /// Reverts the latest change when it is `expected` (or, for nil, whichever it is but a
    /// restore) and it `suits`. Returns it; nil when it does not suit (any more), to be undone
    /// in place.
    static func revert(_ location: StoreLocation, _ expected: HistoryEntry?, now: Date) throws -> HistoryEntry? {
        try DatabaseCopy.replacing(location) { source in try revert(source, location, expected, now: now) }
    }

    /// `revert`, with the write lock held: what `source` reads stays so until the copy is in
    /// its place.
    private static func revert(_ source: Connection, _ location: StoreLocation, _ expected: HistoryEntry?, now: Date) throws -> HistoryEntry? {
        guard let (latest, before, after) = try History.latestUndoable(source),
              expected.map({ $0 == latest }) ?? (latest.action != .restore)
        else { throw UndoError.changedMeanwhile }
        guard try suits(source, latest, before: before, key: location.key) else { return nil }
        try source.execute(SubscriptionStore.largeCache)
        // The copy is made while the other core sums every row stored, to prove what the import
        // wrote unchanged; the copy is put in place only once that is proved.
        let beside = EncryptedDatabase.another(location)
        let side: @Sendable () -> UInt64? = { beside.flatMap { sumOfRows($0) } }
        let (sum, (written, copy)) = try BothCores.run(if: beside != nil, side) {
            try copyLeavingOut(latest, before: before, after: after, from: source, location, now: now)
        }
        do {
            _ = try SubscriptionStore.refuseChangedSince(
                source, after: after, before: before, written: written, entry: latest.id, sumOfRows: sum)
        } catch {
            DatabaseCopy.remove(copy)
            throw error
        }
        try DatabaseCopy.move(copy, to: location.databasePath)
        return latest
    }

    /// Writes a copy of `source` without what `entry` wrote, with the rest of the undo done on it
    /// and the entry marked undone. Returns what it wrote and the copy's path.
    private static func copyLeavingOut(
        _ entry: HistoryEntry, before: StateSlice, after: StateSlice, from source: Connection, _ location: StoreLocation, now: Date
    ) throws -> (written: [WrittenSubscriptions.Written], copy: String) {
        let path = location.databasePath
        let written = try WrittenSubscriptions.written(source, entry: entry.id)
        // The copies of undos that were killed.
        DatabaseCopy.removeLeftovers(in: PathName.directory(of: path)) { $0 == PathName.name(of: path) }
        let copy = try WrittenSubscriptions.leavingOut(source, entry: entry.id, count: written.count) { kept in
            try DatabaseCopy.write(source, near: path, key: location.key, keeping: kept) { copy in
                // Foreign keys off, as in place: broken ones are looked for where they can be.
                try copy.writeTransaction {
                    // Nothing of `before` is put back whole (`suits`): no subscription is read for it.
                    try SubscriptionStore.putBack(copy, from: after, to: before, current: [:], written: written,
                                                  entry: entry.id, writtenGone: true)
                    try WrittenSubscriptions.refuseBrokenKeys(copy)
                    try History.markUndone(copy, entry.id, now: now)
                }
            }
        }
        return (written, copy)
    }

    /// `WrittenSubscriptions.rowsHashSum` on a connection `open` makes, or nil when it cannot
    /// (a lock, any error): the caller then sums on its own.
    private static func sumOfRows(_ open: @Sendable () throws -> Connection) -> UInt64? {
        try? BusyWait.$current.withValue(BusyWait.current.atMost(0)) {
            let connection = try open()
            return try connection.readTransaction {
                let sum = try WrittenSubscriptions.rowsHashSum(connection)
                // Still the file at the database's path, which the lock holds.
                return connection.hasMoved ? nil : sum
            }
        }
    }
}
