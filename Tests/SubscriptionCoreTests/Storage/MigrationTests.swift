import Foundation
import Testing
@testable import SubscriptionCore

/// Every earlier schema version migrates to the current one with the user's data intact.
@Suite struct MigrationTests {
    private let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("subs-migration-\(UUID().uuidString)")

    private var location: StoreLocation {
        StoreLocation(
            databasePath: directory.appendingPathComponent("subs.db").path,
            key: .keyFile(directory.appendingPathComponent("key").path))
    }

    /// A database left at `version` by an older subs, holding one monthly subscription.
    private func makeDatabase(at version: Int) throws {
        try KeyMaterial.createKeyFile(at: directory.appendingPathComponent("key").path)
        try PrivateFiles.createEmpty(location.databasePath)
        var (key, _) = try KeyMaterial.load(location.key, createIfMissing: false)
        let connection = try Connection(path: location.databasePath, create: false)
        try connection.key(with: &key)
        try Schema.migrator.migrate(connection, upTo: version)
        try connection.execute("""
            INSERT INTO subscriptions (id, name, currency, cycle_count, cycle_unit, start_date,
                category, remind_days, auto_renew, created_at, updated_at)
            VALUES ('0b7e9c1a-0000-4000-8000-000000000001', 'Netflix', 'USD', 1, 'month',
                '2024-01-31', 'Streaming', '7,1', 1, '2024-01-31T10:00:00Z', '2024-01-31T10:00:00Z');
            INSERT INTO price_changes (subscription_id, effective_date, amount_minor)
            VALUES ('0b7e9c1a-0000-4000-8000-000000000001', '2024-01-31', 1549);
            """)
        if version >= 3 {
            // One reminder sent, one claimed by a run that died (before claims named their run).
            try connection.execute("""
                INSERT INTO reminders_sent (subscription_id, payment_date, offset_days, state, updated_at)
                VALUES ('0b7e9c1a-0000-4000-8000-000000000001', '2024-02-29', 7, 'sent', '2024-02-22T08:00:00Z'),
                       ('0b7e9c1a-0000-4000-8000-000000000001', '2024-02-29', 1, 'claimed', '2024-02-28T08:00:00Z');
                """)
        }
        // A colour subs accepted before version 6 (fullwidth hex digits), and one that is fine.
        try connection.execute("INSERT INTO categories (name, color) VALUES ('Fine', '#ff8800')")
        if version < 6 { try connection.execute("INSERT INTO categories (name, color) VALUES ('Odd', '#ａｂｃｄｅｆ')") }
    }

    @Test(arguments: 1..<Schema.migrator.latestVersion + 1)
    func anOlderDatabaseOpensWithItsDataIntact(_ version: Int) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeDatabase(at: version)

        let store = try SubscriptionStore(location: location)
        let subscription = try #require(try store.subscriptions().first)
        #expect(subscription.name == "Netflix")
        #expect(subscription.price(on: day("2024-03-31")).description == "15.49")
        #expect(subscription.remindDays == [7, 1])
        #expect(subscription.nextPayment(onOrAfter: day("2024-02-01"))?.date == day("2024-02-29"))
        #expect(subscription.status(on: day("2024-06-01")) == .active)

        if version >= 3 {
            // The sent reminder stays sent; the dead run's claim is taken up once stale.
            let due = try store.dueReminders(today: day("2024-02-28"), now: Date(timeIntervalSince1970: 1_709_200_000))
            #expect(due.map(\.date) == [day("2024-02-29")])
            #expect(due.first?.offsets == [1])
        }
        let colours = try store.categoryUsage().filter { ["Odd", "Fine"].contains($0.name) }
        #expect(colours.map { $0.color?.description } == (version < 6 ? ["#ff8800", nil] : ["#ff8800"]))

        let paused = try store.update("Netflix") { try $0.pause(from: day("2024-03-01"), until: day("2024-05-01")) }
        #expect(paused.status(on: day("2024-03-10")) == .paused)
        #expect(try SubscriptionStore(location: location).subscriptions().first?.pauses == paused.pauses)

        // The history records a change to a database from any version, and undo reverts it.
        #expect(try store.history().map(\.action) == [.edit])
        try store.undo(try #require(try store.nextUndo()))
        #expect(try store.subscriptions().first?.pauses == [])
    }

    @Test("Version 7 rebuilds the subscriptions table: children kept, foreign keys on again, once storable")
    func rebuildKeepsChildrenAndForeignKeys() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeDatabase(at: 6)
        let store = try SubscriptionStore(location: location)
        let ticket = try store.add(NewSubscription(
            name: "Concert", amount: try DecimalAmount(input: "89"), cycle: .once, startDate: day("2024-07-05")))
        #expect(try store.subscriptions().map(\.cycle) == [.monthly, .once])
        #expect(try store.subscriptions().first?.prices.count == 1)

        let connection = try EncryptedDatabase.openKeyed(location, createKey: false)
        #expect(try connection.scalar("PRAGMA foreign_keys") == .integer(1))
        #expect(try connection.scalar("PRAGMA foreign_key_check") == nil)
        _ = try store.delete(ids: [ticket.id])
        #expect(try connection.scalar("SELECT count(*) FROM price_changes") == .integer(1))
    }

    /// Issue 24: version 12 adds the contract columns and rebuilds reminders_sent with the kind
    /// in its key.
    @Test("Version 11 to 12: subscriptions, periods, pauses and sent reminders intact, reminders of payments")
    func contractsMigrationKeepsLivesAndReminders() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeDatabase(at: 11)
        let before: [[SQLiteValue]] = try {
            let connection = try EncryptedDatabase.openKeyed(location, createKey: false)
            // Cancelled, restarted, paused, a charge recorded, a third reminder claimed by a named run.
            try connection.execute("""
                INSERT INTO billing_periods (subscription_id, position, restarted_on, cancelled_on)
                VALUES ('0b7e9c1a-0000-4000-8000-000000000001', 0, NULL, '2024-04-15'),
                       ('0b7e9c1a-0000-4000-8000-000000000001', 1, '2024-06-10', NULL);
                INSERT INTO pauses (subscription_id, starts_on, ends_on)
                VALUES ('0b7e9c1a-0000-4000-8000-000000000001', '2024-02-10', '2024-03-10');
                INSERT INTO charges (subscription_id, charged_on, amount_minor)
                VALUES ('0b7e9c1a-0000-4000-8000-000000000001', '2024-01-31', 1599);
                INSERT INTO reminders_sent (subscription_id, payment_date, offset_days, state, updated_at, claimed_by)
                VALUES ('0b7e9c1a-0000-4000-8000-000000000001', '2024-07-10', 3, 'claimed', '2024-07-07T08:00:00Z', 'run-1');
                """)
            return try connection.rows("""
                SELECT subscription_id, payment_date, offset_days, state, updated_at, claimed_by
                FROM reminders_sent ORDER BY payment_date, offset_days
                """).map(\.values)
        }()
        #expect(before.count == 3)

        let store = try SubscriptionStore(location: location)
        let netflix = try #require(try store.subscriptions().first)
        #expect(netflix.periods == [BillingPeriod(cancelledOn: day("2024-04-15")), BillingPeriod(restartedOn: day("2024-06-10"))])
        #expect(netflix.pauses == [Pause(from: day("2024-02-10"), until: day("2024-03-10"))])
        #expect(netflix.charges == [ChargeRecord(date: day("2024-01-31"), amount: money("15.99"))])
        #expect(netflix.contract == nil && netflix.cancelBy == nil && netflix.ends == nil)
        #expect(netflix.renewal == .automatic)
        #expect(netflix.status(on: day("2024-05-01")) == .cancelled)
        #expect(netflix.status(on: day("2024-07-01")) == .active)

        let migrated = try EncryptedDatabase.openKeyed(location, createKey: false)
        let after = try migrated.rows("""
            SELECT subscription_id, payment_date, offset_days, state, updated_at, claimed_by
            FROM reminders_sent ORDER BY payment_date, offset_days
            """).map(\.values)
        #expect(after == before)
        #expect(try migrated.scalar("SELECT count(*) FROM reminders_sent WHERE kind = 'payment'") == .integer(3))
        // A deadline's reminder may now fall on the day and offset of a payment's.
        try migrated.execute("""
            INSERT INTO reminders_sent (subscription_id, kind, payment_date, offset_days, state, updated_at)
            VALUES ('0b7e9c1a-0000-4000-8000-000000000001', 'cancel_by', '2024-07-10', 3, 'sent', '2024-07-07T08:00:00Z')
            """)
        #expect(try migrated.scalar("SELECT count(*) FROM reminders_sent") == .integer(4))
        #expect(try migrated.scalar("PRAGMA foreign_key_check") == nil)
    }

    /// Issue 25: version 13 adds who pays a bill (NULL: the user of the machine) and the table
    /// of settlements.
    @Test("Version 12 to 13: subscriptions paid by me, no settlements, then both storable")
    func householdMigration() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeDatabase(at: 12)
        let store = try SubscriptionStore(location: location)
        let netflix = try #require(try store.subscriptions().first)
        #expect(netflix.paidBy == nil && netflix.members == [])
        #expect(try store.settlements() == [])

        var changes = SubscriptionChanges()
        changes.paidBy = .some("Bob")
        #expect(try store.edit("Netflix", changes, today: day("2024-06-01")).paidBy == "Bob")
        let settlement = try Settlement.new(from: "Bob", to: "me", amount: money("15.49"), on: day("2024-06-01"),
                                            now: Date(timeIntervalSince1970: 1_717_200_000))
        try store.settle(settlement)
        let reopened = try SubscriptionStore(location: location)
        #expect(try reopened.subscriptions().first?.paidBy == "Bob")
        #expect(try reopened.settlements() == [settlement])
        let migrated = try EncryptedDatabase.openKeyed(location, createKey: false)
        #expect(try migrated.scalar("PRAGMA foreign_key_check") == nil)
    }

    @Test func migrationsAreNumberedFromOneWithoutGaps() {
        #expect(Schema.migrator.migrations.map(\.version) == Array(1...Schema.migrator.latestVersion))
    }
}
