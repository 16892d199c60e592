import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemLink = Glibc.link
#elseif canImport(Darwin)
private let systemLink = Darwin.link
#endif

/// File operations for secrets and the database: private modes, atomic creation, and the ssh-like
/// refusal of files that group or others can read.
enum PrivateFiles {
    /// The file's permission bits, or nil when it does not exist.
    static func mode(of path: String) throws -> UInt32? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw StoreError.fileSystem(path: path, message: String(cString: strerror(errno)))
        }
        return UInt32(info.st_mode)
    }

    static func exists(_ path: String) throws -> Bool { try mode(of: path) != nil }

    static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// Refuses a file that group or others may access.
    static func requirePrivate(_ path: String) throws {
        if let mode = try mode(of: path), mode & 0o077 != 0 {
            throw StoreError.unsafePermissions(path: path, mode: mode)
        }
    }

    /// Creates `directory` and its missing parents; the last one is made 0700.
    static func makeDirectory(_ directory: String) throws {
        guard try !exists(directory) else { return }
        let parent = (directory as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != directory { try makeDirectory(parent) }
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw StoreError.fileSystem(path: directory, message: String(cString: strerror(errno)))
        }
    }

    /// Creates an empty file with mode 0600; false when it already existed.
    @discardableResult
    static func createEmpty(_ path: String) throws -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            if errno == EEXIST { return false }
            throw StoreError.fileSystem(path: path, message: String(cString: strerror(errno)))
        }
        close(descriptor)
        return true
    }

    /// Writes `contents` to `path` with mode 0600 unless `path` already exists, atomically: the
    /// file is written and synced under a temporary name, then hard-linked into place, so a
    /// parallel writer either wins whole or finds the winner's complete file. Returns false when
    /// `path` already existed (its contents are left as they were).
    static func createAtomically(_ path: String, contents: [UInt8]) throws -> Bool {
        let temporary = try writeTemporary(near: path, contents: contents)
        defer { unlink(temporary) }
        return try link(temporary, to: path)
    }

    /// Replaces `path` with `contents` (mode 0600) atomically: a reader never sees half a file,
    /// and a failure leaves the old file as it was.
    static func replaceAtomically(_ path: String, contents: [UInt8]) throws {
        let temporary = try writeTemporary(near: path, contents: contents)
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw StoreError.fileSystem(path: path, message: message)
        }
    }

    /// A new, synced file with mode 0600 and `contents`, in `path`'s directory.
    private static func writeTemporary(near path: String, contents: [UInt8]) throws -> String {
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError.fileSystem(path: path, message: String(cString: strerror(errno)))
        }
        var written = 0
        while written < contents.count {
            let count = contents.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        // The umask can only take bits away; fchmod makes the mode exactly 0600.
        let complete = written == contents.count && fchmod(descriptor, 0o600) == 0 && fsync(descriptor) == 0
        close(descriptor)
        guard complete else {
            unlink(temporary)
            throw StoreError.fileSystem(path: path, message: "could not write the file")
        }
        return temporary
    }

    /// Hard-links `source` to `path` unless `path` exists: false when it did.
    static func link(_ source: String, to path: String) throws -> Bool {
        if systemLink(source, path) != 0 {
            if errno == EEXIST { return false }
            throw StoreError.fileSystem(path: path, message: String(cString: strerror(errno)))
        }
        return true
    }

    static func read(_ path: String, what: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            if try !exists(path) { throw StoreError.missingFile(path: path, what: what) }
            throw StoreError.fileSystem(path: path, message: "cannot read the \(what)")
        }
        return Array(data)
    }
}
