import Foundation
import Testing
@testable import SubscriptionCore
import FuzzSupport

/// Properties that must hold for every anchor and cycle, checked on thousands of seeded random
/// cases (SplitMix64, so a failure reproduces exactly).
@Suite("Billing schedule properties")
struct BillingSchedulePropertyTests {
    /// A random valid date with a year in `years`; month-end days are picked often, since they
    /// are where billing math goes wrong.
    static func randomDate(years: ClosedRange<Int> = 1970...2100, using rng: inout SplitMix64) -> CivilDate {
        let year = Int.random(in: years, using: &rng)
        let month = Int.random(in: 1...12, using: &rng)
        let length = CivilDate.daysInMonth(year: year, month: month)
        let dayOfMonth = Bool.random(using: &rng) ? Int.random(in: max(1, length - 3)...length, using: &rng)
                                                  : Int.random(in: 1...length, using: &rng)
        return CivilDate(year: year, month: month, day: dayOfMonth)!
    }

    static func randomCycle(units: [BillingCycle.Unit] = BillingCycle.Unit.allCases,
                            using rng: inout SplitMix64) -> BillingCycle {
        let unit = units.randomElement(using: &rng)!
        // Mostly the counts people use, sometimes anything up to 999; a one-time payment has 1.
        if unit == .once { return .once }
        let count = Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 1...999, using: &rng)
                                                           : Int.random(in: 1...13, using: &rng)
        return BillingCycle(count: count, unit: unit)!
    }

    /// The first `n` payments, stopping early past the year 9999.
    static func firstPayments(_ schedule: BillingSchedule, _ n: Int) -> [CivilDate] {
        var dates: [CivilDate] = []
        for k in 0..<n {
            guard let date = schedule.payment(k) else { break }
            dates.append(date)
        }
        return dates
    }

    @Test("Payments strictly increase for any anchor and cycle")
    func paymentsStrictlyIncrease() {
        var rng = SplitMix64(seed: 0x5EED_0001)
        var failures: [String] = []
        for _ in 0..<3_000 {
            let schedule = BillingSchedule(anchor: Self.randomDate(using: &rng), cycle: Self.randomCycle(using: &rng))
            let dates = Self.firstPayments(schedule, 40)
            if dates.first != schedule.anchor { failures.append("\(schedule.anchor) \(schedule.cycle): k=0 is not the anchor") }
            for (earlier, later) in zip(dates, dates.dropFirst()) where !(earlier < later) {
                failures.append("\(schedule.anchor) \(schedule.cycle): \(earlier) then \(later)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test("A monthly-type cycle never bills twice in a month, never skips one, and keeps the anchor's day")
    func monthlyCyclesNeverSkipOrDrift() {
        var rng = SplitMix64(seed: 0x5EED_0002)
        var failures: [String] = []
        for _ in 0..<3_000 {
            let anchor = Self.randomDate(using: &rng)
            let cycle = Self.randomCycle(units: [.month, .year], using: &rng)
            let schedule = BillingSchedule(anchor: anchor, cycle: cycle)
            let step = cycle.unit == .month ? cycle.count : 12 * cycle.count
            let dates = Self.firstPayments(schedule, 60)
            for (k, date) in dates.enumerated() {
                // Exactly k·step months after the anchor's month: none skipped, none doubled.
                if anchor.months(until: date) != k * step {
                    failures.append("\(anchor) \(cycle) k=\(k): \(date) is not \(k * step) months on")
                }
                let expectedDay = min(anchor.day, CivilDate.daysInMonth(year: date.year, month: date.month))
                if date.day != expectedDay {
                    failures.append("\(anchor) \(cycle) k=\(k): \(date) has day \(date.day), not \(expectedDay)")
                }
            }
            let months = dates.map { $0.year * 12 + $0.month }
            if Set(months).count != months.count {
                failures.append("\(anchor) \(cycle): two payments in one month")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test("Monthly billing from any anchor pays in every calendar month, once")
    func everyMonthExactlyOnce() {
        var rng = SplitMix64(seed: 0x5EED_0003)
        var failures: [String] = []
        for _ in 0..<2_000 {
            let anchor = Self.randomDate(using: &rng)
            let schedule = BillingSchedule(anchor: anchor, cycle: .monthly)
            guard let end = anchor.adding(months: 36) else { continue }
            let dates = schedule.payments(from: anchor, through: end)
            let months = dates.map { $0.year * 12 + $0.month }
            let first = anchor.year * 12 + anchor.month
            if months != Array(first...(first + 36)) {
                failures.append("\(anchor): months \(dates)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }

    @Test("Day and week cycles are exactly N or 7·N days apart")
    func dayAndWeekCyclesAreEvenlySpaced() {
        var rng = SplitMix64(seed: 0x5EED_0004)
        var failures: [String] = []
        for _ in 0..<3_000 {
            let anchor = Self.randomDate(using: &rng)
            let cycle = Self.randomCycle(units: [.day, .week], using: &rng)
            let period = cycle.unit == .day ? cycle.count : 7 * cycle.count
            let dates = Self.firstPayments(BillingSchedule(anchor: anchor, cycle: cycle), 30)
            for (k, date) in dates.enumerated() where anchor.days(until: date) != k * period {
                failures.append("\(anchor) \(cycle) k=\(k): \(date)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test("The next payment on or after a day agrees with walking the payments from the anchor")
    func nextPaymentAgreesWithEnumeration() {
        var rng = SplitMix64(seed: 0x5EED_0005)
        var failures: [String] = []
        for _ in 0..<3_000 {
            let anchor = Self.randomDate(using: &rng)
            let cycle = Self.randomCycle(using: &rng)
            let schedule = BillingSchedule(anchor: anchor, cycle: cycle)
            // Days before the anchor, on it, and well after it (up to a few hundred payments on).
            let offset = Int.random(in: -400...20_000, using: &rng)
            guard let t = anchor.adding(days: offset) else { continue }
            var walked: CivilDate?
            var k = 0
            while let date = schedule.payment(k) {
                if date >= t { walked = date; break }
                k += 1
            }
            let next = schedule.nextPayment(onOrAfter: t)
            if next != walked {
                failures.append("\(anchor) \(cycle) next on \(t): \(String(describing: next)), walked \(String(describing: walked))")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test("firstIndex(onOrAfter:) points at a payment on or after the day, and the one before is earlier")
    func firstIndexIsTight() {
        var rng = SplitMix64(seed: 0x5EED_0006)
        var failures: [String] = []
        for _ in 0..<5_000 {
            let anchor = Self.randomDate(using: &rng)
            let cycle = Self.randomCycle(using: &rng)
            let schedule = BillingSchedule(anchor: anchor, cycle: cycle)
            let t = Self.randomDate(years: 1960...2200, using: &rng)
            let index = schedule.firstIndex(onOrAfter: t)
            guard index >= 0 else {
                failures.append("\(anchor) \(cycle) t=\(t): negative index \(index)")
                continue
            }
            if let payment = schedule.payment(index), payment < t {
                failures.append("\(anchor) \(cycle) t=\(t): payment \(index) = \(payment) is before t")
            }
            if index > 0, let previous = schedule.payment(index - 1), !(previous < t) {
                failures.append("\(anchor) \(cycle) t=\(t): payment \(index - 1) = \(previous) is not before t")
            }
            if index > 0, schedule.payment(index - 1) == nil {
                failures.append("\(anchor) \(cycle) t=\(t): skipped past the last payment")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test("Listing a window gives exactly the payments inside it, in order")
    func windowMatchesFilter() {
        var rng = SplitMix64(seed: 0x5EED_0007)
        var failures: [String] = []
        for _ in 0..<1_000 {
            let anchor = Self.randomDate(using: &rng)
            let cycle = Self.randomCycle(using: &rng)
            let schedule = BillingSchedule(anchor: anchor, cycle: cycle)
            guard let start = anchor.adding(days: Int.random(in: -100...3_000, using: &rng)),
                  let end = start.adding(days: Int.random(in: 0...400, using: &rng))
            else { continue }
            var expected: [CivilDate] = []
            var k = 0
            while let date = schedule.payment(k), date <= end {
                if date >= start { expected.append(date) }
                k += 1
            }
            let listed = schedule.payments(from: start, through: end)
            if listed != expected { failures.append("\(anchor) \(cycle) \(start)...\(end): \(listed) vs \(expected)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }

    @Test("Every day from 1900 to 2200 survives the trip through days since 1970, in calendar order")
    func daysSinceEpochRoundTrips() {
        var expected = day("1900-01-01")
        var failures: [String] = []
        #expect(expected.daysSinceEpoch == -25_567)
        for n in -25_567...84_370 {
            // An independent calendar walk: next day, rolling months and years by hand.
            if expected.daysSinceEpoch != n { failures.append("\(expected).daysSinceEpoch != \(n)") }
            if CivilDate(daysSinceEpoch: n) != expected {
                failures.append("daysSinceEpoch \(n) gives \(String(describing: CivilDate(daysSinceEpoch: n))), not \(expected)")
            }
            if failures.count > 5 { break }
            let (y, m, d) = (expected.year, expected.month, expected.day)
            if d < CivilDate.daysInMonth(year: y, month: m) {
                expected = CivilDate(year: y, month: m, day: d + 1)!
            } else if m < 12 {
                expected = CivilDate(year: y, month: m + 1, day: 1)!
            } else {
                expected = CivilDate(year: y + 1, month: 1, day: 1)!
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(expected == day("2201-01-01"))
    }

    @Test("Known day counts: 1970-01-01 is day 0, 2000-03-01 is 11017, 2200-12-31 is 84370")
    func knownDayCounts() {
        #expect(day("1970-01-01").daysSinceEpoch == 0)
        #expect(day("1969-12-31").daysSinceEpoch == -1)
        #expect(day("2000-03-01").daysSinceEpoch == 11_017)
        #expect(day("2024-10-27").daysSinceEpoch == 20_023)
        #expect(day("2200-12-31").daysSinceEpoch == 84_370)
    }

    @Test("Adding months and then the same months back returns to the anchor unless it was clamped")
    func addingMonthsClampsOnly() {
        var rng = SplitMix64(seed: 0x5EED_0008)
        var failures: [String] = []
        for _ in 0..<3_000 {
            let date = Self.randomDate(using: &rng)
            let months = Int.random(in: -600...600, using: &rng)
            guard let moved = date.adding(months: months) else { continue }
            if date.months(until: moved) != months { failures.append("\(date) + \(months) months = \(moved)") }
            let length = CivilDate.daysInMonth(year: moved.year, month: moved.month)
            if moved.day != min(date.day, length) { failures.append("\(date) + \(months) months = \(moved)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
