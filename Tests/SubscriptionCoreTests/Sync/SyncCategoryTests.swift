import Crypto
import Foundation
import Testing
@testable import SubscriptionCore

/// PRODUCT.md §15, "Converging", for categories: a category another machine deleted goes here
/// once no subscription is in it, whether the file that moves the last one out comes in the
/// same file (a rename), before it or after it.
@Suite("Sync: deleted categories")
struct SyncCategoryTests {
    let scratch = Scratch()
    let key = SymmetricKey(size: .bits256)

    /// A machine of the group, all of them syncing through one folder.
    private func machine(_ device: Character) throws -> SubscriptionStore {
        let store = try SubscriptionStore(location: StoreLocation(
            databasePath: scratch.path("\(device)/subs.db"), key: .keyFile(scratch.path("\(device)/key"))))
        _ = try store.setConfig(.remindDays, to: "3", now: fixedNow)
        try store.joinSyncGroup(folder: folder.path, key: key, device: String(repeating: device, count: 16),
                                name: "machine \(device)", git: false)
        return store
    }

    private var folder: SyncFolder { SyncFolder(path: scratch.path("folder")) }

    private func sync(_ stores: SubscriptionStore..., at now: Date) throws {
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        for store in stores { _ = try store.sync(folder, now: now) }
    }

    private func moveToCategory(_ store: SubscriptionStore, _ name: String, _ category: String, now: Date) throws {
        let id = try #require(try store.subscriptions().first { $0.name == name }).id
        var changes = SubscriptionChanges()
        changes.category = .some(category)
        _ = try store.editReportingChange(id, changes, today: CivilDate(year: 2025, month: 1, day: 1)!, now: now)
    }

    private func categories(_ store: SubscriptionStore) throws -> [String] {
        try store.categoryColors().map(\.name)
    }

    private func subscription(_ name: String, in category: String) throws -> NewSubscription {
        var new = NewSubscription(name: name, amount: try DecimalAmount(input: "9.99"),
                                  startDate: CivilDate(year: 2025, month: 1, day: 5)!)
        new.category = category
        return new
    }

    @Test("A category renamed with subscriptions in it is gone from the other machine after one sync")
    func renameWithSubscriptions() throws {
        let a = try machine("a"), b = try machine("b")
        _ = try a.addCreatingCategory(subscription("Netflix", in: "Work"), now: fixedNow)
        try sync(a, b, a, at: fixedNow + 60)
        #expect(try categories(b).contains("Work"))

        try a.renameCategory("Work", to: "Office", now: fixedNow + 120)
        try sync(a, b, at: fixedNow + 180)
        #expect(try !categories(b).contains("Work"))
        #expect(try categories(b).contains("Office"))
        #expect(try b.subscriptions().map(\.category) == ["Office"])
        #expect(try a.exportDocument(now: fixedNow) == b.exportDocument(now: fixedNow))
    }

    @Test("A deleted category goes when a later file of the same sync moves its last subscription out")
    func deleteBeforeTheMoveArrives() throws {
        // The folder lists machine a's files before machine c's: b applies a's delete of Work
        // while its Netflix is still in Work, then c's file that moves it out.
        let a = try machine("a"), b = try machine("b"), c = try machine("c")
        _ = try a.addCreatingCategory(subscription("Netflix", in: "Work"), now: fixedNow)
        try sync(a, b, c, a, at: fixedNow + 60)

        try moveToCategory(c, "Netflix", "Music", now: fixedNow + 120)
        try sync(c, a, at: fixedNow + 180)
        try a.deleteCategory("Work", now: fixedNow + 240)
        try sync(a, at: fixedNow + 300)
        try sync(b, at: fixedNow + 360)

        #expect(try !categories(b).contains("Work"))
        #expect(try b.subscriptions().map(\.category) == ["Music"])
        #expect(try b.unsyncedEntities().isEmpty)
        #expect(try a.exportDocument(now: fixedNow) == b.exportDocument(now: fixedNow))
    }

    @Test("A deleted category a subscription here still uses stays, and comes back on the other machines")
    func deletedWhileUsedHere() throws {
        let a = try machine("a"), b = try machine("b")
        _ = try a.addCreatingCategory(subscription("Netflix", in: "Work"), now: fixedNow)
        try sync(a, b, a, at: fixedNow + 60)

        // Between syncs: a moves Netflix out and deletes Work; b puts a new subscription in it.
        try moveToCategory(a, "Netflix", "Music", now: fixedNow + 120)
        try a.deleteCategory("Work", now: fixedNow + 180)
        _ = try b.addCreatingCategory(subscription("Spotify", in: "Work"), now: fixedNow + 200)
        try sync(a, b, a, b, at: fixedNow + 240)

        #expect(try categories(a).contains("Work"))
        #expect(try categories(b).contains("Work"))
        #expect(try a.exportDocument(now: fixedNow) == b.exportDocument(now: fixedNow))
    }
}
