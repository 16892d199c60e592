import Foundation
import Testing
@testable import SubscriptionCore

/// Contracts in the history and the export document (PRODUCT.md §8, §14): undo of an edit that
/// set a contract, an end or a deadline, and of notice given, brings back exactly what was there;
/// an export imported into an empty database exports the same document.
@Suite("Contracts: history, undo and the export document")
struct ContractHistoryTests {
    let scratch = Scratch()

    private func store() throws -> SubscriptionStore { try SubscriptionStore(location: scratch.location) }

    static func span(_ text: String) throws -> TimeSpan { try TimeSpan(input: text, field: .term) }

    /// A yearly insurance billed monthly with 3 months' notice, a phone plan 24 months then
    /// month by month, a course of 6 payments, a trial to stop by a day, a prepaid SIM renewed
    /// by hand.
    static func fill(_ store: SubscriptionStore) throws {
        var insurance = try simpleNewSubscription("Acme Insurance", amount: "40.00", start: "2024-04-01")
        insurance.term = try span("1y")
        insurance.notice = try span("3m")
        _ = try store.add(insurance, now: fixedNow)
        var phone = try simpleNewSubscription("Phone", amount: "25.00", start: "2023-01-31")
        phone.term = try span("24m")
        phone.renews = try span("1m")
        phone.notice = try span("30d")
        _ = try store.add(phone, now: fixedNow)
        var course = try simpleNewSubscription("Course", amount: "99.00", start: "2024-09-15")
        course.ends = .afterPayments(6)
        _ = try store.add(course, now: fixedNow)
        var trial = try simpleNewSubscription("Trial", amount: "12.00", start: "2024-11-01")
        trial.trialEnd = day("2024-12-01")
        trial.cancelBy = day("2024-11-28")
        _ = try store.add(trial, now: fixedNow)
        var sim = try simpleNewSubscription("SIM", amount: "10.00", start: "2024-06-10")
        sim.autoRenew = false
        _ = try store.add(sim, now: fixedNow)
        // Notice given on the phone plan, in time for its first term: it ends with it.
        _ = try store.update("phone", as: .cancel, now: fixedNow) { _ = try $0.giveNotice(on: day("2024-11-22")) }
        _ = try store.update("sim", as: .paid, now: fixedNow) {
            _ = try $0.recordPaid(on: day("2024-06-12"), amount: nil, today: day("2024-06-12"))
        }
    }

    @Test("Export, import into an empty database, export: the same document, contracts and all")
    func exportImportExport() throws {
        let source = try store()
        try Self.fill(source)
        let document = try source.exportDocument(now: fixedNow)
        let phone = try #require(document.subscriptions.first { $0.name == "Phone" })
        #expect(phone.contract == ExportDocument.ContractEntry(term: "24m", renews: "1m", notice: "30d"))
        #expect(phone.billingPeriods.last?.noticeGivenOn == "2024-11-22")
        #expect(phone.billingPeriods.last?.cancelledOn == "2025-01-30")
        #expect(document.subscriptions.first { $0.name == "Course" }?.ends == "2025-02-15")
        #expect(document.subscriptions.first { $0.name == "Trial" }?.cancelBy == "2024-11-28")
        #expect(document.subscriptions.first { $0.name == "SIM" }?.autoRenew == false)

        let other = Scratch()
        let target = try SubscriptionStore(location: other.location)
        let plan = try target.importFile(try JSONEncoder().encode(document), path: "export.json", from: nil,
                                            options: ImportOptions(today: day("2024-11-22"), now: fixedNow),
                                            onDuplicate: .skip, dryRun: false)
        #expect(plan.items.count == 5)
        let again = try target.exportDocument(now: fixedNow)
        #expect(again.subscriptions == document.subscriptions)
    }

    @Test("Undo of an edit that set a contract, an end or a deadline, and of notice given, restores exactly")
    func undoRestoresExactly() throws {
        let store = try store()
        try Self.fill(store)
        var states = [try store.exportDocument(now: fixedNow)]
        func step(_ change: () throws -> Void) throws {
            try change()
            states.append(try store.exportDocument(now: fixedNow))
        }
        let today = day("2024-11-22")
        try step {
            var changes = SubscriptionChanges()
            changes.term = .some(try Self.span("2y"))
            changes.notice = .some(try Self.span("1m"))
            _ = try store.edit("acme", changes, today: today, now: fixedNow)
        }
        try step {
            var changes = SubscriptionChanges()
            changes.ends = .some(.on(day("2025-01-15")))
            _ = try store.edit("course", changes, today: today, now: fixedNow)
        }
        try step {
            var changes = SubscriptionChanges()
            changes.cancelBy = .some(day("2024-11-30"))
            _ = try store.edit("trial", changes, today: today, now: fixedNow)
        }
        try step {
            var changes = SubscriptionChanges()
            changes.cancelBy = .some(nil)
            changes.term = .some(try Self.span("1y"))
            _ = try store.edit("trial", changes, today: today, now: fixedNow)
        }
        try step {
            var changes = SubscriptionChanges()
            changes.autoRenew = true
            _ = try store.edit("sim", changes, today: today, now: fixedNow)
        }
        try step { _ = try store.update("acme", as: .cancel, now: fixedNow) { _ = try $0.giveNotice(on: today) } }
        try step {
            _ = try store.update("acme", as: .resume, now: fixedNow) { _ = try $0.resume(on: today) }
        }
        try step {
            _ = try store.update("acme", as: .cancel, now: fixedNow) {
                _ = try $0.giveNotice(on: today, forcedEnd: day("2024-12-31"))
            }
        }
        // What each step left is what the history holds: it is a life the import accepts.
        for state in states {
            _ = try SubsDocumentFormat.parse(try JSONEncoder().encode(state), options: ImportOptions(today: today))
        }
        while states.count > 1, let change = try store.nextUndo() {
            states.removeLast()
            try store.undo(change, now: fixedNow)
            #expect(try store.exportDocument(now: fixedNow) == states.last, "after undoing \(change.action): \(change.change)")
        }
        #expect(states.count == 1)
    }
}
