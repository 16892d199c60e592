import Foundation
import Testing
@testable import SubscriptionCore

/// Schema version 11 (issue 23, item 2): the history keeps data instead of English summaries, and
/// links each entry to the subscriptions it touched instead of searching its text.
@Suite("History migration and links")
struct HistoryMigrationTests {
    let scratch = Scratch()

    private var keyFile: String { scratch.path("config/subs/key") }

    private func store() throws -> SubscriptionStore { try SubscriptionStore(location: scratch.location) }

    /// A history of every kind of change a version-10 database holds.
    private func makeHistory(_ store: SubscriptionStore) throws {
        var netflix = try simpleNewSubscription("Netflix")
        netflix.category = "Streaming"
        _ = try store.add(netflix, now: fixedNow)
        _ = try store.add(try simpleNewSubscription("Spotify"), now: fixedNow)
        var changes = SubscriptionChanges()
        changes.notes = .some("4K plan")
        _ = try store.edit("netflix", changes, today: day("2024-06-01"), now: fixedNow)
        try store.addCategory("Podcasts", color: nil, now: fixedNow)
        try store.renameCategory("Streaming", to: "Video", now: fixedNow)
        try store.setConfig(.remindDays, to: "7,1", now: fixedNow)
        try store.setRates([(currency("GBP"), "1.27"), (currency("EUR"), "1.08")], now: fixedNow)
        try store.deleteRate(currency("GBP"), now: fixedNow)
        _ = try store.delete(references: ["spotify"], now: fixedNow)
    }

    /// Turns the database back into what version 10 wrote: the history table of version 8 with
    /// its English summaries, and no links; and none of version 12's contract columns, which
    /// SQLite cannot drop, so their tables are copied without them (version 13's paid_by with
    /// them), nor version 13's settlements, nor version 14's sync tables.
    private func downgradeToVersion10(_ raw: Connection, summaries: [Int: String]) throws {
        try raw.execute("""
            PRAGMA foreign_keys = OFF;
            DROP TABLE settlements;
            DROP TABLE sync_device; DROP TABLE sync_registers; DROP TABLE sync_applied; DROP TABLE sync_peers;
            DROP TABLE sync_outbox;
            CREATE TABLE subscriptions_v11 (id TEXT PRIMARY KEY NOT NULL, name, currency, cycle_count, cycle_unit,
                start_date, trial_end, category, url, notes, payment_method, remind_days, auto_renew, created_at,
                updated_at);
            INSERT INTO subscriptions_v11 SELECT id, name, currency, cycle_count, cycle_unit, start_date,
                trial_end, category, url, notes, payment_method, remind_days, auto_renew, created_at, updated_at
                FROM subscriptions;
            DROP TABLE subscriptions;
            ALTER TABLE subscriptions_v11 RENAME TO subscriptions;
            CREATE TABLE billing_periods_v11 AS SELECT subscription_id, position, restarted_on, cancelled_on,
                cycle_count, cycle_unit FROM billing_periods;
            DROP TABLE billing_periods;
            ALTER TABLE billing_periods_v11 RENAME TO billing_periods;
            CREATE TABLE reminders_sent_v11 AS SELECT subscription_id, payment_date, offset_days, state, updated_at,
                claimed_by FROM reminders_sent;
            DROP TABLE reminders_sent;
            ALTER TABLE reminders_sent_v11 RENAME TO reminders_sent;
            PRAGMA foreign_keys = ON;
            CREATE TABLE history_v8 (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                changed_at TEXT NOT NULL,
                action TEXT NOT NULL,
                subscription_id TEXT,
                subject TEXT NOT NULL,
                summary TEXT NOT NULL,
                before TEXT NOT NULL,
                after TEXT NOT NULL,
                undone_at TEXT,
                replaced_backup TEXT
            );
            INSERT INTO history_v8 SELECT id, changed_at, action, subscription_id, subject, 'an English summary',
                before, after, undone_at, replaced_backup FROM history;
            DROP TABLE history_subscriptions;
            DROP TABLE history;
            ALTER TABLE history_v8 RENAME TO history;
            CREATE INDEX history_subscription ON history (subscription_id);
            PRAGMA user_version = 10;
            """)
        for (id, summary) in summaries {
            try raw.run("UPDATE history SET summary = ? WHERE id = ?", [.text(summary), .integer(Int64(id))])
        }
    }

    @Test("A version-10 history migrates: entries say the same from their data, and log REF finds them by link")
    func version10HistoryMigrates() throws {
        let store = try store()
        try makeHistory(store)
        let entries = try store.history()
        let netflix = try store.history(about: "netflix")
        let spotify = try store.history(about: "spotify")
        #expect(netflix.map(\.action) == [.category, .edit, .add], "the rename held Netflix, in Streaming")
        #expect(spotify.map(\.action) == [.delete, .add])

        // An import and a login, which keep their English summary, as an older subs wrote them.
        let raw = try rawConnection(scratch.location.databasePath, keyFile: keyFile)
        try downgradeToVersion10(raw, summaries: [:])
        try raw.execute("""
            INSERT INTO history (changed_at, action, subject, summary, before, after)
            SELECT changed_at, 'import', 'export.json', '1 added, 0 replaced, 0 skipped', before, after
            FROM history WHERE id = 1;
            INSERT INTO history (changed_at, action, subscription_id, subject, summary, before, after)
            SELECT changed_at, 'login', subscription_id, subject, 'login added: username', before, before
            FROM history WHERE id = 1;
            """)
        #expect(try raw.userVersion == 10)

        let migrated = try self.store()
        let after = try migrated.history()
        #expect(try raw.userVersion == Schema.migrator.latestVersion)
        #expect(Array(after.dropFirst(2)) == entries)
        #expect(after.prefix(2).map(\.change) == [.storedSummary("login added: username"),
                                                   .storedSummary("1 added, 0 replaced, 0 skipped")])
        #expect(try migrated.history(about: "spotify") == spotify)
        #expect(try migrated.history(about: "netflix") == [after[0], after[1]] + netflix)
        // Only the entries whose data cannot say them keep a summary.
        #expect(try raw.scalar("SELECT count(*) FROM history WHERE summary IS NOT NULL") == .integer(2))

        // Undo reads a migrated entry as it reads a new one.
        try migrated.undo(try #require(try migrated.nextUndo()), now: fixedNow)
        #expect(try migrated.nextUndo()?.action == .import)
    }

    @Test("Each kind of change keeps its data: subject, before and after, and what they do not say")
    func changesKeepTheirData() throws {
        let store = try store()
        try makeHistory(store)
        let changes = try store.history().map(\.change)
        let rates = try #require(changes.first { if case .ratesSet = $0 { true } else { false } })
        guard case .ratesSet(let set, let base) = rates else { return }
        #expect(set.map(\.currency.code) == ["GBP", "EUR"] && set.map(\.text) == ["1.27", "1.08"] && base == currency("USD"),
                "in the order given")
        #expect(changes.contains(.rateRemoved))
        #expect(changes.contains(.setting(.remindDays, before: nil, after: "7,1")))
        #expect(changes.contains(.categoryRenamed(from: "Streaming")) && changes.contains(.categoryAdded))
        guard case .subscription(let before?, nil) = changes[0] else {
            Issue.record("\(changes[0])")
            return
        }
        #expect(before.name == "Spotify")
    }
}
