import Foundation
import Testing

@Suite("Rekey")
struct RekeyCommandTests {
    private static let today = "2024-06-15"

    private static func names(_ sandbox: Sandbox, _ options: [String] = []) throws -> [String] {
        try sandbox.succeed(["list", "--status", "all", "--format", "json", "--today", today] + options)
            .jsonArray().compactMap { $0["name"] as? String }.sorted()
    }

    @Test("rekey to a new key file, to a passphrase and back: each time the next command needs only the new key")
    func roundTripThroughAPassphrase() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        try sandbox.add("Spotify", "9.99")
        let firstKey = try #require(sandbox.bytes(sandbox.keyPath))

        let rekey = try sandbox.succeed(["rekey"])
        #expect(rekey.stdout.contains(sandbox.keyPath), "\(rekey)")
        #expect(sandbox.bytes(sandbox.keyPath) != firstKey)
        #expect(try Self.names(sandbox) == ["Netflix", "Spotify"])

        let passphrase = sandbox.path("passphrase")
        try sandbox.write("a long passphrase\n", to: passphrase)
        try sandbox.succeed(["rekey", "--new-passphrase-file", passphrase])
        let withoutPassphrase = try sandbox.run(["list", "--today", Self.today])
        #expect(withoutPassphrase.status == 77 && withoutPassphrase.stderrLines.count == 1, "\(withoutPassphrase)")
        #expect(try Self.names(sandbox, ["--passphrase-file", passphrase]) == ["Netflix", "Spotify"])

        try sandbox.succeed(["rekey", "--passphrase-file", passphrase, "--to-key-file"])
        #expect(try Self.names(sandbox) == ["Netflix", "Spotify"])

        // The first key file was kept: a backup made under it still restores.
        let configDirectory = (sandbox.keyPath as NSString).deletingLastPathComponent
        let kept = try FileManager.default.contentsOfDirectory(atPath: configDirectory).filter { $0.hasPrefix("key.replaced-") }
        let first = try #require(kept.first { sandbox.bytes(configDirectory + "/" + $0) == firstKey }, "\(kept)")
        let backups = (sandbox.databasePath as NSString).deletingLastPathComponent + "/backups"
        let oldest = try #require(try FileManager.default.contentsOfDirectory(atPath: backups).sorted().first)
        try sandbox.add("Hulu", "7.99")
        try sandbox.succeed(["restore", backups + "/" + oldest, "--backup-key-file", configDirectory + "/" + first, "--yes"])
        #expect(try Self.names(sandbox) == ["Netflix", "Spotify"])
    }

    @Test("--new-passphrase-file and --to-key-file together are a usage error")
    func conflictingOptions() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        let passphrase = sandbox.path("passphrase")
        try sandbox.write("pw\n", to: passphrase)
        let before = try #require(sandbox.bytes(sandbox.databasePath))
        let result = try sandbox.run(["rekey", "--new-passphrase-file", passphrase, "--to-key-file"])
        #expect(result.status == 64 && result.stderrLines.count == 1, "\(result)")
        #expect(sandbox.bytes(sandbox.databasePath) == before)
    }

    @Test("subs rekey killed with SIGKILL at many moments: subs list still works with the files on disk and shows everything")
    func killedAtManyMoments() throws {
        let sandbox = try Sandbox()
        for name in ["Netflix", "Spotify", "Hulu"] { try sandbox.add(name, "9.99") }
        let expected = try Self.names(sandbox)
        let configDirectory = (sandbox.keyPath as NSString).deletingLastPathComponent
        let dataDirectory = (sandbox.databasePath as NSString).deletingLastPathComponent
        func files() -> Set<String> {
            var names = Set<String>()
            for directory in [configDirectory, dataDirectory, dataDirectory + "/backups"] {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                    names.insert(directory + "/" + name)
                }
            }
            return names
        }
        for round in 0..<16 {
            let running = try sandbox.start(["rekey"])
            // The kill falls after a different number of file changes each round (the moment
            // varies with it; whatever it is, the database must open afterwards).
            var seen = files()
            var changes = 0
            while running.process.isRunning, changes < round % 8 {
                let now = files()
                if now != seen { changes += 1; seen = now }
            }
            kill(running.process.processIdentifier, SIGKILL)
            _ = running.wait()
            #expect(try Self.names(sandbox) == expected, "round \(round)")
        }
        // A rekey that runs to the end removes what the killed ones left, and keeps at most ten automatic backups.
        try sandbox.succeed(["rekey"])
        #expect(try Self.names(sandbox) == expected)
        let left = files().filter { $0.contains(".tmp-") }
        #expect(left.isEmpty, "\(left)")
        #expect((1...10).contains(files().filter { $0.contains("/auto-") }.count))
    }

    @Test("rekey --new-passphrase-file naming the key file it retires is refused (64); nothing changes")
    func newPassphraseInTheKeyFileIsRefused() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        let key = try #require(sandbox.bytes(sandbox.keyPath))
        let database = try #require(sandbox.bytes(sandbox.databasePath))
        let result = try sandbox.run(["rekey", "--new-passphrase-file", sandbox.keyPath])
        #expect(result.status == 64 && result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains("key file"), "\(result)")
        #expect(sandbox.bytes(sandbox.keyPath) == key)
        #expect(sandbox.bytes(sandbox.databasePath) == database)
        #expect(try Self.names(sandbox) == ["Netflix"])
        // As are an empty one and one too large to be a passphrase, with the same code.
        let empty = sandbox.path("empty")
        let large = sandbox.path("large")
        try sandbox.write("\n", to: empty)
        try sandbox.write(String(repeating: "x", count: 65 * 1024), to: large)
        for (file, reason) in [(empty, "the file's first line is empty"), (large, "the file is larger than 64 KiB")] {
            let refused = try sandbox.run(["rekey", "--new-passphrase-file", file])
            #expect(refused.status == 64 && refused.stderrLines == [
                "subs: the passphrase in \(file) cannot become the database's key: \(reason)",
            ], "\(refused)")
        }
        #expect(sandbox.bytes(sandbox.keyPath) == key)
        #expect(sandbox.bytes(sandbox.databasePath) == database)
    }

    /// A database kept elsewhere (a synced folder) and linked to: replacing it must write the
    /// file the link leads to. Before, the rename replaced the link with a plain file, and the
    /// file elsewhere stayed as it was, under the old key.
    @Test("rekey, restore and --to-key-file through a symbolic link to the database keep the link and write the file it leads to")
    func throughASymbolicLink() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        let elsewhere = sandbox.path("synced")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let file = elsewhere + "/subs.db"
        try FileManager.default.moveItem(atPath: sandbox.databasePath, toPath: file)
        // A relative link, as `ln -s` makes one, through a second link.
        try FileManager.default.createSymbolicLink(atPath: elsewhere + "/current.db", withDestinationPath: "subs.db")
        try FileManager.default.createSymbolicLink(atPath: sandbox.databasePath, withDestinationPath: elsewhere + "/current.db")
        // What a killed rekey left beside the file: removed by the next.
        try sandbox.write("", to: file + ".tmp-999999-1")
        func linkStays(_ step: String) throws {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.databasePath) == elsewhere + "/current.db", "\(step)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: elsewhere + "/current.db") == "subs.db", "\(step)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).sorted() == ["current.db", "subs.db"], "\(step)")
        }
        try sandbox.succeed(["rekey"])
        try linkStays("rekey")
        try sandbox.add("Spotify", "9.99")
        #expect(try Self.names(sandbox) == ["Netflix", "Spotify"])
        let passphrase = sandbox.path("passphrase")
        try sandbox.write("a long passphrase\n", to: passphrase)
        try sandbox.succeed(["rekey", "--new-passphrase-file", passphrase])
        try linkStays("rekey --new-passphrase-file")
        try sandbox.succeed(["rekey", "--passphrase-file", passphrase, "--to-key-file"])
        try linkStays("rekey --to-key-file")
        let backup = sandbox.path("backup.db")
        try sandbox.succeed(["backup", backup])
        try sandbox.add("Hulu", "7.99")
        try sandbox.succeed(["restore", backup, "--yes"])
        try linkStays("restore")
        #expect(try Self.names(sandbox) == ["Netflix", "Spotify"])
        // The file gone (deleted in the synced folder): restored where the link leads.
        try FileManager.default.removeItem(atPath: file)
        try sandbox.succeed(["restore", backup, "--yes"])
        try linkStays("restore to a link that led to nothing")
        #expect(try Self.names(sandbox) == ["Netflix", "Spotify"])
    }
}
