import Foundation
import ZIPFoundation

/// Wallos's backup (Settings → Backup: a zip of its `db/` and uploaded logos) or the bare
/// `wallos.db` inside it. Richer than the export: start dates, currency codes, notify days.
public enum WallosBackupFormat: ImportFormat {
    public static let name = "wallos"
    public static let kind = ImportFormatKind.wallosBackup

    /// The most a backup's `wallos.db` may hold once unpacked; a household's is well under 1 MiB.
    static let largestDatabase: UInt64 = 256 << 20

    static let zipMagic = Data([0x50, 0x4B, 0x03, 0x04])
    static let sqliteMagic = Data("SQLite format 3\0".utf8)

    public static func detect(_ data: Data) -> Bool {
        data.starts(with: zipMagic) || data.starts(with: sqliteMagic)
    }

    public static func parse(_ data: Data, options: ImportOptions) throws -> ParsedImport {
        let copy = try WallosCopy()
        if data.starts(with: zipMagic) {
            try extractDatabase(zip: data, into: copy)
        } else {
            try copy.append(data)
        }
        copy.leaveWALMode()
        // Kept open until read: closing the last descriptor would empty the file.
        let records = try withExtendedLifetime(copy) { try WallosDatabase.records(in: copy.descriptor, reader: options.wallosReader) }
        return ParsedImport(subscriptions: try records.map { record in
            ImportedSubscription(record: record.record, subscription: try record.subscription(options: options))
        })
    }

    /// Unpacks `wallos.db` alone into `copy`, refusing an archive that is damaged or encrypted,
    /// names a path outside itself (`..`, absolute), or unpacks to more than `limit` bytes,
    /// whatever its header claims. Nothing is written to disk.
    static func extractDatabase(zip data: Data, into copy: WallosCopy, limit: UInt64 = largestDatabase) throws {
        // From an unnamed file, not from `data` in memory: ZIPFoundation's in-memory reading
        // crashes on a zip whose offsets point past its end.
        let zipFile = try WallosCopy()
        try zipFile.append(data)
        let archive: Archive
        do {
            archive = try withExtendedLifetime(zipFile) {
                try Archive(url: URL(fileURLWithPath: WallosCopy.path(of: zipFile.descriptor)), accessMode: .read)
            }
        } catch {
            throw ImportError.cannotRead(.damagedZip)
        }
        var database: Entry?
        var listed = 0
        for entry in archive {
            listed += 1
            let path = entry.path.replacingOccurrences(of: "\\", with: "/")
            if path.hasPrefix("/") || path.split(separator: "/").contains("..") {
                throw ImportError.cannotRead(.pathOutsideZip(entry.path))
            }
            if path == "wallos.db" || path.hasSuffix("/wallos.db"), database == nil || path == "wallos.db" {
                database = entry
            }
        }
        // ZIPFoundation stops listing at an entry it cannot read, as if the zip ended there.
        if let problem = ZipDirectory.problem(data, listed: listed) { throw ImportError.cannotRead(problem) }
        guard let database, database.type == .file else {
            throw ImportError.cannotRead(.noWallosDatabase)
        }
        guard database.uncompressedSize <= limit else {
            throw ImportError.cannotRead(.databaseTooLarge(limit: limit))
        }
        do {
            try ZipDirectory.unpack(database.path, from: data, limit: Int(limit)) { try copy.append($0) }
        } catch ZipDirectory.ZipProblem.tooLarge {
            throw ImportError.cannotRead(.databaseUnpacksTooLarge(limit: limit))
        } catch ZipDirectory.ZipProblem.checksum {
            throw ImportError.cannotRead(.databaseChecksum)
        } catch ZipDirectory.ZipProblem.damaged {
            throw ImportError.cannotRead(.databaseNotUnpacked)
        }
    }
}
