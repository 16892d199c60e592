import Foundation
import Testing
@testable import SubscriptionCore

/// The calendar's deadlines and ends (PRODUCT.md §14): an all-day event on each last day to
/// cancel, with what missing it costs and an alarm per cancel reminder offset; the payments of a
/// finite subscription stop at its end, on exactly the days `upcoming` lists.
@Suite struct ICalendarDeadlineTests {
    static let today = "2026-12-01"

    private func deadlineEvents(_ document: String) -> [ParsedEvent] {
        ParsedEvent.all(in: document).filter { ($0.value("UID") ?? "").contains("-cancel-by-") }
    }

    /// The `VALARM` blocks of `document`, unfolded, as their lines.
    private func alarms(_ document: String) -> [[String]] {
        let lines = document.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        var alarms: [[String]] = []
        var current: [String]?
        for line in lines {
            if line == "BEGIN:VALARM" { current = [] } else if line == "END:VALARM" {
                current.map { alarms.append($0) }
                current = nil
            } else { current?.append(line) }
        }
        return alarms
    }

    @Test func aContractHasAnEventOnEachDeadlineOfTheNextTwoYears() {
        let insurance = ContractViewsTests.insurance
        let document = calendar([insurance], today: Self.today)
        let events = deadlineEvents(document)
        #expect(events.map(\.start) == [day("2026-12-31"), day("2027-12-31")])
        #expect(events.map { $0.value("UID") } == [
            "\(insurance.id)-cancel-by-20261231@subs", "\(insurance.id)-cancel-by-20271231@subs",
        ])
        #expect(events.map { $0.value("DTEND;VALUE=DATE") } == ["20270101", "20280101"])
        #expect(events.allSatisfy { $0.value("RRULE") == nil })
        #expect(events[0].value("SUMMARY") == "cancel Acme Insurance")
        #expect(events[0].value("DESCRIPTION") == #"term ends 2027-03-31\nrenews 1y to 2028-03-31 for 480.00 USD"#)
        let deadlineAlarms = alarms(document).filter { $0.contains { $0.hasPrefix("DESCRIPTION:cancel") } }
        #expect(deadlineAlarms.map { $0.first { $0.hasPrefix("TRIGGER") } } == [
            "TRIGGER:-P30D", "TRIGGER:-P7D", "TRIGGER:-P30D", "TRIGGER:-P7D",
        ])
        #expect(deadlineAlarms[0].contains("DESCRIPTION:cancel Acme Insurance by 2026-12-31 -30d"))
    }

    @Test func theCancelReminderOffsetsAreTheOnesPassedAndRemindersOffSilencesThem() {
        let insurance = ContractViewsTests.insurance
        let one = calendar([insurance], today: Self.today, cancelReminderOffsets: [14])
        #expect(alarms(one).filter { $0.contains { $0.hasPrefix("DESCRIPTION:cancel") } }.count == 2)
        #expect(one.contains("TRIGGER:-P14D"))
        var config = Config.defaults
        config.remindersEnabled = false
        let silent = calendar([insurance], today: Self.today, config: config)
        #expect(deadlineEvents(silent).count == 2)
        #expect(alarms(silent).isEmpty)
    }

    @Test func aOneOffDeadlineSaysWhatIsChargedAfterIt() {
        let document = calendar([ContractViewsTests.trial], today: Self.today)
        let events = deadlineEvents(document)
        #expect(events.map(\.start) == [day("2026-12-04")])
        #expect(events.first?.value("DESCRIPTION") == "charged 9.99 USD on 2026-12-05")
        #expect(deadlineEvents(calendar([ContractViewsTests.trial], today: "2026-12-05")).isEmpty, "past, no event")
    }

    @Test func aDistantDeadlineIsListedAlone() {
        var lease = subscription(name: "Lease", price: "300.00", start: "2026-01-01")
        lease.contract = Contract(term: TimeSpan(count: 5, unit: .year)!, notice: TimeSpan(count: 6, unit: .month)!)
        let events = deadlineEvents(calendar([lease], today: Self.today))
        #expect(events.map(\.start) == [day("2030-06-30")])
    }

    @Test func noticeGivenOrAnEndedSubscriptionLeavesNoDeadline() throws {
        var insurance = ContractViewsTests.insurance
        _ = try insurance.giveNotice(on: day("2026-11-20"))
        #expect(deadlineEvents(calendar([insurance], today: Self.today)).isEmpty)
        var concert = ContractViewsTests.concert
        concert.cancelBy = day("2026-12-10")
        #expect(deadlineEvents(calendar([concert], today: Self.today)).isEmpty)
    }

    @Test func theInstalmentsStopAtTheEndOnTheDaysUpcomingLists() {
        let laptop = ContractViewsTests.laptop
        let document = calendar([laptop], today: "2026-09-01")
        let events = ParsedEvent.all(in: document)
        #expect(events.count == 1)
        #expect(events.first?.rule["UNTIL"] == "20270215")
        let end = day("2030-12-31")
        let expanded = events.flatMap { ReferenceRecurrence(event: $0).occurrences(through: end) }
        #expect(expanded == laptop.payments(from: day("2026-09-01"), through: end).map(\.date))
        #expect(expanded.count == 6)
    }

    @Test func aPlanRenewedByHandRunsFromItsLatestRenewal() throws {
        var sim = subscription(name: "Prepaid SIM", price: "10.00", start: "2026-01-10")
        sim.autoRenew = false
        try sim.recordPaid(on: day("2026-03-20"), amount: nil, today: day("2026-03-20"))
        try sim.recordPaid(on: day("2026-05-02"), amount: nil, today: day("2026-05-02"))
        let document = calendar([sim], today: "2026-06-01")
        let events = ParsedEvent.all(in: document)
        // The renewal before the latest keeps an event of its own, on the day it was paid.
        #expect(events.map { $0.value("UID") } == ["\(sim.id)@subs", "\(sim.id)-renewed-20260320@subs", "\(sim.id)-renewals@subs"])
        #expect(events.map(\.start) == [day("2026-01-10"), day("2026-03-20"), day("2026-05-02")])
        #expect(events[0].rule["UNTIL"] == "20260319")
        let end = day("2028-12-31")
        let expanded = events.flatMap { ReferenceRecurrence(event: $0).occurrences(through: end) }.sorted()
        #expect(expanded == sim.payments(from: day("2026-01-10"), through: end, today: day("2026-06-01")).map(\.date))
        #expect(Array(expanded.prefix(5)) == days(["2026-01-10", "2026-02-10", "2026-03-10", "2026-03-20", "2026-05-02"]))
        #expect(expanded.filter { $0 > day("2026-06-01") }.first == day("2026-06-02"))
    }
}
