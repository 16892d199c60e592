import Foundation
import Testing
@testable import SubscriptionCore

/// SCHEDULE.md's Lifecycle section on the pure engine: trials, cancel, pause, resume and price
/// changes decide which payments are charged and for how much.
@Suite struct LifecycleTests {
    /// The scenario: monthly from 2024-01-15 at 15.49, 17.99 from 2024-04-01, paused
    /// 2024-03-01 until 2024-05-01.
    private func scenario() throws -> Subscription {
        var subscription = subscription(price: "15.49", start: "2024-01-15")
        subscription.recordPrice(money("17.99"), effective: day("2024-04-01"))
        try subscription.pause(from: day("2024-03-01"), until: day("2024-05-01"))
        return subscription
    }

    private func dates(_ payments: [Payment]) -> [String] { payments.map(\.date.description) }
    private func amounts(_ payments: [Payment]) -> [String] { payments.map(\.amount.description) }

    @Test func aPauseSkipsItsPaymentsAndPriceChangesApplyFromTheirDate() throws {
        let payments = try scenario().payments(from: day("2024-01-15"), through: day("2024-06-30"))
        #expect(dates(payments) == ["2024-01-15", "2024-02-15", "2024-05-15", "2024-06-15"])
        #expect(amounts(payments) == ["15.49", "15.49", "17.99", "17.99"])
    }

    @Test func statusFollowsTheDayAsked() throws {
        var subscription = try scenario()
        #expect(subscription.status(on: day("2024-02-29")) == .active)
        #expect(subscription.status(on: day("2024-03-10")) == .paused)
        #expect(subscription.status(on: day("2024-05-01")) == .active)
        try subscription.cancel(on: day("2024-05-20"))
        #expect(subscription.status(on: day("2024-05-19")) == .active)
        #expect(subscription.status(on: day("2024-05-20")) == .cancelled)
        #expect(subscription.status(on: day("2030-01-01")) == .cancelled)
    }

    @Test func aCancelledSubscriptionHasNoNextPaymentAndStaysUsableUntilItsPaidPeriodEnds() throws {
        var subscription = try scenario()
        try subscription.cancel(on: day("2024-05-20"))
        #expect(subscription.nextPayment(onOrAfter: day("2024-05-21")) == nil)
        #expect(subscription.activeUntil == day("2024-06-14"))
        #expect(dates(subscription.payments(from: day("2024-05-01"), through: day("2024-12-31"))) == ["2024-05-15"])
    }

    @Test func reactivationStartsANewCycleOnTheResumeDate() throws {
        var subscription = try scenario()
        try subscription.cancel(on: day("2024-05-20"))
        try subscription.resume(on: day("2024-07-10"))
        #expect(subscription.status(on: day("2024-06-30")) == .cancelled)
        #expect(subscription.status(on: day("2024-07-10")) == .active)
        let payments = subscription.payments(from: day("2024-05-01"), through: day("2024-09-30"))
        #expect(dates(payments) == ["2024-05-15", "2024-07-10", "2024-08-10", "2024-09-10"])
        #expect(subscription.nextPayment(onOrAfter: day("2024-06-01"))?.date == day("2024-07-10"))
    }

    @Test func resumingAPauseKeepsTheBillingDays() throws {
        var subscription = subscription(start: "2024-01-31")
        try subscription.pause(from: day("2024-03-01"), until: nil)
        #expect(subscription.nextPayment(onOrAfter: day("2024-03-01")) == nil)
        #expect(subscription.status(on: day("2025-01-01")) == .paused)
        try subscription.resume(on: day("2024-05-10"))
        #expect(dates(subscription.payments(from: day("2024-02-01"), through: day("2024-07-31")))
            == ["2024-02-29", "2024-05-31", "2024-06-30", "2024-07-31"])
    }

    @Test func withdrawingACancellationBeforeItHappensKeepsTheSchedule() throws {
        var subscription = subscription(start: "2024-01-15")
        try subscription.cancel(on: day("2024-06-01"))
        try subscription.resume(on: day("2024-05-01"))
        #expect(subscription.nextPayment(onOrAfter: day("2024-06-02"))?.date == day("2024-06-15"))
    }

    @Test func aCancellationDuringATrialMeansNoPaymentAtAll() throws {
        var subscription = subscription(start: "2025-01-31", trialEnd: "2025-02-07")
        #expect(subscription.status(on: day("2025-02-01")) == .trial)
        try subscription.cancel(on: day("2025-02-03"))
        #expect(subscription.paymentsMade(through: day("2025-12-31")).isEmpty)
        #expect(subscription.activeUntil == day("2025-02-06"))
    }

    @Test func invalidSequencesAreRefusedAndChangeNothing() throws {
        var subscription = subscription(start: "2024-01-15")
        let before = subscription
        #expect(throws: LifecycleError.nothingToResume(name: "Netflix", on: day("2024-03-01"))) {
            try subscription.resume(on: day("2024-03-01"))
        }
        #expect(throws: LifecycleError.pauseEndsBeforeItStarts(from: day("2024-05-01"), until: day("2024-04-01"))) {
            try subscription.pause(from: day("2024-05-01"), until: day("2024-04-01"))
        }
        #expect(throws: LifecycleError.cancelBeforeStart(date: day("2024-01-01"), billingStart: day("2024-01-15"))) {
            try subscription.cancel(on: day("2024-01-01"))
        }
        #expect(throws: LifecycleError.pauseBeforeStart(from: day("2024-01-01"), billingStart: day("2024-01-15"))) {
            try subscription.pause(from: day("2024-01-01"), until: nil)
        }
        #expect(subscription == before)

        try subscription.pause(from: day("2024-03-01"), until: day("2024-05-01"))
        let pause = Pause(from: day("2024-03-01"), until: day("2024-05-01"))
        #expect(throws: LifecycleError.alreadyPaused(name: "Netflix", pause: pause)) {
            try subscription.pause(from: day("2024-04-01"), until: day("2024-06-01"))
        }
        #expect(throws: LifecycleError.cancelBeforePause(name: "Netflix", date: day("2024-02-01"), pause: pause)) {
            try subscription.cancel(on: day("2024-02-01"))
        }
        try subscription.cancel(on: day("2024-06-01"))
        #expect(throws: LifecycleError.alreadyCancelled(name: "Netflix", on: day("2024-06-01"))) {
            try subscription.cancel(on: day("2024-07-01"))
        }
        #expect(throws: LifecycleError.pauseAfterCancellation(
            name: "Netflix", from: day("2024-07-01"), cancelledOn: day("2024-06-01"))) {
            try subscription.pause(from: day("2024-07-01"), until: nil)
        }
    }

    @Test func pricesRecordedBeforeTheStartReplaceTheOriginalPrice() {
        var subscription = subscription(price: "10.00", start: "2024-01-15")
        subscription.recordPrice(money("12.00"), effective: day("2023-01-01"))
        #expect(subscription.prices.map(\.amount.description) == ["12.00"])
        #expect(subscription.price(on: day("2024-01-15")).description == "12.00")
    }

    /// `next` jumps over pauses instead of walking them: it must agree with enumeration.
    @Test(arguments: ["2024-01-01", "2024-02-16", "2024-03-01", "2024-04-30", "2024-05-15", "2024-05-16"])
    func nextPaymentAgreesWithTheListOfPayments(_ from: String) throws {
        var subscription = try scenario()
        try subscription.pause(from: day("2024-08-01"), until: day("2024-08-20"))
        let expected = subscription.payments(from: day(from), through: day("2025-12-31")).first
        #expect(subscription.nextPayment(onOrAfter: day(from)) == expected)
    }

    @Test func resumingEndsAPauseAndKeepsAScheduledCancellation() throws {
        var subscription = subscription(start: "2024-01-15")
        try subscription.pause(from: day("2024-03-01"), until: nil)
        try subscription.cancel(on: day("2024-06-01"))
        try subscription.resume(on: day("2024-04-01"))
        #expect(subscription.pauses == [Pause(from: day("2024-03-01"), until: day("2024-04-01"))])
        #expect(subscription.status(on: day("2024-07-01")) == .cancelled)
        #expect(dates(subscription.payments(from: day("2024-03-01"), through: day("2024-12-31")))
            == ["2024-04-15", "2024-05-15"])
    }

    @Test func resumingBeforeAScheduledPauseWithdrawsIt() throws {
        var subscription = subscription(start: "2024-01-15")
        try subscription.pause(from: day("2024-05-01"), until: day("2024-07-01"))
        try subscription.resume(on: day("2024-04-01"))
        #expect(subscription.pauses.isEmpty)
    }

    @Test func activeUntilCountsAPauseBeforeTheCancellation() throws {
        var subscription = subscription(start: "2024-01-15")
        try subscription.pause(from: day("2024-03-01"), until: nil)
        try subscription.cancel(on: day("2024-06-01"))
        #expect(subscription.activeUntil == day("2024-03-14"))
    }

    @Test func theStartCannotMoveAfterACancellationOrPause() throws {
        var subscription = subscription(start: "2024-01-15")
        try subscription.cancel(on: day("2024-03-20"))
        subscription.startDate = day("2024-06-01")
        #expect(throws: DateOrderError.startAfterLifecycleEvent(start: day("2024-06-01"), firstEvent: day("2024-03-20"))) {
            try subscription.validateStartBeforeLifecycle()
        }
    }

    @Test func movingTheStartEarlierKeepsTheOriginalPriceForEveryEarlierPayment() {
        var subscription = subscription(price: "10.00", start: "2024-01-15")
        subscription.startDate = day("2023-01-15")
        subscription.anchorPricesToStart()
        subscription.recordPrice(money("20.00"), effective: day("2023-06-01"))
        let payments = subscription.payments(from: day("2023-01-01"), through: day("2024-02-28"))
        #expect(payments.prefix(5).allSatisfy { $0.amount.description == "10.00" })
        #expect(payments.dropFirst(5).allSatisfy { $0.amount.description == "20.00" })
    }

    @Test func movingTheStartLaterMakesThePriceInForceThenTheFirstPrice() {
        var subscription = subscription(price: "10.00", start: "2024-01-15")
        subscription.recordPrice(money("20.00"), effective: day("2024-06-01"))
        subscription.startDate = day("2024-07-01")
        subscription.anchorPricesToStart()
        #expect(subscription.prices == [PriceChange(effective: day("2024-07-01"), amount: money("20.00"))])
    }

    @Test func historyIsClampedToTheAnchorAndToToday() {
        let subscription = subscription(start: "2024-01-31")
        let made = subscription.paymentsMade(from: day("2024-01-01"), through: day("2024-12-31"), today: day("2024-05-15"))
        #expect(dates(made) == ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30"])
    }
}

/// PRODUCT.md §10's plan changes at the edges of a billing period.
@Suite("Plan changes")
struct PlanChangeTests {
    @Test("During a trial the new plan starts with the first charge at the trial end")
    func duringATrial() throws {
        var trial = subscription(start: "2026-11-01", trialEnd: "2026-12-01")
        try trial.changePlan(to: BillingCycle(count: 1, unit: .year)!, price: money("99.00"), on: day("2026-11-15"))
        #expect(trial.periods.count == 1)
        #expect(trial.payments(from: day("2026-01-01"), through: day("2028-12-31")).map(\.date)
                == [day("2026-12-01"), day("2027-12-01"), day("2028-12-01")])
        #expect(trial.payments(from: day("2026-12-01"), through: day("2026-12-01")).first?.amount == money("99.00"))
        #expect(trial.status(on: day("2026-11-20")) == .trial)
    }

    @Test("Mid-period the old plan ends the day before and the new one is anchored on the day")
    func midPeriod() throws {
        var plan = subscription(start: "2026-01-31")
        try plan.changePlan(to: BillingCycle(count: 1, unit: .week)!, price: nil, on: day("2026-03-15"))
        #expect(plan.payments(from: day("2026-01-01"), through: day("2026-03-29")).map(\.date)
                == [day("2026-01-31"), day("2026-02-28"), day("2026-03-15"), day("2026-03-22"), day("2026-03-29")])
        #expect(plan.periods.map(\.cycle) == [.monthly, nil])
    }
}
