import Foundation
import Testing
@testable import SubscriptionCore
import FuzzSupport

/// The calendar's promise: its events, expanded the way RFC 5545 says, fall on exactly the days
/// `subs upcoming` lists. Checked on seeded random anchors, cycles, cancellations and pauses
/// (Tests/ics/check_ics.py checks the same with a real iCalendar parser and RRULE library).
@Suite("iCalendar recurrences")
struct ICalendarRecurrenceTests {
    /// The payment days the calendar's events give; its deadline events are not payments.
    private func expandedDates(_ document: String, through end: CivilDate) -> [CivilDate] {
        ParsedEvent.all(in: document)
            .filter { !($0.value("UID") ?? "").contains("-cancel-by-") }
            .flatMap { ReferenceRecurrence(event: $0).occurrences(through: end) }
            .sorted()
    }

    @Test(arguments: [
        ("2024-01-31", cycle(1, .month)), ("2024-01-30", cycle(1, .month)),
        ("2024-01-29", cycle(1, .month)), ("2024-02-29", cycle(1, .year)),
        ("2023-11-30", cycle(3, .month)), ("2024-12-31", cycle(2, .month)),
        ("2024-08-31", cycle(6, .month)), ("2024-02-29", cycle(2, .year)),
        ("2024-03-30", cycle(5, .month)), ("2024-02-29", cycle(1, .month)),
        ("2024-02-29", cycle(12, .month)), ("2023-12-29", cycle(2, .month)),
    ])
    func monthEndAndLeapDayAnchorsExpandToTheBillingDays(start: String, every cycle: BillingCycle) {
        let subscription = subscription(every: cycle, start: start)
        let end = day("2030-12-31")
        let expected = subscription.payments(from: day(start), through: end).map(\.date)
        #expect(expandedDates(calendar([subscription], today: start), through: end) == expected)
    }

    @Test("Random subscriptions expand to the same days as upcoming")
    func randomSubscriptionsExpandToTheSameDaysAsUpcoming() {
        var rng = SplitMix64(seed: 0x1CA1_E5DA)
        for _ in 0..<600 {
            let start = BillingSchedulePropertyTests.randomDate(years: 2015...2030, using: &rng)
            let cycle = BillingSchedulePropertyTests.randomCycle(using: &rng)
            let trialDays = Bool.random(using: &rng) ? nil : Int.random(in: 1...60, using: &rng)
            var subscription = subscription(
                every: cycle, start: start.description,
                trialEnd: trialDays.flatMap { start.adding(days: $0)?.description })
            let later = { (days: Int) in subscription.anchor.adding(days: Int.random(in: 0...days, using: &rng))! }
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: try? subscription.cancel(on: later(900))
            case 1: try? subscription.pause(from: later(600), until: later(600).adding(days: 400))
            case 2: try? subscription.pause(from: later(900), until: nil)
            case 3:
                try? subscription.cancel(on: later(400))
                try? subscription.resume(on: later(900))
            // A finite subscription: an end on a day, or after a number of payments (§14).
            case 4: try? subscription.setEnd(.on(later(900)))
            case 6: try? subscription.changePlan(to: BillingSchedulePropertyTests.randomCycle(using: &rng), price: nil, on: later(500))
            case 5: try? subscription.setEnd(.afterPayments(Int.random(in: 1...30, using: &rng)))
            default: break
            }
            let today = later(700)
            // A plan renewed by hand, renewed a few times before today: its renewals run from the latest.
            let renewedByHand = Int.random(in: 0..<4, using: &rng) == 0 && subscription.cycle.recurs
            if renewedByHand {
                subscription.autoRenew = false
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let paid = subscription.anchor.adding(days: Int.random(in: 0...max(0, subscription.anchor.days(until: today)), using: &rng))!
                    try? subscription.recordPaid(on: paid, amount: nil, today: today)
                }
                // Now and then a month skipped, ahead of the latest renewal or behind it.
                if Bool.random(using: &rng), let skipped = subscription.nextPayment(onOrAfter: later(900))?.date {
                    try? subscription.recordSkip(on: skipped, today: today)
                }
            }
            let end = today.adding(days: 800)!
            // As `upcoming` lists them on `today`: a plan renewed by hand may have lapsed by then.
            let expected = subscription.payments(from: today, through: end, today: today).map(\.date)
            let document = calendar([subscription], today: today.description)
            let actual = expandedDates(document, through: end).filter { $0 >= today }
            #expect(actual == expected, "\(subscription.anchor) \(cycle) today \(today)\n\(document)")
            // What `show` and `remind` say agrees: the next payment, and a lapse only with none ahead.
            let scheduled = subscription.payments(from: today, through: end, today: today).first { $0.scheduledAmount != nil }
            let next = subscription.nextPayment(onOrAfter: today, today: today).flatMap { $0.date <= end ? $0.date : nil }
            #expect(next == scheduled?.date, "\(subscription)")
            if subscription.lapse(on: today) != nil { #expect(expected.isEmpty, "\(subscription)") }
            if actual != expected { return }
        }
    }
}
