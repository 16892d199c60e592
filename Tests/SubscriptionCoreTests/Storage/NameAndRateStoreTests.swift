import Foundation
import Testing
@testable import SubscriptionCore

@Suite("Subscription store: unique names and exchange rates")
struct NameAndRateStoreTests {
    let scratch = Scratch()
    var location: StoreLocation { scratch.location }

    @Test("A second subscription with the same name in another case is refused, naming the first")
    func duplicateAddRefused() throws {
        let store = try SubscriptionStore(location: location)
        let first = try store.add(simpleNewSubscription("Netflix"), now: fixedNow)
        #expect(throws: LookupError.duplicateName(name: "netflix", existing: "Netflix", id: first.id)) {
            try store.add(simpleNewSubscription("netflix"), now: fixedNow)
        }
        #expect(try store.subscriptions().map(\.name) == ["Netflix"])
    }

    @Test("Renaming onto another subscription's name is refused; a change of case of its own name is not")
    func duplicateRenameRefused() throws {
        let store = try SubscriptionStore(location: location)
        let netflix = try store.add(simpleNewSubscription("Netflix"), now: fixedNow)
        let hulu = try store.add(simpleNewSubscription("Hulu"), now: fixedNow)
        var changes = SubscriptionChanges()
        changes.name = "NETFLIX"
        #expect(throws: LookupError.duplicateName(name: "NETFLIX", existing: "Netflix", id: netflix.id)) {
            try store.edit(hulu.id, changes, today: day("2024-03-01"), now: fixedNow)
        }
        #expect(try store.subscription(hulu.id).name == "Hulu")
        #expect(try store.edit(netflix.id, changes, today: day("2024-03-01"), now: fixedNow).name == "NETFLIX")
    }

    @Test("Parallel adds of one name leave exactly one: the check is inside the write lock", arguments: 0..<5)
    func parallelDuplicateAdds(round: Int) throws {
        let log = ConcurrentWriteTests.ErrorLog()
        let location = location
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            do {
                _ = try SubscriptionStore(location: location).add(
                    simpleNewSubscription(worker.isMultiple(of: 2) ? "Netflix" : "NETFLIX"), now: fixedNow)
            } catch {
                log.record(error)
            }
        }
        #expect(log.all.count == 5, "\(log.all)")
        #expect(log.errors.allSatisfy { if case .duplicateName? = $0 as? LookupError { true } else { false } }, "\(log.all)")
        #expect(try SubscriptionStore(location: location).subscriptions().count == 1)
    }

    @Test("An inverse rate with a finite decimal is kept exact; otherwise to 20 significant digits, and reads back")
    func inverseRates() throws {
        let store = try SubscriptionStore(location: location)
        #expect(try store.setInverseRate(currency("EUR"), "0.8", now: fixedNow).text == "1.25")
        let lira = try store.setInverseRate(currency("TRY"), "34.5", now: fixedNow)
        #expect(lira.text == "0.028985507246376811594")
        #expect(lira.rate == Decimal(string: "0.028985507246376811594"))
        let rates = try store.rates()
        #expect(rates.map(\.text) == ["1.25", "0.028985507246376811594"])
        #expect(try store.converter().rates[currency("TRY")] == lira.rate)
    }

    @Test("Deleting a rate removes it; deleting one that is not set is not found")
    func deleteRate() throws {
        let store = try SubscriptionStore(location: location)
        try store.setRates([(currency("EUR"), "1.08")], now: fixedNow)
        try store.deleteRate(currency("EUR"))
        #expect(try store.rates().isEmpty)
        #expect(throws: LookupError.noRate(currency: "EUR")) { try store.deleteRate(currency("EUR")) }
    }

    @Test("A category keeps its colour; a stored colour that is not one reads as a damaged database")
    func categoryColours() throws {
        let store = try SubscriptionStore(location: location)
        try store.addCategory("Films", color: try CategoryColor(input: "#FF8800"))
        try store.addCategory("Games", color: CategoryColor(.cyan))
        let usage = try store.categoryUsage()
        #expect(usage.first { $0.name == "Films" }?.color?.description == "#ff8800")
        #expect(usage.first { $0.name == "Games" }?.color?.name == .cyan)

        let raw = try rawConnection(location.databasePath, keyFile: scratch.path("config/subs/key"))
        try raw.run("UPDATE categories SET color = 'purple' WHERE name = 'Games'")
        #expect(throws: StoreError.damaged(path: location.databasePath, damage: .categoryColour)) {
            try SubscriptionStore(location: location).categoryUsage()
        }
    }

    @Test("A category name taken in another case, or a category in use, is refused by case; nothing changes")
    func categoryRefusals() throws {
        let store = try SubscriptionStore(location: location)
        try store.addCategory("Films", color: nil)
        #expect(throws: CategoryError.exists(existing: "Films")) { try store.addCategory("films", color: nil) }
        #expect(throws: CategoryError.exists(existing: "Films")) { try store.renameCategory("Streaming", to: "FILMS") }
        var movie = try simpleNewSubscription("Cinema")
        movie.category = "films"
        _ = try store.add(movie, now: fixedNow)
        #expect(throws: CategoryError.inUse(category: "Films", by: ["Cinema"])) { try store.deleteCategory("Films") }
        #expect(try store.categoryUsage().first { $0.name == "Films" }?.subscriptionCount == 1)
    }

    @Test("The base currency takes no rate, a total in a currency without one is refused, an empty edit is refused")
    func settingsAndEditRefusals() throws {
        let store = try SubscriptionStore(location: location)
        #expect(throws: SettingsError.rateOfBaseCurrency(.usd)) {
            try store.setRates([(currency("EUR"), "1.08"), (.usd, "1")], now: fixedNow)
        }
        #expect(try store.rates().isEmpty, "all or none")
        #expect(throws: SettingsError.noRateToConvertInto(currency("EUR"))) {
            try store.converter().rebased(to: currency("EUR"))
        }
        let added = try store.add(simpleNewSubscription("Netflix"), now: fixedNow)
        #expect(throws: EditError.nothingToChange) {
            try store.edit(added.id, SubscriptionChanges(), today: day("2024-07-01"), now: fixedNow)
        }
    }
}
