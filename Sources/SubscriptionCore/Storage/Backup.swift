import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Backups of the database (PRODUCT.md §8): on demand, automatic before a change that rewrites
/// the whole file (a migration, a restore, a rekey), and restoring one.
///
/// Every backup is a checked, encrypted copy (`DatabaseCopy`) renamed into place, so a backup
/// file either does not exist or is whole.
public enum Backup {
    /// How many automatic backups are kept; older automatic ones are removed, others never.
    public static let automaticKept = 10

    /// The directory of backups: `backups/` next to the database.
    public static func directory(for location: StoreLocation) -> String {
        let parent = (location.databasePath as NSString).deletingLastPathComponent
        return (parent.isEmpty ? "." : parent) + "/backups"
    }

    /// Writes a backup of the database to `path`, or to `backups/subs-YYYYMMDD-HHMMSS.db` (UTC)
    /// next to it, keyed with `key` or else the database's own key. Returns the path written.
    public static func write(
        _ location: StoreLocation, to path: String?, key: KeySource?, now: Date = Date()
    ) throws -> String {
        try SubscriptionStore.mapErrors(location) {
            guard let source = try EncryptedDatabase.open(location, create: false) else {
                throw StoreError.missingFile(path: location.databasePath, what: localized("database"))
            }
            if let path {
                try refuseOverwriting(path, location: location)
                let temporary = try DatabaseCopy.write(source, near: path, key: key ?? location.key)
                try DatabaseCopy.move(temporary, to: path)
                return path
            }
            return try writeNew(source, location: location, key: key ?? location.key, stem: "subs-" + stamp(now, milliseconds: false))
        }
    }

    /// Writes an automatic backup under the database's key, named `auto-<time>-<reason>.db` so
    /// they sort by time, and removes all but the newest `automaticKept` automatic ones.
    @discardableResult
    static func automatic(_ source: Connection, location: StoreLocation, reason: String, now: Date = Date()) throws -> String {
        let path = try writeNew(source, location: location, key: location.key, stem: "auto-\(stamp(now, milliseconds: true))-\(reason)")
        prune(directory(for: location))
        return path
    }

    /// Restores the backup at `path` over the database, after checking it (key, a subs database,
    /// integrity, a schema this program knows) and backing up the current database. The restored
    /// data is under the database's current key. A refused backup leaves the database untouched.
    /// The restore is recorded in the restored database's history, naming the automatic backup
    /// of the one it replaced, so `undo` can put that back. When `undoing` a restore (putting that
    /// backup back), the backup's history gets that restore instead, marked undone.
    public static func restore(
        _ location: StoreLocation, from path: String, key: KeySource?, undoing: HistoryEntry? = nil, now: Date = Date()
    ) throws {
        try SubscriptionStore.mapErrors(StoreLocation(databasePath: path, key: key ?? location.key)) {
            let backup = try openBackup(path, key: key ?? location.key)
            let current = try SubscriptionStore.mapErrors(location) { try EncryptedDatabase.open(location, create: false) }
            if current == nil { try PrivateFiles.prepareDirectory(for: location.databasePath, as: .database) }
            let temporary = try DatabaseCopy.write(
                backup, near: location.databasePath, key: location.key, createKey: current == nil)
            do {
                // An older backup is brought up to this program's schema before it goes in place.
                let restored = try EncryptedDatabase.keyedConnection(path: temporary, key: location.key, createKey: false)
                try restored.execute("PRAGMA foreign_keys = ON")
                try Schema.migrator.migrate(restored)
                try EncryptedDatabase.checkIntegrity(restored, path: temporary)
                let replaced = try current.map { current in
                    try SubscriptionStore.mapErrors(location) { try automatic(current, location: location, reason: "restore", now: now) }
                }
                try restored.writeTransaction {
                    if let undoing {
                        try History.record(restored, .restore, subscriptionID: nil, subject: undoing.subject,
                                           summary: undoing.summary, before: .empty, after: .empty,
                                           now: undoing.changedAt, undoneAt: now)
                    } else {
                        try History.record(restored, .restore, subscriptionID: nil, subject: path,
                                           summary: "restored from \(path)" + (replaced.map { "; what it replaced is in \($0)" } ?? ""),
                                           before: .empty, after: .empty, replacedBackup: replaced, now: now)
                    }
                }
            } catch {
                DatabaseCopy.remove(temporary)
                throw error
            }
            guard current != nil else { return try DatabaseCopy.move(temporary, to: location.databasePath) }
            try SubscriptionStore.mapErrors(location) {
                try DatabaseCopy.replacing(location) { try DatabaseCopy.move(temporary, to: location.databasePath) }
            }
        }
    }

    /// Opens a backup and proves it: the key unlocks it, it is a subs database with data, of a
    /// schema this program knows, and every page is whole. Nothing is written to it.
    private static func openBackup(_ path: String, key: KeySource) throws -> Connection {
        guard try PrivateFiles.mode(of: path) != nil else { throw StoreError.missingFile(path: path, what: localized("backup")) }
        if let problem = EncryptedDatabase.unencryptedOrTruncated(path) {
            throw StoreError.notADatabase(path: path, reason: problem)
        }
        if PrivateFiles.size(of: path) == 0 {
            throw StoreError.notADatabase(path: path, reason: localized("the file is empty"))
        }
        let backup = try EncryptedDatabase.keyedConnection(path: path, key: key, createKey: false)
        try EncryptedDatabase.prove(backup, location: StoreLocation(databasePath: path, key: key))
        guard try backup.userVersion > 0 else {
            throw StoreError.notADatabase(path: path, reason: localized("it holds no subs data"))
        }
        try EncryptedDatabase.checkIntegrity(backup, path: path)
        return backup
    }

    /// Writes a new backup `<stem>.db` in the backups directory, never replacing one: a name
    /// already taken gets `-2`, `-3`, ...
    private static func writeNew(_ source: Connection, location: StoreLocation, key: KeySource, stem: String) throws -> String {
        let directory = directory(for: location)
        try PrivateFiles.prepareDirectory(for: directory + "/" + stem + ".db", as: .database)
        let temporary = try DatabaseCopy.write(source, near: directory + "/" + stem + ".db", key: key)
        defer { DatabaseCopy.remove(temporary) }
        for attempt in 1...100 {
            let path = directory + "/" + stem + (attempt == 1 ? "" : "-\(attempt)") + ".db"
            if try PrivateFiles.link(temporary, to: path) {
                DatabaseCopy.syncDirectory(of: path)
                return path
            }
        }
        throw StoreError.fileSystem(path: directory, message: localized("too many backups named \(stem)"))
    }

    /// Removes the oldest automatic backups beyond `automaticKept`. A backup that cannot be
    /// removed is kept: that loses nothing.
    private static func prune(_ directory: String) {
        DatabaseCopy.removeLeftovers(in: directory) { $0.hasSuffix(".db") }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let automatic = names.filter { $0.hasPrefix("auto-") && $0.hasSuffix(".db") }.sorted()
        for name in automatic.dropLast(automaticKept) {
            unlink(directory + "/" + name)
        }
    }

    /// The database and its key file are what a backup is of: writing over them would lose both.
    private static func refuseOverwriting(_ path: String, location: StoreLocation) throws {
        var target = stat()
        guard stat(path, &target) == 0 else { return }
        var spared = [(localized("the database \(location.databasePath)"), location.databasePath)]
        if case .keyFile(let keyPath) = location.key { spared.append((localized("the key file \(keyPath)"), keyPath)) }
        for (what, file) in spared {
            var info = stat()
            if stat(file, &info) == 0, info.st_dev == target.st_dev, info.st_ino == target.st_ino {
                throw StoreError.wouldOverwrite(path: path, file: what)
            }
        }
    }

    /// `YYYYMMDD-HHMMSS` in UTC, with `.mmm` when asked: names that sort by time.
    private static func stamp(_ date: Date, milliseconds: Bool) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        var text = String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day)
            + "-" + two(parts.hour) + two(parts.minute) + two(parts.second)
        if milliseconds { text += String(format: ".%03d", (parts.nanosecond ?? 0) / 1_000_000) }
        return text
    }
}
