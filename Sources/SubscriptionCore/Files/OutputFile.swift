import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How `subs` writes a file the user names for output (`export --output`).
///
/// Symbolic links are followed and kept. A regular file, or a new one, is replaced whole and
/// atomically with mode 0600: a reader never sees half of it. Anything else that exists (a FIFO,
/// a device such as `/dev/null`, `/dev/stdout`) is opened and written to as it is, never replaced.
/// A regular file in `sparing` (the database and its key) is never replaced: exporting over it
/// would lose everything.
enum OutputFile {
    static func write(_ contents: [UInt8], to path: String, sparing: [String] = []) throws {
        var current = path
        // As many links as the kernel follows before it gives up (ELOOP).
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                guard errno == ENOENT else {
                    throw FileError.fileSystem(path: path, problem: .system(errno: errno))
                }
                return try PrivateFiles.replaceAtomically(current, contents: contents)
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                if isDescriptorLink(current) { return try writeThrough(current, contents, named: path) }
                current = try PrivateFiles.target(ofLink: current, named: path)
            case S_IFREG:
                if let spared = sparing.first(where: { isSameFile(info, $0) }) {
                    throw FileError.wouldOverwrite(path: path, file: .path(spared))
                }
                return try PrivateFiles.replaceAtomically(current, contents: contents)
            case S_IFDIR:
                throw FileError.fileSystem(path: path, problem: .isDirectory)
            default:
                return try writeThrough(current, contents, named: path)
            }
        }
        throw FileError.fileSystem(path: path, problem: .system(errno: ELOOP))
    }

    private static func isSameFile(_ info: stat, _ path: String) -> Bool {
        var other = stat()
        return stat(path, &other) == 0 && other.st_dev == info.st_dev && other.st_ino == info.st_ino
    }

    /// Whether `link` is one of Linux's links to an open descriptor (`/proc/self/fd/N`, where
    /// `/dev/stdout` and `/dev/fd/N` lead), which is written through even when it leads to a
    /// regular file: replacing that file would lose what the shell's `>>` appended to.
    private static func isDescriptorLink(_ link: String) -> Bool {
        guard let resolved = realpath(PathName.directory(of: link), nil) else { return false }
        defer { free(resolved) }
        let directory = String(cString: resolved)
        return directory == "/proc" || directory.hasPrefix("/proc/")
    }

    /// Opens the existing `path` and writes `contents` to it, appending: through a link to an
    /// open descriptor this continues what the shell's redirection (`>` or `>>`) began.
    private static func writeThrough(_ path: String, _ contents: [UInt8], named name: String) throws {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileError.fileSystem(path: name, problem: .system(errno: errno))
        }
        let written = PrivateFiles.writeAll(descriptor, contents)
        let code = errno
        close(descriptor)
        guard written else { throw FileError.fileSystem(path: name, problem: .system(errno: code)) }
    }
}
