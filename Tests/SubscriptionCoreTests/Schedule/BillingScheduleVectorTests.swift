import Foundation
import Testing
@testable import SubscriptionCore

/// The test vectors of SCHEDULE.md, one parameterised test per kind of query.
@Suite("SCHEDULE.md vectors")
struct BillingScheduleVectorTests {
    /// "k = 1..n": payment k of anchor A and a cycle.
    struct PaymentVector: Sendable, CustomTestStringConvertible {
        let id: String
        let anchor: String
        let cycle: BillingCycle
        let ks: [Int]
        let expected: [String]
        var testDescription: String { id }
    }

    static let paymentVectors: [PaymentVector] = [
        .init(id: "M1", anchor: "2024-01-31", cycle: cycle(1, .month), ks: [1, 2, 3, 4, 5],
              expected: ["2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2024-06-30"]),
        .init(id: "M2", anchor: "2025-01-31", cycle: cycle(1, .month), ks: [1, 2, 3],
              expected: ["2025-02-28", "2025-03-31", "2025-04-30"]),
        .init(id: "M3", anchor: "2024-01-30", cycle: cycle(1, .month), ks: [1, 2],
              expected: ["2024-02-29", "2024-03-30"]),
        .init(id: "M4", anchor: "2025-02-28", cycle: cycle(1, .month), ks: [1, 2],
              expected: ["2025-03-28", "2025-04-28"]),
        .init(id: "M5", anchor: "2023-11-30", cycle: cycle(3, .month), ks: [1, 2, 3, 4, 5],
              expected: ["2024-02-29", "2024-05-30", "2024-08-30", "2024-11-30", "2025-02-28"]),
        .init(id: "M6", anchor: "2024-08-31", cycle: cycle(6, .month), ks: [1, 2, 3],
              expected: ["2025-02-28", "2025-08-31", "2026-02-28"]),
        .init(id: "M7", anchor: "2024-12-31", cycle: cycle(2, .month), ks: [1, 2, 3],
              expected: ["2025-02-28", "2025-04-30", "2025-06-30"]),
        .init(id: "Y1", anchor: "2024-02-29", cycle: cycle(1, .year), ks: [1, 2, 3, 4],
              expected: ["2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"]),
        .init(id: "Y2", anchor: "2024-02-29", cycle: cycle(2, .year), ks: [1, 2],
              expected: ["2026-02-28", "2028-02-29"]),
        .init(id: "W1", anchor: "2024-01-05", cycle: cycle(2, .week), ks: [1, 2, 3],
              expected: ["2024-01-19", "2024-02-02", "2024-02-16"]),
        .init(id: "W2", anchor: "2024-01-31", cycle: cycle(4, .week), ks: [1, 2, 3],
              expected: ["2024-02-28", "2024-03-27", "2024-04-24"]),
        .init(id: "W3", anchor: "2024-12-30", cycle: cycle(1, .week), ks: [1],
              expected: ["2025-01-06"]),
        .init(id: "D1", anchor: "2024-10-27", cycle: cycle(14, .day), ks: [1],
              expected: ["2024-11-10"]),
        .init(id: "D2", anchor: "2024-01-31", cycle: cycle(30, .day), ks: [1, 2, 3],
              expected: ["2024-03-01", "2024-03-31", "2024-04-30"]),
        .init(id: "D3", anchor: "2024-02-27", cycle: cycle(2, .day), ks: [1, 2],
              expected: ["2024-02-29", "2024-03-02"]),
        .init(id: "D4", anchor: "2018-11-03", cycle: cycle(1, .day), ks: [1, 2, 3],
              expected: ["2018-11-04", "2018-11-05", "2018-11-06"]),
        .init(id: "T2", anchor: "2024-02-29", cycle: cycle(1, .month), ks: [1, 11, 12, 13],
              expected: ["2024-03-29", "2025-01-29", "2025-02-28", "2025-03-29"]),
    ]

    @Test("Payment k lands on the day SCHEDULE.md gives, clamped and never drifting",
          arguments: paymentVectors)
    func paymentDates(_ vector: PaymentVector) {
        let schedule = BillingSchedule(anchor: day(vector.anchor), cycle: vector.cycle)
        #expect(schedule.payment(0) == day(vector.anchor))
        #expect(vector.ks.map { schedule.payment($0) } == days(vector.expected))
    }

    @Test("Listing the payments from the anchor gives the vector's dates in order",
          arguments: paymentVectors.filter { $0.ks == Array(1...$0.ks.count) })
    func enumeratedPayments(_ vector: PaymentVector) throws {
        let schedule = BillingSchedule(anchor: day(vector.anchor), cycle: vector.cycle)
        let last = try #require(CivilDate(iso: vector.expected.last!))
        #expect(schedule.payments(from: day(vector.anchor), through: last)
                == [day(vector.anchor)] + days(vector.expected))
    }

    /// "next on t": the smallest payment on or after t.
    struct NextVector: Sendable, CustomTestStringConvertible {
        let id: String
        let anchor: String
        let cycle: BillingCycle
        let on: String
        let expected: String
        var testDescription: String { id }
    }

    static let nextVectors: [NextVector] = [
        .init(id: "N1", anchor: "2024-01-31", cycle: cycle(1, .month), on: "2024-02-01", expected: "2024-02-29"),
        .init(id: "N2", anchor: "2024-01-31", cycle: cycle(1, .month), on: "2024-04-30", expected: "2024-04-30"),
        .init(id: "N3", anchor: "2024-01-31", cycle: cycle(1, .month), on: "2024-05-01", expected: "2024-05-31"),
        .init(id: "N4", anchor: "2024-01-31", cycle: cycle(1, .month), on: "2023-12-01", expected: "2024-01-31"),
        .init(id: "Y3", anchor: "2024-02-29", cycle: cycle(1, .year), on: "2025-03-01", expected: "2026-02-28"),
    ]

    @Test("The next payment is the first on or after the day asked, a payment due that day included",
          arguments: nextVectors)
    func nextPayment(_ vector: NextVector) {
        let schedule = BillingSchedule(anchor: day(vector.anchor), cycle: vector.cycle)
        #expect(schedule.nextPayment(onOrAfter: day(vector.on)) == day(vector.expected))
        let sub = subscription(every: vector.cycle, start: vector.anchor)
        #expect(sub.nextPayment(onOrAfter: day(vector.on))?.date == day(vector.expected))
    }

    /// "upcoming on t, D days" = payments(from: t, through: t + D).
    struct UpcomingVector: Sendable, CustomTestStringConvertible {
        let id: String
        let anchor: String
        let cycle: BillingCycle
        let on: String
        let days: Int
        let expected: [String]
        var testDescription: String { id }
    }

    static let upcomingVectors: [UpcomingVector] = [
        .init(id: "U1", anchor: "2024-01-31", cycle: cycle(1, .month), on: "2024-02-25", days: 7, expected: ["2024-02-29"]),
        .init(id: "U2", anchor: "2024-01-31", cycle: cycle(1, .month), on: "2024-03-31", days: 0, expected: ["2024-03-31"]),
        .init(id: "U3", anchor: "2024-12-31", cycle: cycle(2, .month), on: "2025-02-25", days: 5, expected: ["2025-02-28"]),
        .init(id: "U4", anchor: "2024-02-01", cycle: cycle(1, .week), on: "2024-02-25", days: 7, expected: ["2024-02-29"]),
    ]

    @Test("Upcoming lists every payment in the window, both ends inclusive", arguments: upcomingVectors)
    func upcoming(_ vector: UpcomingVector) throws {
        let sub = subscription(every: vector.cycle, start: vector.anchor)
        let start = day(vector.on)
        let end = try #require(start.adding(days: vector.days))
        #expect(sub.payments(from: start, through: end).map(\.date) == days(vector.expected))
        #expect(sub.initialSchedule.payments(from: start, through: end) == days(vector.expected))
    }

    /// "history a..b, today": payments(from: max(a, A), through: min(b, today)).
    struct HistoryVector: Sendable, CustomTestStringConvertible {
        let id: String
        let anchor: String
        let cycle: BillingCycle
        let from: String
        let through: String
        let today: String
        let expected: [String]
        var testDescription: String { id }
    }

    static let historyVectors: [HistoryVector] = [
        .init(id: "H1", anchor: "2024-01-31", cycle: cycle(1, .month), from: "2024-01-01",
              through: "2024-06-30", today: "2024-07-01",
              expected: ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2024-06-30"]),
        // SCHEDULE.md gives H2 no today: any day after the window shows the whole window.
        .init(id: "H2", anchor: "2024-11-15", cycle: cycle(2, .week), from: "2024-12-20",
              through: "2025-01-31", today: "2025-06-01",
              expected: ["2024-12-27", "2025-01-10", "2025-01-24"]),
        .init(id: "H4", anchor: "2024-01-31", cycle: cycle(1, .month), from: "2024-03-01",
              through: "2024-12-31", today: "2024-05-15", expected: ["2024-03-31", "2024-04-30"]),
    ]

    @Test("History shows only payments that have happened, from the anchor on", arguments: historyVectors)
    func history(_ vector: HistoryVector) {
        let sub = subscription(every: vector.cycle, start: vector.anchor)
        let from = max(day(vector.from), sub.anchor)
        let through = min(day(vector.through), day(vector.today))
        #expect(sub.payments(from: from, through: through).map(\.date) == days(vector.expected))
    }

    @Test("Payments made so far run from the anchor through today, inclusive")
    func paymentsMadeSoFar() {
        let sub = subscription(start: "2024-01-31")
        #expect(sub.paymentsMade(through: day("2024-04-30")).map(\.date)
                == days(["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30"]))
        #expect(sub.paymentsMade(through: day("2024-01-30")).isEmpty)
    }

    // MARK: - Trials

    @Test("T1: with a trial the first charge is on the trial end and the schedule follows it")
    func trialAnchor() {
        let sub = subscription(start: "2025-01-31", trialEnd: "2025-02-07")
        #expect(sub.anchor == day("2025-02-07"))
        #expect([0, 1, 2].map { sub.initialSchedule.payment($0) } == days(["2025-02-07", "2025-03-07", "2025-04-07"]))
        #expect(sub.nextPayment(onOrAfter: day("2025-02-01"))?.date == day("2025-02-07"))
        #expect(sub.payments(from: day("2025-01-01"), through: day("2025-02-06")).isEmpty)
    }

    @Test("T1: the subscription is in trial before the trial end and active from that day",
          arguments: [("2025-01-31", SubscriptionStatus.trial), ("2025-02-06", .trial),
                      ("2025-02-07", .active), ("2025-03-01", .active)])
    func trialStatus(on today: String, expected: SubscriptionStatus) {
        let sub = subscription(start: "2025-01-31", trialEnd: "2025-02-07")
        #expect(sub.status(on: day(today)) == expected)
    }

    @Test("A subscription without a trial is active from its start and anchored on it")
    func noTrial() {
        let sub = subscription(start: "2025-01-31")
        #expect(sub.anchor == day("2025-01-31"))
        #expect(sub.status(on: day("2025-01-31")) == .active)
    }

    @Test("T2: a trial ending on Feb 29 bills on the 29th, or the 28th in shorter Februaries")
    func trialEndingOnLeapDay() {
        let sub = subscription(start: "2024-02-01", trialEnd: "2024-02-29")
        #expect([1, 11, 12, 13].map { sub.initialSchedule.payment($0) }
                == days(["2024-03-29", "2025-01-29", "2025-02-28", "2025-03-29"]))
    }

    // MARK: - Reminders

    @Test("A reminder K days before a payment is due on the payment day minus K, across month and year ends",
          arguments: [("2025-03-01", 3, "2025-02-26"), ("2024-03-01", 3, "2024-02-27"),
                      ("2025-01-02", 5, "2024-12-28")])
    func reminderDate(payment: String, k: Int, expected: String) {
        #expect(day(payment).adding(days: -k) == day(expected))
    }

    // MARK: - Nothing before the anchor

    @Test("Nothing is due before the anchor: a window that ends before it is empty")
    func nothingBeforeAnchor() {
        let schedule = BillingSchedule(anchor: day("2024-01-31"), cycle: .monthly)
        #expect(schedule.payments(from: day("2023-01-01"), through: day("2024-01-30")).isEmpty)
        #expect(schedule.firstIndex(onOrAfter: day("1970-01-01")) == 0)
    }

    @Test("A window whose end is before its start is empty")
    func reversedWindow() {
        let schedule = BillingSchedule(anchor: day("2024-01-31"), cycle: .monthly)
        #expect(schedule.payments(from: day("2024-06-30"), through: day("2024-03-31")).isEmpty)
    }

    @Test("Payments past the year 9999 do not exist, and asking for them does not crash")
    func endOfSupportedYears() {
        let schedule = BillingSchedule(anchor: day("9999-11-30"), cycle: .monthly)
        #expect(schedule.payment(1) == day("9999-12-30"))
        #expect(schedule.payment(2) == nil)
        #expect(schedule.nextPayment(onOrAfter: day("9999-12-31")) == nil)
        #expect(schedule.payments(from: day("9999-12-01"), through: day("9999-12-31")) == [day("9999-12-30")])
        #expect(schedule.payment(Int.max) == nil)
        let yearly = BillingSchedule(anchor: day("2024-01-01"), cycle: cycle(999, .year))
        #expect(yearly.payment(Int.max / 2) == nil)
        #expect(yearly.payment(7) == day("9017-01-01"))
        #expect(yearly.payment(8) == nil)
        #expect(yearly.nextPayment(onOrAfter: day("9017-01-02")) == nil)
    }

    // An exit test: a trap must fail this test, not take the whole test run down with it.
    // The child exits 0 for "no date", 3 for a wrong date; a crash shows as a signal.
    @Test("A payment index far beyond the year 9999 gives no date instead of crashing")
    func hugePaymentIndex() async {
        await #expect(processExitsWith: .success) {
            let daily = BillingSchedule(anchor: CivilDate(year: 2024, month: 1, day: 1)!,
                                        cycle: BillingCycle(count: 1, unit: .day)!)
            exit(daily.payment(Int.max - 100_000) == nil ? 0 : 3)
        }
        await #expect(processExitsWith: .success) {
            let weekly = BillingSchedule(anchor: CivilDate(year: 2024, month: 1, day: 1)!,
                                         cycle: BillingCycle(count: 1, unit: .week)!)
            exit(weekly.payment(Int.max / 7 - 100_000) == nil ? 0 : 3)
        }
    }
}

/// R1: schedule math is on civil dates, so the machine's time zone cannot move a payment.
@Suite("Time zones and daylight saving")
struct TimeZoneTests {
    static let zones = ["America/New_York", "America/Sao_Paulo", "Pacific/Kiritimati",
                        "Pacific/Pago_Pago", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC"]

    /// The instant of `hour`:00 local time on the civil date `date` in `zone`.
    static func instant(_ date: String, hour: Int, in zone: TimeZone) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let civil = day(date)
        return try #require(calendar.date(from: DateComponents(
            year: civil.year, month: civil.month, day: civil.day, hour: hour)))
    }

    static func utc(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return try #require(formatter.date(from: text))
    }

    @Test("D1: 14 days after 2024-10-27 is 2024-11-10 whichever zone 'today' was read in",
          arguments: zones)
    func fourteenDaysAcrossFallBack(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let today = CivilDate(instant: try Self.instant("2024-10-27", hour: 12, in: zone), in: zone)
        #expect(today == day("2024-10-27"))
        let schedule = BillingSchedule(anchor: today, cycle: cycle(14, .day))
        #expect(schedule.payment(1) == day("2024-11-10"))
    }

    @Test("D1: adding 14 × 24 hours to New York midnight would land on Nov 9; civil math does not")
    func instantArithmeticWouldDrift() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let midnight = try Self.utc("2024-10-27T04:00:00Z")
        #expect(CivilDate(instant: midnight, in: newYork) == day("2024-10-27"))
        let naive = midnight.addingTimeInterval(14 * 86_400)
        #expect(CivilDate(instant: naive, in: newYork) == day("2024-11-09"))
        #expect(day("2024-10-27").adding(days: 14) == day("2024-11-10"))
    }

    @Test("D4: daily payments continue through the Sao Paulo day whose midnight did not exist",
          arguments: zones)
    func dailyAcrossMissingMidnight(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let anchor = CivilDate(instant: try Self.instant("2018-11-03", hour: 12, in: zone), in: zone)
        let schedule = BillingSchedule(anchor: anchor, cycle: cycle(1, .day))
        #expect([1, 2, 3].map { schedule.payment($0) } == days(["2018-11-04", "2018-11-05", "2018-11-06"]))
    }

    struct InstantCase: Sendable, CustomTestStringConvertible {
        let zone: String
        let utc: String
        let expected: String
        let note: String
        var testDescription: String { "\(utc) in \(zone) (\(note))" }
    }

    static let instantCases: [InstantCase] = [
        // New York, fall back on 2024-11-03 at 02:00 EDT -> 01:00 EST.
        .init(zone: "America/New_York", utc: "2024-11-03T03:59:59Z", expected: "2024-11-02", note: "23:59:59 EDT"),
        .init(zone: "America/New_York", utc: "2024-11-03T04:00:00Z", expected: "2024-11-03", note: "midnight EDT"),
        .init(zone: "America/New_York", utc: "2024-11-03T06:30:00Z", expected: "2024-11-03", note: "the repeated 01:30, EST"),
        .init(zone: "America/New_York", utc: "2024-11-04T04:59:59Z", expected: "2024-11-03", note: "23:59:59 EST"),
        .init(zone: "America/New_York", utc: "2024-11-04T05:00:00Z", expected: "2024-11-04", note: "midnight EST"),
        // New York, spring forward on 2024-03-10 at 02:00 EST -> 03:00 EDT.
        .init(zone: "America/New_York", utc: "2024-03-10T04:59:59Z", expected: "2024-03-09", note: "23:59:59 EST"),
        .init(zone: "America/New_York", utc: "2024-03-10T05:00:00Z", expected: "2024-03-10", note: "midnight EST"),
        .init(zone: "America/New_York", utc: "2024-03-11T03:59:59Z", expected: "2024-03-10", note: "23:59:59 EDT"),
        .init(zone: "America/New_York", utc: "2024-03-11T04:00:00Z", expected: "2024-03-11", note: "midnight EDT"),
        // D1's day: 14 days of seconds after New York midnight of Oct 27 is still Nov 9 there.
        .init(zone: "America/New_York", utc: "2024-11-10T04:00:00Z", expected: "2024-11-09", note: "23:00 EST"),
        .init(zone: "America/New_York", utc: "2024-11-10T05:00:00Z", expected: "2024-11-10", note: "midnight EST"),
        // Sao Paulo, DST began on 2018-11-04 at 00:00 -03 -> 01:00 -02: that midnight never happened.
        .init(zone: "America/Sao_Paulo", utc: "2018-11-04T02:59:59Z", expected: "2018-11-03", note: "23:59:59 -03"),
        .init(zone: "America/Sao_Paulo", utc: "2018-11-04T03:00:00Z", expected: "2018-11-04", note: "01:00 -02, first instant of the day"),
        .init(zone: "America/Sao_Paulo", utc: "2018-11-05T01:59:59Z", expected: "2018-11-04", note: "23:59:59 -02"),
        .init(zone: "America/Sao_Paulo", utc: "2018-11-05T02:00:00Z", expected: "2018-11-05", note: "midnight -02"),
        // Sao Paulo, DST ended on 2019-02-17 at 00:00 -02 -> 23:00 -03 on the 16th, which repeats.
        .init(zone: "America/Sao_Paulo", utc: "2019-02-17T01:30:00Z", expected: "2019-02-16", note: "first 23:30"),
        .init(zone: "America/Sao_Paulo", utc: "2019-02-17T02:30:00Z", expected: "2019-02-16", note: "repeated 23:30"),
        .init(zone: "America/Sao_Paulo", utc: "2019-02-17T03:00:00Z", expected: "2019-02-17", note: "midnight -03"),
    ]

    @Test("The civil date of an instant is the wall-clock date in the user's zone, around DST changes",
          arguments: instantCases)
    func civilDateOfInstant(_ item: InstantCase) throws {
        let zone = try #require(TimeZone(identifier: item.zone))
        #expect(CivilDate(instant: try Self.utc(item.utc), in: zone) == day(item.expected))
    }

    @Test("The same instant is a different civil date on each side of the date line")
    func sameInstantDifferentDates() throws {
        let instant = try Self.utc("2024-01-31T12:00:00Z")
        #expect(CivilDate(instant: instant, in: try #require(TimeZone(identifier: "Pacific/Kiritimati"))) == day("2024-02-01"))
        #expect(CivilDate(instant: instant, in: try #require(TimeZone(identifier: "Pacific/Pago_Pago"))) == day("2024-01-31"))
    }
}
