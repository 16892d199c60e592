import Foundation
import Testing

/// A change file that does not open (a byte flipped, cut short, or sealed under another group's
/// key and copied into a device directory): `sync` names it in one line on standard error,
/// applies the rest, exits 0, and nothing of it is applied; once the good file arrives, the next
/// `sync` applies it (PRODUCT.md §15).
@Suite("Sync with damaged change files", .serialized)
struct SyncDamagedFileTests {
    enum Damage: String, CaseIterable { case flippedByte, truncated, otherGroupsKey }

    @Test("A damaged file is named and skipped, the rest applied; the good file is applied when it comes")
    func damagedFiles() throws {
        let group = try SyncGroup()
        let laptop = try SyncMachine("laptop"), desk = try SyncMachine("desk"), server = try SyncMachine("server")
        try laptop.succeed(["add", "Netflix", "15.99", "--start", "2026-01-05"])
        try group.initialize(laptop)
        try group.join(desk)
        try group.join(server)
        try laptop.sync()
        try server.sync()

        // A file sealed under another group's passphrase, to copy in.
        let stranger = try SyncGroup(passphrase: "another group entirely")
        let outsider = try SyncMachine("outsider")
        try outsider.succeed(["add", "Outsider", "3.00", "--start", "2026-01-01"])
        try stranger.initialize(outsider)
        let foreign = try #require(stranger.changeFiles().last)

        for (round, damage) in Damage.allCases.enumerated() {
            let notes = "notes \(round)"
            let before = Set(group.changeFiles())
            try laptop.succeed(["edit", "netflix", "--notes", notes])
            try laptop.sync()
            let written = try #require(Set(group.changeFiles()).subtracting(before).first, "\(damage): no new file")
            let good = try Data(contentsOf: URL(fileURLWithPath: written))
            switch damage {
            case .flippedByte:
                var bad = good
                bad[bad.count / 2] ^= 0x01
                try bad.write(to: URL(fileURLWithPath: written))
            case .truncated:
                try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: written))
            case .otherGroupsKey:
                try Data(contentsOf: URL(fileURLWithPath: foreign)).write(to: URL(fileURLWithPath: written))
            }
            // Another machine's good file waits beside it.
            try server.succeed(["add", "Other \(round)", "2.00", "--start", "2026-01-01"])
            try server.sync()

            let skipped = try desk.sync()
            let name = (written as NSString).lastPathComponent
            #expect(skipped.stderrLines.count == 1 && skipped.stderr.contains(name), "\(damage): \(skipped)")
            #expect(try desk.subscription("Other \(round)") != nil, "\(damage): the rest was not applied")
            #expect(try desk.subscription("Netflix")?["notes"] as? String != notes, "\(damage): the damaged file was applied")
            #expect(try desk.subscription("Outsider") == nil)

            // The good file arrives (the sync engine brings it again): the next sync applies it.
            try good.write(to: URL(fileURLWithPath: written))
            let healed = try desk.sync()
            #expect(healed.stderr.isEmpty, "\(damage): \(healed)")
            #expect(try desk.subscription("Netflix")?["notes"] as? String == notes, "\(damage): \(healed)")
        }
        #expect(try SyncGroup.syncUntilQuiet([laptop, desk, server]))
        try expectSameDocuments([laptop, desk, server])
    }
}
