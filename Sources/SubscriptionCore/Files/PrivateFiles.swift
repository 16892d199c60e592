import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemLink = Glibc.link
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemLink = Darwin.link
private let systemRead = Darwin.read
#endif

/// File operations for secrets and the database: private modes, atomic creation, and the ssh-like
/// refusal of files that others can read, own or replace.
enum PrivateFiles {
    /// What a private file is for: the database, a key file or a passphrase file.
    typealias Role = PrivateFileRole

    /// The file's mode (type and permission bits), or nil when it does not exist.
    static func mode(of path: String) throws -> UInt32? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw FileError.fileSystem(path: path, problem: .system(errno: errno))
        }
        return UInt32(info.st_mode)
    }

    static func exists(_ path: String) throws -> Bool { try mode(of: path) != nil }

    static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// Checks `path` before it is trusted, as ssh checks its keys: it must be a regular file
    /// (never a device, a FIFO or a directory), owned by this user, closed to group and others,
    /// in a directory that only this user or root can change. Returns false when it does not exist.
    static func checkPrivate(_ path: String, as role: Role) throws -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return false }
            throw FileError.fileSystem(path: path, problem: .system(errno: errno))
        }
        // The type comes first: a device's mode says nothing about who may read the data.
        try requireKind(info, path: path, as: role)
        if info.st_uid != geteuid() {
            throw FileError.foreignOwner(path: path, owner: UInt32(info.st_uid), user: currentUser)
        }
        if info.st_mode & 0o077 != 0 {
            throw FileError.unsafePermissions(path: path, mode: UInt32(info.st_mode))
        }
        for directory in directories(holding: path) {
            try requireSafeDirectory(directory, holding: role, file: path)
        }
        return true
    }

    /// Refuses a directory that another user owns, or that group or others may write to (even
    /// with the sticky bit, someone else could create the file first), as ssh does.
    static func requireSafeDirectory(_ directory: String, holding role: Role, file: String) throws {
        var info = stat()
        guard stat(directory, &info) == 0 else {
            throw FileError.fileSystem(path: directory, problem: .system(errno: errno))
        }
        if info.st_uid != geteuid() && info.st_uid != 0 {
            throw FileError.foreignOwner(path: directory, owner: UInt32(info.st_uid), user: currentUser)
        }
        if info.st_mode & 0o022 != 0 {
            throw FileError.unsafeDirectory(path: directory, mode: UInt32(info.st_mode), holding: role, file: file)
        }
    }

    /// The directory `path` is named in, and the one its symbolic links lead to, resolved.
    private static func directories(holding path: String) -> [String] {
        var found: [String] = []
        if let directory = realPath(PathName.directory(of: path)) { found.append(directory) }
        if let file = realPath(path) {
            let directory = PathName.directory(of: file)
            if !found.contains(directory) { found.append(directory) }
        }
        return found
    }

    /// The file `path` leads to: `path` itself, or when it is a symbolic link, the path the link
    /// names, through any further links (a relative one from the link's directory), whether or
    /// not a file is there yet. A file written in its place is renamed over that one, so the link
    /// stays; a link to a folder that is not there (not mounted) makes that write fail. A link
    /// that cannot be read, or a loop, is `path`.
    static func followingLinks(_ path: String) -> String {
        var current = path
        // As many links as the kernel follows before it gives up (ELOOP).
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let target = try? target(ofLink: current, named: path) else { return path }
            current = target
        }
        return path
    }

    /// The regular file a link at `path` leads to when that file is there, else `path`: a file
    /// written there (a backup, a new key) is then renamed over the linked file and the link
    /// stays, while a link to nothing (a stick not plugged in) is replaced, not written under an
    /// empty mount point. A link to anything else (a folder, a FIFO) is not followed.
    static func followingLinksToExistingFile(_ path: String) -> String {
        let followed = followingLinks(path)
        var info = stat()
        return followed != path && lstat(followed, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? followed : path
    }

    /// Where the link `link` points, as a path usable from here; an error is said of `path`.
    static func target(ofLink link: String, named path: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else {
            throw FileError.fileSystem(path: path, problem: .system(errno: errno))
        }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        // A relative target is relative to the directory the link is in; named from its real
        // directory when that is there, so that a message shows `/home/u/usb/key`, not
        // `/home/u/.config/subs/../../usb/key`.
        let joined = PathName.directory(of: link) + "/" + target
        guard let directory = realPath(PathName.directory(of: joined)) else { return joined }
        return (directory == "/" ? "" : directory) + "/" + PathName.name(of: joined)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func requireKind(_ info: stat, path: String, as role: Role) throws {
        let type = info.st_mode & S_IFMT
        guard type != S_IFREG else { return }
        let kind: FileKind = switch type {
        case S_IFDIR: .directory
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFIFO: .pipe
        case S_IFSOCK: .socket
        default: .other
        }
        throw FileError.notAFile(path: path, role: role, kind: kind)
    }

    /// The name of the user running `subs`, for the `chown` a message suggests.
    private static var currentUser: String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name {
            return String(cString: name)
        }
        return String(geteuid())
    }

    /// Creates `directory` and its missing parents; the last one is made 0700.
    static func makeDirectory(_ directory: String) throws {
        guard try !exists(directory) else { return }
        let parent = PathName.directory(of: directory)
        if parent != directory { try makeDirectory(parent) }
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw FileError.fileSystem(path: directory, problem: .system(errno: errno))
        }
    }

    /// Creates `path`'s directory when missing (mode 0700) and checks that it is safe to hold
    /// the `role` file `path`.
    static func prepareDirectory(for path: String, as role: Role) throws {
        let directory = PathName.directory(of: path)
        try makeDirectory(directory)
        try requireSafeDirectory(directory, holding: role, file: path)
    }

    /// Creates an empty file with mode 0600; false when it already existed.
    @discardableResult
    static func createEmpty(_ path: String) throws -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            if errno == EEXIST { return false }
            throw FileError.fileSystem(path: path, problem: .system(errno: errno))
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

    /// Replaces the regular file (or creates the file) `path` with `contents` (mode 0600)
    /// atomically: a reader never sees half a file, and a failure leaves the old file as it was.
    static func replaceAtomically(_ path: String, contents: [UInt8]) throws {
        let temporary = try writeTemporary(near: path, contents: contents)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileError.fileSystem(path: path, problem: .system(errno: code))
        }
    }

    /// A new, synced file with mode 0600 and `contents`, in `path`'s directory.
    private static func writeTemporary(near path: String, contents: [UInt8]) throws -> String {
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw FileError.fileSystem(path: path, problem: .system(errno: errno))
        }
        // The umask can only take bits away; fchmod makes the mode exactly 0600.
        let complete = writeAll(descriptor, contents) && fchmod(descriptor, 0o600) == 0 && fsync(descriptor) == 0
        close(descriptor)
        guard complete else {
            unlink(temporary)
            throw FileError.fileSystem(path: path, problem: .notWritten)
        }
        return temporary
    }

    /// Writes every byte of `contents` to `descriptor`; false when the system refused.
    static func writeAll(_ descriptor: Int32, _ contents: [UInt8]) -> Bool {
        var written = 0
        while written < contents.count {
            let count = contents.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// Hard-links `source` to `path` unless `path` exists: false when it did.
    static func link(_ source: String, to path: String) throws -> Bool {
        if systemLink(source, path) != 0 {
            if errno == EEXIST { return false }
            throw FileError.fileSystem(path: path, problem: .system(errno: errno))
        }
        return true
    }

    /// A key or passphrase file's bytes. The file is opened without blocking and checked again
    /// once open, so a FIFO or device swapped in after `checkPrivate` can neither hang nor feed us.
    static func read(_ path: String, as role: Role) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw FileError.missingFile(path: path, role: role.fileRole) }
            throw FileError.fileSystem(path: path, problem: .cannotRead(role, errno: errno))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw FileError.fileSystem(path: path, problem: .system(errno: errno))
        }
        try requireKind(info, path: path, as: role)
        let limit = 64 * 1024
        // Room for the whole file up front: an array that grows leaves copies of a key in freed memory.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(limit + 4096)
        var buffer = [UInt8](repeating: 0, count: 4096)
        defer { buffer.zeroize() }
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                bytes.zeroize()
                throw FileError.fileSystem(path: path, problem: .cannotRead(role, errno: errno))
            }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
            guard bytes.count <= limit else {
                bytes.zeroize()
                throw FileError.fileSystem(path: path, problem: .tooLarge(role))
            }
        }
    }
}
