import Foundation
import Testing
@testable import SubscriptionCore

/// Issue 22: every view of "now" uses the billing period in force on the day asked about, so a
/// plan change dated ahead does not change today's plan.
@Suite("The plan in force on a day")
struct PlanInForceTests {
    /// ChatGPT Plus at $20 a month from 2025-03-22, switching to $200 a year on 2027-01-22.
    static func chatGPT() throws -> Subscription {
        var chatGPT = subscription(name: "ChatGPT Plus", price: "20.00", start: "2025-03-22")
        try chatGPT.changePlan(to: cycle(1, .year), price: money("200.00"), on: day("2027-01-22"))
        return chatGPT
    }

    @Test("Before the switch: the monthly plan, $20.00 a month; from its day: yearly, $16.67")
    func snapshotKeepsTodaysPlan() throws {
        let chatGPT = try Self.chatGPT()
        for today in ["2026-11-22", "2027-01-21"] {
            let snapshot = SubscriptionSnapshot(chatGPT, today: day(today), config: Config())
            #expect(snapshot.cycle == .monthly, "\(today)")
            #expect(snapshot.monthlyCost == 20, "\(today)")
            #expect(snapshot.roundedMonthlyCost == money("20.00"), "\(today)")
            #expect(chatGPT.monthlyCost(on: day(today), myShare: true) == 20, "\(today)")
        }
        let switched = SubscriptionSnapshot(chatGPT, today: day("2027-01-22"), config: Config())
        #expect(switched.cycle == cycle(1, .year))
        #expect(switched.roundedMonthlyCost == money("16.67"))
    }

    @Test("summary and stats count $20.00 a month before the switch")
    func reportsKeepTodaysPlan() throws {
        let chatGPT = try Self.chatGPT()
        let converter = CurrencyConverter(base: .usd, rates: [])
        let summary = try Summary([chatGPT], today: day("2026-11-22"), config: Config(), converter: converter)
        #expect(summary.monthly.rounded.first?.minorUnits == 2000, "\(summary.monthly.rounded)")
        let stats = try Stats([chatGPT], today: day("2026-11-22"), months: 6, converter: converter)
        #expect(stats.categories.first?.monthly == 20)
    }

    @Test("The calendar's monthly event, which runs until the switch, is billed monthly")
    func calendarEventsSayTheirOwnPlan() throws {
        let text = calendar([try Self.chatGPT()], today: "2026-11-22")
        let events = text.components(separatedBy: "BEGIN:VEVENT").dropFirst()
        let monthly = try #require(events.first { $0.contains("UNTIL=20270121") })
        #expect(monthly.contains("DESCRIPTION:billed 1 month"), "\(monthly)")
        let yearly = try #require(events.first { $0.contains("FREQ=YEARLY") })
        #expect(yearly.contains("DESCRIPTION:billed 1 year"), "\(yearly)")
    }

    @Test("Setting the price already in force adds no entry; one equal to the price before it merges")
    func samePriceTwiceIsOneEntry() {
        var spotify = subscription(name: "Spotify", price: "10.99", start: "2026-01-05")
        spotify.recordPrice(money("11.99"), effective: day("2026-06-01"))
        let before = spotify
        spotify.recordPrice(money("11.99"), effective: day("2026-11-22"))
        #expect(spotify == before)
        spotify.recordPrice(money("11.99"), effective: day("2026-03-01"))
        #expect(spotify.prices.map(\.effective) == [day("2026-01-05"), day("2026-03-01")])
    }

    @Test("A trial's first charge is one upcoming item, of kind trial_end")
    func trialEndIsOneItem() {
        let disney = subscription(name: "Disney+", price: "8.99", start: "2026-11-22", trialEnd: "2026-11-29")
        let report = UpcomingReport([disney], today: day("2026-11-22"), through: day("2026-12-31"))
        #expect(report.items.map(\.kind) == [.trialEnd, .payment])
        #expect(report.items.map(\.date) == [day("2026-11-29"), day("2026-12-29")])
        #expect(report.totals.rounded.first?.minorUnits == 1798)
    }
}

/// PRODUCT.md §10: `paid --on` a day a few days off the schedule records that payment, as
/// `detect --record` matches.
@Suite("Recording a charge posted off the schedule")
struct PaidMatchingTests {
    static let today = day("2026-11-22")

    @Test("A day within 5 days records the scheduled payment; again, it is already recorded")
    func nearDayRecordsTheScheduledPayment() throws {
        var netflix = subscription(start: "2026-01-31")
        let paid = try netflix.recordPaid(on: day("2026-10-30"), amount: nil, today: Self.today)
        #expect(paid.record == ChargeRecord(date: day("2026-10-31"), amount: money("15.49")))
        #expect(paid.chargedOn == day("2026-10-30") && !paid.wasAlreadyRecorded)
        #expect(netflix.payments(from: day("2026-10-01"), through: day("2026-10-31")).count == 1)

        let before = netflix
        let again = try netflix.recordPaid(on: day("2026-11-02"), amount: nil, today: Self.today)
        #expect(again.wasAlreadyRecorded && netflix == before)
    }

    @Test("A day far from any scheduled payment is refused naming the nearest, unless extra")
    func farDayIsRefused() throws {
        var netflix = subscription(start: "2026-01-31")
        #expect(throws: LedgerError.offSchedule(date: day("2026-10-20"), nearest: day("2026-10-31"))) {
            try netflix.recordPaid(on: day("2026-10-20"), amount: nil, today: Self.today)
        }
        let extra = try netflix.recordPaid(on: day("2026-10-20"), amount: money("3.00"), extra: true, today: Self.today)
        #expect(extra.record.date == day("2026-10-20"))
    }

    @Test("paid and detect --record match a charge to the same scheduled payment")
    func oneRuleForPaidAndDetect() {
        let netflix = subscription(start: "2026-01-31")
        for (charged, due) in [("2026-10-27", "2026-10-31"), ("2026-11-04", "2026-10-31"), ("2026-09-30", "2026-09-30")] {
            #expect(netflix.scheduledPayment(chargedOn: day(charged), today: Self.today)?.date == day(due), "\(charged)")
        }
        #expect(netflix.scheduledPayment(chargedOn: day("2026-10-20"), today: Self.today) == nil)
    }
}
