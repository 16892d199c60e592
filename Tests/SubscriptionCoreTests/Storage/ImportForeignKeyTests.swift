import Foundation
import Testing
@testable import SubscriptionCore

/// An import writes with foreign key enforcement off (issue 26): its writes keep every key
/// whole themselves, and the one that depends on what was there, a subscription's category, is
/// checked before it commits.
@Suite("Import with foreign keys off")
struct ImportForeignKeyTests {
    let scratch = Scratch()

    private var keyFile: String { scratch.path("config/subs/key") }

    private func store() throws -> SubscriptionStore { try SubscriptionStore(location: scratch.location) }

    private func imported(_ names: [String], category: String) -> ParsedImport {
        ParsedImport(subscriptions: names.enumerated().map { index, name in
            var item = subscription(name: name, price: "\(index + 5).99", start: "2024-01-\(10 + index)")
            item.category = category
            item.members = [Member(name: "Ayşe", weight: 1)]
            item.prices.append(PriceChange(effective: day("2024-09-01"), amount: money("\(index + 7).49")))
            item.charges = [ChargeRecord(date: day("2024-02-\(10 + index)"), amount: money("\(index + 5).99"))]
            return ImportedSubscription(record: .path("subscriptions[\(index)]", name: nil), subscription: item)
        })
    }

    @Test("An import that adds and replaces leaves no broken key, no stale row, and foreign keys on")
    func addAndReplaceKeepKeysWhole() throws {
        let store = try store()
        _ = try store.apply(imported(["Netflix", "Spotify"], category: "Video"), onDuplicate: .skip, dryRun: false, now: fixedNow)
        let raw = try rawConnection(scratch.location.databasePath, keyFile: keyFile)
        let before = try raw.rows("SELECT count(*) FROM price_changes").first?.int(0)

        // The same two again, replacing theirs, in another category the import creates, and one more.
        let plan = try store.apply(imported(["Netflix", "Spotify", "Disney+"], category: "Streaming"),
                                   onDuplicate: .replace, dryRun: false, now: fixedNow)

        #expect(plan.replaced == 2 && plan.added == 1)
        #expect(try raw.rows("PRAGMA foreign_key_check").isEmpty)
        #expect(try store.existingConnection()?.scalar("PRAGMA foreign_keys") == .integer(1))
        // Each replaced subscription has its new rows only: two prices each, as the file has.
        #expect(try raw.rows("SELECT count(*) FROM price_changes").first?.int(0) == (before ?? 0) + 2)
        #expect(try store.subscriptions().allSatisfy { $0.category == "Streaming" && $0.prices.count == 2 })
    }

    @Test("An import that would leave a subscription's category pointing nowhere writes nothing")
    func brokenCategoryRefusesImport() throws {
        let store = try store()
        _ = try store.add(try simpleNewSubscription("Kept", amount: "3.00"), now: fixedNow)
        let raw = try rawConnection(scratch.location.databasePath, keyFile: keyFile)
        // Something the import's writes do not know of takes the category away as it is used.
        try raw.execute("""
            CREATE TRIGGER take_category AFTER INSERT ON subscriptions
            BEGIN DELETE FROM categories WHERE name = NEW.category; END
            """)
        let there = try store.exportDocument(now: fixedNow)

        #expect(throws: (any Error).self) {
            try store.apply(imported(["Netflix"], category: "Video"), onDuplicate: .skip, dryRun: false, now: fixedNow)
        }

        #expect(try store.exportDocument(now: fixedNow) == there)
        #expect(try raw.rows("PRAGMA foreign_key_check").isEmpty)
        #expect(try store.existingConnection()?.scalar("PRAGMA foreign_keys") == .integer(1))
    }

    @Test("Only what the import writes is checked: a key broken before it does not refuse it")
    func brokenBeforeIsNotTheImports() throws {
        let store = try store()
        _ = try store.apply(imported(["Kept"], category: "Old"), onDuplicate: .skip, dryRun: false, now: fixedNow)
        let raw = try rawConnection(scratch.location.databasePath, keyFile: keyFile)
        try raw.execute("PRAGMA foreign_keys = OFF; DELETE FROM categories WHERE name = 'Old'")
        #expect(try !raw.rows("PRAGMA foreign_key_check(subscriptions)").isEmpty)

        let plan = try store.apply(imported(["Netflix"], category: "Video"), onDuplicate: .skip, dryRun: false, now: fixedNow)

        #expect(plan.added == 1)
        #expect(try store.subscriptions().map(\.name).sorted() == ["Kept", "Netflix"])
    }
}
