import Foundation
import Testing
@testable import SubscriptionCore
import FuzzSupport

/// `lifeProblem()`: what an import refuses is exactly what no operation of `subs` could
/// have recorded.
@Suite("Life check")
struct LifeCheckTests {
    /// Random cancels, pauses, resumes, price and plan changes, edits of the start and trial end,
    /// paid, skip and undone records, typed on days that only move forward and dated on any day:
    /// whatever is accepted leaves a life the check takes, and an export document of it imports.
    @Test("Whatever the operations accept, the check and an import accept", arguments: 0..<400)
    func operationsOnlyMakeLivesTheCheckAccepts(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &+ 7_000_001)
        let start = BillingSchedulePropertyTests.randomDate(years: 2020...2030, using: &rng)
        let trialEnd = Bool.random(using: &rng) ? nil : start.adding(days: Int.random(in: 0...45, using: &rng))
        var gym = subscription(price: "10.00", every: .monthly, start: start.description, trialEnd: trialEnd?.description)
        var today = start
        var log: [String] = ["start \(start), trial end \(trialEnd.map(\.description) ?? "none")"]
        for _ in 0..<Int.random(in: 1...14, using: &rng) {
            today = today.adding(days: Int.random(in: 0...60, using: &rng))!
            let date = start.adding(days: Int.random(in: -30...700, using: &rng))!
            let later = date.adding(days: Int.random(in: 1...200, using: &rng))!
            // On a copy, as the store changes one: an edit that throws may have changed some of it.
            var next = gym
            let step: String
            do {
                switch Int.random(in: 0..<15, using: &rng) {
                case 0: try next.cancel(on: date); step = "cancel \(date)"
                case 1:
                    let until = Bool.random(using: &rng) ? nil : later
                    try next.pause(from: date, until: until); step = "pause \(date)-\(until.map(\.description) ?? "")"
                case 2: try next.resume(on: date); step = "resume \(date)"
                case 3:
                    let plan = [cycle(1, .week), .monthly, cycle(1, .year), cycle(2, .week)].randomElement(using: &rng)!
                    try next.changePlan(to: plan, price: money("12.00"), on: date); step = "plan \(plan) \(date)"
                case 4: next.correctPlan(to: cycle(1, .week)); step = "correct plan"
                case 5: next.recordPrice(money("11.00"), effective: date); step = "price \(date)"
                case 6:
                    var changes = SubscriptionChanges()
                    changes.startDate = date
                    try changes.apply(to: &next, category: nil, today: today); step = "edit start \(date)"
                case 7:
                    var changes = SubscriptionChanges()
                    changes.trialEnd = Bool.random(using: &rng) ? .some(nil) : date
                    try changes.apply(to: &next, category: nil, today: today); step = "edit trial end \(changes.trialEnd!.map(\.description) ?? "none")"
                case 8:
                    let record = try next.recordPaid(on: Bool.random(using: &rng) ? nil : date, amount: nil, today: today)
                    step = "paid \(record.record.date)"
                case 9: try next.recordSkip(on: date, today: today); step = "skip \(date)"
                // The contract's operations (PRODUCT.md §14): terms, a one-off deadline, an end, notice.
                case 11:
                    var changes = SubscriptionChanges()
                    let spans = [TimeSpan(count: 1, unit: .year)!, TimeSpan(count: 3, unit: .month)!, TimeSpan(count: 30, unit: .day)!]
                    changes.term = Bool.random(using: &rng) ? .some(nil) : spans.randomElement(using: &rng)!
                    changes.notice = Bool.random(using: &rng) ? nil : spans.randomElement(using: &rng)!
                    try changes.apply(to: &next, category: nil, today: today)
                    step = "edit term \(String(describing: changes.term)) notice \(String(describing: changes.notice))"
                case 12:
                    var changes = SubscriptionChanges()
                    changes.cancelBy = Bool.random(using: &rng) ? .some(nil) : date
                    try changes.apply(to: &next, category: nil, today: today); step = "edit cancel by \(String(describing: changes.cancelBy))"
                case 13:
                    var changes = SubscriptionChanges()
                    let rules: [EndRule?] = [nil, .on(date), .afterPayments(Int.random(in: 1...6, using: &rng))]
                    changes.ends = .some(rules.randomElement(using: &rng)!)
                    try changes.apply(to: &next, category: nil, today: today); step = "edit ends \(String(describing: changes.ends))"
                case 14:
                    let forced = Bool.random(using: &rng) ? nil : later
                    _ = try next.giveNotice(on: date, forcedEnd: forced)
                    step = "notice \(date) end \(forced.map(\.description) ?? "")"
                default:
                    guard let record = next.charges.randomElement(using: &rng) else { continue }
                    try next.removeRecord(on: record.date, today: today); step = "undo record \(record.date)"
                }
            } catch {
                continue
            }
            gym = next
            log.append("\(step) (today \(today))")
            let context = "seed \(seed): " + log.joined(separator: "; ")
            #expect(gym.lifeProblem() == nil, "\(gym.lifeProblem()!): \(context)")
        }
        let context = "seed \(seed): " + log.joined(separator: "; ")
        let document = try JSONEncoder().encode(ExportDocument(subscriptions: [gym], categories: [], settings: [:], rates: [], exportedAt: Date()))
        do {
            let parsed = try SubsDocumentFormat.parse(document, options: ImportOptions(today: today))
            #expect(parsed.subscriptions.first?.subscription == gym, "\(context)")
        } catch {
            Issue.record("import refused: \(error): \(context)")
        }
    }

    /// A life with every part in use: a trial, a price change, two pauses, a cancellation and a
    /// restart, a plan change with a cancellation ahead, a paid charge and a skip.
    static func fullLife() throws -> Subscription {
        var gym = subscription(id: "0d6f3c2a-1b4e-4f8a-9c7d-5e2b1a0f3d4c", name: "Gym", price: "30.00", start: "2024-01-05",
                               trialEnd: "2024-01-20")
        gym.recordPrice(money("35.00"), effective: day("2024-03-05"))
        try gym.pause(from: day("2024-02-01"), until: day("2024-03-01"))
        try gym.pause(from: day("2024-04-10"), until: day("2024-04-20"))
        try gym.cancel(on: day("2024-05-01"))
        try gym.resume(on: day("2024-06-01"))
        try gym.changePlan(to: cycle(1, .week), price: money("10.00"), on: day("2024-07-01"))
        try gym.cancel(on: day("2024-09-01"))
        try gym.recordPaid(on: day("2024-01-20"), amount: nil, today: day("2024-10-01"))
        try gym.recordSkip(on: day("2024-06-01"), today: day("2024-10-01"))
        return gym
    }

    @Test func aFullLifeHasNoProblem() throws {
        #expect(try Self.fullLife().lifeProblem() == nil)
    }

    @Test func eachContradictionIsFoundWhereItIs() throws {
        let full = try Self.fullLife()
        func problem(_ change: (inout Subscription) -> Void) -> LifeProblem? {
            var gym = full
            change(&gym)
            return gym.lifeProblem()
        }
        #expect(problem { $0.trialEnd = day("2024-01-01") }
                == LifeProblem(.trialEnd, .dateOrder(.trialEndBeforeStart(trialEnd: day("2024-01-01"), start: day("2024-01-05")))))
        #expect(problem { $0.periods[0].restartedOn = day("2024-01-10") }
                == LifeProblem(.restart(period: 0), .firstPeriodRestarted(on: day("2024-01-10"))))
        #expect(problem { $0.periods[1].restartedOn = nil } == LifeProblem(.restart(period: 1), .restartMissing))
        #expect(problem { $0.periods[1].restartedOn = day("2024-05-01") }
                == LifeProblem(.restart(period: 1), .restartNotAfterCancellation(restart: day("2024-05-01"), cancelledOn: day("2024-05-01"))))
        #expect(problem { $0.periods[2].restartedOn = day("2024-06-01") }
                == LifeProblem(.restart(period: 2), .restartNotAfterPeriodStart(restart: day("2024-06-01"), periodStart: day("2024-06-01"))))
        #expect(problem { $0.periods[0].cancelledOn = nil; $0.periods[1].restartedOn = day("2024-01-04") }
                == LifeProblem(.restart(period: 1), .dateOrder(.startAfterLifecycleEvent(start: day("2024-01-05"), firstEvent: day("2024-01-04")))))
        #expect(problem { $0.periods[2].cancelledOn = day("2024-06-20") }
                == LifeProblem(.cancellation(period: 2), .lifecycle(.cancelBeforeStart(date: day("2024-06-20"), billingStart: day("2024-07-01")))))
        #expect(problem { $0.pauses[0].until = day("2024-02-01") }
                == LifeProblem(.pauseEnd(0), .lifecycle(.pauseEndsBeforeItStarts(from: day("2024-02-01"), until: day("2024-02-01")))))
        #expect(problem { $0.pauses[0] = Pause(from: day("2024-01-04"), until: day("2024-01-10")) }
                == LifeProblem(.pauseStart(0), .lifecycle(.pauseBeforeStart(from: day("2024-01-04"), billingStart: day("2024-01-05")))))
        #expect(problem { $0.pauses[1] = Pause(from: day("2024-02-29"), until: nil) }
                == LifeProblem(.pauseStart(1), .lifecycle(.alreadyPaused(name: "Gym", pause: full.pauses[0]))))
        #expect(problem { $0.pauses[1] = Pause(from: day("2024-05-02"), until: day("2024-05-20")) }
                == LifeProblem(.pauseStart(1), .lifecycle(.pauseAfterCancellation(name: "Gym", from: day("2024-05-02"), cancelledOn: day("2024-05-01")))))
        #expect(problem { $0.prices.append(PriceChange(effective: day("2024-03-05"), amount: money("36.00"))); $0.prices.sort { $0.effective < $1.effective } }
                == LifeProblem(.price(2), .secondPrice(on: day("2024-03-05"))))
        // "Today" was another day where (or with the --today) a charge was recorded.
        #expect(problem { $0.charges.append(ChargeRecord(date: day("2024-10-02"), amount: money("10.00"))) } == nil)
    }

    /// Lives that look wrong but that the operations make: refusing them would break a round trip.
    @Test func livesTheOperationsMakeAreAccepted() throws {
        // A cancellation during the trial, resumed before it would have ended.
        var early = subscription(price: "10.00", start: "2024-01-01", trialEnd: "2024-02-01")
        try early.cancel(on: day("2024-01-10"))
        try early.resume(on: day("2024-01-15"))
        #expect(early.periods[1].restartedOn == day("2024-01-15"))
        #expect(early.lifeProblem() == nil, "a restart before the trial end")

        // Charges recorded first, then a later start, a pause over one and a cancellation before one.
        var gym = subscription(price: "10.00", start: "2024-01-01")
        try gym.recordPaid(on: day("2024-01-01"), amount: nil, today: day("2024-04-01"))
        try gym.recordPaid(on: day("2024-02-01"), amount: nil, today: day("2024-04-01"))
        try gym.recordPaid(on: day("2024-03-01"), amount: nil, today: day("2024-04-01"))
        var changes = SubscriptionChanges()
        changes.startDate = day("2024-01-15")
        try changes.apply(to: &gym, category: nil, today: day("2024-04-01"))
        try gym.pause(from: day("2024-01-20"), until: day("2024-02-10"))
        // `cancel` now refuses a day before a recorded charge; databases from before hold such lives.
        #expect(throws: LifecycleError.cancelBeforeCharge(name: gym.name, date: day("2024-02-20"), charged: day("2024-03-01"))) {
            try gym.cancel(on: day("2024-02-20"))
        }
        gym.periods[0].cancelledOn = day("2024-02-20")
        #expect(gym.lifeProblem() == nil, "charges before the start, in a pause, after a cancellation")

        // A skip ahead, then a plan change that moves the schedule off it.
        var news = subscription(price: "10.00", start: "2024-01-15")
        try news.recordSkip(on: day("2024-05-15"), today: day("2024-03-01"))
        try news.changePlan(to: .monthly, price: nil, on: day("2024-04-01"))
        #expect(news.lifeProblem() == nil, "a skip in the future, on no scheduled day")

        // A start moved up to the first restart.
        var moved = subscription(price: "10.00", start: "2024-01-01")
        try moved.changePlan(to: cycle(1, .week), price: nil, on: day("2024-03-01"))
        var start = SubscriptionChanges()
        start.startDate = day("2024-03-01")
        try start.apply(to: &moved, category: nil, today: day("2024-03-01"))
        #expect(moved.lifeProblem() == nil, "a restart on the start date")
    }
}
