import Foundation
import Testing
@testable import SubscriptionCore

/// Passphrases that are not UTF-8 text or hold a NUL byte (issue 21): a new database refuses
/// them; a database made with one before keeps working for backup, restore, import and rekey.
@Suite struct PassphraseBytesTests {
    enum Odd: String, CaseIterable, CustomTestStringConvertible {
        case notUTF8, withNUL
        var bytes: [UInt8] { self == .notUTF8 ? [0xFF, 0xFE, 0x41] : Array("pass".utf8) + [0] + Array("word".utf8) }
        var testDescription: String { rawValue }
    }

    private let scratch = Scratch()

    private func location(_ passphrase: [UInt8]) throws -> StoreLocation {
        let file = scratch.path("passphrase")
        try Files.write(Data(passphrase + [UInt8(ascii: "\n")]), to: file)
        return StoreLocation(databasePath: scratch.path("data/subs/subs.db"), key: .passphraseFile(file))
    }

    /// A database keyed with `passphrase`, made the way subs made them before it refused such
    /// passphrases, holding one subscription.
    private func existingDatabase(_ passphrase: [UInt8]) throws -> StoreLocation {
        let location = try location(passphrase)
        try PrivateFiles.prepareDirectory(for: location.databasePath, as: .database)
        try PrivateFiles.createEmpty(location.databasePath)
        let connection = try EncryptedDatabase.keyedConnection(path: location.databasePath, key: location.key, createKey: false)
        try Schema.migrator.migrate(connection)
        _ = try SubscriptionStore(location: location).add(try simpleNewSubscription("Netflix"), now: fixedNow)
        return location
    }

    private static func names(_ location: StoreLocation) throws -> [String] {
        try SubscriptionStore(location: location).subscriptions().map(\.name).sorted()
    }

    @Test(arguments: Odd.allCases)
    func aNewDatabaseRefusesIt(_ odd: Odd) throws {
        let location = try location(odd.bytes)
        #expect {
            _ = try SubscriptionStore(location: location).add(try simpleNewSubscription("Netflix"), now: fixedNow)
        } throws: { error in
            guard case FileError.unusablePassphrase(let file, _) = error else { return false }
            return KeySource.passphraseFile(file) == location.key
        }
        #expect(!Files.exists(location.databasePath))
    }

    @Test(arguments: Odd.allCases)
    func rekeyRefusesItAsTheNewPassphrase(_ odd: Odd) throws {
        let location = scratch.location
        _ = try SubscriptionStore(location: location).add(try simpleNewSubscription("Netflix"), now: fixedNow)
        let file = scratch.path("new-passphrase")
        try Files.write(Data(odd.bytes), to: file)
        let before = try Files.bytes(location.databasePath)
        #expect(throws: FileError.self) { _ = try Rekey.run(location, to: .passphraseFile(file)) }
        #expect(try Files.bytes(location.databasePath) == before)
        #expect(try Self.names(location) == ["Netflix"])
    }

    @Test(arguments: Odd.allCases)
    func anExistingDatabaseWithItIsBackedUpRestoredImportedIntoAndRekeyed(_ odd: Odd) throws {
        let location = try existingDatabase(odd.bytes)
        let backup = try Backup.write(location, to: nil, key: nil)
        let copy = try EncryptedDatabase.keyedConnection(path: backup, key: location.key, createKey: false)
        #expect(try copy.scalar("SELECT count(*) FROM subscriptions") == .integer(1))

        _ = try SubscriptionStore(location: location).add(try simpleNewSubscription("Spotify"), now: fixedNow)
        try Backup.restore(location, from: backup, key: nil, now: fixedNow)
        #expect(try Self.names(location) == ["Netflix"])

        let other = Scratch()
        _ = try SubscriptionStore(location: other.location).add(try simpleNewSubscription("Hulu"), now: fixedNow)
        let document = try JSONEncoder().encode(try SubscriptionStore(location: other.location).exportDocument(now: fixedNow))
        _ = try SubscriptionStore(location: location).importFile(
            document, path: "hulu.json", from: nil, options: ImportOptions(today: day("2024-06-01"), now: fixedNow),
            onDuplicate: .skip, dryRun: false)
        #expect(try Self.names(location) == ["Hulu", "Netflix"])

        let keyFile = scratch.path("config/subs/key")
        _ = try Rekey.run(location, to: .keyFile(keyFile))
        #expect(try Self.names(StoreLocation(databasePath: location.databasePath, key: .keyFile(keyFile))) == ["Hulu", "Netflix"])
    }
}
