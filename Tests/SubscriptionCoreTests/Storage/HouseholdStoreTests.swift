import Foundation
import Testing
@testable import SubscriptionCore

/// Household money in the store (PRODUCT.md §15): who pays a bill, settlements, both through the
/// history, undo, the export document and its import.
@Suite struct HouseholdStoreTests {
    let scratch = Scratch()

    private func store() throws -> SubscriptionStore { try SubscriptionStore(location: scratch.location) }

    private func importDocument(_ document: ExportDocument, into store: SubscriptionStore) throws -> ImportPlan {
        try store.importFile(try JSONEncoder().encode(document), path: "export.json", from: nil,
                             options: ImportOptions(today: day("2024-11-22"), now: fixedNow), onDuplicate: .skip, dryRun: false)
    }

    @Test("paid_by is stored, reset to me with .some(nil), and undo brings it back")
    func paidByRoundTrip() throws {
        let store = try store()
        var spotify = try simpleNewSubscription("Spotify", amount: "11.99")
        spotify.members = [Member(name: "Bob")]
        spotify.paidBy = "Bob"
        _ = try store.add(spotify, now: fixedNow)
        #expect(try SubscriptionStore(location: scratch.location).subscription("spotify").paidBy == "Bob")

        var reset = SubscriptionChanges()
        reset.paidBy = .some(nil)
        let edited = try store.edit("spotify", reset, today: day("2024-11-22"), now: fixedNow)
        #expect(edited.paidBy == nil)
        guard case .subscription(let before, let after) = try #require(try store.history().first).change else {
            Issue.record("not a subscription change")
            return
        }
        #expect(before?.paidBy == "Bob" && after?.paidBy == nil)
        try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        #expect(try store.subscription("spotify").paidBy == "Bob")
    }

    @Test("A settlement is kept, in the history, and undo takes it back")
    func settleAndUndo() throws {
        let store = try store()
        let settlement = try Settlement.new(from: "bob", to: "alice", amount: money("5.97"), on: day("2024-11-20"), now: fixedNow)
        try store.settle(settlement, now: fixedNow)
        #expect(try SubscriptionStore(location: scratch.location).settlements() == [settlement])
        let entry = try #require(try store.history().first)
        #expect(entry.action == .settle)
        #expect(entry.change == .settled(settlement))

        try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        #expect(try store.settlements() == [])
        #expect(try store.history().first?.undoneAt != nil)
    }

    @Test("Export and import carry paid_by and settlements; a settlement imported twice is there once")
    func exportImport() throws {
        let source = try store()
        var netflix = try simpleNewSubscription("Netflix", amount: "15.99")
        netflix.members = [Member(name: "Bob")]
        _ = try source.add(netflix, now: fixedNow)
        var spotify = try simpleNewSubscription("Spotify", amount: "11.99")
        spotify.members = [Member(name: "Bob")]
        spotify.paidBy = "Bob"
        spotify.owner = "alice"
        _ = try source.add(spotify, now: fixedNow)
        let settlement = try Settlement.new(from: "Bob", to: "alice", amount: money("12.50", "EUR"), on: day("2024-11-20"), now: fixedNow)
        try source.settle(settlement, now: fixedNow)
        _ = try source.setConfig(.me, to: "alice", now: fixedNow)

        let document = try source.exportDocument(now: fixedNow)
        #expect(document.subscriptions.sorted { $0.name < $1.name }.map(\.paidBy) == [nil, "Bob"])
        #expect(document.settlements == [ExportDocument.SettlementEntry(settlement)])
        #expect(document.settings["me"] == "alice")
        let text = document.encoded()
        #expect(text.contains(#""paid_by": null"#) && text.contains(#""paid_by": "Bob""#))
        #expect(document.subscriptions.sorted { $0.name < $1.name }.map(\.owner) == [nil, "alice"])
        #expect(text.contains(#""owner": null"#) && text.contains(#""owner": "alice""#))
        #expect(text.contains(#""settlements": ["#))

        let other = Scratch()
        let target = try SubscriptionStore(location: other.location)
        let plan = try importDocument(document, into: target)
        #expect(plan.newSettlements == [settlement])
        // Who uses the machine the file came from is not who uses this one.
        #expect(plan.settingsLeftOut == [.me])
        #expect(try target.config().me == nil)
        let again = try target.exportDocument(now: fixedNow)
        #expect(again.subscriptions == document.subscriptions)
        #expect(again.settlements == document.settlements)
        #expect(try target.subscription("spotify").owner == "alice", "the owner is kept, whoever imports it")

        let twice = try importDocument(document, into: target)
        #expect(twice.newSettlements == [] && twice.settlementsSkipped == 1)
        #expect(try target.settlements() == [settlement])

        // Undo of the first import takes its settlement with it.
        let fresh = try SubscriptionStore(location: Scratch().location)
        _ = try importDocument(document, into: fresh)
        try fresh.undo(try #require(try fresh.nextUndo()), now: fixedNow)
        #expect(try fresh.settlements() == [])
    }

    @Test("A document from before household money imports: no paid_by, owner or settlements")
    func olderDocument() throws {
        let source = try store()
        _ = try source.add(try simpleNewSubscription("Netflix"), now: fixedNow)
        var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(source.exportDocument(now: fixedNow))) as? [String: Any])
        json["settlements"] = nil
        json["subscriptions"] = (json["subscriptions"] as? [[String: Any]])?.map { entry in
            var entry = entry
            entry["paid_by"] = nil
            entry["owner"] = nil
            return entry
        }
        let target = try SubscriptionStore(location: Scratch().location)
        let plan = try target.importFile(try JSONSerialization.data(withJSONObject: json), path: "old.json", from: nil,
                                         options: ImportOptions(today: day("2024-11-22"), now: fixedNow),
                                         onDuplicate: .skip, dryRun: false)
        #expect(plan.added == 1)
        #expect(try target.subscription("netflix").paidBy == nil)
        #expect(try target.subscription("netflix").owner == nil)
        #expect(try target.settlements() == [])
    }

    @Test("me is machine-local and never imported; the language is machine-local but still imported")
    func meIsMachineLocal() {
        #expect(ConfigKey.me.isMachineLocal && ConfigKey.me.neverImported)
        #expect(ConfigKey.allCases.filter(\.neverImported) == [.remindExec, .remindWebhook, .me])
        #expect(ConfigKey.allCases.filter(\.isMachineLocal) == [.remindExec, .remindWebhook, .language, .me])
    }
}
