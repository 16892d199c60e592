import Foundation
import Testing
@testable import SubscriptionCore

/// A large import that only added is undone by a copy of what stays, renamed over the database
/// (`undoByCopy`, issue 26): it leaves what the undo in place leaves, refuses what that refuses
/// without touching the file, and a store opened before writes to the new file.
@Suite("Undo by a copy")
struct UndoByCopyTests {
    let scratch = Scratch()

    private var keyFile: String { scratch.path("config/subs/key") }
    private var path: String { scratch.location.databasePath }

    /// Every import large enough for a copy, or none.
    private func undo(_ store: SubscriptionStore, byCopy: Bool) throws {
        try SubscriptionStore.$copyingUndoFrom.withValue(byCopy ? 1 : Int.max) {
            try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        }
    }

    /// A subscription there before (unless not `keeping` one), then an import of `count` with a
    /// row in each table of theirs, a new category, a login and a reminder sent for one of them.
    private func importedStore(count: Int = 12, keeping: Bool = true, at location: StoreLocation? = nil) throws -> SubscriptionStore {
        let store = try SubscriptionStore(location: location ?? scratch.location)
        if keeping {
            var kept = try simpleNewSubscription("Kept", amount: "3.00")
            kept.members = [Member(name: "Ayşe", weight: 1)]
            _ = try store.add(kept, now: fixedNow)
        }
        let items = (0..<count).map { index in
            var item = subscription(name: "Service \(index)", price: "\(index + 5).99", start: "2024-01-\(10 + index % 18)")
            item.members = [Member(name: "Ayşe", weight: 1), Member(name: "Sam", weight: 2)]
            item.prices.append(PriceChange(effective: day("2024-09-01"), amount: money("\(index + 7).49")))
            item.pauses = [Pause(from: day("2024-03-01"), until: day("2024-04-01"))]
            item.periods = [BillingPeriod(cancelledOn: day("2024-10-10"))]
            item.charges = [ChargeRecord(date: day("2024-02-10"), amount: money("\(index + 5).99"))]
            item.category = "Podcasts"
            return ImportedSubscription(record: .path("subscriptions[\(index)]", name: nil), subscription: item)
        }
        _ = try store.apply(ParsedImport(subscriptions: items, categories: [ImportedCategory(name: "Podcasts", color: nil)]),
                            onDuplicate: .skip, dryRun: false, now: fixedNow)
        let raw = try rawConnection(store.location.databasePath, keyFile: keyFile)
        let id = try #require(try store.subscriptions().first { $0.name == "Service 3" }).id
        try raw.run("INSERT INTO logins (subscription_id, username, updated_at) VALUES (?, 'sam', '2024-11-22T08:00:00Z')", [.text(id)])
        try raw.run("""
            INSERT INTO reminders_sent (subscription_id, payment_date, offset_days, state, updated_at)
            VALUES (?, '2024-12-10', 3, 'sent', '2024-11-22T08:00:00Z')
            """, [.text(id)])
        return store
    }

    /// Every row of every table of the database at `path`, in a fixed order, with the schema
    /// and the next AUTOINCREMENT ids: what two undos must leave alike.
    private func everything(_ path: String) throws -> [String: [[SQLiteValue]]] {
        let raw = try rawConnection(path, keyFile: keyFile)
        var found: [String: [[SQLiteValue]]] = [:]
        found["schema"] = try raw.rows("SELECT type, name, sql FROM sqlite_master ORDER BY name").map(\.values)
        found["version"] = try raw.rows("PRAGMA user_version").map(\.values)
        for table in try raw.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap({ $0.text(0) }) {
            let columns = try raw.rows("PRAGMA table_info(\"\(table)\")").count
            let order = (1...columns).map(String.init).joined(separator: ", ")
            found[table] = try raw.rows("SELECT * FROM \"\(table)\" ORDER BY \(order)").map(\.values)
        }
        return found
    }

    private func inode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
    }

    @Test("By a copy the undo leaves every table as the undo in place does, and the file is a new one")
    func copyLeavesWhatInPlaceLeaves() throws {
        let store = try importedStore()
        let twin = Scratch()
        let twinPath = twin.path("subs.db")
        try FileManager.default.copyItem(atPath: path, toPath: twinPath)
        let twinStore = try SubscriptionStore(location: StoreLocation(databasePath: twinPath, key: .keyFile(keyFile)))
        let (file, twinFile) = (try inode(path), try inode(twinPath))

        try undo(store, byCopy: true)
        try undo(twinStore, byCopy: false)

        #expect(try inode(path) != file)
        #expect(try inode(twinPath) == twinFile)
        let left = try everything(path)
        #expect(left == (try everything(twinPath)))
        #expect(left["subscriptions"]?.count == 1 && left["logins"]?.isEmpty == true && left["reminders_sent"]?.isEmpty == true)
        #expect(try store.subscriptions().map(\.name) == ["Kept"])
        #expect(try !store.categories().contains("Podcasts"))
        #expect(try store.nextUndo()?.action == .add)
        let raw = try rawConnection(path, keyFile: keyFile)
        #expect(try raw.rows("PRAGMA integrity_check").first?.text(0) == "ok")
        #expect(try raw.rows("PRAGMA foreign_key_check").isEmpty)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(!leftovers.contains { $0.hasPrefix("subs.db.") })
    }

    @Test("A change made since outside the history refuses the undo by a copy, and the file is as it was",
          arguments: ["UPDATE price_changes SET amount_minor = 1 WHERE amount_minor = 749",
                      "DELETE FROM members WHERE name = 'Sam' AND subscription_id IN (SELECT id FROM subscriptions WHERE name = 'Service 2')",
                      "DELETE FROM subscriptions WHERE name = 'Service 4'"],
          // With another subscription stored, and with only the import's (proved by one sum of every row).
          [true, false])
    func changeSinceRefuses(_ sql: String, keeping: Bool) throws {
        let store = try importedStore(keeping: keeping)
        try rawConnection(path, keyFile: keyFile).execute(sql)
        let (there, file) = (try everything(path), try inode(path))
        let change = try #require(try store.nextUndo())

        #expect(throws: UndoError.self) { try undo(store, byCopy: true) }

        #expect(try inode(path) == file)
        #expect(try everything(path) == there)
        #expect(try store.nextUndo() == change)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(!leftovers.contains { $0.hasPrefix("subs.db.") })
    }

    @Test("A row of a later table naming a member of what the import wrote refuses the undo by a copy")
    func brokenKeyRefuses() throws {
        let store = try importedStore()
        try rawConnection(path, keyFile: keyFile).execute("""
            CREATE TABLE member_notes (
                subscription_id TEXT NOT NULL, position INTEGER NOT NULL, note TEXT,
                FOREIGN KEY (subscription_id, position) REFERENCES members (subscription_id, position)
            );
            INSERT INTO member_notes SELECT subscription_id, position, 'pays late' FROM members;
            """)
        let (there, file) = (try everything(path), try inode(path))

        #expect(throws: StoreError.self) { try undo(store, byCopy: true) }

        #expect(try inode(path) == file)
        #expect(try everything(path) == there)
    }

    @Test("A store opened before the undo by a copy writes to the new file, and sees it")
    func storeOpenedBeforeWritesToTheCopy() throws {
        let store = try importedStore()
        let other = try SubscriptionStore(location: scratch.location)
        #expect(try other.subscriptions().count == 13)

        try undo(store, byCopy: true)

        #expect(try other.subscriptions().map(\.name) == ["Kept"])
        _ = try other.add(try simpleNewSubscription("Later", amount: "4.00"), now: fixedNow)
        #expect(try store.subscriptions().map(\.name).sorted() == ["Kept", "Later"])
        #expect(try rawConnection(path, keyFile: keyFile).scalar("SELECT count(*) FROM subscriptions") == .integer(2))
    }

    @Test("The copy a killed undo left is removed; a file in WAL mode, or one with a trigger, is undone in place",
          arguments: ["", "PRAGMA journal_mode = WAL", "CREATE TRIGGER noted AFTER DELETE ON subscriptions BEGIN SELECT 1; END"])
    func whereItIsNotCopied(_ sql: String) throws {
        let store = try importedStore()
        let leftover = path + ".tmp-999999-12345"
        try Files.write(Data("left by a killed undo".utf8), to: leftover)
        if !sql.isEmpty { _ = try rawConnection(path, keyFile: keyFile).rows(sql) }
        let file = try inode(path)

        try undo(store, byCopy: true)

        #expect(try store.subscriptions().map(\.name) == ["Kept"])
        #expect((try inode(path) == file) == !sql.isEmpty)
        #expect(Files.exists(leftover) == !sql.isEmpty)
    }

    @Test("By a copy, a row of a later table naming no subscription stays, and so does a table whose name starts with sqlite")
    func copyKeepsWhatNamesNone() throws {
        let store = try importedStore()
        try rawConnection(path, keyFile: keyFile).execute("""
            CREATE TABLE later (subscription_id TEXT REFERENCES subscriptions (id) ON DELETE CASCADE, note TEXT);
            INSERT INTO later SELECT id, 'theirs' FROM subscriptions;
            INSERT INTO later VALUES (NULL, 'no one''s');
            CREATE TABLE sqlitebrowser_notes (note TEXT);
            INSERT INTO sqlitebrowser_notes VALUES ('kept');
            """)
        let file = try inode(path)

        try undo(store, byCopy: true)

        #expect(try inode(path) != file)
        let raw = try rawConnection(path, keyFile: keyFile)
        #expect(try raw.rows("SELECT note FROM later ORDER BY note").compactMap { $0.text(0) } == ["no one's", "theirs"])
        #expect(try raw.rows("SELECT note FROM sqlitebrowser_notes").compactMap { $0.text(0) } == ["kept"])
    }

    @Test("A database reached through a symbolic link, or with SQLite's statistics, is undone in place",
          arguments: [true, false])
    func symbolicLinkOrStatisticsInPlace(_ linked: Bool) throws {
        let real = scratch.path("real/subs.db")
        let location = linked ? StoreLocation(databasePath: scratch.path("linked.db"), key: .keyFile(keyFile)) : scratch.location
        if linked {
            try FileManager.default.createDirectory(atPath: scratch.path("real"), withIntermediateDirectories: true)
            _ = try SubscriptionStore(location: StoreLocation(databasePath: real, key: .keyFile(keyFile))).add(
                try simpleNewSubscription("First", amount: "1.00"), now: fixedNow)
            try FileManager.default.createSymbolicLink(atPath: location.databasePath, withDestinationPath: real)
        }
        let store = try importedStore(keeping: false, at: location)
        if !linked { try rawConnection(path, keyFile: keyFile).execute("ANALYZE") }
        let target = linked ? real : path
        let file = try inode(target)

        try undo(store, byCopy: true)

        #expect(try inode(target) == file)
        #expect(try store.subscriptions().map(\.name) == (linked ? ["First"] : []))
        if linked {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: location.databasePath) == real)
        }
    }
}
