import Foundation
import Testing

/// What stays on one machine and what the folder shows (PRODUCT.md §15): machine-local settings
/// never travel, a wrong passphrase changes nothing, `sync` before `init`/`join` is a usage
/// error, the folder holds no name, amount or date in the clear; sent reminders travel, so a
/// reminder is sent once; `sync compact` leaves one snapshot a new machine joins from.
@Suite("Sync: what stays local, what travels", .serialized)
struct SyncBoundaryTests {
    @Test("language and remind-exec stay on their machine")
    func machineLocalSettings() throws {
        let group = try SyncGroup()
        let laptop = try SyncMachine("laptop"), desk = try SyncMachine("desk")
        try laptop.succeed(["add", "Netflix", "15.99", "--start", "2026-01-05"])
        try group.initialize(laptop)
        try group.join(desk)
        let language = try desk.succeed(["config", "get", "language"]).stdout
        let exec = try desk.run(["config", "get", "remind-exec"])

        try laptop.succeed(["config", "set", "language", "tr"])
        try laptop.succeed(["config", "set", "remind-exec", "echo reminded"])
        try laptop.succeed(["config", "set", "budget", "75"])   // a synced one beside them
        try laptop.sync()
        try desk.sync()
        try laptop.sync()
        #expect(try desk.succeed(["config", "get", "budget"]).stdout.contains("75"))
        #expect(try desk.succeed(["config", "get", "language"]).stdout == language)
        let execAfter = try desk.run(["config", "get", "remind-exec"])
        #expect(execAfter.status == exec.status && execAfter.stdout == exec.stdout, "\(execAfter)")
        #expect(try laptop.succeed(["config", "get", "language"]).stdout == "tr\n")
        #expect(try laptop.succeed(["config", "get", "remind-exec"]).stdout == "echo reminded\n")
        // Set on the desk too: the laptop keeps its own.
        try desk.succeed(["config", "set", "language", "en"])
        try desk.sync()
        try laptop.sync()
        #expect(try laptop.succeed(["config", "get", "language"]).stdout == "tr\n")
    }

    @Test("A wrong passphrase on join is 77 and changes nothing; sync before init or join is one line, 64")
    func wrongPassphraseAndNoGroup() throws {
        let group = try SyncGroup()
        let laptop = try SyncMachine("laptop"), desk = try SyncMachine("desk")
        let alone = try desk.run(["sync"])
        #expect(alone.status == 64 && alone.stderrLines.count == 1 && alone.stdout.isEmpty, "\(alone)")
        let statusAlone = try desk.run(["sync", "status"])
        #expect(statusAlone.status == 64 && statusAlone.stderrLines.count == 1, "\(statusAlone)")

        try laptop.succeed(["add", "Netflix", "15.99", "--start", "2026-01-05"])
        try group.initialize(laptop)
        try desk.succeed(["add", "Gym", "30", "--start", "2025-12-01"])
        let folderBefore = try SyncGroup.files(under: group.folder).map { ($0, try Data(contentsOf: URL(fileURLWithPath: $0))) }
        let documentBefore = try desk.document()
        try group.place.write("not the passphrase\n", to: group.place.path("wrong"))
        let wrong = try desk.run(["sync", "join", group.folder, "--device", "desk", "--sync-passphrase-file", group.place.path("wrong")])
        #expect(wrong.status == 77 && wrong.stderrLines.count == 1, "\(wrong)")
        let folderAfter = try SyncGroup.files(under: group.folder).map { ($0, try Data(contentsOf: URL(fileURLWithPath: $0))) }
        #expect(folderAfter.map(\.0) == folderBefore.map(\.0) && folderAfter.map(\.1) == folderBefore.map(\.1))
        #expect(try desk.document() == documentBefore)
        let status = try desk.run(["sync", "status"])
        #expect(status.status == statusAlone.status && status.stderr == statusAlone.stderr, "\(status)")
        // The right passphrase still joins afterwards.
        try group.join(desk)
        #expect(try desk.names() == ["Gym", "Netflix"])
    }

    @Test("The folder's files hold no subscription name, amount or date")
    func folderShowsNothing() throws {
        let group = try SyncGroup()
        let laptop = try SyncMachine("laptop"), desk = try SyncMachine("desk")
        try laptop.succeed(["add", "Netflix", "15.99", "--start", "2026-01-05", "--notes", "Gizli not"])
        try laptop.succeed(["category", "add", "Filmler"])
        try group.initialize(laptop)
        try desk.succeed(["add", "Spotify", "9.99", "--start", "2025-11-17"])
        try group.join(desk)
        try desk.succeed(["edit", "spotify", "--amount", "12.34", "--effective", "2026-03-17", "--today", "2026-02-01"])
        try desk.sync()
        try laptop.sync()
        try laptop.succeed(["sync", "compact"])

        let secrets = ["Netflix", "netflix", "NETFLIX", "15.99", "1599", "2026-01-05", "Gizli", "Filmler",
                       "Spotify", "spotify", "9.99", "12.34", "2025-11-17", "2026-03-17", "2026-02-01", "laptop", "desk"]
        let files = SyncGroup.files(under: group.folder)
        #expect(files.count >= 3)
        for file in files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            for secret in secrets {
                #expect(!bytes.contains(bytes: Data(secret.utf8)), "\(file) holds \(secret)")
                #expect(!file.dropFirst(group.folder.count).contains(secret), "\(file) is named with \(secret)")
            }
        }
    }

    @Test("A reminder sent on one machine is not sent again on another after a sync")
    func sentRemindersTravel() throws {
        let group = try SyncGroup()
        let laptop = try SyncMachine("laptop"), server = try SyncMachine("server")
        try laptop.succeed(["add", "Gym", "30", "--start", "2026-01-10"])
        try laptop.succeed(["config", "set", "remind-days", "3"])
        try group.initialize(laptop)
        try group.join(server)
        // Before the laptop sends it, the server would send it too.
        #expect(try server.succeed(["remind", "--dry-run", "--today", "2026-02-08"]).stdout.contains("Gym"))

        let sent = try laptop.succeed(["remind", "--today", "2026-02-08"])
        #expect(sent.stdout.contains("Gym"), "\(sent)")
        try laptop.sync()
        try server.sync()
        let again = try server.succeed(["remind", "--today", "2026-02-08"])
        #expect(!again.stdout.contains("Gym"), "\(again)")
        // The next payment's reminder is still the server's to send.
        #expect(try server.succeed(["remind", "--today", "2026-03-08"]).stdout.contains("Gym"))
    }

    @Test("compact after every machine synced: one snapshot stays, a new machine joins from it with everything")
    func compactThenJoin() throws {
        let group = try SyncGroup()
        let laptop = try SyncMachine("laptop"), desk = try SyncMachine("desk"), newcomer = try SyncMachine("newcomer")
        try laptop.succeed(["add", "Netflix", "15.99", "--start", "2026-01-05"])
        try group.initialize(laptop)
        try group.join(desk)
        try desk.succeed(["rates", "set", "EUR", "1.08"])
        try desk.sync()
        for (index, name) in ["Spotify", "Hulu", "Gym"].enumerated() {
            try laptop.succeed(["add", name, "\(index + 5).00", "--start", "2026-01-0\(index + 1)"])
            try laptop.sync()
        }
        try laptop.succeed(["edit", "netflix", "--notes", "family"])
        try laptop.sync()
        // Every machine syncs (the desk only takes the laptop's files in).
        #expect(try SyncGroup.syncUntilQuiet([desk, laptop]))
        let device = try #require(try laptop.succeed(["sync", "status", "--format", "json"]).jsonObject()["device"] as? String)
        let ownBefore = group.changeFiles().filter { $0.contains("/\(device)/") }
        #expect(ownBefore.count > 2, "\(ownBefore)")

        let compact = try laptop.succeed(["sync", "compact"])
        #expect(compact.stdout.hasPrefix("Wrote snapshot file"), "\(compact)")
        let ownAfter = group.changeFiles().filter { $0.contains("/\(device)/") }
        #expect(ownAfter.count == 1, "\(ownAfter)")
        #expect(ownAfter.first.map { !ownBefore.contains($0) } ?? false)

        try group.join(newcomer)
        #expect(try SyncGroup.syncUntilQuiet([newcomer, desk, laptop]))
        try expectSameDocuments([laptop, desk, newcomer])
        #expect(try newcomer.names() == ["Gym", "Hulu", "Netflix", "Spotify"])
        #expect(try newcomer.subscription("Netflix")?["notes"] as? String == "family")
    }
}
