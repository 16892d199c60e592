import Foundation
import Testing
@testable import SubscriptionCore

@Suite("Encrypted database: keys, foreign files and permissions")
struct EncryptedDatabaseTests {
    let scratch = Scratch()
    var location: StoreLocation { scratch.location }
    var keyPath: String { scratch.path("config/subs/key") }
    var databasePath: String { location.databasePath }

    /// A database with one subscription in it, written through the store.
    func makeDatabase() throws -> Subscription {
        try SubscriptionStore(location: location).add(simpleNewSubscription("Netflix"), now: fixedNow)
    }

    @Test("Opening with another key file fails as a wrong key and leaves the file byte for byte unchanged")
    func wrongKeyFile() throws {
        _ = try makeDatabase()
        let before = try Files.bytes(databasePath)
        let otherKey = scratch.path("other/key")
        try Files.writeKeyFile(otherKey, byte: 0xAB)
        let wrong = StoreLocation(databasePath: databasePath, key: .keyFile(otherKey))
        #expect(throws: StoreError.wrongKey(database: databasePath, key: .keyFile(otherKey))) {
            let store = try SubscriptionStore(location: wrong)
            _ = try store.add(simpleNewSubscription("Should not be written"), now: fixedNow)
        }
        #expect(try Files.bytes(databasePath) == before)
        #expect(try Files.bytes(otherKey) == Data((String(repeating: "ab", count: 32) + "\n").utf8))
    }

    @Test("A database whose key file is missing is refused, and no new key is made for it")
    func missingKeyFile() throws {
        _ = try makeDatabase()
        let before = try Files.bytes(databasePath)
        let absent = scratch.path("nowhere/key")
        #expect(throws: StoreError.missingKey(database: databasePath, keyFile: absent)) {
            let store = try SubscriptionStore(location: StoreLocation(databasePath: databasePath, key: .keyFile(absent)))
            _ = try store.add(simpleNewSubscription("X"), now: fixedNow)
        }
        #expect(!Files.exists(absent))
        #expect(try Files.bytes(databasePath) == before)
    }

    @Test("A key file that is not 64 hex digits is refused")
    func invalidKeyFile() throws {
        try Files.write(Data("not a key\n".utf8), to: keyPath)
        #expect(throws: FileError.invalidKeyFile(path: keyPath)) {
            _ = try SubscriptionStore(location: location).add(simpleNewSubscription("X"), now: fixedNow)
        }
    }

    @Test("A plain text file at the database path is not a subs database, and is left as it was")
    func plainTextFile() throws {
        let text = Data("groceries: milk, eggs\n".utf8)
        try Files.write(text, to: databasePath)
        try Files.writeKeyFile(keyPath, byte: 0x11)
        let error = #expect(throws: StoreError.self) {
            let store = try SubscriptionStore(location: location)
            _ = try store.add(simpleNewSubscription("X"), now: fixedNow)
        }
        guard case .notADatabase(let path, _)? = error else {
            Issue.record("expected notADatabase, got \(String(describing: error))")
            return
        }
        #expect(path == databasePath)
        #expect(try Files.bytes(databasePath) == text)
    }

    @Test("An unencrypted SQLite database at the path is refused as not a subs database, unchanged")
    func unencryptedSQLite() throws {
        try FileManager.default.createDirectory(atPath: scratch.path("data/subs"), withIntermediateDirectories: true)
        do {
            let plain = try Connection(path: databasePath, create: true)
            try plain.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hello');")
        }
        try Files.chmod(databasePath, 0o600)
        try Files.writeKeyFile(keyPath, byte: 0x22)
        let before = try Files.bytes(databasePath)
        #expect(before.prefix(15) == Data("SQLite format 3".utf8))
        let error = #expect(throws: StoreError.self) {
            let store = try SubscriptionStore(location: location)
            _ = try store.add(simpleNewSubscription("X"), now: fixedNow)
        }
        guard case .notADatabase(let path, let reason)? = error else {
            Issue.record("expected notADatabase, got \(String(describing: error))")
            return
        }
        #expect(path == databasePath)
        #expect(reason == .unencrypted)
        #expect(try Files.bytes(databasePath) == before)
    }

    @Test("Another program's SQLCipher database opened with the right key is refused and left alone")
    func foreignEncryptedDatabase() throws {
        try Files.writeKeyFile(keyPath, byte: 0x33)
        try FileManager.default.createDirectory(atPath: scratch.path("data/subs"), withIntermediateDirectories: true)
        do {
            let foreign = try Connection(path: databasePath, create: true)
            var material = Array("x'\(String(repeating: "33", count: 32))'".utf8)
            try foreign.key(with: &material)
            try foreign.execute("CREATE TABLE other (x TEXT); INSERT INTO other VALUES ('theirs');")
        }
        try Files.chmod(databasePath, 0o600)
        let before = try Files.bytes(databasePath)
        let error = #expect(throws: StoreError.self) {
            _ = try SubscriptionStore(location: location).add(simpleNewSubscription("X"), now: fixedNow)
        }
        guard case .notADatabase(let path, _)? = error else {
            Issue.record("expected notADatabase, got \(String(describing: error))")
            return
        }
        #expect(path == databasePath)
        #expect(try Files.bytes(databasePath) == before)
    }

    @Test("A database with damaged pages reads as damaged, not as a wrong key, and is left as it was")
    func damagedPages() throws {
        _ = try makeDatabase()
        var bytes = try Files.bytes(databasePath)
        let pageSize = EncryptedDatabase.pageSize
        #expect(bytes.count % pageSize == 0 && bytes.count > pageSize)
        // Damage every page but the first, which holds the header the key is proven on.
        for page in 1..<(bytes.count / pageSize) { bytes[page * pageSize + 500] ^= 0xFF }
        try bytes.write(to: URL(fileURLWithPath: databasePath))
        let error = #expect(throws: StoreError.self) {
            let store = try SubscriptionStore(location: location)
            _ = try store.subscriptions()
        }
        guard case .damaged(let path, _)? = error else {
            Issue.record("expected damaged, got \(String(describing: error))")
            return
        }
        #expect(path == databasePath)
        #expect(try Files.bytes(databasePath) == bytes)
    }

    @Test("A truncated database file is not taken for a wrong key")
    func truncatedFile() throws {
        _ = try makeDatabase()
        let truncated = try Files.bytes(databasePath).prefix(1500)
        try truncated.write(to: URL(fileURLWithPath: databasePath))
        let error = #expect(throws: StoreError.self) {
            let store = try SubscriptionStore(location: location)
            _ = try store.subscriptions()
        }
        switch error {
        case .damaged(let path, _)?, .notADatabase(let path, _)?:
            #expect(path == databasePath)
        default:
            Issue.record("expected damaged or notADatabase, got \(String(describing: error))")
        }
        #expect(try Files.bytes(databasePath) == truncated)
    }

    @Test("A database readable by others is refused with the chmod that fixes it", arguments: [0o644, 0o640, 0o604])
    func databasePermissions(mode: Int) throws {
        _ = try makeDatabase()
        try Files.chmod(databasePath, mode)
        let error = #expect(throws: FileError.self) { try SubscriptionStore(location: location) }
        guard case .unsafePermissions(let path, let found)? = error else {
            Issue.record("expected unsafePermissions, got \(String(describing: error))")
            return
        }
        #expect(path == databasePath)
        #expect(Int(found & 0o777) == mode)
    }

    @Test("A key file readable by others is refused with the chmod that fixes it")
    func keyFilePermissions() throws {
        _ = try makeDatabase()
        try Files.chmod(keyPath, 0o644)
        let error = #expect(throws: FileError.self) {
            let store = try SubscriptionStore(location: location)
            _ = try store.subscriptions()
        }
        guard case .unsafePermissions(let path, _)? = error else {
            Issue.record("expected unsafePermissions, got \(String(describing: error))")
            return
        }
        #expect(path == keyPath)
    }

    @Test("A passphrase database reopens with the same passphrase and refuses another, unchanged")
    func passphrase() throws {
        let path = scratch.path("pass/subs.db")
        let right = StoreLocation(databasePath: path, key: .passphrase("secret"))
        let added = try SubscriptionStore(location: right).add(simpleNewSubscription("Locked"), now: fixedNow)
        #expect(!Files.exists(scratch.path("config")), "a passphrase store makes no key file")
        #expect(try SubscriptionStore(location: right).subscriptions() == [added])
        let before = try Files.bytes(path)
        #expect(throws: StoreError.wrongKey(database: path, key: .passphrase("not the secret"))) {
            try SubscriptionStore(location: StoreLocation(databasePath: path, key: .passphrase("not the secret")))
        }
        #expect(try Files.bytes(path) == before)
    }

    @Test("A database from a newer subs is refused and left unchanged")
    func newerSchema() throws {
        _ = try makeDatabase()
        let newer = Schema.migrator.latestVersion + 1
        do {
            let raw = try rawConnection(databasePath, keyFile: keyPath)
            try raw.execute("PRAGMA user_version = \(newer)")
        }
        let before = try Files.bytes(databasePath)
        #expect(throws: StoreError.newerSchema(path: databasePath, found: newer, known: Schema.migrator.latestVersion)) {
            let store = try SubscriptionStore(location: location)
            _ = try store.add(simpleNewSubscription("X"), now: fixedNow)
        }
        #expect(try Files.bytes(databasePath) == before)
    }

    @Test("The stock sqlcipher shell reads the database with the key file's raw key",
          .enabled(if: Files.exists("/usr/bin/sqlcipher")))
    func stockShellOpensDatabase() throws {
        _ = try makeDatabase()
        let hex = String(decoding: try Files.bytes(keyPath), as: UTF8.self).trimmingCharacters(in: .newlines)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlcipher")
        process.arguments = [databasePath]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        input.fileHandleForWriting.write(Data("PRAGMA key = \"x'\(hex)'\";\nPRAGMA cipher_page_size = 4096;\nSELECT name FROM subscriptions;\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed.contains("Netflix"))
    }
}
