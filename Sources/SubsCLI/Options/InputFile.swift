import Foundation
import SubscriptionCore

/// A file the user names for a command to read: an import, a statement, a rates file.
enum InputFile {
    /// What a command reads, and the most of it `subs` reads: far more than any real file of
    /// the kind holds, and little enough that reading it cannot exhaust memory.
    struct Kind {
        /// Which kind, for the refusal of one too large.
        enum Name {
            case importFile, statement, ratesFile
        }

        let name: Name
        let what: String
        let role: FileRole
        let limit: Int

        /// An export of 100,000 simple subscriptions is about 80 MiB; a Wallos backup far less.
        static var importFile: Kind { Kind(name: .importFile, what: localized("import file"), role: .importFile, limit: 256 << 20) }
        /// Years of a bank's transactions are a few MiB.
        static var statement: Kind { Kind(name: .statement, what: localized("statement"), role: .statement, limit: 64 << 20) }
        /// One line per currency.
        static var ratesFile: Kind { Kind(name: .ratesFile, what: localized("rates file"), role: .ratesFile, limit: 1 << 20) }
    }

    /// The bytes of `path`, or of standard input for `-` where the command takes it. A missing
    /// file, a directory or a file that cannot be read is one line naming it (exit 66); one
    /// larger than `kind.limit` is refused (65) having read no more than the limit.
    static func contents(of path: String, _ kind: Kind, standardInput: Bool = false) throws -> Data {
        if standardInput && path == "-" { return try readAll(STDIN_FILENO, path: path, kind) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FileError.missingFile(path: path, role: kind.role)
        }
        let descriptor = isDirectory.boolValue ? -1 : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileError.unreadableFile(path: path, role: kind.role, isDirectory: isDirectory.boolValue)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
            throw FileError.unreadableFile(path: path, role: kind.role, isDirectory: status.st_mode & S_IFMT == S_IFDIR)
        }
        // The size first, so a large file is refused without reading it; the read is bounded
        // too, for a file that grows or a pipe that has no size.
        if status.st_mode & S_IFMT == S_IFREG, status.st_size > kind.limit {
            throw InputTooLarge(path: path, kind: kind)
        }
        return try readAll(descriptor, path: path, kind)
    }

    /// Everything `descriptor` gives, up to the limit; a byte more is refused.
    private static func readAll(_ descriptor: Int32, path: String, _ kind: Kind) throws -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress, min(buffer.count, kind.limit + 1 - data.count))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError.unreadableFile(path: path, role: kind.role, isDirectory: false)
            }
            if count == 0 { return data }
            data.append(contentsOf: chunk[..<count])
            if data.count > kind.limit { throw InputTooLarge(path: path, kind: kind) }
        }
    }
}

/// An input file over its kind's limit: refused as data subs will not read (65).
struct InputTooLarge: Error {
    let path: String
    let kind: InputFile.Kind
}

