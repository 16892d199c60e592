import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Moving the database to a new key (PRODUCT.md §8, "Changing the key"), safe against a kill at
/// any moment.
///
/// The database is never rewritten in place: a copy under the new key is written and checked
/// beside it, then renamed over it. A new key file is first written as `<key>.pending`, and only
/// renamed over the key file after the database is under it. So at every instant the database
/// opens with the key file, or (between the two renames) with `<key>.pending`, which `open`
/// then promotes (`finishInterrupted`). A key file that is replaced is kept as
/// `<key>.replaced-<time>`: the backups made before the rekey need it.
public enum Rekey {
    /// Where the database goes.
    public enum Target: Equatable, Sendable {
        /// A new random key in this key file.
        case keyFile(String)
        /// The passphrase in this file.
        case passphraseFile(String)
    }

    /// The points between the steps of a rekey, where a kill may fall (for tests).
    public enum Step: CaseIterable, Sendable {
        case backedUp, newKeyWritten, copyWritten, databaseReplaced, keyFileReplaced
    }

    /// What a rekey did.
    public struct Outcome: Equatable, Sendable {
        /// The automatic backup made first, under the old key.
        public let backup: String
        /// Where the key file that was replaced is kept, if there was one.
        public let oldKeyFile: String?
    }

    /// Moves the database at `location` (opened with its current key) to `target`. `step` runs
    /// after each step; a test makes it throw to stop the rekey there, as a kill would.
    public static func run(
        _ location: StoreLocation, to target: Target, now: Date = Date(), step: (Step) throws -> Void = { _ in }
    ) throws -> Outcome {
        // A key file reached through a link (say on a USB stick) is written where the link leads:
        // the link stays, and the file it leads to never keeps the old key for good.
        let target = if case .keyFile(let keyPath) = target {
            Target.keyFile(PrivateFiles.followingLinksToExistingFile(keyPath))
        } else { target }
        return try SubscriptionStore.mapErrors(location) {
            guard let source = try EncryptedDatabase.open(location, create: false) else {
                throw FileError.missingFile(path: location.databasePath, role: .database)
            }
            try refuseUnusable(target, location: location)
            let database = location.databaseFile()
            removeLeftovers(of: database, target)
            let backup = try Backup.automatic(source, location: location, reason: "rekey", now: now)
            try step(.backedUp)
            switch target {
            case .keyFile(let keyPath):
                let pending = pendingPath(keyPath)
                try PrivateFiles.prepareDirectory(for: keyPath, as: .keyFile)
                // The database opened with its current key, so a pending key left by a killed
                // rekey is not the one it is under: it may be replaced.
                try writeNewKey(pending)
                try step(.newKeyWritten)
                try DatabaseCopy.replacing(location) { locked in
                    let copy = try DatabaseCopy.write(locked, near: database, key: .keyFile(pending))
                    try step(.copyWritten)
                    try DatabaseCopy.move(copy, to: database)
                }
                try step(.databaseReplaced)
                let kept = try promote(pending, to: keyPath, now: now)
                try step(.keyFileReplaced)
                return Outcome(backup: backup, oldKeyFile: kept)
            case .passphraseFile(let path):
                try DatabaseCopy.replacing(location) { locked in
                    let copy = try DatabaseCopy.write(locked, near: database, key: .passphraseFile(path))
                    try step(.copyWritten)
                    try DatabaseCopy.move(copy, to: database)
                }
                try step(.databaseReplaced)
                var kept: String?
                if case .keyFile(let keyPath) = location.key, try PrivateFiles.exists(keyPath) {
                    // Moved aside, not deleted: the backups made before now open with it.
                    let aside = replacedPath(keyPath, now: now)
                    try DatabaseCopy.move(keyPath, to: aside)
                    kept = aside
                }
                try step(.keyFileReplaced)
                return Outcome(backup: backup, oldKeyFile: kept)
            }
        }
    }

    /// Refuses, before anything is written, a target the rekey itself would take away: a new key
    /// file that is the current passphrase file, or a new passphrase in the database or in the
    /// key file the rekey moves aside. And a new passphrase that is no text (`checkNewPassphrase`).
    private static func refuseUnusable(_ target: Target, location: StoreLocation) throws {
        switch target {
        case .keyFile(let keyPath):
            if case .passphraseFile(let path) = location.key, isSameFile(path, keyPath) {
                throw FileError.wouldOverwrite(path: keyPath, file: .currentPassphraseFile)
            }
            if isSameFile(keyPath, location.databasePath) {
                throw FileError.wouldOverwrite(path: keyPath, file: .database(location.databasePath))
            }
        case .passphraseFile(let path):
            if case .keyFile(let keyPath) = location.key, isSameFile(path, keyPath) {
                throw FileError.unusablePassphrase(file: path, reason: .isKeyFile)
            }
            if isSameFile(path, location.databasePath) {
                throw FileError.unusablePassphrase(file: path, reason: .isDatabase)
            }
            try KeyMaterial.checkNewPassphrase(.passphraseFile(path))
        }
    }

    /// Whether two paths name one file: the same path, or the same inode.
    private static func isSameFile(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        var one = stat()
        var other = stat()
        return stat(first, &one) == 0 && stat(second, &other) == 0 && one.st_dev == other.st_dev && one.st_ino == other.st_ino
    }

    /// Finishes a rekey killed between renaming the database and renaming its new key: when the
    /// key file does not open the database (or is missing) but `<key>.pending` does, the pending
    /// key becomes the key file. Returns the open database, or nil when there is no pending key.
    static func finishInterrupted(_ location: StoreLocation, open: () throws -> Connection) throws -> Connection? {
        guard case .keyFile(let named) = location.key else { return nil }
        // A pending key that cannot be looked at is not there: the key's own error then stands.
        guard let keyPath = keyFilesBesidePending(named).first(where: { (try? PrivateFiles.exists(pendingPath($0))) == true })
        else { return nil }
        let pending = pendingPath(keyPath)
        do {
            // A pending key beside a key file that works is what a rekey killed earlier left.
            return try open()
        } catch {
            switch error {
            case StoreError.wrongKey, StoreError.missingKey, FileError.missingFile: break
            default: throw error
            }
            let candidate = StoreLocation(databasePath: location.databasePath, key: .keyFile(pending))
            // A pending key that does not open it either is a leftover: the first error stands.
            // Only proven here (nothing written) before it becomes the key file.
            guard (try? EncryptedDatabase.prove(
                EncryptedDatabase.keyedConnection(path: candidate.databasePath, key: candidate.key, createKey: false),
                location: candidate)) != nil
            else { throw error }
            _ = try promote(pending, to: keyPath, now: Date())
            return try open()
        }
    }

    /// Renames the pending key over the key file, keeping the old one aside. Returns where.
    private static func promote(_ pending: String, to keyPath: String, now: Date) throws -> String? {
        var kept: String?
        if try PrivateFiles.exists(keyPath) {
            let aside = replacedPath(keyPath, now: now)
            kept = aside
            // A link, so that the key file never stops existing; a copy where the file system
            // has no hard links (a FAT stick the key file's link leads to).
            do {
                _ = try PrivateFiles.link(keyPath, to: aside)
            } catch FileError.fileSystem(_, .system(let code)) where [EPERM, ENOTSUP, EMLINK].contains(code) {
                var contents = try PrivateFiles.read(keyPath, as: .keyFile)
                defer { contents.zeroize() }
                try PrivateFiles.replaceAtomically(aside, contents: contents)
            }
        }
        guard rename(pending, keyPath) == 0 else {
            // Another `subs` finished this rekey first.
            if errno == ENOENT { return kept }
            throw FileError.fileSystem(path: keyPath, problem: .system(errno: errno))
        }
        DatabaseCopy.syncDirectory(of: keyPath)
        return kept
    }

    private static func writeNewKey(_ path: String) throws {
        var contents = KeyMaterial.newKeyFileContents()
        defer { contents.zeroize() }
        try PrivateFiles.replaceAtomically(path, contents: contents)
        DatabaseCopy.syncDirectory(of: path)
    }

    /// Removes the partial copies and key files of rekeys that were killed.
    private static func removeLeftovers(of database: String, _ target: Target) {
        func remove(near path: String, named name: String) {
            DatabaseCopy.removeLeftovers(in: PathName.directory(of: path)) { $0 == name }
        }
        remove(near: database, named: PathName.name(of: database))
        if case .keyFile(let keyPath) = target {
            remove(near: keyPath, named: PathName.name(of: pendingPath(keyPath)))
        }
    }

    static func pendingPath(_ keyPath: String) -> String { keyPath + ".pending" }

    /// The key files a pending key may lie beside, in the order they are looked at: the file
    /// `keyPath` leads to when it is a link, where `run` writes it, then `keyPath` itself, where
    /// the rekey of an earlier `subs` did (one path twice when it is no link).
    static func keyFilesBesidePending(_ keyPath: String) -> [String] {
        [PrivateFiles.followingLinks(keyPath), keyPath]
    }

    /// `<key>.replaced-20261126-002700.123`: the time read as backups' names read.
    private static func replacedPath(_ keyPath: String, now: Date) -> String {
        keyPath + ".replaced-" + Backup.stamp(now, milliseconds: true)
    }
}
