import Foundation
import Testing
@testable import SubscriptionCore

/// The history of changes and undo in the store (PRODUCT.md §8): every change recorded in its own
/// transaction, and undone back to exactly what was there before it.
@Suite("History")
struct HistoryTests {
    let scratch = Scratch()
    let passphrase = Array("vault passphrase".utf8)

    private var keyFile: String { scratch.path("config/subs/key") }

    private func store() throws -> SubscriptionStore { try SubscriptionStore(location: scratch.location) }

    private func notes(_ text: String) -> SubscriptionChanges {
        var changes = SubscriptionChanges()
        changes.notes = .some(text)
        return changes
    }

    /// An export document of Spotify, in a category "Podcasts" coloured green, with a budget and
    /// a rate: what an import brings.
    private func document() throws -> Data {
        let other = Scratch()
        let source = try SubscriptionStore(location: other.location)
        try source.addCategory("Podcasts", color: CategoryColor(stored: "green"), now: fixedNow)
        var spotify = try simpleNewSubscription("Spotify", amount: "10.99")
        spotify.category = "Podcasts"
        _ = try source.add(spotify, now: fixedNow)
        try source.setConfig(.budget, to: "100", now: fixedNow)
        try source.setRates([(currency("EUR"), "1.08")], now: fixedNow)
        return try JSONEncoder().encode(try source.exportDocument(now: fixedNow))
    }

    @Test("Undo walks back through every kind of change, each time to exactly the state before it")
    func undoWalksBackThroughEveryKind() throws {
        let store = try store()
        var states = [try store.exportDocument(now: fixedNow)]
        func step(_ change: () throws -> Void) throws {
            try change()
            states.append(try store.exportDocument(now: fixedNow))
        }
        try step { _ = try store.add(try fullNewSubscription(name: "Netflix"), now: fixedNow) }
        try step {
            var changes = notes("4K plan")
            changes.amount = try DecimalAmount(input: "17.99")
            changes.effective = day("2024-07-31")
            _ = try store.edit("netflix", changes, today: day("2024-06-01"), now: fixedNow)
        }
        try step { _ = try store.update("netflix", as: .pause, now: fixedNow) { try $0.pause(from: day("2024-08-01"), until: day("2024-11-01")) } }
        try step { _ = try store.update("netflix", as: .cancel, now: fixedNow) { try $0.cancel(on: day("2025-04-30")) } }
        try step { try store.addCategory("Podcasts", color: nil, now: fixedNow) }
        try step { try store.renameCategory("Streaming", to: "Video", now: fixedNow) }
        try step { try store.setConfig(.currency, to: "EUR", now: fixedNow) }
        try step { try store.setRates([(currency("USD"), "0.92")], now: fixedNow) }
        try step { try store.deleteRate(currency("USD"), now: fixedNow) }
        try step { _ = try store.delete(references: ["netflix"], now: fixedNow) }
        try step {
            _ = try store.importFile(try document(), path: "export.json", from: nil,
                                     options: ImportOptions(today: day("2024-06-01"), now: fixedNow),
                                     onDuplicate: .skip, dryRun: false)
        }
        // The import gave the existing, colourless Podcasts its colour: undo takes that back too.
        #expect(try store.categoryUsage().first { $0.name == "Podcasts" }?.color == CategoryColor(stored: "green"))

        #expect(try store.history().map(\.action) == [
            .import, .delete, .rate, .rate, .config, .category, .category, .cancel, .pause, .edit, .add,
        ])
        while let change = try store.nextUndo() {
            states.removeLast()
            try store.undo(change, now: fixedNow)
            #expect(try store.exportDocument(now: fixedNow) == states.last, "after undoing \(change.action): \(change.change)")
        }
        #expect(states.count == 1)
        #expect(try store.history().allSatisfy { $0.undoneAt != nil })
    }

    @Test("A change and its entry are one transaction: when the entry cannot be written, nothing is changed")
    func changeAndEntryAreAtomic() throws {
        let store = try store()
        _ = try store.add(try simpleNewSubscription("Netflix"), now: fixedNow)
        let raw = try rawConnection(scratch.location.databasePath, keyFile: keyFile)
        try raw.execute("CREATE TRIGGER refuse_history BEFORE INSERT ON history BEGIN SELECT RAISE(ABORT, 'refused'); END")

        #expect(throws: (any Error).self) { try store.add(try simpleNewSubscription("Spotify"), now: fixedNow) }
        #expect(throws: (any Error).self) { try store.edit("netflix", notes("x"), today: day("2024-06-01"), now: fixedNow) }
        #expect(throws: (any Error).self) { try store.delete(references: ["netflix"], now: fixedNow) }
        #expect(throws: (any Error).self) { try store.setConfig(.currency, to: "EUR", now: fixedNow) }
        let netflix = try #require(try store.subscriptions().first)
        #expect(try store.subscriptions().map(\.name) == ["Netflix"] && netflix.notes == nil)
        #expect(try store.config().currency == currency("USD"))

        // And a change that is refused leaves no entry.
        try raw.execute("DROP TRIGGER refuse_history")
        #expect(throws: LookupError.self) { try store.add(try simpleNewSubscription("NETFLIX"), now: fixedNow) }
        #expect(try store.history().count == 1)
    }

    @Test("Undoing a delete brings back the reminders already sent: nothing is reminded twice")
    func undoDeleteKeepsRemindersSent() throws {
        let store = try store()
        _ = try store.add(try simpleNewSubscription("Alpha", start: "2024-01-31"), now: fixedNow)
        let today = day("2024-01-30")
        let run = try ReminderRun.run(store, today: today, realToday: today, now: { fixedNow },
                                      announce: { _ in }, deliver: { _ in .delivered })
        #expect(run.claimed.count == 1)
        _ = try store.delete(references: ["alpha"], now: fixedNow)
        try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        #expect(try store.dueReminders(today: today, now: fixedNow).isEmpty)
    }

    @Test("Undo refuses, changing nothing, when what the change left was changed outside the history")
    func undoRefusesWhatChangedSince() throws {
        let store = try store()
        _ = try store.add(try simpleNewSubscription("Netflix"), now: fixedNow)
        let raw = try rawConnection(scratch.location.databasePath, keyFile: keyFile)
        try raw.execute("UPDATE subscriptions SET notes = 'by an older subs'")
        let change = try #require(try store.nextUndo())
        #expect(throws: UndoError.changedSince(subject: "Netflix")) { try store.undo(change, now: fixedNow) }
        #expect(try store.subscriptions().first?.notes == "by an older subs")
        #expect(try store.nextUndo() == change)
    }

    @Test("Undo refuses a change that is no longer the newest one not undone")
    func undoRefusesAStaleChange() throws {
        let store = try store()
        _ = try store.add(try simpleNewSubscription("Netflix"), now: fixedNow)
        let change = try #require(try store.nextUndo())
        _ = try self.store().edit("netflix", notes("meanwhile"), today: day("2024-06-01"), now: fixedNow)
        #expect(throws: UndoError.changedMeanwhile) { try store.undo(change, now: fixedNow) }
        #expect(try store.subscriptions().first?.notes == "meanwhile")
    }

    @Test("The log of a deleted subscription is found by its name or an id prefix; a current one by any reference")
    func logOfADeletedSubscription() throws {
        let store = try store()
        let gone = try store.add(try simpleNewSubscription("Gym"), now: fixedNow)
        _ = try store.add(try simpleNewSubscription("Netflix"), now: fixedNow)
        _ = try store.edit("gym", notes("closes soon"), today: day("2024-06-01"), now: fixedNow)
        _ = try store.delete(references: ["gym"], now: fixedNow)
        #expect(try store.history(about: "gym").map(\.action) == [.delete, .edit, .add])
        #expect(try store.history(about: String(gone.id.prefix(6))).map(\.action) == [.delete, .edit, .add])
        #expect(try store.history(about: "gym", limit: 1).map(\.action) == [.delete])
        #expect(try store.history(about: "net").map(\.action) == [.add])
        #expect(throws: LookupError.self) { try store.history(about: "hulu") }
    }

    @Test("A vault passphrase change re-seals the history's passwords: undo brings back one the new passphrase opens")
    func passwdResealsTheHistory() throws {
        let store = try store()
        _ = try store.add(try simpleNewSubscription("Netflix"), now: fixedNow)
        try store.setLogin("netflix", LoginChanges(username: "bob"), password: Array("s3cret".utf8),
                           passphrase: passphrase, newVault: .testing)
        _ = try store.delete(references: ["netflix"], now: fixedNow)
        let new = Array("new passphrase".utf8)
        try store.changeVaultPassphrase(from: passphrase, to: new, parameters: .testing)

        try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        #expect(try store.revealPassword("netflix", passphrase: new).password == Array("s3cret".utf8))
        // Undoing the login change too puts back no password: the subscription had none.
        try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        #expect(try store.login("netflix").login == nil)
    }

    @Test("Undoing a restore puts back the database it replaced, whose log shows the restore undone")
    func undoRestore() throws {
        let store = try store()
        _ = try store.add(try simpleNewSubscription("Netflix"), now: fixedNow)
        let backup = try Backup.write(scratch.location, to: scratch.path("backup.db"), key: nil)
        _ = try store.add(try simpleNewSubscription("Spotify"), now: fixedNow)
        try Backup.restore(scratch.location, from: backup, key: nil, now: fixedNow)

        let restored = try self.store()
        #expect(try restored.subscriptions().map(\.name) == ["Netflix"])
        let restore = try #require(try restored.nextUndo())
        #expect(restore.action == .restore && restore.replacedBackup != nil)
        try restored.undo(restore, now: fixedNow)

        let back = try self.store()
        #expect(try back.subscriptions().map(\.name).sorted() == ["Netflix", "Spotify"])
        let log = try back.history()
        #expect(log.map(\.action) == [.restore, .add, .add])
        #expect(log.first?.undoneAt != nil && log.first?.change == restore.change)
        #expect(try back.nextUndo()?.subject == "Spotify")
    }

    @Test("Undoing a restore whose automatic backup is gone refuses and changes nothing")
    func undoRestoreWithoutItsBackup() throws {
        let store = try store()
        _ = try store.add(try simpleNewSubscription("Netflix"), now: fixedNow)
        let backup = try Backup.write(scratch.location, to: scratch.path("backup.db"), key: nil)
        _ = try store.add(try simpleNewSubscription("Spotify"), now: fixedNow)
        try Backup.restore(scratch.location, from: backup, key: nil, now: fixedNow)
        let restored = try self.store()
        let restore = try #require(try restored.nextUndo())
        let automatic = try #require(restore.replacedBackup)
        try FileManager.default.removeItem(atPath: automatic)

        #expect(throws: UndoError.backupGone(path: automatic)) { try restored.undo(restore, now: fixedNow) }
        #expect(try self.store().subscriptions().map(\.name) == ["Netflix"])
        #expect(try self.store().nextUndo() == restore)
    }

    @Test("Undoing a restore after a rekey refuses, naming the backup, and changes nothing")
    func undoRestoreAfterARekey() throws {
        let store = try store()
        _ = try store.add(try simpleNewSubscription("Netflix"), now: fixedNow)
        let backup = try Backup.write(scratch.location, to: scratch.path("backup.db"), key: nil)
        _ = try store.add(try simpleNewSubscription("Spotify"), now: fixedNow)
        try Backup.restore(scratch.location, from: backup, key: nil, now: fixedNow)
        _ = try Rekey.run(scratch.location, to: .keyFile(keyFile))
        let rekeyed = try self.store()
        let restore = try #require(try rekeyed.nextUndo())

        #expect(throws: UndoError.backupUnderOldKey(path: try #require(restore.replacedBackup))) {
            try rekeyed.undo(restore, now: fixedNow)
        }
        #expect(try self.store().subscriptions().map(\.name) == ["Netflix"])
        #expect(try self.store().nextUndo() == restore)
    }
}

extension HistoryTests {
    @Test("Undo with nothing asked undoes the newest change, even one made after it was looked up")
    func undoLatestTakesTheNewest() throws {
        let store = try store()
        _ = try store.add(try simpleNewSubscription("Netflix"), now: fixedNow)
        let shown = try #require(try store.nextUndo())
        _ = try self.store().add(try simpleNewSubscription("Spotify"), now: fixedNow)
        // Asked about Netflix, the answer does not undo Spotify.
        #expect(throws: UndoError.changedMeanwhile) { try store.undo(shown, now: fixedNow) }
        let undone = try store.undoLatest(now: fixedNow)
        #expect(undone?.subject == "Spotify")
        #expect(try store.subscriptions().map(\.name) == ["Netflix"])
        #expect(try store.undoLatest(now: fixedNow)?.subject == "Netflix")
        #expect(try store.undoLatest(now: fixedNow) == nil)
    }

    @Test("Undoing a restore refuses once another change came after it, and undo with nothing asked undoes that change")
    func undoRestoreAfterAnotherChange() throws {
        let store = try store()
        _ = try store.add(try simpleNewSubscription("Netflix"), now: fixedNow)
        let backup = try Backup.write(scratch.location, to: scratch.path("backup.db"), key: nil)
        _ = try store.add(try simpleNewSubscription("Spotify"), now: fixedNow)
        try Backup.restore(scratch.location, from: backup, key: nil, now: fixedNow)
        let restored = try self.store()
        let restore = try #require(try restored.nextUndo())
        _ = try self.store().add(try simpleNewSubscription("Hulu"), now: fixedNow)

        #expect(throws: UndoError.changedMeanwhile) { try restored.undo(restore, now: fixedNow) }
        #expect(try self.store().subscriptions().map(\.name).sorted() == ["Hulu", "Netflix"])
        #expect(try restored.undoLatest(now: fixedNow)?.subject == "Hulu")
        #expect(try restored.undoLatest(now: fixedNow)?.action == .restore)
        #expect(try self.store().subscriptions().map(\.name).sorted() == ["Netflix", "Spotify"])
    }
}
