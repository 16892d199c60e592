import Foundation
import Testing
@testable import SubscriptionCore

/// subs writes 4 KB pages; databases and backups of the former 1 KB pages still open, and a
/// database is rewritten with 4 KB pages the first time it is opened.
@Suite("Page size: 4 KB pages, and databases of the former 1 KB pages")
struct PageSizeTests {
    let scratch = Scratch()
    var location: StoreLocation { scratch.location }

    /// The page size a fresh connection reads the database at `path` with.
    func pageSize(_ path: String, key: KeySource) throws -> Int? {
        try EncryptedDatabase.pageSize(of: EncryptedDatabase.keyedConnection(path: path, key: key, createKey: false))
    }

    /// Rewrites the database at `path` with 1 KB pages, as an earlier subs wrote it.
    func makeLegacy(_ path: String, key: KeySource) throws {
        let source = try EncryptedDatabase.keyedConnection(path: path, key: key, createKey: false)
        let version = try source.userVersion
        let legacy = path + ".legacy"
        FileManager.default.createFile(atPath: legacy, contents: nil, attributes: [.posixPermissions: 0o600])
        var (material, isPassphrase) = try KeyMaterial.load(key, createIfMissing: false)
        try source.attach(legacy, as: "legacy", key: &material)
        if isPassphrase { try source.execute("PRAGMA legacy.kdf_iter = \(KeyMaterial.passphraseIterations)") }
        try source.execute("PRAGMA legacy.cipher_page_size = 1024")
        _ = try source.scalar("SELECT sqlcipher_export('legacy')")
        try source.execute("PRAGMA legacy.user_version = \(version)")
        try source.execute("PRAGMA legacy.application_id = \(Schema.applicationID)")
        try source.execute("DETACH DATABASE legacy")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: legacy, toPath: path)
        #expect(try pageSize(path, key: key) == 1024)
    }

    /// The names in the database's directory, beside the database.
    func neighbours(_ path: String) throws -> [String] {
        let directory = (path as NSString).deletingLastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test("A new database has 4 KB pages, and does not read as 1 KB ones")
    func newDatabase() throws {
        _ = try SubscriptionStore(location: location).add(simpleNewSubscription("Netflix"), now: fixedNow)
        #expect(try pageSize(location.databasePath, key: location.key) == 4096)
        #expect(try Files.bytes(location.databasePath).count % 4096 == 0)

        let raw = try Connection(path: location.databasePath, create: false)
        var (key, _) = try KeyMaterial.load(location.key, createIfMissing: false)
        try raw.key(with: &key)
        try raw.execute("PRAGMA cipher_page_size = 1024")
        #expect(throws: SQLiteError.self) { try raw.scalar("SELECT count(*) FROM sqlite_master") }
    }

    @Test("With another process writing, the conversion waits 200 ms, the 1 KB file is read as it is, and a later run converts it")
    func conversionWaitsLittleForAWriter() throws {
        _ = try SubscriptionStore(location: location).add(simpleNewSubscription("Netflix"), now: fixedNow)
        try makeLegacy(location.databasePath, key: location.key)
        let writer = try EncryptedDatabase.keyedConnection(path: location.databasePath, key: location.key, createKey: false)
        try writer.execute("BEGIN IMMEDIATE")
        let waits = BusyWaitTests.WaitLog()
        // The command may wait a minute for a lock; the conversion takes 200 ms of it, in pauses of 5 ms.
        let names = try BusyWait.$current.withValue(BusyWait(timeoutMilliseconds: 60_000) { waits.record($0) }) {
            try SubscriptionStore(location: location).subscriptions().map(\.name)
        }
        #expect(names == ["Netflix"])
        #expect(!waits.all.isEmpty && waits.all.allSatisfy { $0 < 200 / 5 })
        #expect(try pageSize(location.databasePath, key: location.key) == 1024)

        try writer.execute("ROLLBACK")
        #expect(try SubscriptionStore(location: location).subscriptions().map(\.name) == ["Netflix"])
        #expect(try pageSize(location.databasePath, key: location.key) == 4096)
    }

    @Test("The copy a killed conversion left is removed by the next, and one of a running process is kept")
    func killedConversionLeavesNothing() throws {
        let store = try SubscriptionStore(location: location)
        _ = try store.add(simpleNewSubscription("Netflix"), now: fixedNow)
        try makeLegacy(location.databasePath, key: location.key)
        let files = try neighbours(location.databasePath)
        // No process has this id (Linux's largest is 4,194,304); this test's own process runs.
        let killed = location.databasePath + ".tmp-4194305-17", running = location.databasePath + ".tmp-\(getpid())-18"
        for path in [killed, killed + "-journal", running] {
            FileManager.default.createFile(atPath: path, contents: Data("partial".utf8), attributes: [.posixPermissions: 0o600])
        }

        #expect(try SubscriptionStore(location: location).subscriptions().map(\.name) == ["Netflix"])
        #expect(try pageSize(location.databasePath, key: location.key) == 4096)
        #expect(try neighbours(location.databasePath) == (files + [(running as NSString).lastPathComponent]).sorted())
    }

    @Test("A database of 1 KB pages opens, and is rewritten once with 4 KB pages, every row kept",
          arguments: [false, true])
    func legacyDatabaseIsConverted(passphrase: Bool) throws {
        let location = passphrase
            ? StoreLocation(databasePath: scratch.path("pass/subs.db"), key: .passphrase("secret")) : self.location
        let store = try SubscriptionStore(location: location)
        for name in ["Netflix", "Spotify", "Gym"] {
            _ = try store.add(simpleNewSubscription(name), now: fixedNow)
        }
        let before = try store.subscriptions()
        let history = try store.history()
        try makeLegacy(location.databasePath, key: location.key)
        let files = try neighbours(location.databasePath)

        let reopened = try SubscriptionStore(location: location)
        #expect(try reopened.subscriptions() == before)
        #expect(try reopened.history() == history)
        #expect(try pageSize(location.databasePath, key: location.key) == 4096)
        #expect(try Files.bytes(location.databasePath).count % 4096 == 0)
        #expect(try neighbours(location.databasePath) == files, "the copy took the file's place, and left nothing")
        // Writing goes on in the new file.
        _ = try reopened.add(simpleNewSubscription("Hulu"), now: fixedNow)
        #expect(try SubscriptionStore(location: location).subscriptions().map(\.name).sorted()
                == ["Gym", "Hulu", "Netflix", "Spotify"])
    }

    @Test("A wrong key on a database of 1 KB pages is a wrong key, and the file is left byte for byte")
    func legacyWrongKey() throws {
        let location = StoreLocation(databasePath: scratch.path("pass/subs.db"), key: .passphrase("secret"))
        _ = try SubscriptionStore(location: location).add(simpleNewSubscription("Netflix"), now: fixedNow)
        try makeLegacy(location.databasePath, key: location.key)
        let bytes = try Files.bytes(location.databasePath)

        let wrong = StoreLocation(databasePath: location.databasePath, key: .passphrase("not the secret"))
        #expect(throws: StoreError.wrongKey(database: location.databasePath, key: wrong.key)) {
            try SubscriptionStore(location: wrong)
        }
        #expect(try Files.bytes(location.databasePath) == bytes)
    }

    @Test("A backup of 1 KB pages restores, into a database of 4 KB pages")
    func legacyBackupRestores() throws {
        let store = try SubscriptionStore(location: location)
        _ = try store.add(simpleNewSubscription("Netflix"), now: fixedNow)
        let backup = try Backup.write(location, to: scratch.path("backup.db"), key: nil)
        try makeLegacy(backup, key: location.key)
        _ = try store.add(simpleNewSubscription("Spotify"), now: fixedNow)

        try Backup.restore(location, from: backup, key: nil, now: fixedNow)
        #expect(try SubscriptionStore(location: location).subscriptions().map(\.name) == ["Netflix"])
        #expect(try pageSize(location.databasePath, key: location.key) == 4096)
        #expect(try pageSize(backup, key: location.key) == 1024, "the backup itself is left as it was")
    }

    @Test("A database of 1 KB pages that a killed write left with its journal is rolled back, then converted, also through a link")
    func legacyWithHotJournal() throws {
        let store = try SubscriptionStore(location: location)
        for name in ["Netflix", "Spotify", "Gym"] {
            _ = try store.add(simpleNewSubscription(name), now: fixedNow)
        }
        let before = try store.subscriptions()
        try makeLegacy(location.databasePath, key: location.key)

        // A write under way, its changes spilled into the file: the file and its journal copied
        // now are what a kill at this moment leaves behind.
        let crashed = StoreLocation(databasePath: scratch.path("crashed/subs.db"), key: location.key)
        try FileManager.default.createDirectory(atPath: scratch.path("crashed"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let writer = try Connection(path: location.databasePath, create: false)
        var (key, _) = try KeyMaterial.load(location.key, createIfMissing: false)
        try writer.key(with: &key)
        try writer.execute("PRAGMA cipher_page_size = 1024; PRAGMA cache_size = 2")
        try writer.execute("BEGIN IMMEDIATE; UPDATE subscriptions SET notes = hex(randomblob(20000))")
        for suffix in ["", "-journal"] {
            try FileManager.default.copyItem(atPath: location.databasePath + suffix, toPath: crashed.databasePath + suffix)
        }
        try writer.execute("ROLLBACK")
        #expect(try Files.bytes(crashed.databasePath + "-journal").count > 1024, "the journal holds pages")

        // The same, opened through a link: SQLite keeps the journal beside the file it leads to.
        let linkedFile = StoreLocation(databasePath: scratch.path("crashed/linked-subs.db"), key: location.key)
        for suffix in ["", "-journal"] {
            try FileManager.default.copyItem(atPath: crashed.databasePath + suffix, toPath: linkedFile.databasePath + suffix)
        }
        let link = StoreLocation(databasePath: scratch.path("linked.db"), key: location.key)
        try FileManager.default.createSymbolicLink(atPath: link.databasePath, withDestinationPath: "crashed/linked-subs.db")

        for (opened, file) in [(crashed, crashed), (link, linkedFile)] {
            let reopened = try SubscriptionStore(location: opened)
            #expect(try reopened.subscriptions() == before)
            #expect(try pageSize(file.databasePath, key: file.key) == 4096)
            #expect(!Files.exists(file.databasePath + "-journal"))
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.databasePath) == "crashed/linked-subs.db")
    }
}
