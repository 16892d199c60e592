import Foundation
import Testing
@testable import SubscriptionCore

/// An import's history entry keeps what it wrote by fingerprint (schema version 15, issue 26):
/// undo still removes exactly what it added, puts back what it replaced, refuses what was changed
/// outside the history, and undoes an import an older `subs` recorded with its subscriptions whole.
@Suite("Import history")
struct ImportHistoryTests {
    let scratch = Scratch()

    private var keyFile: String { scratch.path("config/subs/key") }

    private func store() throws -> SubscriptionStore { try SubscriptionStore(location: scratch.location) }

    private func text(_ value: SQLiteValue?) -> String? {
        if case .text(let text)? = value { text } else { nil }
    }

    private func imported(_ names: [String]) -> ParsedImport {
        ParsedImport(subscriptions: names.enumerated().map { index, name in
            var item = subscription(name: name, price: "\(index + 5).99", start: "2024-01-\(10 + index % 18)")
            item.members = [Member(name: "Ayşe", weight: 1), Member(name: "Sam", weight: 2)]
            item.prices.append(PriceChange(effective: day("2024-09-01"), amount: money("\(index + 7).49")))
            return ImportedSubscription(record: .path("subscriptions[\(index)]", name: nil), subscription: item)
        }, categories: [ImportedCategory(name: "Podcasts", color: nil)])
    }

    @Test("The entry keeps a fingerprint and name of each subscription written, and no copy of them")
    func entryKeepsFingerprints() throws {
        let store = try store()
        _ = try store.apply(imported(["Netflix", "Spotify"]), onDuplicate: .skip, dryRun: false, now: fixedNow)
        let raw = try rawConnection(scratch.location.databasePath, keyFile: keyFile)
        let written = try WrittenSubscriptions.written(raw, entry: 1)
        #expect(written.map(\.name) == ["Netflix", "Spotify"])
        #expect(Set(written.map(\.fingerprint)).count == 2)
        #expect(try StateSlice(decoding: try #require(text(raw.scalar("SELECT after FROM history")))).subscriptions.isEmpty)
        #expect(try WrittenSubscriptions.current(raw, entry: 1, written: written) == Dictionary(uniqueKeysWithValues: written.map { ($0.id, $0.fingerprint) }))
    }

    @Test("Undo of an import over subscriptions there puts back exactly what was there, after a later change undone")
    func undoIsExact() throws {
        let store = try store()
        _ = try store.add(try simpleNewSubscription("Netflix", amount: "15.49"), now: fixedNow)
        let before = try store.exportDocument(now: fixedNow)
        _ = try store.apply(imported(["Netflix", "Spotify", "Proton"]), onDuplicate: .replace, dryRun: false, now: fixedNow)
        // A later change and its undo write the rows again alike: the import is still undoable.
        var changes = SubscriptionChanges()
        changes.notes = .some("family")
        _ = try store.edit("spotify", changes, today: day("2024-06-01"), now: fixedNow)
        try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        #expect(try store.exportDocument(now: fixedNow) == before)
    }

    @Test("Undo refuses, changing nothing, when what an import wrote was changed or deleted outside the history",
          arguments: ["UPDATE price_changes SET amount_minor = 1 WHERE amount_minor = 749",
                      "DELETE FROM members WHERE name = 'Sam' AND subscription_id IN (SELECT id FROM subscriptions WHERE name = 'Spotify')",
                      "DELETE FROM subscriptions WHERE name = 'Spotify'"])
    func undoRefusesWhatChangedSince(_ sql: String) throws {
        let store = try store()
        _ = try store.apply(imported(["Netflix", "Spotify"]), onDuplicate: .skip, dryRun: false, now: fixedNow)
        let raw = try rawConnection(scratch.location.databasePath, keyFile: keyFile)
        try raw.execute(sql)
        let there = try store.exportDocument(now: fixedNow)
        let change = try #require(try store.nextUndo())
        #expect(throws: UndoError.self) { try store.undo(change, now: fixedNow) }
        #expect(try store.exportDocument(now: fixedNow) == there)
        #expect(try store.nextUndo() == change)
    }

    /// More subscriptions than undo looks up one by one: it reads every row instead.
    private var many: [String] { (0..<600).map { "Service \($0)" } }

    @Test("Undo of a large import beside other subscriptions removes exactly what it added, and refuses a change made since")
    func largeImportBesideOthers() throws {
        let store = try store()
        var kept = try simpleNewSubscription("Netflix", amount: "15.49")
        kept.members = [Member(name: "Ayşe", weight: 1)]
        _ = try store.add(kept, now: fixedNow)
        let before = try store.exportDocument(now: fixedNow)
        _ = try store.apply(imported(many), onDuplicate: .skip, dryRun: false, now: fixedNow)
        let raw = try rawConnection(scratch.location.databasePath, keyFile: keyFile)
        try raw.execute("UPDATE price_changes SET amount_minor = 1 WHERE amount_minor = 60649")
        let change = try #require(try store.nextUndo())
        #expect(throws: UndoError.changedSince(subject: "Service 599")) { try store.undo(change, now: fixedNow) }
        try raw.execute("UPDATE price_changes SET amount_minor = 60649 WHERE amount_minor = 1")
        try store.undo(change, now: fixedNow)
        #expect(try store.exportDocument(now: fixedNow) == before)
    }

    @Test("Undo of an import into an empty database leaves no row of any subscription")
    func undoIntoEmptyEmptiesTables() throws {
        let store = try store()
        let before = try store.exportDocument(now: fixedNow)
        _ = try store.apply(imported(many), onDuplicate: .skip, dryRun: false, now: fixedNow)
        try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        #expect(try store.exportDocument(now: fixedNow) == before)
        let raw = try rawConnection(scratch.location.databasePath, keyFile: keyFile)
        for table in ["subscriptions", "price_changes", "members", "billing_periods", "pauses", "charges"] {
            #expect(try raw.scalar("SELECT count(*) FROM \(table)") == .integer(0), "\(table)")
        }
        #expect(try raw.rows("PRAGMA integrity_check").first?.text(0) == "ok")
    }

    @Test("An import an older subs recorded, its subscriptions whole in its after, undoes after the migration")
    func olderImportUndoes() throws {
        let store = try store()
        _ = try store.add(try simpleNewSubscription("Netflix", amount: "15.49"), now: fixedNow)
        let before = try store.exportDocument(now: fixedNow)
        _ = try store.apply(imported(["Netflix", "Spotify"]), onDuplicate: .replace, dryRun: false, now: fixedNow)
        let written = try store.subscriptions()
        // What version 14 wrote: the written subscriptions in the after, links without fingerprints.
        let raw = try rawConnection(scratch.location.databasePath, keyFile: keyFile)
        let entry = SQLiteValue.integer(2)
        var after = try StateSlice(decoding: try #require(text(raw.scalar("SELECT after FROM history WHERE id = ?", [entry]))))
        after.subscriptions = written
        try raw.run("UPDATE history SET after = ? WHERE id = ?", [.text(after.encoded(at: fixedNow)), entry])
        try raw.execute("""
            CREATE TABLE history_subscriptions_v14 (
                history_id INTEGER NOT NULL REFERENCES history (id),
                subscription_id TEXT NOT NULL,
                PRIMARY KEY (subscription_id, history_id)
            );
            INSERT INTO history_subscriptions_v14 SELECT history_id, subscription_id FROM history_subscriptions;
            DROP TABLE history_subscriptions;
            ALTER TABLE history_subscriptions_v14 RENAME TO history_subscriptions;
            PRAGMA user_version = 14;
            """)
        let migrated = try self.store()
        #expect(try migrated.nextUndo()?.action == .import)
        #expect(try raw.userVersion == Schema.migrator.latestVersion)
        try migrated.undo(try #require(try migrated.nextUndo()), now: fixedNow)
        #expect(try migrated.exportDocument(now: fixedNow) == before)
    }
}
