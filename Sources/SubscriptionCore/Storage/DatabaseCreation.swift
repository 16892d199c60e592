import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The first write creates the database: it is built as `<name>.new-<pid>-<random>` and then
/// linked into place, so a parallel `subs` either finds no file or a complete one (never an empty
/// file that it would key with a salt of its own).
///
/// A run that is killed while building leaves its `.new-` file (and perhaps its `-journal`)
/// behind. Every builder holds a shared `flock` on the database's directory while its file
/// exists; a run that gets the lock exclusively therefore knows that no build is under way, and
/// that every `.new-` file there is a leftover it may remove.
extension EncryptedDatabase {
    /// Builds the database and links it into place; when another process links first, its
    /// database is kept. Leftovers of killed first runs are removed first.
    static func createDatabase(_ location: StoreLocation) throws {
        let path = location.databasePath
        try KeyMaterial.checkNewPassphrase(location.key)
        try PrivateFiles.prepareDirectory(for: path, as: .database)
        // A directory we cannot open cannot be listed by a cleaner either: then no lock is needed.
        let lock = DirectoryLock(holding: path)
        defer { withExtendedLifetime(lock) {} }
        if let lock {
            if lock.lock(LOCK_EX | LOCK_NB) { removeLeftovers(of: path) }
            // Shared from before the file exists until after it is gone: a cleaner never sees it
            // unlocked. (Converting from exclusive may let a cleaner in, before our file exists.)
            guard lock.lock(LOCK_SH) else {
                throw FileError.fileSystem(path: lock.directory, problem: .cannotLock(errno: errno))
            }
        }
        let temporary = path + ".new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer {
            unlink(temporary)
            unlink(temporary + "-journal")
        }
        try PrivateFiles.createEmpty(temporary)
        do {
            let connection = try keyedConnection(path: temporary, key: location.key, createKey: true)
            try Schema.migrator.migrate(connection)
            try Schema.nameDefaultCategories(connection, location.newCategories)
        }
        _ = try PrivateFiles.link(temporary, to: path)
    }

    /// Removes the leftovers of killed first runs next to the database, unless a first run is
    /// under way right now (then a later run removes them).
    static func removeStaleCreations(_ location: StoreLocation) {
        guard let lock = DirectoryLock(holding: location.databasePath) else { return }
        // Held until every leftover is gone, not only until its last use.
        withExtendedLifetime(lock) {
            if lock.lock(LOCK_EX | LOCK_NB) { removeLeftovers(of: location.databasePath) }
        }
    }

    /// Removes `<name>.new-<digits>-<digits>` and its `-journal`; call only with the directory
    /// locked exclusively. Other names are never touched.
    private static func removeLeftovers(of path: String) {
        let directory = PathName.directory(of: path)
        let prefix = PathName.name(of: path) + ".new-"
        // Listing or removing may fail (a directory we may not read): leftovers are then kept,
        // and nothing else depends on them being gone.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) && isLeftover(name.dropFirst(prefix.count)) {
            unlink(directory + "/" + name)
        }
    }

    private static func isLeftover(_ suffix: Substring) -> Bool {
        let stem = suffix.hasSuffix("-journal") ? suffix.dropLast("-journal".count) : suffix
        let parts = stem.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
    }
}

/// An `flock` on a directory, released when the value goes away.
final class DirectoryLock {
    let directory: String
    private let descriptor: Int32

    /// Opens the directory that holds `path`; nil when it cannot be opened.
    init?(holding path: String) {
        directory = PathName.directory(of: path)
        descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// Takes (or converts to) the lock `operation` asks for: false when it is not granted.
    func lock(_ operation: Int32) -> Bool {
        while flock(descriptor, operation) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }
}
