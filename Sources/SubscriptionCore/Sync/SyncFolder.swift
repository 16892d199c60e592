import Foundation
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// One change file in the sync folder: file number `sequence` of `device`, at `path`.
public struct ChangeFileName: Hashable, Sendable {
    public let device: String
    public let sequence: UInt64
    public let path: String

    public init(device: String, sequence: UInt64, path: String) {
        self.device = device
        self.sequence = sequence
        self.path = path
    }
}

/// The sync folder on disk (PRODUCT.md §15): `DIR/subs-sync.json` and `DIR/<device>/<sequence>.subs`.
/// A sync engine (Syncthing, Nextcloud, Dropbox, git) carries it between machines; this type
/// only writes new files under names nobody else writes, never changes a written file, and
/// reads what is there as hostile input. Everything else in DIR is ignored.
public struct SyncFolder {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    static let headerName = "subs-sync.json"
    static let suffix = ".subs"
    static let sequenceDigits = 12

    public var headerPath: String { path + "/" + Self.headerName }

    // MARK: - Header

    /// Makes DIR a sync folder: creates DIR when missing (mode 0700) and writes the header
    /// (mode 0600, as every file subs writes there: the engine carries them, no local user
    /// needs them), refusing when DIR already has one.
    public func createHeader(_ header: SyncHeader) throws {
        try makeDirectory(path)
        var existing = stat()
        if lstat(headerPath, &existing) == 0 { throw SyncError.alreadySyncFolder(path: path) }
        try writeNew(Array(header.encoded), to: headerPath, in: path, mode: 0o600)
    }

    /// The folder's header; `SyncError.notASyncFolder` when DIR holds none.
    public func header() throws -> SyncHeader {
        let data: Data
        do {
            data = try readRegularFile(headerPath, limit: SyncHeader.maximumBytes)
        } catch SyncError.file(_, .system(errno: ENOENT)) {
            throw SyncError.notASyncFolder(path: path)
        } catch SyncError.file(_, .system(errno: ENOTDIR)) {
            throw SyncError.notASyncFolder(path: path)
        } catch SyncError.file(_, .tooLarge) {
            throw SyncError.headerDamaged(path: headerPath, .tooLarge)
        }
        return try SyncHeader(reading: data, path: headerPath)
    }

    // MARK: - Change files

    /// The path of file number `sequence` of `device`.
    public func filePath(device: String, sequence: UInt64) -> String {
        path + "/" + device + "/" + Self.fileName(sequence)
    }

    static func fileName(_ sequence: UInt64) -> String {
        let digits = String(sequence)
        return String(repeating: "0", count: max(0, sequenceDigits - digits.count)) + digits + suffix
    }

    /// Writes file number `sequence` of `device`: under a temporary name the listing ignores,
    /// synced, then renamed into place and the directory synced, so an engine or a reader never
    /// sees half a file. Refuses to replace a file that exists: a written file never changes.
    public func write(_ sealed: Data, device: String, sequence: UInt64) throws {
        guard Self.isDeviceID(device) else { throw SyncError.invalidDevice(device) }
        guard sequence >= 1, String(sequence).count <= Self.sequenceDigits else {
            throw SyncError.file(path: filePath(device: device, sequence: sequence), .system(errno: ERANGE))
        }
        let directory = path + "/" + device
        try makeDirectory(directory)
        try writeNew(Array(sealed), to: filePath(device: device, sequence: sequence), in: directory, mode: 0o600)
    }

    /// Every change file in the folder, by device then sequence: only directories named by a
    /// device id and regular files named `NNNNNNNNNNNN.subs` in them. Engines' temporary and
    /// conflict copies, `.git`, `.stfolder`, symbolic links and anything else are left out.
    /// Reads directories only, never a file.
    public func changeFiles() throws -> [ChangeFileName] {
        var devices: [String] = []
        try scan(path, kind: UInt8(DT_DIR)) { name in
            if Self.isDeviceID(name) { devices.append(String(decoding: name, as: UTF8.self)) }
        }
        var files: [ChangeFileName] = []
        for device in devices.sorted() {
            let directory = path + "/" + device
            var sequences: [UInt64] = []
            try scan(directory, kind: UInt8(DT_REG)) { name in
                if let sequence = Self.sequence(inName: name) { sequences.append(sequence) }
            }
            for sequence in sequences.sorted() {
                files.append(ChangeFileName(device: device, sequence: sequence, path: directory + "/" + Self.fileName(sequence)))
            }
        }
        return files
    }

    /// The bytes of a change file, read without following a symbolic link; refuses one larger
    /// than `SealedChangeFile.maximumBytes` or not a regular file. The caller names such a file
    /// in one line and skips it.
    public func read(_ file: ChangeFileName) throws -> Data {
        try readRegularFile(file.path, limit: SealedChangeFile.maximumBytes)
    }

    /// Removes files of `device` (compact: only this machine's own, which it replaced with a
    /// snapshot). A file already gone is fine.
    public func remove(device: String, sequences: [UInt64]) throws {
        guard Self.isDeviceID(device) else { throw SyncError.invalidDevice(device) }
        guard !sequences.isEmpty else { return }
        for sequence in sequences {
            let file = filePath(device: device, sequence: sequence)
            if unlink(file) != 0, errno != ENOENT { throw SyncError.file(path: file, .system(errno: errno)) }
        }
        syncDirectory(path + "/" + device)
    }

    /// A new device id: 16 random lowercase hexadecimal characters.
    public static func newDeviceID() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = UInt64.random(in: 0...UInt64.max, using: &generator)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether `name` is a device id: 16 lowercase hexadecimal characters.
    public static func isDeviceID(_ name: String) -> Bool {
        var name = name
        return name.withUTF8(isDeviceID)
    }

    static func isDeviceID(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count == 16 else { return false }
        for byte in name where !((0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)) { return false }
        return true
    }

    /// The sequence a change file's name gives (`^[0-9]{12}\.subs$`), nil for any other name.
    static func sequence(inName name: String) -> UInt64? {
        var name = name
        return name.withUTF8(sequence(inName:))
    }

    /// Over the name's bytes, as the directory gives them: 10,000 names are read per listing.
    static func sequence(inName name: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard name.count == 17, name[12] == 0x2E, name[13] == 0x73, name[14] == 0x75, name[15] == 0x62, name[16] == 0x73 else {
            return nil  // not "NNNNNNNNNNNN.subs"
        }
        var value: UInt64 = 0
        for index in 0..<sequenceDigits {
            let byte = name[index]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value &* 10 &+ UInt64(byte &- 0x30)
        }
        return value
    }

    // MARK: - The file system

    /// Calls `found` with the name (its bytes) of each entry of `kind` (`DT_DIR`, `DT_REG`) in
    /// `directory`, leaving out names that start with a dot; a symbolic link is never either.
    /// Where the file system does not say the kind, `lstat` does.
    private func scan(_ directory: String, kind: UInt8, _ found: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        guard let stream = opendir(directory) else {
            // A device directory removed meanwhile lists as empty.
            if errno == ENOENT && directory != path { return }
            throw SyncError.file(path: directory, errno == ENOTDIR ? .notADirectory : .system(errno: errno))
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            var type = entry.pointee.d_type
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                guard let start = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                let name = UnsafeBufferPointer(start: start, count: strnlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count))
                guard let first = name.first, first != UInt8(ascii: ".") else { return }
                if type == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(directory + "/" + String(decoding: name, as: UTF8.self), &info) == 0 else { return }
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR: type = UInt8(DT_DIR)
                    case S_IFREG: type = UInt8(DT_REG)
                    default: return
                    }
                }
                if type == kind { found(name) }
            }
        }
    }

    /// Creates `directory` (mode 0700) when missing, and its parents; refuses a file in its
    /// place, and a symbolic link in place of a device's directory (DIR itself may be one).
    private func makeDirectory(_ directory: String) throws {
        var info = stat()
        let found = directory == path ? stat(directory, &info) : lstat(directory, &info)
        if found == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw SyncError.file(path: directory, .notADirectory) }
            return
        }
        guard errno == ENOENT else { throw SyncError.file(path: directory, .system(errno: errno)) }
        let parent = (directory as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != directory && parent != "/" {
            var parentInfo = stat()
            if stat(parent, &parentInfo) != 0 { try makeDirectory(parent) }
        }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw SyncError.file(path: directory, .system(errno: errno))
        }
    }

    /// Writes `contents` to a temporary name in `directory`, syncs it, links it to `target`
    /// (which fails when `target` exists, so nothing is ever replaced), removes the temporary
    /// name and syncs the directory.
    private func writeNew(_ contents: [UInt8], to target: String, in directory: String, mode: mode_t) throws {
        let name = (target as NSString).lastPathComponent
        let temporary = directory + "/." + name + ".tmp-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SyncError.file(path: target, .system(errno: errno)) }
        let written = PrivateFiles.writeAll(descriptor, contents) && fchmod(descriptor, mode) == 0 && fsync(descriptor) == 0
        let code = errno
        close(descriptor)
        defer { unlink(temporary) }
        guard written else { throw SyncError.file(path: target, .system(errno: code)) }
        // A hard link, not a rename: it never replaces a file that is there. Where the file
        // system has no hard links (some FUSE mounts), a rename after looking.
        if link(temporary, target) != 0 {
            let code = errno
            if code == EEXIST { throw SyncError.file(path: target, .exists) }
            guard [EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS, EMLINK, EXDEV].contains(code) else {
                throw SyncError.file(path: target, .system(errno: code))
            }
            var info = stat()
            guard lstat(target, &info) != 0, errno == ENOENT else { throw SyncError.file(path: target, .exists) }
            guard rename(temporary, target) == 0 else { throw SyncError.file(path: target, .system(errno: errno)) }
        }
        syncDirectory(directory)
    }

    /// Flushes a directory's entries, so a renamed or removed file stays so after a crash.
    private func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// A regular file's bytes, at most `limit`: opened without following a symbolic link and
    /// without blocking (a FIFO put in its place neither hangs nor feeds us), checked once open.
    private func readRegularFile(_ file: String, limit: Int) throws -> Data {
        let descriptor = open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw SyncError.file(path: file, errno == ELOOP ? .notRegularFile : .system(errno: errno))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SyncError.file(path: file, .system(errno: errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw SyncError.file(path: file, .notRegularFile) }
        guard Int(info.st_size) <= limit else { throw SyncError.file(path: file, .tooLarge(bytes: Int(info.st_size))) }
        var data = Data(count: Int(info.st_size))
        var total = 0
        while true {
            if total == data.count {
                // Grown since fstat: read on, up to the limit.
                guard data.count < limit + 1 else { break }
                data.count = min(limit + 1, max(data.count * 2, 4096))
            }
            let count = data.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw SyncError.file(path: file, .system(errno: errno)) }
            if count == 0 { break }
            total += count
        }
        guard total <= limit else { throw SyncError.file(path: file, .tooLarge(bytes: total)) }
        data.count = total
        return data
    }
}
