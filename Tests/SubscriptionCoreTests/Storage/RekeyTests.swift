import Foundation
import Testing
@testable import SubscriptionCore

/// `Rekey` stopped after each of its steps, as a kill would stop it: the files on disk still
/// open the database, with everything in it.
@Suite struct RekeyTests {
    private struct Killed: Error {}

    /// How the database starts and where the rekey takes it.
    enum Move: String, CaseIterable, CustomTestStringConvertible {
        case newKeyFile, toPassphrase, backToKeyFile
        var testDescription: String { rawValue }
    }

    private static func prepare(_ scratch: Scratch, _ move: Move) throws -> (StoreLocation, Rekey.Target) {
        let passphrase = scratch.path("passphrase")
        try Files.write(Data("correct horse battery\n".utf8), to: passphrase)
        var location = scratch.location
        if move == .backToKeyFile {
            location.key = .passphraseFile(passphrase)
        }
        let store = try SubscriptionStore(location: location)
        _ = try store.add(try simpleNewSubscription("Netflix"), now: fixedNow)
        _ = try store.add(try simpleNewSubscription("Spotify"), now: fixedNow)
        let keyPath = scratch.path("config/subs/key")
        return switch move {
        case .newKeyFile, .backToKeyFile: (location, .keyFile(keyPath))
        case .toPassphrase: (location, .passphraseFile(passphrase))
        }
    }

    /// The names a `subs list` would show, opening with the key file and else the passphrase.
    private static func names(_ scratch: Scratch) throws -> [String] {
        do {
            return try SubscriptionStore(location: scratch.location).subscriptions().map(\.name).sorted()
        } catch StoreError.wrongKey, StoreError.missingKey {
            var location = scratch.location
            location.key = .passphraseFile(scratch.path("passphrase"))
            return try SubscriptionStore(location: location).subscriptions().map(\.name).sorted()
        }
    }

    @Test(arguments: Move.allCases, Rekey.Step.allCases)
    func aRekeyStoppedAfterAnyStepLeavesADatabaseThatOpens(_ move: Move, _ stop: Rekey.Step) throws {
        // Moving to a passphrase writes no new key.
        guard !(move == .toPassphrase && stop == .newKeyWritten) else { return }
        let scratch = Scratch()
        let (location, target) = try Self.prepare(scratch, move)
        #expect(throws: Killed.self) {
            _ = try Rekey.run(location, to: target) { if $0 == stop { throw Killed() } }
        }
        #expect(try Self.names(scratch) == ["Netflix", "Spotify"])
        // Opened again (after any recovery), still the same; and a new rekey goes through.
        #expect(try Self.names(scratch) == ["Netflix", "Spotify"])
        let finished = try Rekey.run(Self.current(scratch), to: target)
        #expect(FileManager.default.fileExists(atPath: finished.backup))
        #expect(try Self.names(scratch) == ["Netflix", "Spotify"])
    }

    /// Where the database is after a stopped rekey: the key file if it opens it, else the passphrase.
    private static func current(_ scratch: Scratch) throws -> StoreLocation {
        if (try? SubscriptionStore(location: scratch.location).subscriptions()) != nil { return scratch.location }
        var location = scratch.location
        location.key = .passphraseFile(scratch.path("passphrase"))
        return location
    }

    @Test func aNewKeyFileReplacesTheOldOneWhichIsKeptForOlderBackups() throws {
        let scratch = Scratch()
        let (location, target) = try Self.prepare(scratch, .newKeyFile)
        let oldKey = try Files.bytes(scratch.path("config/subs/key"))
        let outcome = try Rekey.run(location, to: target)
        #expect(try Files.bytes(scratch.path("config/subs/key")) != oldKey)
        let kept = try #require(outcome.oldKeyFile)
        #expect(try Files.bytes(kept) == oldKey)
        // The backup made first opens with the old key only.
        let backup = try rawConnection(outcome.backup, keyFile: kept)
        #expect(try backup.scalar("SELECT count(*) FROM subscriptions") == .integer(2))
        #expect(throws: (any Error).self) {
            try rawConnection(location.databasePath, keyFile: kept).scalar("SELECT count(*) FROM subscriptions")
        }
        #expect(!Files.exists(Rekey.pendingPath(scratch.path("config/subs/key"))))
    }
}

extension RekeyTests {
    @Test func aLeftoverPendingKeyThatOpensNothingLeavesTheWrongKeyErrorAsItWas() throws {
        let scratch = Scratch()
        _ = try SubscriptionStore(location: scratch.location).add(try simpleNewSubscription("Netflix"), now: fixedNow)
        let keyPath = scratch.path("config/subs/key")
        try Files.writeKeyFile(keyPath, byte: 0x11)
        try Files.writeKeyFile(Rekey.pendingPath(keyPath), byte: 0x22)
        #expect(throws: StoreError.wrongKey(database: scratch.location.databasePath, key: .keyFile(keyPath))) {
            try SubscriptionStore(location: scratch.location).subscriptions()
        }
        #expect(Files.exists(Rekey.pendingPath(keyPath)))
    }
}
