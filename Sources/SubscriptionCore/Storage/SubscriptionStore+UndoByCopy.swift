import Foundation

/// Undo of a large import that only added (issue 26), by a copy: what stays is written to a new
/// file, checked and renamed over the database under its write lock (`DatabaseCopy`), as a rekey
/// does. Deleting 100,000 subscriptions in place journals, zeroes (`secure_delete`) and writes
/// again every page they filled, which was most of the undo; the copy writes only what is left,
/// and the file shrinks to it. What is checked and put back is what the undo in place does.
extension SubscriptionStore {
    /// From how many subscriptions added a copy is made, when they are also at least half of
    /// those stored: below, deleting them in place is as quick.
    @TaskLocal static var copyingUndoFrom = 2_000

    /// Whether undoing `entry`, the latest change, is done by a copy: an import that added
    /// enough, replaced none and keeps what it wrote by fingerprint, into a database that can be
    /// copied so. Not with a passphrase, which the lock, the copy and its check would each derive
    /// again (PRODUCT.md §12: once a run); not in WAL mode, whose `-wal` would stay beside the copy
    /// renamed over it; not for a database reached through a symbolic link or under several
    /// names, which the rename would part from it.
    static func undoSuitsCopy(_ connection: Connection, _ entry: HistoryEntry, before: StateSlice, at location: StoreLocation) throws -> Bool {
        guard case .keyFile = location.key, before.subscriptions.isEmpty,
              case .imported(let added, _, _) = entry.change, added >= max(copyingUndoFrom, 1),
              // The largest rowid: the count, or more after deletions; counting would read a table.
              case .integer(let stored)? = try connection.scalar("SELECT max(rowid) FROM subscriptions"), added * 2 >= stored
        else { return false }
        var status = stat()
        guard lstat(location.databasePath, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1 else {
            return false
        }
        return try WrittenSubscriptions.wroteAny(connection, entry: entry.id)
            && connection.scalar("PRAGMA journal_mode") != .text("wal")
            && DatabaseCopy.copiesByRows(connection)
    }

    /// Reverts the latest change by a copy when it is `expected` (or, for nil, whichever it is
    /// but a restore) and `undoSuitsCopy`. Returns it; nil when it does not suit (any more), to be
    /// undone in place.
    func undoByCopy(_ expected: HistoryEntry?, now: Date) throws -> HistoryEntry? {
        try Self.mapErrors(location) {
            try DatabaseCopy.replacing(location) { source in try Self.undoByCopy(source, location, expected, now: now) }
        }
    }

    /// `undoByCopy`, with the write lock held: what `source` reads stays so until the copy is in
    /// its place.
    private static func undoByCopy(_ source: Connection, _ location: StoreLocation, _ expected: HistoryEntry?, now: Date) throws -> HistoryEntry? {
        guard let (latest, before, after) = try History.latestUndoable(source),
              expected.map({ $0 == latest }) ?? (latest.action != .restore)
        else { throw UndoError.changedMeanwhile }
        guard try undoSuitsCopy(source, latest, before: before, at: location) else { return nil }
        try source.execute(largeCache)
        let written = try WrittenSubscriptions.written(source, entry: latest.id)
        // When they are every subscription stored, the other core sums every row stored while
        // the copy is made, to prove them unchanged; the copy is put in place only once that is
        // proved. Otherwise each is looked at by its fingerprint, after.
        let beside = try WrittenSubscriptions.areAllStored(source, count: written.count) ? EncryptedDatabase.another(location) : nil
        let sumOfRows: @Sendable () -> UInt64? = { beside.flatMap { rowsHashSum(on: $0) } }
        let (sum, copy) = try BothCores.run(if: beside != nil, sumOfRows) {
            try copyLeavingOut(latest, written, before: before, after: after, from: source, location, now: now)
        }
        do {
            _ = try refuseChangedSince(source, after: after, before: before, written: written, entry: latest.id, sumOfRows: sum)
        } catch {
            DatabaseCopy.remove(copy)
            throw error
        }
        try DatabaseCopy.move(copy, to: location.databasePath)
        return latest
    }

    /// Writes a copy of `source` without what `entry` wrote (`written`), with the rest of the undo
    /// done on it and the entry marked undone. Returns the copy's path.
    private static func copyLeavingOut(
        _ entry: HistoryEntry, _ written: [WrittenSubscriptions.Written], before: StateSlice, after: StateSlice,
        from source: Connection, _ location: StoreLocation, now: Date
    ) throws -> String {
        let path = location.databasePath
        // The copies of undos that were killed.
        DatabaseCopy.removeLeftovers(in: PathName.directory(of: path)) { $0 == PathName.name(of: path) }
        return try WrittenSubscriptions.leavingOut(source, entry: entry.id, count: written.count) { kept in
            try DatabaseCopy.write(source, near: path, key: location.key, keeping: kept) { copy in
                // Foreign keys off, as in place: broken ones are looked for where they can be.
                try copy.writeTransaction {
                    // Nothing of `before` is put back whole (`undoSuitsCopy`): no subscription is
                    // read for it.
                    try putBack(copy, from: after, to: before, current: [:], written: written, entry: entry.id, writtenGone: true)
                    try WrittenSubscriptions.refuseBrokenKeys(copy)
                    try History.markUndone(copy, entry.id, now: now)
                }
            }
        }
    }

    /// `WrittenSubscriptions.rowsHashSum` on a connection `open` makes, or nil when it cannot
    /// (a lock, any error): the caller then sums on its own.
    private static func rowsHashSum(on open: @Sendable () throws -> Connection) -> UInt64? {
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
