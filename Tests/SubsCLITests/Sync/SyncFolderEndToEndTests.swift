import Foundation
import Testing

/// Real `subs` processes with separate homes syncing through one shared folder (PRODUCT.md §15):
/// every kind of change made on each machine, syncs in several orders, and at the end the export
/// documents are equal apart from `exported_at`. Two machines changing one field between syncs
/// are told on both, have it in `subs log`, and `undo` takes the other value back everywhere.
@Suite("Sync through a shared folder", .serialized)
struct SyncFolderEndToEndTests {
    @Test("Three machines: every kind of change on each, syncs in several orders, equal export documents")
    func threeMachinesConverge() throws {
        let group = try SyncGroup()
        let laptop = try SyncMachine("laptop"), desk = try SyncMachine("desk"), server = try SyncMachine("server")

        try laptop.succeed(["add", "Netflix", "15.99", "--start", "2026-01-05"])
        try laptop.succeed(["add", "Spotify", "9.99", "--start", "2026-01-10"])
        try laptop.succeed(["category", "add", "Films"])
        try laptop.succeed(["config", "set", "budget", "120"])
        try group.initialize(laptop)
        // The desk has data of its own before it joins: it merges.
        try desk.succeed(["add", "Gym", "30", "--start", "2025-12-01"])
        try group.join(desk)
        #expect(try desk.names() == ["Gym", "Netflix", "Spotify"])
        try laptop.sync()
        #expect(try laptop.names() == ["Gym", "Netflix", "Spotify"])

        // Changes on each machine between syncs.
        try desk.succeed(["edit", "netflix", "--amount", "17.99", "--effective", "2026-03-05", "--today", "2026-02-01"])
        try desk.succeed(["edit", "netflix", "--notes", "family plan"])
        try laptop.succeed(["cancel", "spotify", "--on", "2026-06-01", "--today", "2026-02-01"])
        try laptop.succeed(["pause", "gym", "--on", "2026-04-01", "--until", "2026-05-01", "--today", "2026-02-01"])
        try laptop.succeed(["rates", "set", "EUR", "1.08"])
        try desk.sync()
        try laptop.sync()
        try group.join(server)
        try server.succeed(["paid", "gym", "--on", "2026-01-01", "--today", "2026-01-02"])
        try server.succeed(["category", "rename", "Films", "Movies"])
        try server.succeed(["add", "Hulu", "7.99", "--start", "2026-02-01"])
        try server.succeed(["config", "set", "budget", "150"])
        try desk.succeed(["add", "Dropbox", "11.99", "--start", "2026-01-20"])
        try desk.succeed(["rates", "set", "GBP", "1.27"])
        try laptop.succeed(["add", "Mistake", "1.00", "--start", "2026-01-01"])
        try laptop.succeed(["undo", "--yes"])
        try server.sync()
        try laptop.sync()
        try desk.succeed(["delete", "spotify", "--yes"])
        try desk.sync()
        try server.sync()
        try server.succeed(["edit", "dropbox", "--notes", "shared"])
        try server.sync()
        try laptop.succeed(["edit", "hulu", "--amount", "8.99", "--effective", "2026-04-01", "--today", "2026-03-01"])

        #expect(try SyncGroup.syncUntilQuiet([server, desk, laptop]))
        try expectSameDocuments([laptop, desk, server])
        #expect(try laptop.names() == ["Dropbox", "Gym", "Hulu", "Netflix"])
        let netflix = try #require(try server.subscription("Netflix"))
        #expect(netflix["notes"] as? String == "family plan")
        #expect(try server.succeed(["config", "get", "budget"]).stdout.contains("150"))
        #expect(try desk.succeed(["category", "list"]).stdout.contains("Movies"))
        #expect(try desk.succeed(["rates", "list"]).stdout.contains("EUR"))
        #expect(try laptop.succeed(["rates", "list"]).stdout.contains("GBP"))
    }

    @Test("One field changed on two machines between syncs: both are told, both logs keep it, undo takes the other value everywhere")
    func conflictOnOneField() throws {
        let group = try SyncGroup()
        let laptop = try SyncMachine("laptop"), desk = try SyncMachine("desk")
        try laptop.succeed(["add", "Netflix", "15.99", "--start", "2026-01-05"])
        try group.initialize(laptop)
        try group.join(desk)

        try laptop.succeed(["edit", "netflix", "--notes", "laptop notes"])
        // The history keeps whole seconds: two edits in one second are simultaneous, and the
        // device breaks the tie. The desk writes last only in a later second.
        let laptopSecond = Date().timeIntervalSince1970.rounded(.down)
        while Date().timeIntervalSince1970.rounded(.down) == laptopSecond { usleep(10_000) }
        try desk.succeed(["edit", "netflix", "--notes", "desk notes"])
        let first = try laptop.sync()
        let second = try desk.sync()
        let third = try laptop.sync()
        // The desk wrote last: its value is kept, the laptop's set aside.
        for report in [second, third] {
            #expect(report.stdoutLines.contains { $0.hasPrefix("Changed on two machines: Netflix") }, "\(report)")
        }
        #expect(!first.stdout.contains("Changed on two machines"), "\(first)")
        try expectSameDocuments([laptop, desk])
        let kept = try #require(try laptop.subscription("Netflix")?["notes"] as? String)
        #expect(kept == "desk notes")
        for machine in [laptop, desk] {
            let actions = try machine.log().compactMap { $0["action"] as? String }
            #expect(actions.contains("conflict"), "\(machine.name): \(actions)")
        }

        // Undo on the machine whose value was set aside brings it back, and then everywhere.
        let setAside = kept == "desk notes" ? laptop : desk
        let other = setAside === laptop ? desk : laptop
        let lost = kept == "desk notes" ? "laptop notes" : "desk notes"
        try setAside.succeed(["undo", "--yes"])
        #expect(try setAside.subscription("Netflix")?["notes"] as? String == lost)
        #expect(try SyncGroup.syncUntilQuiet([setAside, other]))
        #expect(try other.subscription("Netflix")?["notes"] as? String == lost)
        try expectSameDocuments([laptop, desk])
    }

    @Test("A delete from another machine says changes here were set aside only when this machine made some")
    func deletedElsewhere() throws {
        let group = try SyncGroup()
        let laptop = try SyncMachine("laptop"), desk = try SyncMachine("desk")
        try laptop.succeed(["add", "Netflix", "15.99", "--start", "2026-01-05"])
        try laptop.succeed(["add", "Spotify", "9.99", "--start", "2026-01-10"])
        try group.initialize(laptop)
        try group.join(desk)
        try desk.succeed(["edit", "netflix", "--notes", "family plan"])
        try laptop.succeed(["delete", "netflix", "--yes"])
        try laptop.succeed(["delete", "spotify", "--yes"])
        try laptop.sync()
        let told = try desk.sync().stdout
        #expect(told.contains("Deleted on another machine: Netflix (its changes here are set aside; 'subs undo' brings it back)."), "\(told)")
        #expect(told.contains("Deleted on another machine: Spotify ('subs undo' brings it back)."), "\(told)")
        #expect(try desk.names() == [])
        // Made here, and deleted there after that machine had seen it: nothing here is set aside.
        try desk.succeed(["add", "Hulu", "7.99", "--start", "2026-02-01"])
        try desk.sync()
        try laptop.sync()
        try laptop.succeed(["delete", "hulu", "--yes"])
        try laptop.sync()
        let seen = try desk.sync().stdout
        #expect(seen.contains("Deleted on another machine: Hulu ('subs undo' brings it back)."), "\(seen)")
    }

    @Test("An edit's file arriving before the file that made the subscription: applied when both are there, nothing deleted")
    func editArrivesBeforeCreation() throws {
        let group = try SyncGroup()
        let laptop = try SyncMachine("laptop"), desk = try SyncMachine("desk"), server = try SyncMachine("server")
        try laptop.succeed(["add", "Netflix", "15.99", "--start", "2026-01-05"])
        try group.initialize(laptop)
        let created = try #require(group.changeFiles().first)
        try group.join(desk)
        try desk.succeed(["edit", "netflix", "--amount", "17.99", "--effective", "2026-03-05", "--today", "2026-02-01"])
        try desk.sync()

        // The server's sync engine has brought the desk's file, not yet the laptop's.
        let held = group.place.path("held.subs")
        try FileManager.default.moveItem(atPath: created, toPath: held)
        try group.join(server)
        try FileManager.default.moveItem(atPath: held, toPath: created)
        let late = try server.sync()
        #expect(late.stderr.isEmpty, "\(late)")
        #expect(try server.names() == ["Netflix"], "\(late)")

        #expect(try SyncGroup.syncUntilQuiet([server, laptop, desk]))
        for machine in [laptop, desk, server] {
            #expect(try machine.names() == ["Netflix"], "\(machine.name)")
        }
        try expectSameDocuments([laptop, desk, server])
    }
}
