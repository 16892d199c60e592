import Foundation
import Testing
@testable import SubscriptionCore
import FuzzSupport

/// Contracts against a brute-force walk of their terms (PRODUCT.md §14): for random terms,
/// renewals and notice periods in days, weeks, months and years, month-end starts and trials,
/// and random notice days, `giveNotice` ends at the first term end whose cancel-by day is on or
/// after the notice, nothing is charged after that end, and `deadlines(from:through:)` lists
/// every cancel-by day of a window once, in order, and none once notice is given.
@Suite("Contracts: a property against a walk of the terms")
struct ContractPropertyTests {
    /// One random case, said in full when it fails.
    struct Case: CustomStringConvertible {
        let seed: UInt64
        let start: CivilDate
        let trialEnd: CivilDate?
        let cycle: BillingCycle
        let term: TimeSpan
        let renewal: TimeSpan
        let notice: TimeSpan?
        let ends: CivilDate?
        let noticeDay: CivilDate
        let window: ClosedRange<CivilDate>

        var anchor: CivilDate { trialEnd ?? start }

        var description: String {
            "seed \(seed): start \(start), trial end \(trialEnd.map(\.description) ?? "none"), every \(cycle), "
                + "term \(term), renews \(renewal), notice \(notice.map(\.description) ?? "none"), "
                + "ends \(ends.map(\.description) ?? "none"), notice given \(noticeDay), "
                + "window \(window.lowerBound)...\(window.upperBound)"
        }

        var subscription: Subscription {
            var subscription = Subscription(
                name: "Acme", price: money("10.00"), cycle: cycle, startDate: start, trialEnd: trialEnd,
                contract: Contract(term: term, renewal: renewal, notice: notice),
                createdAt: Date(timeIntervalSince1970: 1_700_000_000))
            subscription.ends = ends
            return subscription
        }

        // The walk, each date counted from the anchor on its own with CivilDate's arithmetic.

        /// Whole months in a span of months or years; nil for days and weeks.
        static func months(_ span: TimeSpan) -> Int? {
            switch span.unit {
            case .month: span.count
            case .year: 12 * span.count
            case .day, .week: nil
            }
        }

        static func days(_ span: TimeSpan) -> Int {
            span.unit == .week ? 7 * span.count : span.count
        }

        /// The last day of term `k`: the day before the anchor moved by the term and `k`
        /// renewals. Months count from one origin (the anchor, or the first term's end when the
        /// first term is in days), so a month-end anchor does not drift.
        func termEnd(_ k: Int) -> CivilDate {
            let firstEnd: CivilDate = Self.months(term).map { anchor.adding(months: $0)! }
                ?? anchor.adding(days: Self.days(term))!
            let next: CivilDate
            if let first = Self.months(term), let each = Self.months(renewal) {
                next = anchor.adding(months: first + k * each)!
            } else if let each = Self.months(renewal) {
                next = firstEnd.adding(months: k * each)!
            } else {
                next = firstEnd.adding(days: k * Self.days(renewal))!
            }
            return next.adding(days: -1)!
        }

        /// The day before the notice period of the term ending on `end` starts.
        func cancelBy(_ end: CivilDate) -> CivilDate {
            guard let notice else { return end }
            let after = end.adding(days: 1)!
            let noticeStarts = Self.months(notice).map { after.adding(months: -$0)! } ?? after.adding(days: -Self.days(notice))!
            return noticeStarts.adding(days: -1)!
        }

        /// The first `k` whose cancel-by day is on or after `day`.
        func firstTerm(cancellableOn day: CivilDate) -> Int {
            var k = 0
            while cancelBy(termEnd(k)) < day { k += 1 }
            return k
        }
    }

    static let spans: [(TimeSpan.Unit, ClosedRange<Int>)] = [(.day, 1...400), (.week, 1...60), (.month, 1...36), (.year, 1...3)]
    static let cycles: [BillingCycle] = [
        BillingCycle(count: 10, unit: .day)!, BillingCycle(count: 1, unit: .week)!, BillingCycle(count: 2, unit: .week)!,
        .monthly, BillingCycle(count: 3, unit: .month)!, BillingCycle(count: 1, unit: .year)!,
    ]

    static func span(using random: inout SplitMix64, short: Bool = false) -> TimeSpan {
        let (unit, counts) = spans.randomElement(using: &random)!
        let count = Int.random(in: short ? counts.lowerBound...max(counts.lowerBound, counts.upperBound / 4) : counts, using: &random)
        return TimeSpan(count: count, unit: unit)!
    }

    static func randomCase(_ seed: UInt64) -> Case {
        var random = SplitMix64(seed: seed &+ 24_000_000)
        let start = BillingSchedulePropertyTests.randomDate(years: 2000...2040, using: &random)
        let trialEnd = Int.random(in: 0..<3, using: &random) == 0 ? start.adding(days: Int.random(in: 0...60, using: &random)) : nil
        let anchor = trialEnd ?? start
        let term = span(using: &random)
        // Often the same again; often month by month after a longer first term.
        let renewal = switch Int.random(in: 0..<3, using: &random) {
        case 0: term
        case 1: TimeSpan(count: 1, unit: .month)!
        default: span(using: &random)
        }
        let notice = Bool.random(using: &random) ? span(using: &random, short: true) : nil
        let ends = Int.random(in: 0..<5, using: &random) == 0 ? anchor.adding(days: Int.random(in: 0...2_000, using: &random)) : nil
        let noticeDay = start.adding(days: Int.random(in: 0...2_500, using: &random))!
        let from = anchor.adding(days: Int.random(in: -60...2_000, using: &random))!
        let window = from...from.adding(days: Int.random(in: 0...1_100, using: &random))!
        return Case(seed: seed, start: start, trialEnd: trialEnd, cycle: cycles.randomElement(using: &random)!, term: term,
                    renewal: renewal, notice: notice, ends: ends, noticeDay: noticeDay, window: window)
    }

    @Test("Notice reaches the first term end whose cancel-by day is on or after it; nothing is charged after the end",
          arguments: 0..<3_000)
    func noticeEndsAtTheFirstReachableTermEnd(seed: UInt64) throws {
        let this = Self.randomCase(seed)
        let open = this.subscription
        var noticed = open
        if let ends = this.ends, ends < this.noticeDay {
            // Stopped on its own before: no contract left to give notice on.
            #expect(throws: LifecycleError.endedBeforeNotice(name: "Acme", ended: ends), "\(this)") {
                try noticed.giveNotice(on: this.noticeDay)
            }
            return
        }
        let outcome = try noticed.giveNotice(on: this.noticeDay)
        let reached = this.termEnd(this.firstTerm(cancellableOn: this.noticeDay))
        // A subscription that stops on its own first ends then.
        let end = this.ends.map { min($0, reached) } ?? reached
        #expect(outcome.ends == end, "\(this)")
        #expect(open.contract?.end(noticeGivenOn: this.noticeDay, startingOn: this.anchor) == reached, "\(this)")
        #expect(noticed.periods.last?.cancelledOn == end && noticed.periods.last?.noticeGivenOn == this.noticeDay, "\(this)")

        // Nothing after the end; everything before it as without notice.
        let horizon = end.adding(years: 6)
        let charged = noticed.payments(from: this.start, through: horizon)
        #expect(charged.allSatisfy { $0.date <= end }, "\(this): \(charged.last.map { "\($0.date)" } ?? "")")
        #expect(charged == open.payments(from: this.start, through: end), "\(this)")
        #expect(outcome.lastPayment == open.payments(from: this.anchor, through: end).last, "\(this)")
        #expect(noticed.lifeProblem() == nil, "\(this)")
    }

    @Test("The deadlines of a window are every cancel-by day in it, once each, in order; none once notice is given",
          arguments: 0..<3_000)
    func deadlinesAreEveryCancelByDayOnce(seed: UInt64) throws {
        let this = Self.randomCase(seed)
        let open = this.subscription
        var expected: [(cancelBy: CivilDate, termEnd: CivilDate)] = []
        let first = this.firstTerm(cancellableOn: this.window.lowerBound)
        // Past its own end a subscription needs no notice.
        let needsNotice = { (end: CivilDate) in this.ends.map { end < $0 } ?? true }
        var k = first
        while needsNotice(this.termEnd(k)), this.cancelBy(this.termEnd(k)) <= this.window.upperBound {
            expected.append((this.cancelBy(this.termEnd(k)), this.termEnd(k)))
            k += 1
        }
        let found = open.deadlines(from: this.window.lowerBound, through: this.window.upperBound)
        #expect(found.map(\.cancelBy) == expected.map(\.cancelBy), "\(this)")
        #expect(found.map(\.termEnd) == expected.map(\.termEnd), "\(this)")
        #expect(zip(found, found.dropFirst()).allSatisfy { $0.termEnd! < $1.termEnd! && $0.cancelBy <= $1.cancelBy }, "\(this)")
        let next = needsNotice(this.termEnd(first)) ? this.cancelBy(this.termEnd(first)) : nil
        #expect(open.nextDeadline(onOrAfter: this.window.lowerBound)?.cancelBy == next, "\(this)")

        var noticed = open
        guard (try? noticed.giveNotice(on: this.noticeDay)) != nil else { return }
        #expect(noticed.deadlines(from: this.window.lowerBound, through: this.window.upperBound).isEmpty, "\(this)")
        #expect(noticed.nextDeadline(onOrAfter: this.start) == nil, "\(this)")
    }
}

extension ContractPropertyTests {
    /// A cron that runs `remind` on most days of the window (missing some, as machines are off),
    /// recording what it sends: each deadline is reminded exactly once at each offset, on the
    /// first run in its window (cancel-by − K through cancel-by), never outside it, and nothing
    /// after notice is given.
    @Test("Run daily with days missed, each deadline is reminded once at each offset, in its window", arguments: 0..<600)
    func deadlineRemindersComeOnceEach(seed: UInt64) throws {
        let this = Self.randomCase(seed)
        var random = SplitMix64(seed: seed &+ 77_000_000)
        let offsets = Array(Set((0..<Int.random(in: 1...3, using: &random)).map { _ in [0, 1, 7, 14, 30, 90].randomElement(using: &random)! }))
        var subscription = this.subscription
        // Notice part-way through, some of the time.
        let noticeDay = Bool.random(using: &random) ? this.noticeDay : nil
        var noticedOn: CivilDate?
        var sent: [String: CivilDate] = [:]
        var runs: [CivilDate] = []
        var day = this.window.lowerBound
        while day <= this.window.upperBound {
            if let noticeDay, day >= noticeDay, noticedOn == nil, subscription.currentPeriod.noticeGivenOn == nil,
               (try? subscription.giveNotice(on: day)) != nil {
                noticedOn = day
            }
            runs.append(day)
            for due in subscription.deadlineRemindersDue(on: day, offsets: offsets) {
                let cancelBy = due.deadline.cancelBy
                #expect(cancelBy.adding(days: -due.offset)! <= day && day <= cancelBy, "\(this), offset \(due.offset) on \(day)")
                let key = "\(cancelBy) \(due.offset)"
                if sent[key] == nil { sent[key] = day }
            }
            day = day.adding(days: Int.random(in: 1...4, using: &random))!
        }
        // What the walk says is due: every deadline of the window and a little after, at each offset
        // whose window holds a run, before notice was given (when it was).
        let needsNotice = { (end: CivilDate) in this.ends.map { end < $0 } ?? true }
        var expected: [String: CivilDate] = [:]
        var k = this.firstTerm(cancellableOn: this.window.lowerBound)
        while needsNotice(this.termEnd(k)), this.cancelBy(this.termEnd(k)) <= this.window.upperBound.adding(days: 90)! {
            let cancelBy = this.cancelBy(this.termEnd(k))
            for offset in offsets {
                let first = runs.first { cancelBy.adding(days: -offset)! <= $0 && $0 <= cancelBy }
                if let first, noticedOn.map({ first < $0 }) ?? true {
                    expected["\(cancelBy) \(offset)"] = first
                }
            }
            k += 1
        }
        #expect(sent == expected, "\(this), offsets \(offsets), notice given \(noticedOn.map(\.description) ?? "never")")
    }
}

private extension CivilDate {
    func adding(years: Int) -> CivilDate { adding(months: 12 * years) ?? self }
}
