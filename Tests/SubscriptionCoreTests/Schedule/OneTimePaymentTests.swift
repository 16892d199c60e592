import Testing
@testable import SubscriptionCore

/// Cycle `once` (PRODUCT.md §8): one payment on the anchor, no renewal, no monthly cost.
@Suite("One-time payments")
struct OneTimePaymentTests {
    private func concert(start: String = "2026-12-05", trialEnd: String? = nil) -> Subscription {
        subscription(every: .once, start: start, trialEnd: trialEnd)
    }

    @Test("A one-time payment is charged on its start date and never again")
    func chargedOnce() {
        let ticket = concert()
        #expect(ticket.payments(from: day("2026-01-01"), through: day("2030-12-31")).map(\.date) == [day("2026-12-05")])
        #expect(ticket.nextPayment(onOrAfter: day("2026-11-22"))?.date == day("2026-12-05"))
        #expect(ticket.nextPayment(onOrAfter: day("2026-12-05"))?.date == day("2026-12-05"))
        #expect(ticket.nextPayment(onOrAfter: day("2026-12-06")) == nil)
        #expect(ticket.nextPayments(onOrAfter: day("2026-01-01"), count: 5).count == 1)
        #expect(ticket.paymentsMade(through: day("2027-06-01")).count == 1)
    }

    @Test("With a trial the one payment falls on the trial end")
    func trialMovesThePayment() {
        let ticket = concert(start: "2026-12-01", trialEnd: "2026-12-15")
        #expect(ticket.payments(from: day("2026-01-01"), through: day("2030-12-31")).map(\.date) == [day("2026-12-15")])
    }

    @Test("A one-time payment costs nothing a month and does not renew")
    func noMonthlyCost() {
        #expect(BillingCycle.once.monthlyCost(of: 89) == 0)
        #expect(!BillingCycle.once.recurs)
        #expect(BillingCycle(count: 2, unit: .once) == nil)
        #expect(BillingCycle.once.description == "once")
    }

    @Test("A pause over the date skips the payment; a reactivation charges once more on its day")
    func lifecycle() throws {
        var paused = concert()
        try paused.pause(from: day("2026-12-05"), until: day("2027-01-01"))
        #expect(paused.payments(from: day("2026-01-01"), through: day("2030-12-31")).isEmpty)

        var restarted = concert()
        try restarted.cancel(on: day("2026-12-10"))
        try restarted.resume(on: day("2027-03-01"))
        #expect(restarted.payments(from: day("2026-01-01"), through: day("2030-12-31")).map(\.date)
                == [day("2026-12-05"), day("2027-03-01")])
    }

    @Test("The calendar has one event without a rule")
    func calendarEvent() {
        let document = calendar([concert()], today: "2026-11-22")
        let events = ParsedEvent.all(in: document)
        #expect(events.count == 1)
        #expect(events.first?.value("RRULE") == nil)
        #expect(events.first?.start == day("2026-12-05"))
    }
}
