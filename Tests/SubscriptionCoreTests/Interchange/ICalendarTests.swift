import Foundation
import Testing
@testable import SubscriptionCore

/// `subs export --format ics` (PRODUCT.md §5): RFC 5545 text whose recurrences give the same
/// dates as `subs upcoming`.
@Suite struct ICalendarTests {
    private let netflixID = "6f1c0a5e-0000-4000-8000-000000000001"

    @Test func aMonthlySubscriptionIsOneRecurringAllDayEventWithAReminder() {
        var netflix = subscription(id: netflixID, start: "2024-01-15")
        netflix.category = "Streaming"
        let expected = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//subs//subs subscription tracker//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:Calendar",
            "BEGIN:VEVENT",
            "UID:\(netflixID)@subs",
            "DTSTAMP:20240201T080000Z",
            "DTSTART;VALUE=DATE:20240115",
            "DTEND;VALUE=DATE:20240116",
            "RRULE:FREQ=MONTHLY",
            "SUMMARY:Netflix 15.49 USD",
            #"DESCRIPTION:billed 1 month\ncategory Streaming"#,
            "CATEGORIES:Streaming",
            "TRANSP:TRANSPARENT",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "TRIGGER:-P2D",
            "DESCRIPTION:Netflix 15.49 USD -2d",
            "END:VALARM",
            "END:VEVENT",
            "END:VCALENDAR",
        ].map { $0 + "\r\n" }.joined()
        #expect(calendar([netflix]) == expected)
    }

    @Test func everyLineEndsInCRLFAndNoneIsLongerThan75Octets() {
        var long = subscription(name: String(repeating: "Ünïcødé 日本語 🎬 ", count: 6), start: "2024-01-31")
        long.notes = String(repeating: "é", count: 300)
        long.url = "https://example.com/" + String(repeating: "a", count: 200)
        let document = calendar([long])
        #expect(document.hasSuffix("\r\n"))
        let lines = Array(document.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        for line in lines {
            #expect(line.last == UInt8(ascii: "\r"), "a bare LF")
            #expect(!line.dropLast().contains(UInt8(ascii: "\r")), "a bare CR")
            #expect(line.count - 1 <= 75, "\(line.count - 1) octets")
            // A line that splits a character is not valid UTF-8 on its own.
            #expect(String(validating: line, as: UTF8.self) != nil, "a character split across lines")
        }
    }

    @Test func foldingBreaksAt75OctetsAndUnfoldsToTheOriginal() {
        let line = "SUMMARY:" + String(repeating: "日", count: 40)
        let folded = ContentLines.folded(line)
        let pieces = folded.components(separatedBy: "\r\n").dropLast()
        // 8 ASCII octets + 22 three-octet characters = 74; the 23rd would make 77.
        #expect(pieces.first == "SUMMARY:" + String(repeating: "日", count: 22))
        #expect(pieces.dropFirst().allSatisfy { $0.hasPrefix(" ") && $0.utf8.count <= 75 })
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line + "\r\n")
        #expect(ContentLines.folded(String(repeating: "a", count: 75)) == String(repeating: "a", count: 75) + "\r\n")
        #expect(ContentLines.folded(String(repeating: "a", count: 76))
            == String(repeating: "a", count: 75) + "\r\n a\r\n")
    }

    @Test func textValuesEscapeBackslashSemicolonCommaAndLineBreaks() {
        #expect(ContentLines.escaped(#"a,b;c\d"#) == #"a\,b\;c\\d"#)
        #expect(ContentLines.escaped("one\ntwo\r\nthree") == #"one\ntwo\nthree"#)
        #expect(ContentLines.escaped("bell\u{07}") == "bell\u{FFFD}")

        var tricky = subscription(id: netflixID, name: "Rock, Paper; Scissors", start: "2024-01-15")
        tricky.notes = #"C:\Users, shared"#
        let event = ParsedEvent.all(in: calendar([tricky]))[0]
        #expect(event.value("SUMMARY") == #"Rock\, Paper\; Scissors 15.49 USD"#)
        #expect(event.value("DESCRIPTION") == #"billed 1 month\nnotes C:\\Users\, shared"#)
    }

    @Test(arguments: [
        ("2024-01-15", cycle(1, .month), "FREQ=MONTHLY"),
        ("2024-01-28", cycle(1, .month), "FREQ=MONTHLY"),
        ("2024-01-31", cycle(1, .month), "FREQ=MONTHLY;BYMONTHDAY=-1"),
        ("2024-12-31", cycle(2, .month), "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=-1"),
        ("2024-01-29", cycle(3, .month), "FREQ=MONTHLY;INTERVAL=3"),
        ("2024-02-29", cycle(1, .year), "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"),
        ("2024-02-29", cycle(2, .year), "FREQ=YEARLY;INTERVAL=2;BYMONTH=2;BYMONTHDAY=-1"),
        ("2024-01-31", cycle(1, .year), "FREQ=YEARLY"),
        ("2024-01-05", cycle(2, .week), "FREQ=WEEKLY;INTERVAL=2"),
        ("2024-01-31", cycle(30, .day), "FREQ=DAILY;INTERVAL=30"),
    ])
    func monthEndAnchorsTakeTheLastDayOfShorterMonths(start: String, every cycle: BillingCycle, rule: String) {
        let events = ParsedEvent.all(in: calendar([subscription(every: cycle, start: start)]))
        #expect(events.count == 1)
        #expect(events[0].value("RRULE") == rule)
        #expect(events[0].value("DTSTART;VALUE=DATE") == start.replacingOccurrences(of: "-", with: ""))
    }

    /// Calendars that ignore BYSETPOS (calcurse) showed "the last of the 28th to the 30th" on all
    /// three days: an anchor on the 29th or 30th whose cycle reaches February takes a rule for
    /// the other months and one for February's last day, neither with BYSETPOS.
    @Test(arguments: [
        ("2024-01-29", cycle(1, .month), ["20240129 FREQ=MONTHLY;BYMONTH=1,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=29",
                                          "20240229 FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"]),
        ("2024-01-30", cycle(1, .month), ["20240130 FREQ=MONTHLY;BYMONTHDAY=30", "20240229 FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"]),
        ("2023-11-30", cycle(3, .month), ["20231130 FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=30",
                                          "20240229 FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"]),
        ("2024-03-30", cycle(5, .month), ["20240330 FREQ=MONTHLY;INTERVAL=5;BYMONTHDAY=30",
                                          "20270228 FREQ=YEARLY;INTERVAL=5;BYMONTH=2;BYMONTHDAY=-1"]),
        ("2024-02-29", cycle(1, .month), ["20240329 FREQ=MONTHLY;BYMONTH=1,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=29",
                                          "20240229 FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"]),
        ("2024-02-29", cycle(12, .month), ["20240229 FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"]),
    ])
    func anchorsOnThe29thOr30thNeedNoBySetPos(start: String, every cycle: BillingCycle, rules: [String]) {
        let events = ParsedEvent.all(in: calendar([subscription(every: cycle, start: start)]))
        #expect(events.map { "\($0.value("DTSTART;VALUE=DATE") ?? "") \($0.value("RRULE") ?? "")" } == rules)
        #expect(events.allSatisfy { $0.value("RRULE")?.contains("BYSETPOS") == false })
        #expect(Set(events.compactMap { $0.value("UID") }).count == events.count)
    }

    @Test func aSplitScheduleSendsEachExclusionToItsOwnRule() throws {
        var subscription = subscription(every: cycle(1, .month), start: "2024-01-30")
        try subscription.pause(from: day("2024-02-10"), until: day("2024-04-05"))
        let events = ParsedEvent.all(in: calendar([subscription]))
        #expect(events.map { $0.values("EXDATE;VALUE=DATE") } == [["20240330"], ["20240229"]])
    }

    @Test func aTrialStartsTheSeriesOnItsFirstCharge() {
        let trial = subscription(start: "2024-01-20", trialEnd: "2024-02-10")
        let event = ParsedEvent.all(in: calendar([trial]))[0]
        #expect(event.start == day("2024-02-10"))
        #expect(event.value("DESCRIPTION")?.contains("trial ends 2024-02-10") == true)
    }

    @Test func aCancellationEndsTheSeriesOnItsDay() throws {
        var cancelled = subscription(start: "2024-01-15")
        try cancelled.cancel(on: day("2024-05-20"))
        let event = ParsedEvent.all(in: calendar([cancelled]))[0]
        #expect(event.value("RRULE") == "FREQ=MONTHLY;UNTIL=20240520")
    }

    /// PRODUCT.md §10: a calendar that imported the series earlier must see it end, not lose the
    /// event and keep repeating its own copy forever.
    @Test func aSubscriptionWithNoPaymentLeftKeepsItsEventEndedByUntil() throws {
        var ended = subscription(start: "2023-01-15")
        try ended.cancel(on: day("2023-12-20"))
        let events = ParsedEvent.all(in: calendar([ended]))
        #expect(events.map { $0.value("RRULE") } == ["FREQ=MONTHLY;UNTIL=20231220"])
    }

    @Test("A plan change gives each period its own event: the old ends the day before the new starts")
    func planChangeSplitsTheSeries() throws {
        var disney = subscription(start: "2024-10-22")
        try disney.changePlan(to: BillingCycle(count: 1, unit: .year)!, price: money("139.99", "USD"), on: day("2026-11-22"))
        let events = ParsedEvent.all(in: calendar([disney], today: "2026-11-22"))
        #expect(events.map { $0.value("RRULE") } == ["FREQ=MONTHLY;UNTIL=20261121", "FREQ=YEARLY"])
        #expect(events.map(\.start) == [day("2024-10-22"), day("2026-11-22")])
    }

    @Test func aBoundedPauseExcludesEachSkippedPayment() throws {
        var paused = subscription(start: "2024-01-31")
        try paused.pause(from: day("2024-03-01"), until: day("2024-06-15"))
        let event = ParsedEvent.all(in: calendar([paused]))[0]
        #expect(event.value("RRULE") == "FREQ=MONTHLY;BYMONTHDAY=-1")
        #expect(event.values("EXDATE;VALUE=DATE") == ["20240331", "20240430", "20240531"])
    }

    @Test func anOpenPauseEndsTheSeriesTheDayBeforeItStarts() throws {
        var paused = subscription(start: "2024-01-31")
        try paused.pause(from: day("2024-04-10"), until: nil)
        let event = ParsedEvent.all(in: calendar([paused]))[0]
        #expect(event.value("RRULE") == "FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20240409")
        #expect(event.values("EXDATE;VALUE=DATE").isEmpty)
    }

    @Test func aReactivationIsASecondSeriesFromItsNewAnchor() throws {
        var restarted = subscription(id: netflixID, start: "2024-01-15")
        try restarted.cancel(on: day("2024-03-20"))
        try restarted.resume(on: day("2024-04-02"))
        let events = ParsedEvent.all(in: calendar([restarted], today: "2024-04-10"))
        #expect(events.map { $0.value("UID") } == ["\(netflixID)@subs", "\(netflixID)-period-2@subs"])
        #expect(events.map { $0.value("RRULE") } == ["FREQ=MONTHLY;UNTIL=20240320", "FREQ=MONTHLY"])
        #expect(events.map(\.start) == days(["2024-01-15", "2024-04-02"]))
    }

    @Test func oneAlarmPerReminderOffset() {
        var reminded = subscription(start: "2024-01-15")
        reminded.remindDays = [7, 1, 0]
        let document = calendar([reminded])
        #expect(document.components(separatedBy: "BEGIN:VALARM\r\n").count - 1 == 3)
        #expect(document.contains("TRIGGER:-P7D\r\nDESCRIPTION:Netflix 15.49 USD -7d\r\n"))
        #expect(document.contains("TRIGGER:-P1D\r\nDESCRIPTION:Netflix 15.49 USD -1d\r\n"))
        #expect(document.contains("TRIGGER:-P0D\r\nDESCRIPTION:Netflix 15.49 USD -0d\r\n"))

        var config = Config()
        config.remindDays = []
        reminded.remindDays = nil
        #expect(!calendar([reminded], config: config).contains("VALARM"))

        var silenced = Config()
        silenced.remindersEnabled = false
        #expect(!calendar([subscription(start: "2024-01-15")], config: silenced).contains("VALARM"))
    }

    @Test func theTitleQuotesThePriceOfTheNextPayment() {
        var raised = subscription(price: "15.49", start: "2024-01-15")
        raised.recordPrice(money("17.99"), effective: day("2024-02-20"))
        let event = ParsedEvent.all(in: calendar([raised]))[0]
        #expect(event.value("SUMMARY") == "Netflix 15.49 USD")
        #expect(event.value("DESCRIPTION")?.contains(#"price 17.99 USD from 2024-02-20"#) == true)
        let later = ParsedEvent.all(in: calendar([raised], today: "2024-02-16"))[0]
        #expect(later.value("SUMMARY") == "Netflix 17.99 USD")
    }
}
