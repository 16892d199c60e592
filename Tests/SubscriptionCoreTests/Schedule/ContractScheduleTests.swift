import Foundation
import Testing
@testable import SubscriptionCore

/// What a contract, an end and a manual renewal do to a subscription's schedule and life
/// (PRODUCT.md §14), on the worked examples of docs/billing.md.
@Suite("Contracts in the schedule")
struct ContractScheduleTests {
    static func span(_ count: Int, _ unit: TimeSpan.Unit) -> TimeSpan { TimeSpan(count: count, unit: unit)! }

    /// A subscription made as `subs add` makes it.
    static func added(
        _ name: String, _ amount: String, every cycle: BillingCycle = .monthly, start: String,
        term: TimeSpan? = nil, renews: TimeSpan? = nil, notice: TimeSpan? = nil, cancelBy: String? = nil,
        ends: EndRule? = nil, autoRenew: Bool = true
    ) throws -> Subscription {
        var new = NewSubscription(
            name: name, amount: try DecimalAmount(input: amount), cycle: cycle, startDate: day(start), autoRenew: autoRenew)
        new.term = term
        new.renews = renews
        new.notice = notice
        new.cancelBy = cancelBy.map(day)
        new.ends = ends
        return try new.subscription(config: Config(), category: nil, now: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("Example 1: a yearly insurance billed monthly, 3 months' notice, and what missing it costs")
    func insurance() throws {
        let insurance = try Self.added("Acme Insurance", "40", start: "2026-04-01", term: Self.span(1, .year), notice: Self.span(3, .month))
        let deadline = try #require(insurance.nextDeadline(onOrAfter: day("2026-11-26")))
        #expect(deadline.cancelBy == day("2026-12-31"))
        #expect(deadline.termEnd == day("2027-03-31"))
        #expect(deadline.missed == .renews(term: Self.span(1, .year), until: day("2028-03-31"), cost: money("480.00")))
        // The next year's deadline comes the day after.
        #expect(insurance.nextDeadline(onOrAfter: day("2027-01-01"))?.cancelBy == day("2027-12-31"))
        #expect(insurance.deadlines(from: day("2026-01-01"), through: day("2028-12-31")).map(\.cancelBy)
                == days(["2026-12-31", "2027-12-31", "2028-12-31"]))
        #expect(insurance.currentTermEnd(on: day("2027-03-31")) == day("2027-03-31"))
        #expect(insurance.currentTermEnd(on: day("2027-04-01")) == day("2028-03-31"))
    }

    @Test("Example 2 and 3: month by month after 24 months; every 4 weeks after a year, billed every 4 weeks")
    func renewalTerms() throws {
        let phone = try Self.added("Phone", "25", start: "2025-01-15", term: Self.span(24, .month),
                                   renews: Self.span(1, .month), notice: Self.span(1, .month))
        let first = try #require(phone.nextDeadline(onOrAfter: day("2026-11-26")))
        #expect(first.cancelBy == day("2026-12-14"))
        #expect(first.termEnd == day("2027-01-14"))
        #expect(first.missed == .renews(term: Self.span(1, .month), until: day("2027-02-14"), cost: money("25.00")))
        #expect(phone.nextDeadline(onOrAfter: day("2026-12-15"))?.cancelBy == day("2027-01-14"))

        let gym = try Self.added("Gym", "30", every: cycle(4, .week), start: "2026-03-02", term: Self.span(12, .month),
                                 renews: Self.span(4, .week), notice: Self.span(4, .week))
        let deadline = try #require(gym.nextDeadline(onOrAfter: day("2026-11-26")))
        #expect(deadline.cancelBy == day("2027-02-01"))
        #expect(deadline.termEnd == day("2027-03-01"))
        #expect(deadline.missed == .renews(term: Self.span(4, .week), until: day("2027-03-29"), cost: money("30.00")))
    }

    @Test("Example 4: a term ending on 31 May with a month's notice is cancelled by 30 April")
    func dayClamp() throws {
        let bundle = try Self.added("Bundle", "9.99", start: "2026-06-01", term: Self.span(1, .year), notice: Self.span(1, .month))
        #expect(bundle.nextDeadline(onOrAfter: day("2026-11-26"))?.cancelBy == day("2027-04-30"))
    }

    @Test("Example 5: notice one day late ends a term later, and says what the day cost")
    func lateNotice() throws {
        var insurance = try Self.added("Acme Insurance", "40", start: "2026-04-01", term: Self.span(1, .year), notice: Self.span(3, .month))
        let outcome = try insurance.giveNotice(on: day("2027-01-01"))
        #expect(outcome.ends == day("2028-03-31"))
        #expect(outcome.lastPayment?.date == day("2028-03-01"))
        #expect(outcome.missed?.cancelBy == day("2026-12-31"))
        #expect(outcome.missed?.termEnd == day("2027-03-31"))
        #expect(outcome.missed?.cost == money("480.00"))
        #expect(!outcome.forced)
        // Payments run to the end and stop; the status turns on the end day; no deadline is left.
        #expect(insurance.payments(from: day("2028-01-01"), through: day("2029-12-31")).map(\.date)
                == days(["2028-01-01", "2028-02-01", "2028-03-01"]))
        #expect(insurance.status(on: day("2028-03-30")) == .active)
        #expect(insurance.status(on: day("2028-03-31")) == .cancelled)
        #expect(insurance.nextDeadline(onOrAfter: day("2027-01-01")) == nil)
        #expect(insurance.currentPeriod.noticeGivenOn == day("2027-01-01"))
    }

    @Test("Notice in time ends the running term, with nothing missed; a forced end is said as such")
    func noticeInTime() throws {
        var insurance = try Self.added("Acme Insurance", "40", start: "2026-04-01", term: Self.span(1, .year), notice: Self.span(3, .month))
        var forced = insurance
        let outcome = try insurance.giveNotice(on: day("2026-12-31"))
        #expect(outcome.ends == day("2027-03-31"))
        #expect(outcome.missed == nil)
        #expect(outcome.lastPayment?.date == day("2027-03-01"))

        let special = try forced.giveNotice(on: day("2026-12-10"), forcedEnd: day("2027-01-15"))
        #expect(special.forced)
        #expect(special.ends == day("2027-01-15"))
        #expect(forced.nextPayment(onOrAfter: day("2027-01-16")) == nil)
        #expect(throws: LifecycleError.endBeforeNotice(end: day("2026-12-01"), notice: day("2026-12-10"))) {
            var again = try Self.added("X", "1", start: "2026-04-01", term: Self.span(1, .year))
            _ = try again.giveNotice(on: day("2026-12-10"), forcedEnd: day("2026-12-01"))
        }
        #expect(throws: LifecycleError.endWithoutContract(name: "Plain")) {
            var plain = try Self.added("Plain", "1", start: "2026-04-01")
            _ = try plain.giveNotice(on: day("2026-12-10"))
        }
    }

    @Test("Example 6: twelve instalments end on the twelfth payment, then the status is ended")
    func instalments() throws {
        let laptop = try Self.added("Laptop", "100", start: "2026-01-10", ends: .afterPayments(12))
        #expect(laptop.ends == day("2026-12-10"))
        #expect(laptop.payments(from: day("2026-01-01"), through: day("2027-12-31")).count == 12)
        #expect(laptop.status(on: day("2026-12-10")) == .active)
        #expect(laptop.status(on: day("2026-12-11")) == .ended)
        #expect(laptop.nextPayment(onOrAfter: day("2026-12-11")) == nil)
        #expect(throws: ContractError.fewerPayments(asked: 2, scheduled: 1)) {
            try Self.added("Concert", "80", every: .once, start: "2026-12-05", ends: .afterPayments(2))
        }
        #expect(throws: ContractError.endsBeforeFirstPayment(ends: day("2026-01-01"), firstPayment: day("2026-01-10"))) {
            try Self.added("Loan", "100", start: "2026-01-10", ends: .on(day("2026-01-01")))
        }
    }

    @Test("A one-time purchase is active until its payment, then ended, not cancelled")
    func oncePurchase() throws {
        let concert = try Self.added("Concert", "80", every: .once, start: "2026-12-05")
        #expect(concert.status(on: day("2026-12-05")) == .active)
        #expect(concert.status(on: day("2026-12-06")) == .ended)
        #expect(!SubscriptionStatus.ended.isPaying)
    }

    @Test("Example 7: a prepaid plan renews the day it is paid, and lapses without inventing a charge")
    func manualRenewal() throws {
        var sim = try Self.added("SIM", "10", start: "2026-09-01", autoRenew: false)
        #expect(sim.renewal == .manual)
        // Before anything is recorded, the schedule is the plan's.
        #expect(sim.nextPayment(onOrAfter: day("2026-09-02"))?.date == day("2026-10-01"))
        try sim.recordPaid(on: day("2026-09-01"), amount: nil, today: day("2026-09-01"))
        #expect(sim.nextPayment(onOrAfter: day("2026-09-02"))?.date == day("2026-10-01"))
        try sim.recordPaid(on: day("2026-10-11"), amount: nil, today: day("2026-10-11"))
        #expect(sim.nextPayment(onOrAfter: day("2026-10-12"))?.date == day("2026-11-11"))
        // Cancelled meanwhile, it runs the month the latest renewal paid for, not to the plan's
        // first-of-the-month schedule.
        var stopped = sim
        try stopped.cancel(on: day("2026-10-20"))
        #expect(stopped.activeUntil == day("2026-11-10"))
        #expect(sim.payments(from: day("2026-09-01"), through: day("2026-12-31")).map(\.date)
                == days(["2026-09-01", "2026-10-11", "2026-11-11", "2026-12-11"]))
        // As of the day the renewal is due, it and those after it are ahead: it is not paid yet.
        #expect(sim.lapse(on: day("2026-11-11")) == nil)
        #expect(sim.nextPayments(onOrAfter: day("2026-11-11"), count: 2, today: day("2026-11-11")).map(\.date)
                == days(["2026-11-11", "2026-12-11"]))
        #expect(sim.paymentsMade(through: day("2026-11-11")).map(\.date) == days(["2026-09-01", "2026-10-11"]))
        // Not renewed by 2026-11-11: as of the day after, it lapsed. Nothing was paid that day or
        // since, and nothing is due until it is renewed.
        let later = day("2027-01-20")
        #expect(sim.lapse(on: day("2026-11-12")) == day("2026-11-11"))
        #expect(sim.paymentsMade(through: later).map(\.date) == days(["2026-09-01", "2026-10-11"]))
        #expect(sim.payments(from: day("2026-09-01"), through: day("2027-12-31"), today: later).map(\.date)
                == days(["2026-09-01", "2026-10-11"]))
        #expect(sim.nextPayment(onOrAfter: later, today: later) == nil)
        #expect(sim.status(on: later) == .active)
        var lapsed = sim
        try lapsed.recordPaid(on: nil, amount: nil, today: later)
        #expect(lapsed.lapse(on: later) == nil)
        #expect(lapsed.nextPayment(onOrAfter: day("2027-01-21"), today: later)?.date == day("2027-02-20"))
        // Without a date, renewing is today's charge.
        try sim.recordPaid(on: nil, amount: nil, today: day("2026-11-09"))
        #expect(sim.nextPayment(onOrAfter: day("2026-11-10"))?.date == day("2026-12-09"))
    }

    @Test("A one-off deadline, with the payment it saves; none with a term; none once cancelled")
    func oneOffDeadline() throws {
        var trial = try Self.added("Trial", "12", start: "2026-11-01", cancelBy: "2026-12-20")
        let deadline = try #require(trial.nextDeadline(onOrAfter: day("2026-11-26")))
        #expect(deadline.cancelBy == day("2026-12-20"))
        #expect(deadline.termEnd == nil)
        #expect(deadline.missed == .charged(Payment(date: day("2027-01-01"), amount: money("12.00"))))
        #expect(trial.nextDeadline(onOrAfter: day("2026-12-21")) == nil)
        try trial.cancel(on: day("2026-12-01"))
        #expect(trial.nextDeadline(onOrAfter: day("2026-11-26")) == nil)

        #expect(throws: ContractError.deadlineWithTerm) {
            try Self.added("Both", "1", start: "2026-11-01", term: Self.span(1, .year), cancelBy: "2026-12-20")
        }
        #expect(throws: ContractError.needsTerm(.notice)) {
            try Self.added("Notice", "1", start: "2026-11-01", notice: Self.span(1, .month))
        }
    }

    @Test("Editing the term keeps a renewal that followed it in step; --term none removes the contract")
    func editTerms() throws {
        var phone = try Self.added("Phone", "25", start: "2025-01-15", term: Self.span(24, .month), notice: Self.span(1, .month))
        var changes = SubscriptionChanges()
        changes.term = .some(Self.span(12, .month))
        try changes.apply(to: &phone, category: nil, today: day("2026-11-26"))
        #expect(phone.contract == Contract(term: Self.span(12, .month), renewal: Self.span(12, .month), notice: Self.span(1, .month)))
        var remove = SubscriptionChanges()
        remove.term = .some(nil)
        try remove.apply(to: &phone, category: nil, today: day("2026-11-26"))
        #expect(phone.contract == nil)
        #expect(phone.nextDeadline(onOrAfter: day("2026-11-26")) == nil)
    }

    @Test("Durations read as cycles do, without once; a bad one names its option")
    func durations() throws {
        #expect(try TimeSpan(input: "24m", field: .term) == Self.span(24, .month))
        #expect(try TimeSpan(input: "12 months", field: .term) == Self.span(12, .month))
        #expect(try TimeSpan(input: "monthly", field: .renews) == Self.span(1, .month))
        #expect(try TimeSpan(input: "90d", field: .notice).description == "90d")
        #expect(throws: InputError.invalid(.term, value: "once", expected: .timeSpan)) { try TimeSpan(input: "once", field: .term) }
        #expect(throws: InputError.invalid(.notice, value: "0m", expected: .timeSpanCount)) { try TimeSpan(input: "0m", field: .notice) }
    }
}

extension ContractScheduleTests {
    @Test("A prepaid plan resumed after its latest renewal is due again that day, and lapses unpaid")
    func manualRenewalResumed() throws {
        var sim = try Self.added("SIM", "10", start: "2026-09-01", autoRenew: false)
        try sim.recordPaid(on: day("2026-09-01"), amount: nil, today: day("2026-09-01"))
        try sim.recordPaid(on: day("2026-10-11"), amount: nil, today: day("2026-10-11"))
        try sim.cancel(on: day("2026-10-20"))
        try sim.resume(on: day("2026-12-05"))
        // On the day it resumed, that day's renewal is ahead: not paid until recorded.
        let resumed = day("2026-12-05")
        #expect(sim.lapse(on: resumed) == nil)
        #expect(sim.nextPayment(onOrAfter: resumed, today: resumed)?.date == resumed)
        #expect(sim.paymentsMade(through: resumed).map(\.date) == days(["2026-09-01", "2026-10-11"]))
        #expect(sim.payments(from: day("2026-09-01"), through: day("2027-01-31"), today: resumed).map(\.date)
                == days(["2026-09-01", "2026-10-11", "2026-12-05", "2027-01-05"]))
        // Not paid by then, it lapsed that day: nothing is made up for it or after it.
        let later = day("2026-12-20")
        #expect(sim.lapse(on: later) == resumed)
        #expect(sim.nextPayment(onOrAfter: later, today: later) == nil)
        #expect(sim.payments(from: day("2026-09-01"), through: day("2027-12-31"), today: later).map(\.date)
                == days(["2026-09-01", "2026-10-11"]))
        // Paid for that day, it is a renewal: counted, and the next is due a cycle after it.
        try sim.recordPaid(on: resumed, amount: nil, today: later)
        #expect(sim.lapse(on: later) == nil)
        #expect(sim.paymentsMade(through: later).map(\.date) == days(["2026-09-01", "2026-10-11", "2026-12-05"]))
        #expect(sim.nextPayment(onOrAfter: later, today: later)?.date == day("2027-01-05"))

        // Lapsed before it was cancelled, and resumed: it starts afresh all the same.
        var lapsedFirst = try Self.added("SIM", "10", start: "2026-09-01", autoRenew: false)
        try lapsedFirst.recordPaid(on: day("2026-09-01"), amount: nil, today: day("2026-09-01"))
        try lapsedFirst.cancel(on: day("2026-10-20"))
        #expect(lapsedFirst.lapse(on: day("2026-10-20")) == day("2026-10-01"))
        try lapsedFirst.resume(on: resumed)
        #expect(lapsedFirst.lapse(on: resumed) == nil)
        #expect(lapsedFirst.payments(from: day("2026-09-01"), through: day("2027-01-31"), today: resumed).map(\.date)
                == days(["2026-09-01", "2026-12-05", "2027-01-05"]))
        #expect(lapsedFirst.lapse(on: later) == resumed)
        // Cancelled again with nothing paid since the resume: it was not active after it.
        try lapsedFirst.cancel(on: day("2027-02-10"))
        #expect(lapsedFirst.activeUntil == day("2026-12-04"))
        // A month recorded as skipped is not a renewal missed: the next one is due.
        var skipping = try Self.added("SIM", "10", start: "2026-09-01", autoRenew: false)
        try skipping.recordPaid(on: day("2026-09-01"), amount: nil, today: day("2026-09-01"))
        try skipping.recordSkip(on: day("2026-10-01"), today: day("2026-09-20"))
        #expect(skipping.lapse(on: day("2026-10-20")) == nil)
        #expect(skipping.nextPayment(onOrAfter: day("2026-10-20"), today: day("2026-10-20"))?.date == day("2026-11-01"))
        #expect(skipping.lapse(on: day("2026-11-02")) == day("2026-11-01"))

        // A plan change after the latest renewal starts afresh the same way.
        var yearly = try Self.added("Domain", "10", start: "2026-09-01", autoRenew: false)
        try yearly.recordPaid(on: day("2026-09-01"), amount: nil, today: day("2026-09-01"))
        try yearly.changePlan(to: BillingCycle(count: 1, unit: .year)!, price: money("100.00"), on: day("2026-09-20"))
        #expect(yearly.lapse(on: day("2026-09-20")) == nil)
        #expect(yearly.nextPayment(onOrAfter: day("2026-09-02"), today: day("2026-09-20"))
                == Payment(date: day("2026-09-20"), amount: money("100.00")))
        #expect(yearly.lapse(on: day("2026-11-26")) == day("2026-09-20"))
        #expect(yearly.paymentsMade(through: day("2026-11-26")).map(\.date) == days(["2026-09-01"]))
    }

    @Test("A renewal by hand after the end is refused, and so is a cancellation before a recorded charge")
    func renewalsBoundByTheEnd() throws {
        var finite = try Self.added("Course", "10", start: "2026-08-01", ends: .on(day("2026-10-01")), autoRenew: false)
        try finite.recordPaid(on: day("2026-08-01"), amount: nil, today: day("2026-11-26"))
        #expect(throws: LedgerError.afterEnd(date: day("2026-11-20"), ends: day("2026-10-01"))) {
            try finite.recordPaid(on: day("2026-11-20"), amount: nil, today: day("2026-11-26"))
        }
        var sim = try Self.added("SIM", "10", start: "2026-09-01", autoRenew: false)
        try sim.recordPaid(on: day("2026-09-01"), amount: nil, today: day("2026-09-01"))
        try sim.recordPaid(on: day("2026-10-11"), amount: nil, today: day("2026-10-11"))
        let before = sim
        #expect(throws: LifecycleError.cancelBeforeCharge(name: "SIM", date: day("2026-10-05"), charged: day("2026-10-11"))) {
            try sim.cancel(on: day("2026-10-05"))
        }
        #expect(sim == before)
        try sim.cancel(on: day("2026-10-11"))
        #expect(sim.activeUntil == day("2026-11-10"))
    }

    @Test("Resuming before the end withdraws the notice with it, and the deadlines come back")
    func withdrawnNotice() throws {
        var insurance = try Self.added("Acme Insurance", "40", start: "2026-04-01", term: Self.span(1, .year), notice: Self.span(3, .month))
        _ = try insurance.giveNotice(on: day("2026-12-01"))
        try insurance.resume(on: day("2026-12-05"))
        #expect(insurance.currentPeriod.noticeGivenOn == nil)
        #expect(insurance.currentPeriod.cancelledOn == nil)
        #expect(insurance.nextDeadline(onOrAfter: day("2026-12-05"))?.cancelBy == day("2026-12-31"))
    }
}
