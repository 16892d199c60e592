import Foundation
import Testing
@testable import SubscriptionCore

/// Schema 12 keeps what PRODUCT.md §14 adds: a contract's terms, a one-off deadline, an end, the
/// day notice was given; and a new store reads them back as they were written.
@Suite("Contracts in the store")
struct ContractStoreTests {
    let scratch = Scratch()

    private func store() throws -> SubscriptionStore { try SubscriptionStore(location: scratch.location) }

    private static func span(_ count: Int, _ unit: TimeSpan.Unit) -> TimeSpan { TimeSpan(count: count, unit: unit)! }

    @Test("Terms, notice, a deadline, an end and notice given are written and read back")
    func roundTrip() throws {
        let store = try store()
        var phone = try simpleNewSubscription("Phone")
        phone.startDate = day("2025-01-15")
        phone.term = Self.span(24, .month)
        phone.renews = Self.span(1, .month)
        phone.notice = Self.span(30, .day)
        let added = try store.add(phone, now: fixedNow)
        var trial = try simpleNewSubscription("Trial")
        trial.cancelBy = day("2026-12-20")
        trial.ends = .afterPayments(3)
        trial.autoRenew = false
        _ = try store.add(trial, now: fixedNow)

        _ = try store.update("phone", as: .cancel, now: fixedNow) { _ = try $0.giveNotice(on: day("2026-12-01")) }

        let read = try SubscriptionStore(location: scratch.location)
        let readPhone = try read.subscription("phone")
        #expect(readPhone.contract == Contract(term: Self.span(24, .month), renewal: Self.span(1, .month), notice: Self.span(30, .day)))
        #expect(readPhone.currentPeriod.noticeGivenOn == day("2026-12-01"))
        #expect(readPhone.currentPeriod.cancelledOn == day("2027-01-14"))
        #expect(readPhone.id == added.id)
        let readTrial = try read.subscription("trial")
        #expect(readTrial.cancelBy == day("2026-12-20"))
        #expect(readTrial.ends == readTrial.nextPayments(onOrAfter: readTrial.anchor, count: 3).last?.date)
        #expect(readTrial.renewal == .manual)
        #expect(readTrial.contract == nil)
    }

    @Test("Editing the contract away clears its columns")
    func removal() throws {
        let store = try store()
        var gym = try simpleNewSubscription("Gym")
        gym.term = Self.span(1, .year)
        gym.notice = Self.span(4, .week)
        _ = try store.add(gym, now: fixedNow)
        var changes = SubscriptionChanges()
        changes.term = .some(nil)
        changes.ends = .some(.on(day("2030-01-01")))
        _ = try store.edit("gym", changes, today: day("2026-11-26"), now: fixedNow)
        let read = try SubscriptionStore(location: scratch.location).subscription("gym")
        #expect(read.contract == nil)
        #expect(read.ends == day("2030-01-01"))
    }
}
