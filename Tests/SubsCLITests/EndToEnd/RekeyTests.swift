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
}
