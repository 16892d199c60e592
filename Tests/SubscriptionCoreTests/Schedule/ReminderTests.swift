import Testing
@testable import SubscriptionCore

/// Rule R8: the reminder for payment o with offset K is due on o − K and fires on any day with
/// o − K ≤ today ≤ o, so a run after missed days still catches up.
@Suite struct ReminderTests {
    @Test(arguments: [
        ("R1", "2025-03-01", 3, "2025-02-26"),
        ("R2", "2024-03-01", 3, "2024-02-27"),
        ("R3", "2025-01-02", 5, "2024-12-28"),
    ])
    func theReminderIsDueOffsetDaysBeforeThePayment(_ id: String, _ payment: String, _ offset: Int, _ expected: String) {
        let subscription = subscription(start: payment)
        let onTheDay = subscription.remindersDue(on: day(expected), offsets: [offset])
        #expect(onTheDay.map(\.payment.date) == [day(payment)], "\(id)")
        #expect(onTheDay.first?.remindOn == day(expected), "\(id)")
        #expect(subscription.remindersDue(on: day(expected).adding(days: -1)!, offsets: [offset]).isEmpty, "\(id)")
    }

    @Test func aLateRunStillFindsEveryOffsetItMissed() {
        let subscription = subscription(start: "2024-06-20")
        let due = subscription.remindersDue(on: day("2024-06-19"), offsets: [7, 1])
        #expect(due.map(\.offset) == [7, 1])
        #expect(subscription.remindersDue(on: day("2024-06-21"), offsets: [7, 1]).isEmpty)
    }

    @Test func theFirstChargeAfterATrialIsATrialEndReminder() {
        let subscription = subscription(start: "2025-01-31", trialEnd: "2025-02-07")
        #expect(subscription.remindersDue(on: day("2025-02-05"), offsets: [2]).map(\.kind) == [.trialEnd])
        #expect(subscription.remindersDue(on: day("2025-03-05"), offsets: [2]).map(\.kind) == [.payment])
    }

    @Test func pausedPaymentsAreNeverReminded() throws {
        var subscription = subscription(start: "2024-01-15")
        try subscription.pause(from: day("2024-03-01"), until: day("2024-04-01"))
        #expect(subscription.remindersDue(on: day("2024-03-13"), offsets: [2]).isEmpty)
    }

    @Test("A payment on the last supported day is reminded about, though the reminder window runs past it")
    func lastSupportedDay() {
        let subscription = subscription(start: "9999-10-31")
        let due = subscription.remindersDue(on: day("9999-12-30"), offsets: [2])
        #expect(due.map(\.payment.date) == [day("9999-12-31")])
    }
}
