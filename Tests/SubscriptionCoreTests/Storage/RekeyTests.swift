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

/// A key file kept elsewhere (a USB stick, a folder of secrets) behind a symbolic link: a rekey
/// writes the new key where the link leads and leaves the link, so that the file it leads to
/// never keeps a key the database is no longer under.
extension RekeyTests {
    /// A store whose key file `config/subs/key` is a link to `secrets/key`.
    private static func linkedKey(_ scratch: Scratch) throws -> (StoreLocation, link: String, target: String) {
        let (location, _) = try prepare(scratch, .newKeyFile)
        let (link, target) = (scratch.path("config/subs/key"), scratch.path("secrets/key"))
        try FileManager.default.createDirectory(atPath: scratch.path("secrets"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.moveItem(atPath: link, toPath: target)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../../secrets/key")
        return (location, link, target)
    }

    private static func isLink(_ path: String) throws -> Bool {
        try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType == .typeSymbolicLink
    }

    @Test func aKeyFileBehindALinkIsReplacedWhereTheLinkLeads() throws {
        let scratch = Scratch()
        let (location, link, target) = try Self.linkedKey(scratch)
        let oldKey = try Files.bytes(target)
        let outcome = try Rekey.run(location, to: .keyFile(link))
        #expect(try Self.isLink(link))
        #expect(try Files.bytes(target) != oldKey)
        #expect(try Self.names(scratch) == ["Netflix", "Spotify"])
        // The old key is kept beside the file it was in, not beside the link.
        let kept = try #require(outcome.oldKeyFile)
        #expect(try Files.bytes(scratch.path("secrets/" + PathName.name(of: kept))) == oldKey)
        // Named as the user would name it, not through the link's `../..`.
        let secrets = try #require(realpath(scratch.path("secrets"), nil))
        defer { free(secrets) }
        #expect(PathName.directory(of: kept) == String(cString: secrets), "\(kept)")
        #expect(!Files.exists(Rekey.pendingPath(target)) && !Files.exists(Rekey.pendingPath(link)))
    }

    @Test(arguments: Rekey.Step.allCases)
    func aRekeyThroughALinkStoppedAfterAnyStepLeavesTheLinkAndADatabaseThatOpens(_ stop: Rekey.Step) throws {
        let scratch = Scratch()
        let (location, link, target) = try Self.linkedKey(scratch)
        #expect(throws: Killed.self) {
            _ = try Rekey.run(location, to: .keyFile(link)) { if $0 == stop { throw Killed() } }
        }
        #expect(try Self.names(scratch) == ["Netflix", "Spotify"])
        #expect(try Self.isLink(link))
        _ = try Rekey.run(location, to: .keyFile(link))
        #expect(try Self.names(scratch) == ["Netflix", "Spotify"])
        #expect(try Self.isLink(link))
        #expect(!Files.exists(Rekey.pendingPath(target)))
    }
}

extension RekeyTests {
    @Test func aRekeyKilledBetweenItsRenamesByAnEarlierSubsIsFinishedFromBesideTheLink() throws {
        // What an earlier `subs` left: the new key pending beside the link, not beside its file.
        let scratch = Scratch()
        let (location, target) = try Self.prepare(scratch, .newKeyFile)
        #expect(throws: Killed.self) {
            _ = try Rekey.run(location, to: target) { if $0 == .databaseReplaced { throw Killed() } }
        }
        let link = scratch.path("config/subs/key")
        try FileManager.default.createDirectory(atPath: scratch.path("secrets"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.moveItem(atPath: link, toPath: scratch.path("secrets/key"))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../../secrets/key")
        #expect(Files.exists(Rekey.pendingPath(link)))
        #expect(try Self.names(scratch) == ["Netflix", "Spotify"])
        #expect(!Files.exists(Rekey.pendingPath(link)))
    }

    @Test func aNewKeyFileThatIsALinkLeadingNowhereIsWrittenInItsPlace() throws {
        // The stick the link leads to is not plugged in: a key written under its empty mount
        // point would be hidden once it is, so the link is replaced as a file is.
        let scratch = Scratch()
        let (location, target) = try Self.prepare(scratch, .backToKeyFile)
        guard case .keyFile(let link) = target else { return }
        try FileManager.default.createDirectory(atPath: PathName.directory(of: link), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scratch.path("stick/key"))
        _ = try Rekey.run(location, to: target)
        #expect(try !Self.isLink(link))
        #expect(!Files.exists(scratch.path("stick")))
        #expect(try Self.names(scratch) == ["Netflix", "Spotify"])
    }

    @Test func aNewKeyFileThatIsTheDatabaseIsRefusedAndNothingChanges() throws {
        let scratch = Scratch()
        let (location, _) = try Self.prepare(scratch, .backToKeyFile)
        let before = try Files.bytes(location.databasePath)
        #expect(throws: FileError.wouldOverwrite(path: location.databasePath, file: .database(location.databasePath))) {
            try Rekey.run(location, to: .keyFile(location.databasePath))
        }
        #expect(try Files.bytes(location.databasePath) == before)
    }
}
