import Foundation
import Testing
@testable import SubscriptionCore

@Suite("Subscription store: files and round trips")
struct SubscriptionStoreTests {
    let scratch = Scratch()
    var location: StoreLocation { scratch.location }
    var keyPath: String { scratch.path("config/subs/key") }
    var databasePath: String { location.databasePath }

    @Test("The first add creates a 0600 key file of 64 lowercase hex digits and a 0600 database in 0700 directories")
    func firstAddCreatesPrivateFiles() throws {
        let store = try SubscriptionStore(location: location)
        _ = try store.add(simpleNewSubscription("Netflix"), now: fixedNow)

        let key = try Files.bytes(keyPath)
        #expect(key.count == 65)
        #expect(key.last == UInt8(ascii: "\n"))
        #expect(key.dropLast().allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                                            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
        #expect(try Files.permissions(keyPath) == 0o600)
        #expect(try Files.permissions(databasePath) == 0o600)
        #expect(try Files.permissions(scratch.path("data/subs")) == 0o700)
        #expect(try Files.permissions(scratch.path("config/subs")) == 0o700)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path("config/subs"))
        #expect(leftovers == ["key"], "no temporary key files are left behind")
    }

    @Test("Two new databases get different random keys")
    func keysAreRandom() throws {
        let other = StoreLocation(databasePath: scratch.path("b/subs.db"), key: .keyFile(scratch.path("b/key")))
        _ = try SubscriptionStore(location: location).add(simpleNewSubscription("A"), now: fixedNow)
        _ = try SubscriptionStore(location: other).add(simpleNewSubscription("B"), now: fixedNow)
        #expect(try Files.bytes(keyPath) != Files.bytes(scratch.path("b/key")))
    }

    @Test("Reading before anything was written creates no file, no key and no directory")
    func readsCreateNothing() throws {
        let store = try SubscriptionStore(location: location)
        #expect(try store.subscriptions().isEmpty)
        #expect(try store.config() == Config.defaults)
        #expect(try store.categories() == ["Cloud", "Fitness", "Gaming", "Music", "News", "Other",
                                           "Software", "Streaming", "Utilities"])
        #expect(throws: LookupError.notFound(reference: "netflix")) { try store.subscription("netflix") }
        #expect(try store.delete(ids: ["aaaa1111-0000-4000-8000-000000000001"]) == 0)
        #expect(!Files.exists(scratch.path("data")))
        #expect(!Files.exists(scratch.path("config")))
    }

    @Test("A subscription with every field set reads back identical after reopening the database")
    func addRoundTripsAllFields() throws {
        let added = try SubscriptionStore(location: location).add(fullNewSubscription(), now: fixedNow)
        #expect(added.name == "Netflix Premium")
        #expect(added.currency == currency("EUR"))
        #expect(added.prices == [PriceChange(effective: day("2024-01-31"), amount: money("15.49", "EUR"))])
        #expect(added.cycle == cycle(3, .month))
        #expect(added.startDate == day("2024-01-31"))
        #expect(added.trialEnd == day("2024-02-14"))
        #expect(added.category == "Streaming", "the category takes its stored spelling")
        #expect(added.url == "https://example.com/account")
        #expect(added.notes == "family plan, shared with Ana")
        #expect(added.paymentMethod == "Visa ••4242")
        #expect(added.remindDays == [7, 1])
        #expect(added.autoRenew == false)
        #expect(added.createdAt == fixedNow && added.updatedAt == fixedNow)
        #expect(added.id == added.id.lowercased() && UUID(uuidString: added.id) != nil)

        let reopened = try SubscriptionStore(location: location)
        #expect(try reopened.subscriptions() == [added])
        #expect(try reopened.subscription(added.shortID) == added)
        #expect(try reopened.subscription("netflix premium") == added)
    }

    @Test("Without a currency a subscription takes the configured one, USD at first")
    func defaultCurrency() throws {
        let added = try SubscriptionStore(location: location).add(simpleNewSubscription("Spotify"), now: fixedNow)
        #expect(added.currency == .usd)
        #expect(added.price(on: day("2024-01-31")) == money("9.99"))
        #expect(added.remindDays == nil && added.category == nil && added.trialEnd == nil && added.autoRenew)
        #expect(try SubscriptionStore(location: location).subscriptions() == [added])
    }

    @Test("Subscriptions list in the order they were added")
    func listOrder() throws {
        let store = try SubscriptionStore(location: location)
        for (offset, name) in ["Zeta", "Alpha", "Mid"].enumerated() {
            _ = try store.add(simpleNewSubscription(name), now: fixedNow.addingTimeInterval(Double(offset)))
        }
        #expect(try SubscriptionStore(location: location).subscriptions().map(\.name) == ["Zeta", "Alpha", "Mid"])
    }

    @Test("Subscriptions stored out of the order they were added in (an import of older ones) still list by when they were added, then by id")
    func listOrderOfRowsStoredOutOfOrder() throws {
        let connection = try EncryptedDatabase.empty(categories: StoreLocation.englishCategories)
        let records = SubscriptionRecords(connection: connection)
        let added: [(name: String, id: String, second: Double)] = [
            ("Latest", "00000000-0000-4000-8000-000000000001", 30), ("Tie b", "b0000000-0000-4000-8000-000000000000", 10),
            ("Earliest", "f0000000-0000-4000-8000-000000000000", 0), ("Tie a", "a0000000-0000-4000-8000-000000000000", 10),
        ]
        for entry in added {
            let instant = fixedNow.addingTimeInterval(entry.second)
            try records.insert(Subscription(id: entry.id, name: entry.name, price: money("9.99"), cycle: cycle(1, .month),
                                            startDate: day("2024-01-31"), createdAt: instant))
        }
        #expect(try records.all().map(\.name) == ["Earliest", "Tie a", "Tie b", "Latest"])
        #expect(try records.all(ids: [added[0].id, added[2].id]).map(\.name) == ["Earliest", "Latest"])
    }

    @Test("An amount with too many digits for its currency is refused and nothing is written, not even a new category")
    func invalidAddWritesNothing() throws {
        let store = try SubscriptionStore(location: location)
        _ = try store.add(simpleNewSubscription("Keep"), now: fixedNow)
        var yen = try simpleNewSubscription("Yen", amount: "10.5")
        yen.currency = currency("JPY")
        yen.category = "Groceries"
        #expect(throws: InputError.self) { try store.add(yen, now: fixedNow) }
        #expect(try !store.categories().contains("Groceries"))
        var badTrial = try simpleNewSubscription("Trial before start")
        badTrial.trialEnd = day("2024-01-01")
        #expect(throws: DateOrderError.trialEndBeforeStart(trialEnd: day("2024-01-01"), start: badTrial.startDate)) {
            try store.add(badTrial, now: fixedNow)
        }
        #expect(try SubscriptionStore(location: location).subscriptions().map(\.name) == ["Keep"])
    }

    @Test("A category no category has yet is created by add and edit, in the spelling given, and said so")
    func newCategoryIsCreated() throws {
        let store = try SubscriptionStore(location: location)
        var new = try simpleNewSubscription("Groceries box")
        new.category = "Groceries"
        let (added, created) = try store.addCreatingCategory(new, now: fixedNow)
        #expect(added.category == "Groceries" && created == "Groceries")
        new = try simpleNewSubscription("Another box")
        new.category = "GROCERIES"
        let (second, none) = try store.addCreatingCategory(new, now: fixedNow)
        #expect(second.category == "Groceries" && none == nil)
        var changes = SubscriptionChanges()
        changes.category = .some("Food")
        let (edited, _, food) = try store.editReportingChange("another box", changes, today: day("2024-06-15"), now: fixedNow)
        #expect(edited.category == "Food" && food == "Food")
        #expect(try store.categories().contains("Food"))
    }

    @Test("A price change with an effective date is kept as history and read back")
    func editAmountKeepsHistory() throws {
        let store = try SubscriptionStore(location: location)
        let added = try store.add(simpleNewSubscription("Netflix", amount: "15.49"), now: fixedNow)
        var changes = SubscriptionChanges()
        changes.amount = try DecimalAmount(input: "17.99")
        changes.effective = day("2024-06-01")
        let later = fixedNow.addingTimeInterval(3600)
        let edited = try store.edit(added.id, changes, today: day("2024-05-01"), now: later)
        #expect(edited.prices == [PriceChange(effective: day("2024-01-31"), amount: money("15.49")),
                                  PriceChange(effective: day("2024-06-01"), amount: money("17.99"))])
        #expect(edited.updatedAt == later && edited.createdAt == fixedNow)

        let reread = try #require(try SubscriptionStore(location: location).subscriptions().first)
        #expect(reread == edited)
        #expect(reread.payments(from: day("2024-04-01"), through: day("2024-07-31")).map(\.amount.description)
                == ["15.49", "15.49", "17.99", "17.99"])
    }

    @Test("A price change without a date takes effect today")
    func editAmountDefaultsToToday() throws {
        let store = try SubscriptionStore(location: location)
        let added = try store.add(simpleNewSubscription("Netflix", amount: "15.49"), now: fixedNow)
        var changes = SubscriptionChanges()
        changes.amount = try DecimalAmount(input: "19.99")
        _ = try store.edit("Netflix", changes, today: day("2024-09-10"), now: fixedNow)
        let reread = try SubscriptionStore(location: location).subscription(added.id)
        #expect(reread.prices.map(\.effective) == days(["2024-01-31", "2024-09-10"]))
        #expect(reread.price(on: day("2024-09-30")) == money("19.99"))
    }

    @Test("Changing the currency keeps the amounts of the whole price history under the new code")
    func editCurrency() throws {
        let store = try SubscriptionStore(location: location)
        let added = try store.add(simpleNewSubscription("Netflix", amount: "15.49"), now: fixedNow)
        var raise = SubscriptionChanges()
        raise.amount = try DecimalAmount(input: "17.99")
        raise.effective = day("2024-06-01")
        _ = try store.edit(added.id, raise, today: day("2024-05-01"), now: fixedNow)

        var toEuro = SubscriptionChanges()
        toEuro.currency = currency("EUR")
        let edited = try store.edit(added.id, toEuro, today: day("2024-07-01"), now: fixedNow)
        #expect(edited.currency == currency("EUR"))
        #expect(edited.prices.map { "\($0.amount) \($0.amount.currency)" } == ["15.49 EUR", "17.99 EUR"])
        #expect(try SubscriptionStore(location: location).subscriptions() == [edited])

        var toKWD = SubscriptionChanges()
        toKWD.currency = currency("KWD")
        let kwd = try store.edit(added.id, toKWD, today: day("2024-07-01"), now: fixedNow)
        #expect(kwd.prices.map(\.amount.description) == ["15.490", "17.990"])
    }

    @Test("A currency change the price cannot be held in (15.49 to JPY) is refused and nothing changes")
    func editCurrencyRefused() throws {
        let store = try SubscriptionStore(location: location)
        let added = try store.add(simpleNewSubscription("Netflix", amount: "15.49"), now: fixedNow)
        var toYen = SubscriptionChanges()
        toYen.currency = currency("JPY")
        #expect(throws: EditError.currencyLosesDecimals(price: money("15.49"), to: currency("JPY"))) {
            try store.edit(added.id, toYen, today: day("2024-07-01"), now: fixedNow)
        }
        #expect(try SubscriptionStore(location: location).subscriptions() == [added])
    }

    @Test("A trial end can be set and then cleared with 'none'")
    func editTrialEnd() throws {
        let store = try SubscriptionStore(location: location)
        let added = try store.add(simpleNewSubscription("Trial", start: "2025-01-31"), now: fixedNow)
        var set = SubscriptionChanges()
        set.trialEnd = .some(day("2025-02-07"))
        let withTrial = try store.edit(added.id, set, today: day("2025-01-31"), now: fixedNow)
        #expect(withTrial.trialEnd == day("2025-02-07"))
        #expect(try SubscriptionStore(location: location).subscription(added.id).trialEnd == day("2025-02-07"))
        #expect(withTrial.status(on: day("2025-02-01")) == .trial)

        var clear = SubscriptionChanges()
        clear.trialEnd = .some(nil)
        #expect(!clear.isEmpty)
        let cleared = try store.edit(added.id, clear, today: day("2025-01-31"), now: fixedNow)
        #expect(cleared.trialEnd == nil)
        let reread = try SubscriptionStore(location: location).subscription(added.id)
        #expect(reread.trialEnd == nil)
        #expect(reread.status(on: day("2025-02-01")) == .active)
    }

    @Test("Editing every other field round-trips, and 'none' clears optional text")
    func editOtherFields() throws {
        let store = try SubscriptionStore(location: location)
        let added = try store.add(fullNewSubscription(), now: fixedNow)
        var changes = SubscriptionChanges()
        changes.name = "Netflix Basic"
        changes.cycle = cycle(1, .month)
        changes.startDate = day("2024-02-01")
        changes.trialEnd = .some(nil)
        changes.category = .some("MUSIC")
        changes.url = .some(nil)
        changes.notes = .some("solo now")
        changes.paymentMethod = .some(nil)
        changes.remindDays = .some(nil)
        changes.autoRenew = true
        let edited = try store.edit(added.id, changes, today: day("2024-03-01"), now: fixedNow)
        #expect(edited.name == "Netflix Basic" && edited.cycle == .monthly && edited.startDate == day("2024-02-01"))
        #expect(edited.trialEnd == nil && edited.category == "Music" && edited.url == nil)
        #expect(edited.notes == "solo now" && edited.paymentMethod == nil && edited.remindDays == nil && edited.autoRenew)
        #expect(try SubscriptionStore(location: location).subscriptions() == [edited])

        var noCategory = SubscriptionChanges()
        noCategory.category = .some(nil)
        _ = try store.edit(added.id, noCategory, today: day("2024-03-01"), now: fixedNow)
        #expect(try SubscriptionStore(location: location).subscription(added.id).category == nil)
    }

    @Test("Editing an unknown reference is not found and writes nothing")
    func editUnknown() throws {
        let store = try SubscriptionStore(location: location)
        let added = try store.add(simpleNewSubscription("Netflix"), now: fixedNow)
        var changes = SubscriptionChanges()
        changes.name = "Other"
        #expect(throws: LookupError.notFound(reference: "zzzz")) {
            try store.edit("zzzz", changes, today: day("2024-03-01"), now: fixedNow)
        }
        #expect(try store.subscriptions() == [added])
    }

    /// Issue 8 (seams): references are resolved inside the deleting transaction, all or none.
    @Test("Delete by references resolves and deletes in one step, and deletes nothing when one does not match")
    func deleteByReferences() throws {
        let store = try SubscriptionStore(location: location)
        let netflix = try store.add(simpleNewSubscription("Netflix"), now: fixedNow)
        let hulu = try store.add(simpleNewSubscription("Hulu"), now: fixedNow.addingTimeInterval(1))
        #expect(throws: LookupError.self) { try store.delete(references: ["netflix", "nope"]) }
        #expect(try store.subscriptions().count == 2)
        let deleted = try store.delete(references: ["netflix", netflix.id, "NETFLIX"])
        #expect(deleted.map(\.id) == [netflix.id])
        #expect(try store.subscriptions().map(\.id) == [hulu.id])
    }

    @Test("Delete removes a subscription with its whole price history")
    func deleteRemovesEverything() throws {
        let store = try SubscriptionStore(location: location)
        let gone = try store.add(simpleNewSubscription("Gone"), now: fixedNow)
        let kept = try store.add(simpleNewSubscription("Kept"), now: fixedNow.addingTimeInterval(1))
        var raise = SubscriptionChanges()
        raise.amount = try DecimalAmount(input: "12.00")
        raise.effective = day("2024-06-01")
        _ = try store.edit(gone.id, raise, today: day("2024-05-01"), now: fixedNow)

        #expect(try store.delete(ids: [gone.id]) == 1)
        #expect(try store.delete(ids: [gone.id]) == 0)
        #expect(try SubscriptionStore(location: location).subscriptions() == [kept])

        let raw = try rawConnection(databasePath, keyFile: keyPath)
        #expect(try raw.scalar("SELECT count(*) FROM price_changes WHERE subscription_id = ?", [.text(gone.id)]) == .integer(0))
        #expect(try raw.scalar("SELECT count(*) FROM price_changes WHERE subscription_id = ?", [.text(kept.id)]) == .integer(1))
    }

    @Test("The database file holds none of the user's data in plain text")
    func noPlaintextOnDisk() throws {
        var new = try fullNewSubscription(name: "Zanzibar Streaming Deluxe")
        new.notes = "PLAINTEXT-CANARY-NOTES"
        _ = try SubscriptionStore(location: location).add(new, now: fixedNow)
        let bytes = try Files.bytes(databasePath)
        #expect(bytes.count >= 1024)
        #expect(bytes.range(of: Data("Zanzibar".utf8)) == nil)
        #expect(bytes.range(of: Data("PLAINTEXT-CANARY".utf8)) == nil)
        #expect(bytes.range(of: Data("subscriptions".utf8)) == nil, "even the schema is encrypted")
        #expect(bytes.range(of: Data("SQLite format 3".utf8)) == nil)
        let key = String(decoding: try Files.bytes(keyPath), as: UTF8.self).trimmingCharacters(in: .newlines)
        #expect(bytes.range(of: Data(key.utf8)) == nil)
    }

    @Test("The raw key in the key file opens the database outside subs, as the sqlcipher shell would")
    func rawKeyOpensDatabase() throws {
        let added = try SubscriptionStore(location: location).add(simpleNewSubscription("Portable"), now: fixedNow)
        let raw = try rawConnection(databasePath, keyFile: keyPath)
        #expect(try raw.scalar("SELECT name FROM subscriptions WHERE id = ?", [.text(added.id)]) == .text("Portable"))
        #expect(try raw.scalar("PRAGMA application_id") == .integer(Int64(Schema.applicationID)))
        #expect(try raw.userVersion == Schema.migrator.latestVersion)
    }

    @Test("Timestamps are stored as whole-second ISO 8601 UTC")
    func timestamps() throws {
        #expect(Timestamp.format(fixedNow) == "2024-11-22T08:00:00Z")
        #expect(Timestamp.parse("2024-11-22T08:00:00Z") == fixedNow)
        #expect(Timestamp.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(Timestamp.parse("2024-11-22 08:00:00") == nil)
        #expect(Timestamp.parse("2024-02-30T08:00:00Z") == nil)
        _ = try SubscriptionStore(location: location).add(simpleNewSubscription("T"), now: fixedNow.addingTimeInterval(0.75))
        let raw = try rawConnection(databasePath, keyFile: keyPath)
        #expect(try raw.scalar("SELECT created_at FROM subscriptions") == .text("2024-11-22T08:00:00Z"))
    }
}
