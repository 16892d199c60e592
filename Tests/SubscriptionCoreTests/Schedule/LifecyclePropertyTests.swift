import Foundation
import Testing
@testable import SubscriptionCore
import FuzzSupport

/// Random sequences of cancel, pause, resume, price changes, plan changes, recorded charges and
/// skips, applied as a user would (each on a later day than the one before), checked against a
/// day-by-day reference model of SCHEDULE.md's lifecycle and PRODUCT.md §10: the same operations
/// refused, the same payments charged at the same amounts, the same status on every day, the
/// same next payment.
@Suite("Lifecycle against a reference model")
struct LifecyclePropertyTests {
    enum Operation: CustomStringConvertible {
        case cancel(CivilDate)
        case pause(CivilDate, until: CivilDate?)
        case resume(CivilDate)
        case price(CivilDate, String)
        /// A new cycle and price from the day on.
        case plan(CivilDate, BillingCycle, String)
        /// On its day: the latest payment made is recorded as charged this amount.
        case paid(CivilDate, String)
        /// On its day: the next payment is recorded as skipped.
        case skip(CivilDate)

        var date: CivilDate {
            switch self {
            case .cancel(let date), .pause(let date, _), .resume(let date), .price(let date, _), .plan(let date, _, _),
                 .paid(let date, _), .skip(let date): date
            }
        }

        var description: String {
            switch self {
            case .cancel(let date): "cancel \(date)"
            case .pause(let date, let until): "pause \(date) until \(until.map(\.description) ?? "resumed")"
            case .resume(let date): "resume \(date)"
            case .price(let date, let amount): "price \(amount) from \(date)"
            case .plan(let date, let cycle, let amount): "plan \(cycle) at \(amount) from \(date)"
            case .paid(let date, let amount): "paid \(amount) on \(date) for the latest payment"
            case .skip(let date): "skip the next payment on \(date)"
            }
        }
    }

    /// SCHEDULE.md's lifecycle, simulated one day at a time with the plainest possible state.
    struct ReferenceModel {
        var cycle: BillingCycle
        let trialEnd: CivilDate?
        let horizon: CivilDate
        var anchor: CivilDate
        var firstPeriod = true
        var cancelledOn: CivilDate?
        /// The first day of the current billing period: the start, or the last restart.
        var periodStart: CivilDate
        var skipped: Set<CivilDate> = []
        var pauses: [(from: CivilDate, until: CivilDate?)] = []
        var prices: [(effective: CivilDate, amount: String)]
        var billingDays: Set<CivilDate> = []

        init(start: CivilDate, trialEnd: CivilDate?, cycle: BillingCycle, price: String, horizon: CivilDate) {
            self.cycle = cycle
            self.trialEnd = trialEnd
            self.horizon = horizon
            self.anchor = trialEnd ?? start
            self.periodStart = start
            self.prices = [(start, price)]
            billingDays = Self.billingDays(from: anchor, cycle: cycle, through: horizon)
        }

        /// Payment k from the anchor, by R3 written out again: months move the year and month and
        /// clamp the day; weeks are 7 days.
        static func billingDays(from anchor: CivilDate, cycle: BillingCycle, through end: CivilDate) -> Set<CivilDate> {
            var days: Set<CivilDate> = []
            for k in 0... {
                let date: CivilDate?
                switch cycle.unit {
                case .day: date = anchor.adding(days: k * cycle.count)
                case .week: date = anchor.adding(days: 7 * k * cycle.count)
                case .once: date = k == 0 ? anchor : nil
                case .month, .year:
                    let months = (cycle.unit == .month ? 1 : 12) * k * cycle.count
                    let index = anchor.year * 12 + anchor.month - 1 + months
                    let (year, month) = (index / 12, index % 12 + 1)
                    date = CivilDate(year: year, month: month,
                                     day: min(anchor.day, CivilDate.daysInMonth(year: year, month: month)))
                }
                guard let date, date <= end else { return days }
                days.insert(date)
            }
            return days
        }

        func isPaused(_ date: CivilDate) -> Bool {
            pauses.contains { $0.from <= date && $0.until.map { date < $0 } ?? true }
        }

        /// Applies an operation on its day; false when the lifecycle rules refuse it.
        mutating func apply(_ operation: Operation) -> Bool {
            switch operation {
            case .cancel(let date):
                guard cancelledOn == nil else { return false }
                cancelledOn = date
            case .pause(let date, let until):
                guard cancelledOn == nil, !pauses.contains(where: { $0.until.map { $0 > date } ?? true }) else {
                    return false
                }
                pauses.append((date, until))
            case .resume(let date):
                let paused = pauses.firstIndex { $0.from <= date && $0.until.map { date < $0 } ?? true }
                guard paused != nil || cancelledOn != nil else { return false }
                if let paused { pauses[paused].until = date }
                if cancelledOn != nil {
                    cancelledOn = nil
                    firstPeriod = false
                    anchor = date
                    periodStart = date
                    billingDays = Self.billingDays(from: date, cycle: cycle, through: horizon)
                }
            case .price(let date, let amount):
                prices.append((date, amount))
            case .plan(let date, let newCycle, let amount):
                guard date >= periodStart, !isPaused(date), cancelledOn.map({ date <= $0 }) ?? true else { return false }
                // Days before the change keep their plan; from it, the new cycle from the day itself.
                cycle = newCycle
                billingDays = billingDays.filter { $0 < date }.union(Self.billingDays(from: date, cycle: newCycle, through: horizon))
                prices.append((date, amount))
            case .paid, .skip:
                // Their target day is chosen by the test (see `target(of:)`).
                break
            }
            return true
        }

        /// The next day on or after `date` this model would charge.
        func nextCharge(onOrAfter date: CivilDate) -> CivilDate? {
            var day = date
            while day <= horizon {
                if charge(on: day) != nil { return day }
                day = day.adding(days: 1)!
            }
            return nil
        }

        func charge(on date: CivilDate) -> String? {
            guard date >= anchor, billingDays.contains(date), cancelledOn.map({ date <= $0 }) ?? true,
                  !isPaused(date), !skipped.contains(date)
            else { return nil }
            return prices.last { $0.effective <= date }!.amount
        }

        func status(on date: CivilDate) -> SubscriptionStatus {
            if let cancelledOn, date >= cancelledOn { return .cancelled }
            if isPaused(date) { return .paused }
            if firstPeriod, let trialEnd, date < trialEnd { return .trial }
            return .active
        }
    }

    @Test("Payments, status and next payment agree with the reference model", arguments: 0..<300)
    func agreesWithTheReferenceModel(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let start = BillingSchedulePropertyTests.randomDate(years: 2020...2030, using: &rng)
        let trialEnd = Bool.random(using: &rng) ? nil : start.adding(days: Int.random(in: 1...45, using: &rng))
        let unit = [BillingCycle.Unit.day, .week, .month, .month, .year].randomElement(using: &rng)!
        let count = unit == .day ? Int.random(in: 7...40, using: &rng) : Int.random(in: 1...3, using: &rng)
        let cycle = BillingCycle(count: count, unit: unit)!

        var operations: [Operation] = []
        var date = start
        for _ in 0..<Int.random(in: 1...8, using: &rng) {
            date = date.adding(days: Int.random(in: 1...150, using: &rng))!
            let amount = "\(Int.random(in: 1...99, using: &rng)).00"
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: operations.append(.cancel(date))
            case 1:
                let until = Bool.random(using: &rng) ? nil : date.adding(days: Int.random(in: 1...200, using: &rng))
                operations.append(.pause(date, until: until))
            case 2: operations.append(.resume(date))
            // A plan change inside a trial would start billing before the trial ends; not modelled.
            case 3 where date >= trialEnd ?? start:
                let planUnit = [BillingCycle.Unit.week, .month, .year].randomElement(using: &rng)!
                operations.append(.plan(date, BillingCycle(count: Int.random(in: 1...3, using: &rng), unit: planUnit)!, amount))
            case 4: operations.append(.paid(date, amount))
            case 5: operations.append(.skip(date))
            default: operations.append(.price(date, amount))
            }
        }
        let horizon = date.adding(days: 800)!
        let context = "seed \(seed): start \(start), trial end \(trialEnd.map(\.description) ?? "none"), \(cycle), "
            + operations.map(\.description).joined(separator: "; ")

        var subscription = subscription(price: "10.00", every: cycle, start: start.description,
                                        trialEnd: trialEnd?.description)
        var model = ReferenceModel(start: start, trialEnd: trialEnd, cycle: cycle, price: "10.00", horizon: horizon)
        var expectedPayments: [(CivilDate, String)] = []
        var expectedStatus: [CivilDate: SubscriptionStatus] = [:]
        var pending = operations[...]
        var day = start
        while day <= horizon {
            while let next = pending.first, next.date == day {
                pending.removeFirst()
                switch next {
                case .paid(_, let amount):
                    // The latest payment made is recorded at another amount.
                    guard let latest = expectedPayments.indices.last else { continue }
                    let target = expectedPayments[latest].0
                    #expect(throws: Never.self, "\(next) on \(target): \(context)") {
                        try subscription.recordPaid(on: target, amount: money(amount), today: day)
                    }
                    expectedPayments[latest].1 = amount
                case .skip:
                    guard let target = model.nextCharge(onOrAfter: day) else { continue }
                    model.skipped.insert(target)
                    #expect(throws: Never.self, "\(next) on \(target): \(context)") {
                        try subscription.recordSkip(on: target, today: day)
                    }
                default:
                    let accepted = model.apply(next)
                    let applied = Result { try apply(next, to: &subscription) }
                    #expect(accepted == ((try? applied.get()) != nil), "\(next) accepted? \(context)")
                }
            }
            if let amount = model.charge(on: day) { expectedPayments.append((day, amount)) }
            expectedStatus[day] = model.status(on: day)
            day = day.adding(days: 1)!
        }

        let payments = subscription.payments(from: start, through: horizon)
        #expect(payments.map(\.date) == expectedPayments.map(\.0), "payment dates: \(context)")
        #expect(payments.map(\.amount.description) == expectedPayments.map(\.1), "amounts: \(context)")
        for (day, status) in expectedStatus where subscription.status(on: day) != status {
            Issue.record("status on \(day): \(subscription.status(on: day)), expected \(status): \(context)")
            break
        }
        for probe in stride(from: 0, to: start.days(until: horizon) - 400, by: 37) {
            let day = start.adding(days: probe)!
            let expected = expectedPayments.first { $0.0 >= day }?.0
            let next = subscription.nextPayment(onOrAfter: day)?.date
            if let expected {
                #expect(next == expected, "next payment on \(day): \(context)")
            } else {
                #expect(next.map { $0 > horizon } ?? true, "no payment after \(day): \(context)")
            }
        }
    }

    private func apply(_ operation: Operation, to subscription: inout Subscription) throws {
        switch operation {
        case .cancel(let date): try subscription.cancel(on: date)
        case .pause(let date, let until): try subscription.pause(from: date, until: until)
        case .resume(let date): try subscription.resume(on: date)
        case .price(let date, let amount): subscription.recordPrice(money(amount), effective: date)
        case .plan(let date, let cycle, let amount): try subscription.changePlan(to: cycle, price: money(amount), on: date)
        case .paid, .skip: break
        }
    }

    /// The issue's case: resuming after a pause and a later cancellation must end the pause and
    /// restart billing, not leave it cancelled.
    @Test func resumeAfterAPauseAndALaterCancellationRestartsBilling() throws {
        var gym = subscription(price: "30.00", start: "2026-01-15")
        try gym.pause(from: day("2026-03-01"), until: nil)
        try gym.cancel(on: day("2026-06-01"))
        let outcome = try gym.resume(on: day("2026-07-01"))
        #expect(outcome.pause?.from == day("2026-03-01"))
        #expect(outcome.cancellation == .restarted(cancelledOn: day("2026-06-01")))
        #expect(gym.status(on: day("2026-08-01")) == .active)
        #expect(gym.payments(from: day("2026-06-01"), through: day("2026-08-31")).map(\.date)
                == days(["2026-07-01", "2026-08-01"]))
    }

    /// Resuming on the cancellation day itself leaves it active that day, with or without a pause,
    /// and never charges the day twice.
    @Test func resumeOnTheCancellationDayWithdrawsIt() throws {
        for paused in [false, true] {
            var gym = subscription(price: "30.00", start: "2026-01-15")
            if paused { try gym.pause(from: day("2026-03-01"), until: nil) }
            try gym.cancel(on: day("2026-06-15"))
            let outcome = try gym.resume(on: day("2026-06-15"))
            #expect(outcome.cancellation == .withdrawn(cancelledOn: day("2026-06-15")))
            #expect(gym.status(on: day("2026-06-15")) == .active, "paused: \(paused)")
            #expect(gym.payments(from: day("2026-06-01"), through: day("2026-07-31")).map(\.date)
                    == days(["2026-06-15", "2026-07-15"]), "paused: \(paused)")
        }
    }

    /// Typed today, taking effect later: a pause ended by a resume leaves a cancellation further
    /// ahead in place, and says so.
    @Test func resumeOfAPauseLeavesALaterCancellationAndSaysSo() throws {
        var gym = subscription(price: "30.00", start: "2026-01-15")
        try gym.pause(from: day("2026-03-01"), until: nil)
        try gym.cancel(on: day("2026-09-01"))
        let outcome = try gym.resume(on: day("2026-05-01"))
        #expect(outcome.pause?.from == day("2026-03-01"))
        #expect(outcome.cancellation == .stillAhead(cancelledOn: day("2026-09-01")))
        #expect(gym.status(on: day("2026-09-01")) == .cancelled)
        #expect(gym.payments(from: day("2026-03-01"), through: day("2026-12-31")).map(\.date)
                == days(["2026-05-15", "2026-06-15", "2026-07-15", "2026-08-15"]))
    }

    /// Operations typed on any day, taking effect before or after one another (a cancellation
    /// scheduled ahead, a pause typed after it, a resume on the very day): whatever is accepted
    /// leaves a schedule that never charges a day twice, and a resume always leaves the
    /// subscription billing on the day it names.
    @Test("Operations in any order keep the schedule sound", arguments: 0..<300)
    func operationsInAnyOrder(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &+ 1_000_003)
        let start = BillingSchedulePropertyTests.randomDate(years: 2020...2030, using: &rng)
        let trialEnd = Bool.random(using: &rng) ? nil : start.adding(days: Int.random(in: 1...45, using: &rng))
        var gym = subscription(price: "10.00", every: .monthly, start: start.description, trialEnd: trialEnd?.description)
        var log: [String] = []
        for _ in 0..<Int.random(in: 1...10, using: &rng) {
            let date = start.adding(days: Int.random(in: 0...900, using: &rng))!
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                if (try? gym.cancel(on: date)) != nil { log.append("cancel \(date)") }
            case 1:
                let until = Bool.random(using: &rng) ? nil : date.adding(days: Int.random(in: 1...200, using: &rng))
                if (try? gym.pause(from: date, until: until)) != nil { log.append("pause \(date)-\(until.map(\.description) ?? "")") }
            case 2:
                if let outcome = try? gym.resume(on: date) {
                    log.append("resume \(date)")
                    let context = "seed \(seed), start \(start): " + log.joined(separator: "; ")
                    #expect(gym.status(on: date) != .cancelled && gym.status(on: date) != .paused,
                            "\(outcome) leaves it \(gym.status(on: date)) on \(date): \(context)")
                }
            default:
                gym.recordPrice(money("\(Int.random(in: 1...99, using: &rng)).00"), effective: date)
                log.append("price \(date)")
            }
        }
        let context = "seed \(seed), start \(start): " + log.joined(separator: "; ")
        let payments = gym.payments(from: start, through: start.adding(days: 1500)!)
        #expect(zip(payments, payments.dropFirst()).allSatisfy { $0.date < $1.date }, "charged once a day: \(context)")
        #expect(payments.allSatisfy { $0.amount == gym.price(on: $0.date) }, "priced on their day: \(context)")
        #expect(payments.allSatisfy { gym.status(on: $0.date) != .paused }, "nothing charged in a pause: \(context)")
        for payment in payments.prefix(20) {
            #expect(gym.nextPayment(onOrAfter: payment.date)?.date == payment.date, "next agrees: \(context)")
        }
    }

    /// A mistaken cancellation of a subscription that has not started yet can be undone today;
    /// a resume dated before a restart, in an earlier billing period, is refused.
    @Test func resumeBeforeBillingStartsIsFineButNotBeforeARestart() throws {
        var future = subscription(price: "5.00", start: "2026-12-10")
        try future.cancel(on: day("2026-12-10"))
        #expect(try future.resume(on: day("2026-11-22")).cancellation == .withdrawn(cancelledOn: day("2026-12-10")))

        var gym = subscription(price: "30.00", start: "2026-01-15")
        try gym.cancel(on: day("2026-03-01"))
        try gym.resume(on: day("2026-05-10"))
        try gym.pause(from: day("2026-08-01"), until: nil)
        #expect(throws: LifecycleError.resumeBeforeRestart(date: day("2026-04-01"), restartedOn: day("2026-05-10"))) {
            try gym.resume(on: day("2026-04-01"))
        }
        #expect(gym.pauses.count == 1, "the later pause is untouched")
    }
}
