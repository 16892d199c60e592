import Foundation
import Testing
@testable import SubscriptionCore

/// The views of deadlines and ends (PRODUCT.md §14): upcoming, summary, stats and the month
/// calendar, on four subscriptions that cover the cases: a contract with notice, a one-off
/// deadline, an instalment plan and a one-time purchase already paid.
@Suite struct ContractViewsTests {
    /// Insurance, yearly from 2026-04-01, a 1-year term with 3 months' notice: the term ends
    /// 2027-03-31, cancel by 2026-12-31, or it renews to 2028-03-31 for 480.00.
    static let insurance = Subscription(
        name: "Acme Insurance", price: money("480.00"), cycle: cycle(1, .year), startDate: day("2026-04-01"),
        contract: Contract(term: TimeSpan(count: 1, unit: .year)!, notice: TimeSpan(count: 3, unit: .month)!),
        createdAt: Date(timeIntervalSince1970: 1_700_000_000))

    /// A free trial to 2026-12-05, to stop by 2026-12-04 or be charged 9.99 on the 5th.
    static let trial = Subscription(
        name: "Trial Plus", price: money("9.99"), cycle: .monthly, startDate: day("2026-11-05"),
        trialEnd: day("2026-12-05"), cancelBy: day("2026-12-04"), createdAt: Date(timeIntervalSince1970: 1_700_000_000))

    /// Six payments of 100.00 from 2026-09-15: the last on 2027-02-15.
    static let laptop: Subscription = {
        var laptop = subscription(name: "Laptop", price: "100.00", start: "2026-09-15")
        try! laptop.setEnd(.afterPayments(6))
        return laptop
    }()

    /// Paid once, on 2026-11-01: ended since.
    static let concert = subscription(name: "Concert", price: "80.00", every: .once, start: "2026-11-01")

    static let all = [insurance, trial, laptop, concert]
    static let today = day("2026-12-01")

    @Test func theInstalmentPlanEndsOnItsSixthPayment() {
        #expect(Self.laptop.ends == day("2027-02-15"))
        #expect(Self.concert.status(on: Self.today) == .ended)
    }

    @Test func upcomingListsDeadlinesAndEndsWithWhatTheyCost() {
        let report = UpcomingReport(Self.all, today: Self.today, through: day("2027-02-28"))
        let rows = report.items.map { "\($0.date) \($0.kind.rawValue) \($0.name) \($0.amount)" }
        #expect(rows == [
            "2026-12-04 cancel_by Trial Plus 9.99",
            "2026-12-05 trial_end Trial Plus 9.99",
            "2026-12-15 payment Laptop 100.00",
            "2026-12-31 cancel_by Acme Insurance 480.00",
            "2027-01-05 payment Trial Plus 9.99",
            "2027-01-15 payment Laptop 100.00",
            "2027-02-05 payment Trial Plus 9.99",
            "2027-02-15 payment Laptop 100.00",
            "2027-02-15 ends Laptop 100.00",
        ])
        #expect(report.items.first?.daysUntil == 3)
        #expect(report.items[3].deadline?.termEnd == day("2027-03-31"))
        // Deadlines and ends are not money paid.
        #expect(report.totals.rounded == [money("329.97")])
    }

    @Test func onOneDayTheDeadlineComesBeforeThePaymentAndTheEndAfterIt() {
        var plan = subscription(name: "Plan", price: "10.00", start: "2026-12-10")
        plan.cancelBy = day("2026-12-10")
        plan.ends = day("2026-12-10")
        let report = UpcomingReport([plan], today: Self.today, through: day("2026-12-31"))
        #expect(report.items.map(\.kind) == [.cancelBy, .payment, .ends])
        // Nothing is charged after the end: missing the deadline costs nothing.
        #expect(report.items[0].amount == money("0.00"))
        #expect(report.items[0].deadline?.missed == nil)
    }

    @Test func endedSubscriptionsShowNothing() {
        var concert = Self.concert
        concert.cancelBy = day("2026-12-10")
        let report = UpcomingReport([concert, Self.laptop], today: day("2027-02-16"), through: day("2027-12-31"))
        #expect(report.items.isEmpty)
        #expect(concert.nextDeadline(onOrAfter: Self.today) == nil, "no deadline after the one payment")
    }

    @Test func aCancelledPlanShowsNoEnd() throws {
        var laptop = Self.laptop
        try laptop.cancel(on: day("2027-01-20"))
        let report = UpcomingReport([laptop], today: Self.today, through: day("2027-02-28"))
        #expect(report.items.map(\.kind) == [.payment, .payment])
    }

    @Test func summaryListsTheDeadlinesOfTheNext30DaysAndCountsNoEndedOne() throws {
        let summary = try Summary(Self.all, today: Self.today, config: Config(), converter: CurrencyConverter(base: .usd, rates: []))
        #expect(summary.active == 3, "the concert paid once has ended")
        #expect(summary.total == 4)
        #expect(summary.deadlines.map(\.name) == ["Trial Plus", "Acme Insurance"])
        #expect(summary.deadlines.map(\.daysUntil) == [3, 30])
        #expect(summary.deadlines.map(\.amount) == [money("9.99"), money("480.00")])
        #expect(summary.deadlines.map { $0.deadline?.termEnd } == [nil, day("2027-03-31")])
        // The concert costs nothing a month any more; the plan still does.
        #expect(summary.monthly.exact(.usd) == Decimal(string: "149.99"))
        let later = try Summary(Self.all, today: day("2027-01-01"), config: Config(), converter: CurrencyConverter(base: .usd, rates: []))
        #expect(later.deadlines.isEmpty)
        let after = try Summary([Self.laptop], today: day("2027-02-16"), config: Config(), converter: CurrencyConverter(base: .usd, rates: []))
        #expect(after.active == 0)
        #expect(after.monthly.isEmpty)
    }

    @Test func theForecastStopsAtTheEnd() throws {
        let stats = try Stats([Self.laptop], today: Self.today, months: 3, converter: CurrencyConverter(base: .usd, rates: []))
        let forecast: [Decimal?] = [100, 100, 100, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        #expect(stats.forecast.map(\.converted) == forecast)
        let history: [Decimal?] = [100, 100, 0]
        #expect(stats.history.map(\.converted) == history, "October and November paid, December not yet")
    }

    @Test func theMonthCalendarHoldsItsItemsAndLaysOutItsWeeks() throws {
        let december = try #require(MonthCalendar(Self.all, year: 2026, month: 12, today: Self.today))
        #expect(december.items.map { "\($0.date.day) \($0.kind.rawValue)" } == [
            "4 cancel_by", "5 trial_end", "15 payment", "31 cancel_by",
        ])
        #expect(december.totals.rounded == [money("109.99")])
        // 2026-12-01 is a Tuesday.
        #expect(MonthCalendar.weekday(of: day("2026-12-01")) == .tuesday)
        let sunday = december.weeks(startingOn: .sunday)
        #expect(sunday.count == 5)
        #expect(sunday[0].map { $0?.day } == [nil, nil, 1, 2, 3, 4, 5])
        #expect(sunday[4].map { $0?.day } == [27, 28, 29, 30, 31, nil, nil])
        let monday = december.weeks(startingOn: .monday)
        #expect(monday[0].map { $0?.day } == [nil, 1, 2, 3, 4, 5, 6])
        #expect(monday[4].map { $0?.day } == [28, 29, 30, 31, nil, nil, nil])
    }

    @Test func aPastMonthShowsThePaymentsMade() throws {
        let november = try #require(MonthCalendar(Self.all, year: 2026, month: 11, today: Self.today))
        #expect(november.items.map { "\($0.date.day) \($0.name)" } == ["1 Concert", "15 Laptop"])
        #expect(november.items.map(\.daysUntil) == [-30, -16])
        #expect(MonthCalendar(Self.all, year: 2026, month: 13, today: Self.today) == nil)
        // February 2026 starts on a Sunday and fills four rows.
        let february = try #require(MonthCalendar([], year: 2026, month: 2, today: Self.today))
        #expect(february.weeks(startingOn: .sunday).count == 4)
        #expect(february.weeks(startingOn: .monday).count == 5)
    }
}
