import Foundation
import ZIPFoundation

/// Wallos's backup (Settings → Backup: a zip of its `db/` and uploaded logos) or the bare
/// `wallos.db` inside it. Richer than the export: start dates, currency codes, notify days.
public enum WallosBackupFormat: ImportFormat {
    public static let name = "wallos"
    public static var expected: String { localized("a Wallos backup zip or its wallos.db") }

    /// The most a backup's `wallos.db` may hold once unpacked; a household's is well under 1 MiB.
    static let largestDatabase: UInt64 = 256 << 20

    static let zipMagic = Data([0x50, 0x4B, 0x03, 0x04])
    static let sqliteMagic = Data("SQLite format 3\0".utf8)

    public static func detect(_ data: Data) -> Bool {
        data.starts(with: zipMagic) || data.starts(with: sqliteMagic)
    }

    public static func parse(_ data: Data, options: ImportOptions) throws -> ParsedImport {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("subs-wallos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("wallos.db")
        if data.starts(with: zipMagic) {
            try extractDatabase(zip: data, to: database, scratch: directory)
        } else {
            guard FileManager.default.createFile(atPath: database.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
                throw ImportError.unreadable(problem: localized("cannot copy the database to \(directory.path)"))
            }
        }
        let records = try WallosDatabase.records(at: database.path)
        return ParsedImport(subscriptions: try records.map { record in
            ImportedSubscription(record: record.record, subscription: try record.subscription(options: options))
        })
    }

    /// Unpacks `wallos.db` alone, refusing an archive that is damaged, names a path outside
    /// itself (`..`, absolute), or unpacks to more than `limit` bytes, whatever its header claims.
    static func extractDatabase(zip data: Data, to destination: URL, scratch: URL, limit: UInt64 = largestDatabase) throws {
        let cap = limit >= 1 << 20 ? "\(limit >> 20) MiB" : localized("\(limit) bytes")
        let archivePath = scratch.appendingPathComponent("backup.zip")
        guard FileManager.default.createFile(atPath: archivePath.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw ImportError.unreadable(problem: localized("cannot copy the zip to \(scratch.path)"))
        }
        let archive: Archive
        do {
            archive = try Archive(url: archivePath, accessMode: .read)
        } catch {
            throw ImportError.unreadable(problem: localized("a damaged or truncated zip"))
        }
        var database: Entry?
        for entry in archive {
            let path = entry.path.replacingOccurrences(of: "\\", with: "/")
            if path.hasPrefix("/") || path.split(separator: "/").contains("..") {
                throw ImportError.unreadable(problem: localized("the zip names a path outside itself ('\(entry.path.quotedForMessage)'); refused"))
            }
            if path == "wallos.db" || path.hasSuffix("/wallos.db"), database == nil || path == "wallos.db" {
                database = entry
            }
        }
        guard let database, database.type == .file else {
            throw ImportError.unreadable(problem: localized("a zip without wallos.db: expected a Wallos backup"))
        }
        guard database.uncompressedSize <= limit else {
            throw ImportError.unreadable(problem: localized("wallos.db in the zip is larger than \(cap); refused"))
        }
        guard FileManager.default.createFile(atPath: destination.path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let output = FileHandle(forWritingAtPath: destination.path)
        else { throw ImportError.unreadable(problem: localized("cannot unpack wallos.db into \(scratch.path)")) }
        defer { try? output.close() }
        var written: UInt64 = 0
        let checksum: CRC32
        do {
            checksum = try archive.extract(database) { chunk in
                written += UInt64(chunk.count)
                // The header's size may lie: count what really comes out.
                guard written <= limit else { throw OversizedEntry() }
                try output.write(contentsOf: chunk)
            }
        } catch is OversizedEntry {
            throw ImportError.unreadable(problem: localized("wallos.db in the zip unpacks to more than \(cap); refused"))
        } catch {
            throw ImportError.unreadable(problem: localized("a damaged or truncated zip (wallos.db cannot be unpacked)"))
        }
        guard checksum == database.checksum else {
            throw ImportError.unreadable(problem: localized("a damaged zip (wallos.db fails its checksum)"))
        }
    }

    private struct OversizedEntry: Error {}
}
