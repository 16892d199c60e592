import Foundation
import Testing
@testable import SubscriptionCore
@testable import SubsCLI

/// The words of the exported calendar: the core writes the file, the command line words each
/// event, in English in every language (an export is the same bytes in every locale).
@Suite struct CalendarTextTests {
    static let amount = Money(minorUnits: 1799, currency: Currency(code: "USD")!)
    static let day = CivilDate(iso: "2026-12-05")!
    static let later = CivilDate(iso: "2027-01-05")!

    @Test func everyDetailSaysWhatCalendarsShowed() {
        let details: [(EventDetail, String)] = [
            (.billed(.monthly), "Billed monthly"),
            (.billed(BillingCycle(count: 3, unit: .month)!), "Billed every 3 months"),
            (.category("Streaming"), "Category: Streaming"),
            (.paymentMethod("Visa"), "Payment method: Visa"),
            (.url("https://example.com"), "URL: https://example.com"),
            (.notes("family plan"), "Notes: family plan"),
            (.trialEnds(Self.day), "Free trial ends 2026-12-05 with the first charge"),
            (.price(Self.amount, from: Self.day), "From 2026-12-05: 17.99 USD"),
            (.paused(from: Self.day, until: Self.later), "Paused from 2026-12-05 until 2027-01-05"),
            (.paused(from: Self.day, until: nil), "Paused from 2026-12-05 until resumed"),
            (.cancelled(Self.day), "Cancelled on 2026-12-05"),
        ]
        for (detail, expected) in details {
            #expect(CalendarWording.english.detail(detail) == expected)
        }
        #expect(CalendarWording.english.calendarName == "Subscriptions")
    }

    @Test func remindersSayHowSoon() {
        let english = CalendarWording.english
        #expect(english.reminder("Netflix 15.49 USD", 0) == "Netflix 15.49 USD today")
        #expect(english.reminder("Netflix 15.49 USD", 1) == "Netflix 15.49 USD tomorrow")
        #expect(english.reminder("Netflix 15.49 USD", 7) == "Netflix 15.49 USD in 7 days")
    }

    @Test func aDeadlineSaysWhatMissingItCosts() {
        let english = CalendarWording.english
        let year = TimeSpan(count: 1, unit: .year)!
        #expect(english.detail(.termEnds(Self.later)) == "The term ends on 2027-01-05")
        #expect(english.detail(.renewsIfMissed(term: year, until: Self.later, cost: Self.amount))
                == "If not cancelled by then, it renews for 1 year to 2027-01-05: 17.99 USD")
        #expect(english.detail(.renewsIfMissed(term: TimeSpan(count: 24, unit: .month)!, until: Self.later, cost: Self.amount))
                == "If not cancelled by then, it renews for 24 months to 2027-01-05: 17.99 USD")
        #expect(english.detail(.chargedIfMissed(Self.amount, on: Self.later))
                == "If not cancelled by then, it is charged 17.99 USD on 2027-01-05")
        #expect(english.deadlineTitle("Acme Insurance") == "Cancel Acme Insurance by today")
        #expect(english.deadlineReminder("Acme Insurance", Self.day, 30) == "Cancel Acme Insurance by 2026-12-05 (in 30 days)")
        #expect(english.deadlineReminder("Acme Insurance", Self.day, 1) == "Cancel Acme Insurance by tomorrow (2026-12-05)")
        #expect(english.deadlineReminder("Acme Insurance", Self.day, 0) == "Cancel Acme Insurance by today (2026-12-05)")
    }

    @Test func aTurkishReaderExportsTheSameCalendar() throws {
        let sandbox = try Sandbox()
        try sandbox.succeed(["add", "Netflix", "15.49", "--category", "Streaming", "--today", "2026-11-26"])
        let english = try sandbox.succeed(["export", "--format", "ics"]).stdout
        let turkish = try sandbox.succeed(["export", "--format", "ics"], environment: ["SUBS_LANG": "tr"]).stdout
        let withoutStamp = { (text: String) in text.split(separator: "\r\n").filter { !$0.hasPrefix("DTSTAMP") } }
        #expect(withoutStamp(english) == withoutStamp(turkish))
        #expect(english.contains("DESCRIPTION:Billed monthly\\nCategory: Streaming"))
    }
}
