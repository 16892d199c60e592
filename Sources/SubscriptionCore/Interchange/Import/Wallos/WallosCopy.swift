import CProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The copy of an imported `wallos.db` that SQLite reads (or of the backup zip it is unpacked
/// from): a file with no name (`memfd_create`), so its plain-text rows exist only while a
/// descriptor to it is open. Whatever ends `subs`, even SIGKILL, nothing is left behind in a
/// temporary folder (issue 21, item 13).
///
/// SQLite opens it as `/proc/self/fd/N`; a process that inherits the descriptor (the reader
/// child) opens it the same way.
final class WallosCopy {
    let descriptor: Int32

    /// An empty unnamed file, closed on exec: a child gets it only by being handed it.
    init() throws {
        let descriptor = subs_unnamed_file("subs-wallos")
        guard descriptor >= 0 else {
            throw ImportError.cannotRead(.noMemoryFile(errno: errno))
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The path that opens the file in the process holding `descriptor`.
    static func path(of descriptor: Int32) -> String { "/proc/self/fd/\(descriptor)" }

    /// Writes `data` at the end.
    func append(_ data: Data) throws {
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    throw ImportError.cannotRead(.cannotCopyIntoMemory(errno: errno))
                }
                offset += written
            }
        }
    }

    /// Makes a database in WAL mode read as one in rollback mode (header bytes 18 and 19 from
    /// 2 to 1, what `PRAGMA journal_mode=DELETE` writes). The copy has no `-wal` beside it, so
    /// it is the same database; in WAL mode SQLite would need a `-shm` file next to a file that
    /// has no folder.
    func leaveWALMode() {
        var versions: [UInt8] = [0, 0]
        guard pread(descriptor, &versions, 2, 18) == 2, versions == [2, 2] else { return }
        var rollback: [UInt8] = [1, 1]
        _ = pwrite(descriptor, &rollback, 2, 18)
    }
}
