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
        PathName.directory(of: location.databasePath) + "/backups"
    }

    /// The backups in the backup directory, newest first: what a missing database can be
    /// restored from.
    public static func existing(for location: StoreLocation) -> [String] {
        let directory = directory(for: location)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        let dated: [(path: String, time: Int)] = names.filter { $0.hasSuffix(".db") }.compactMap { name in
            let path = directory + "/" + name
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return (path, Int(info.st_mtim.tv_sec))
        }
        return dated.sorted { $0.time != $1.time ? $0.time > $1.time : $0.path > $1.path }.map(\.path)
    }

    /// Writes a backup of the database to `path`, or to `backups/subs-YYYYMMDD-HHMMSS.db` (UTC)
    /// next to it, keyed with `key` or else the database's own key. Returns the path written.
    public static func write(
        _ location: StoreLocation, to path: String?, key: KeySource?, now: Date = Date()
    ) throws -> String {
        try SubscriptionStore.mapErrors(location) {
            guard let source = try EncryptedDatabase.open(location, create: false) else {
                throw FileError.missingFile(path: location.databasePath, role: .database)
            }
            if let path {
                try refuseOverwriting(path, location: location, key: key)
                if let key { try KeyMaterial.checkNewPassphrase(key) }
                // Through a link (to a backup on a stick, say), the copy replaces the file it leads
                // to, and the link stays.
                let file = PrivateFiles.followingLinksToExistingFile(path)
                // The copy is written beside the file first: without its directory, the error
                // names the file asked for, not the copy's passing name.
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: PathName.directory(of: file), isDirectory: &isDirectory),
                      isDirectory.boolValue
                else { throw FileError.fileSystem(path: path, problem: .system(errno: ENOENT)) }
                let temporary = try DatabaseCopy.write(source, near: file, key: key ?? location.key)
                try DatabaseCopy.move(temporary, to: file)
                return path
            }
            if let key { try KeyMaterial.checkNewPassphrase(key) }
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
    /// backup back), the backup's history gets that restore instead, marked undone; the undo is
    /// refused (`UndoError.changedMeanwhile`) unless that restore is still the latest change.
    ///
    /// The backup file is only read, as bytes: SQLite never opens it, so nothing beside it (a
    /// stray `-journal`) is touched. The automatic backup of the current database, and the
    /// rename, are made under its write lock: a change another `subs` commits before is in that
    /// backup, one it commits after goes to the restored database.
    public static func restore(
        _ location: StoreLocation, from path: String, key: KeySource?, undoing: HistoryEntry? = nil, now: Date = Date()
    ) throws {
        try SubscriptionStore.mapErrors(StoreLocation(databasePath: path, key: key ?? location.key)) {
            try checkBackupFile(path)
            let current = try SubscriptionStore.mapErrors(location) { try EncryptedDatabase.open(location, create: false) }
            if current == nil {
                try KeyMaterial.checkNewPassphrase(location.key)
                try PrivateFiles.prepareDirectory(for: location.databasePath, as: .database)
            }
            let database = location.databaseFile()
            let readable = try copyBytes(of: path, near: database)
            defer { DatabaseCopy.remove(readable) }
            let backup = try openBackup(readable, named: path, key: key ?? location.key)
            let temporary = try DatabaseCopy.write(
                backup, near: database, key: location.key, createKey: current == nil)
            do {
                // An older backup is brought up to this program's schema before it goes in place.
                let restored = try EncryptedDatabase.keyedConnection(path: temporary, key: location.key, createKey: false)
                try restored.execute("PRAGMA foreign_keys = ON")
                try Schema.migrator.migrate(restored)
                try EncryptedDatabase.checkIntegrity(restored, path: temporary)
                guard current != nil else {
                    try record(restored, from: path, replaced: nil, undoing: undoing, now: now)
                    return try DatabaseCopy.move(temporary, to: database)
                }
                try SubscriptionStore.mapErrors(location) {
                    try DatabaseCopy.replacing(location) { locked in
                        if let undoing, try History.latestUndoable(locked)?.0 != undoing { throw UndoError.changedMeanwhile }
                        let replaced = try automatic(locked, location: location, reason: "restore", now: now)
                        try record(restored, from: path, replaced: replaced, undoing: undoing, now: now)
                        try DatabaseCopy.move(temporary, to: database)
                    }
                }
            } catch {
                DatabaseCopy.remove(temporary)
                throw error
            }
        }
    }

    /// Records the restore in the restored database's history (see `restore`).
    private static func record(
        _ restored: Connection, from path: String, replaced: String?, undoing: HistoryEntry?, now: Date
    ) throws {
        try restored.writeTransaction {
            if let undoing {
                try History.record(restored, .restore, subscriptionID: nil, subject: undoing.subject,
                                   detail: Self.detail(of: undoing), before: .empty, after: .empty,
                                   now: undoing.changedAt, undoneAt: now)
            } else {
                try History.record(restored, .restore, subscriptionID: nil, subject: path,
                                   detail: .restored(from: path, replaced: replaced),
                                   before: .empty, after: .empty, replacedBackup: replaced, now: now)
            }
        }
    }

    /// The detail of the restore `entry`, for the entry that says it was undone.
    private static func detail(of entry: HistoryEntry) -> HistoryDetail {
        guard case .restored(let from, let replaced) = entry.change else { return .restored(from: entry.subject, replaced: entry.replacedBackup) }
        return .restored(from: from, replaced: replaced)
    }

    /// What can be told of a backup without a key: that it is there, a file, and could be an
    /// encrypted database.
    private static func checkBackupFile(_ path: String) throws {
        guard let mode = try PrivateFiles.mode(of: path) else { throw FileError.missingFile(path: path, role: .backup) }
        if mode & UInt32(S_IFMT) == UInt32(S_IFDIR) {
            throw FileError.unreadableFile(path: path, role: .backup, isDirectory: true)
        }
        if let problem = EncryptedDatabase.unencryptedOrTruncated(path) {
            throw StoreError.notADatabase(path: path, reason: problem)
        }
        if PrivateFiles.size(of: path) == 0 {
            throw StoreError.notADatabase(path: path, reason: .empty)
        }
    }

    /// Copies the bytes of the file at `path` to a new private file `<near>.tmp-<pid>-<random>`
    /// (removed by the caller, or as a leftover of a killed run), and returns its path.
    private static func copyBytes(of path: String, near: String) throws -> String {
        let source = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard source >= 0 else {
            if errno == EACCES || errno == EISDIR {
                throw FileError.unreadableFile(path: path, role: .backup, isDirectory: errno == EISDIR)
            }
            throw FileError.fileSystem(path: path, problem: .system(errno: errno))
        }
        defer { close(source) }
        let copy = near + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try PrivateFiles.createEmpty(copy)
        let target = open(copy, O_WRONLY | O_CLOEXEC)
        guard target >= 0 else {
            let code = errno
            unlink(copy)
            throw FileError.fileSystem(path: copy, problem: .system(errno: code))
        }
        defer { close(target) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                let code = errno
                unlink(copy)
                throw FileError.fileSystem(path: path, problem: .system(errno: code))
            }
            if count == 0 { return copy }
            guard PrivateFiles.writeAll(target, Array(buffer[..<count])) else {
                let code = errno
                unlink(copy)
                throw FileError.fileSystem(path: copy, problem: .system(errno: code))
            }
        }
    }

    /// Opens the copy of a backup (the file `path` names) and proves it: the key unlocks it, it
    /// is a subs database with data, of a schema this program knows, and every page is whole.
    /// Errors name `path`.
    private static func openBackup(_ copy: String, named path: String, key: KeySource) throws -> Connection {
        do {
            let backup = try EncryptedDatabase.keyedConnection(path: copy, key: key, createKey: false)
            try EncryptedDatabase.prove(backup, location: StoreLocation(databasePath: path, key: key))
            guard try backup.userVersion > 0 else {
                throw StoreError.notADatabase(path: path, reason: .noSubsData)
            }
            try EncryptedDatabase.checkIntegrity(backup, path: path)
            return backup
        } catch let error as SQLiteError where error.isCorrupt {
            throw StoreError.damaged(path: path, damage: .sqlite(error))
        }
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
        throw FileError.fileSystem(path: directory, problem: .tooManyBackups(stem: stem))
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

    /// The database, the file its key comes from, and the file the backup's own key comes from
    /// are what a backup needs: writing over one would lose it (and the backup, or everything).
    private static func refuseOverwriting(_ path: String, location: StoreLocation, key: KeySource?) throws {
        var target = stat()
        guard stat(path, &target) == 0 else { return }
        var spared: [(KeptFile, String)] = [(.database(location.databasePath), location.databasePath)]
        for source in [location.key, key] {
            switch source {
            case .keyFile(let file)?: spared.append((.keyFile(file), file))
            case .passphraseFile(let file)?: spared.append((.passphraseFile(file), file))
            case .passphrase?, nil: break
            }
        }
        for (what, file) in spared {
            var info = stat()
            if stat(file, &info) == 0, info.st_dev == target.st_dev, info.st_ino == target.st_ino {
                throw FileError.wouldOverwrite(path: path, file: what)
            }
        }
    }

    /// `YYYYMMDD-HHMMSS` in UTC, with `.mmm` when asked: names that sort by time, and that a
    /// person reads (backups and the key files a rekey keeps).
    static func stamp(_ date: Date, milliseconds: Bool) -> String {
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
