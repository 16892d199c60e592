import Foundation
import Testing
@testable import SubscriptionCore

/// Automatic backups: before a migration of an existing database, pruned to the last ten.
@Suite struct AutomaticBackupTests {
    private let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("subs-autobackup-\(UUID().uuidString)")

    private var location: StoreLocation {
        StoreLocation(
            databasePath: directory.appendingPathComponent("subs.db").path,
            key: .keyFile(directory.appendingPathComponent("key").path))
    }

    private var backups: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: Backup.directory(for: location)))?.sorted() ?? []
    }

    /// A database left at `version`, holding one subscription.
    private func makeDatabase(at version: Int) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try KeyMaterial.createKeyFile(at: directory.appendingPathComponent("key").path)
        try PrivateFiles.createEmpty(location.databasePath)
        let connection = try EncryptedDatabase.keyedConnection(path: location.databasePath, key: location.key, createKey: false)
        try Schema.migrator.migrate(connection, upTo: version)
        try connection.execute("""
            INSERT INTO subscriptions (id, name, currency, cycle_count, cycle_unit, start_date,
                auto_renew, created_at, updated_at)
            VALUES ('0b7e9c1a-0000-4000-8000-000000000001', 'Netflix', 'USD', 1, 'month',
                '2024-01-31', 1, '2024-01-31T10:00:00Z', '2024-01-31T10:00:00Z');
            INSERT INTO price_changes (subscription_id, effective_date, amount_minor)
            VALUES ('0b7e9c1a-0000-4000-8000-000000000001', '2024-01-31', 1549);
            """)
    }

    @Test func aMigrationIsPrecededByABackupOfTheOlderDatabase() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let older = Schema.migrator.latestVersion - 1
        try makeDatabase(at: older)

        #expect(try SubscriptionStore(location: location).subscriptions().map(\.name) == ["Netflix"])
        let names = backups
        #expect(names.count == 1 && names[0].hasPrefix("auto-") && names[0].hasSuffix("-migration.db"), "\(names)")
        // The backup is the database as it was: the older schema, under the database's key.
        let copy = try EncryptedDatabase.keyedConnection(
            path: Backup.directory(for: location) + "/" + names[0], key: location.key, createKey: false)
        #expect(try copy.userVersion == older)
        #expect(try copy.scalar("SELECT name FROM subscriptions") == .text("Netflix"))

        // Opened again, nothing is left to migrate, so no further backup is made.
        _ = try SubscriptionStore(location: location).subscriptions()
        #expect(backups.count == 1)
    }

    @Test func aCurrentDatabaseIsNotBackedUpWhenOpened() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeDatabase(at: Schema.migrator.latestVersion)
        _ = try SubscriptionStore(location: location).subscriptions()
        #expect(backups.isEmpty)
    }

    @Test func onlyTheNewestTenAutomaticBackupsAreKept() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeDatabase(at: Schema.migrator.latestVersion)
        let source = try #require(try EncryptedDatabase.open(location, create: false))
        _ = try Backup.write(location, to: nil, key: nil, now: Date(timeIntervalSince1970: 1_000))
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var written: [String] = []
        for index in 0..<12 {
            let path = try Backup.automatic(source, location: location, reason: "test", now: start + Double(index))
            written.append((path as NSString).lastPathComponent)
        }
        #expect(backups.filter { $0.hasPrefix("auto-") } == Array(written.suffix(10)))
        #expect(backups.filter { $0.hasPrefix("subs-") }.count == 1)
    }
}

extension AutomaticBackupTests {
    @Test func aBackupFromAnOlderSubsIsMigratedAsItIsRestored() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let older = Schema.migrator.latestVersion - 1
        try makeDatabase(at: older)
        let backupFile = directory.appendingPathComponent("old-backup.db").path
        try FileManager.default.moveItem(atPath: location.databasePath, toPath: backupFile)
        let backupBytes = try Data(contentsOf: URL(fileURLWithPath: backupFile))

        try Backup.restore(location, from: backupFile, key: nil)
        let restored = try #require(try EncryptedDatabase.open(location, create: false))
        #expect(try restored.userVersion == Schema.migrator.latestVersion)
        #expect(try SubscriptionStore(location: location).subscriptions().map(\.name) == ["Netflix"])
        // The backup itself is only read.
        #expect(try Data(contentsOf: URL(fileURLWithPath: backupFile)) == backupBytes)
    }
}

extension AutomaticBackupTests {
    @Test(arguments: ["restore", "rekey"])
    func aStoreOpenedBeforeARestoreOrRekeyWritesToTheNewFile(_ operation: String) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeDatabase(at: Schema.migrator.latestVersion)
        let earlier = try SubscriptionStore(location: location)
        #expect(try earlier.subscriptions().map(\.name) == ["Netflix"])

        if operation == "restore" {
            let backupFile = try Backup.write(location, to: nil, key: nil)
            try Backup.restore(location, from: backupFile, key: nil)
        } else {
            guard case .keyFile(let keyPath) = location.key else { return }
            _ = try Rekey.run(location, to: .keyFile(keyPath))
        }
        // Opened before, written after: the write lands in the database now in place.
        _ = try earlier.add(try simpleNewSubscription("Spotify"), now: Date(timeIntervalSince1970: 1_000))
        #expect(try SubscriptionStore(location: location).subscriptions().map(\.name).sorted() == ["Netflix", "Spotify"])
    }
}
