import Foundation
import Testing
@testable import SubscriptionCore

/// The record types that own each table's SQL, which the store's changes and undo both write
/// through.
@Suite("Records")
struct RecordsTests {
    let scratch = Scratch()

    private func store() throws -> SubscriptionStore { try SubscriptionStore(location: scratch.location) }

    private func new(_ name: String, in category: String) throws -> NewSubscription {
        var new = try simpleNewSubscription(name)
        new.category = category
        return new
    }

    @Test("A category renamed, by a change of case too, is renamed on every subscription in it")
    func renameReachesEverySubscription() throws {
        let connection = try EncryptedDatabase.empty(categories: StoreLocation.englishCategories)
        let subscriptions = SubscriptionRecords(connection: connection)
        for name in ["Netflix", "Hulu"] {
            try subscriptions.insert(try new(name, in: "Streaming").subscription(config: Config(), category: "Streaming", now: fixedNow))
        }
        let categories = CategoryRecords(connection: connection)
        for (old, new) in [("Streaming", "Video"), ("Video", "VIDEO")] {
            try categories.rename(old, to: new)
            #expect(try subscriptions.all().map(\.category) == [new, new])
            #expect(try categories.usage().first { NameMatching.same($0.name, new) }?.name == new)
            #expect(try subscriptions.names(inCategory: new).count == 2)
        }
    }

    @Test("A rate reads back as set; one against another base is kept but not used; a delete says whether there was one")
    func rateRoundTrip() throws {
        let connection = try EncryptedDatabase.empty(categories: StoreLocation.englishCategories)
        let rates = RateRecords(connection: connection)
        let euro = ImportedRate(rate: try ExchangeRate(currency: currency("EUR"), rate: "1.08", setAt: fixedNow), base: currency("USD"))
        let lira = ImportedRate(rate: try ExchangeRate(currency: currency("EUR"), rate: "37.5", setAt: fixedNow), base: currency("TRY"))
        try rates.set(euro)
        try rates.insert(lira)
        #expect(try rates.rates(into: currency("USD")) == [euro.rate])
        #expect(try rates.all() == [lira, euro])
        #expect(Set(try rates.currencyCodes()) == ["EUR", "TRY", "USD"])

        let later = ImportedRate(
            rate: try ExchangeRate(currency: currency("EUR"), rate: "1.1", setAt: fixedNow.addingTimeInterval(60)), base: currency("USD"))
        try rates.set(later)
        #expect(try rates.rates(into: currency("USD")) == [later.rate])
        #expect(throws: SQLiteError.self, "an import's rate never replaces one there") { try rates.insert(euro) }

        #expect(try rates.delete(currency("EUR"), base: currency("USD")))
        #expect(try !rates.delete(currency("EUR"), base: currency("USD")))
        #expect(try rates.all() == [lira])
    }

    @Test("Undoing a category rename, by a change of case too, gives the category and its subscriptions their old name")
    func undoCategoryRename() throws {
        let store = try store()
        try store.addCategory("Podcasts", color: CategoryColor(stored: "green"), now: fixedNow)
        _ = try store.add(try new("Serial", in: "Podcasts"), now: fixedNow)
        let before = try store.exportDocument(now: fixedNow)
        for new in ["Shows", "PODCASTS"] {
            try store.renameCategory("Podcasts", to: new, now: fixedNow)
            #expect(try store.subscription("Serial").category == new)
            try store.undo(try #require(try store.nextUndo()), now: fixedNow)
            #expect(try store.exportDocument(now: fixedNow) == before)
            #expect(try store.categoryUsage().first { $0.name == "Podcasts" }
                    == CategoryUsage(name: "Podcasts", color: CategoryColor(stored: "green"), subscriptionCount: 1))
        }
    }

    @Test("Undoing config set puts back the value it replaced, or the default when it replaced none")
    func undoConfigSet() throws {
        let store = try store()
        try store.setConfig(.budget, to: "100", now: fixedNow)
        try store.setConfig(.budget, to: "250", now: fixedNow)
        try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        #expect(try store.config().value(of: .budget) == "100")
        try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        #expect(try store.config() == Config())
        #expect(try store.configKeysSet().isEmpty)
    }
}
