import Testing
@testable import SubscriptionCore
import FuzzSupport

/// Contract terms and notice (PRODUCT.md §14): when each term ends, the last day to give notice,
/// and which term end a notice reaches.
@Suite("Contracts")
struct ContractTests {
    static func span(_ count: Int, _ unit: TimeSpan.Unit) -> TimeSpan { TimeSpan(count: count, unit: unit)! }

    @Test("The cancel-by days of PRODUCT.md §14")
    func cancelByExamples() {
        let threeMonths = Contract(term: Self.span(1, .year), notice: Self.span(3, .month))
        #expect(threeMonths.cancelBy(termEnd: day("2027-03-31")) == day("2026-12-31"))
        let oneMonth = Contract(term: Self.span(1, .year), notice: Self.span(1, .month))
        #expect(oneMonth.cancelBy(termEnd: day("2026-12-31")) == day("2026-11-30"))
        let thirtyDays = Contract(term: Self.span(1, .year), notice: Self.span(30, .day))
        #expect(thirtyDays.cancelBy(termEnd: day("2026-12-31")) == day("2026-12-01"))
        let noNotice = Contract(term: Self.span(1, .year))
        #expect(noNotice.cancelBy(termEnd: day("2026-12-31")) == day("2026-12-31"))
        // A month's notice before the end of February is given in January, by its last day.
        #expect(oneMonth.cancelBy(termEnd: day("2027-02-28")) == day("2027-01-31"))
        #expect(oneMonth.cancelBy(termEnd: day("2027-05-31")) == day("2027-04-30"))
    }

    @Test("A yearly insurance, a 24-month plan then month by month, a 12-month gym then every 4 weeks")
    func termEnds() {
        let insurance = Contract(term: Self.span(1, .year))
        #expect(insurance.termEnd(0, startingOn: day("2026-04-01")) == day("2027-03-31"))
        #expect(insurance.termEnd(1, startingOn: day("2026-04-01")) == day("2028-03-31"))
        let phone = Contract(term: Self.span(24, .month), renewal: Self.span(1, .month))
        #expect(phone.termEnd(0, startingOn: day("2025-01-15")) == day("2027-01-14"))
        #expect(phone.termEnd(1, startingOn: day("2025-01-15")) == day("2027-02-14"))
        let gym = Contract(term: Self.span(12, .month), renewal: Self.span(4, .week))
        #expect(gym.termEnd(0, startingOn: day("2026-01-10")) == day("2027-01-09"))
        #expect(gym.termEnd(1, startingOn: day("2026-01-10")) == day("2027-02-06"))
        #expect(gym.termEnd(2, startingOn: day("2026-01-10")) == day("2027-03-06"))
    }

    @Test("Terms that start on the 31st end on each month's last day but one, without drifting")
    func noDrift() {
        let monthly = Contract(term: Self.span(1, .month))
        let ends = (0..<4).compactMap { monthly.termEnd($0, startingOn: day("2027-01-31")) }
        #expect(ends == [day("2027-02-27"), day("2027-03-30"), day("2027-04-29"), day("2027-05-30")])
    }

    @Test("Notice given on the last day reaches that term's end; a day late, the next one")
    func noticeOneDayLate() {
        let insurance = Contract(term: Self.span(1, .year), notice: Self.span(3, .month))
        let start = day("2026-04-01")
        #expect(insurance.end(noticeGivenOn: day("2026-12-31"), startingOn: start) == day("2027-03-31"))
        #expect(insurance.end(noticeGivenOn: day("2027-01-01"), startingOn: start) == day("2028-03-31"))
        // Before the contract starts, notice reaches the first term's end.
        #expect(insurance.end(noticeGivenOn: day("2026-01-01"), startingOn: start) == day("2027-03-31"))
    }

    static func randomSpan(using random: inout SplitMix64) -> TimeSpan {
        let unit = TimeSpan.Unit.allCases.randomElement(using: &random)!
        let count = Int.random(in: 0..<5, using: &random) == 0 ? Int.random(in: 1...999, using: &random)
                                                              : Int.random(in: 1...36, using: &random)
        return TimeSpan(count: count, unit: unit)!
    }

    @Test("For random contracts and notice days, the end is the first term end whose cancel-by day is on or after the notice")
    func endProperty() {
        var random = SplitMix64(seed: 14)
        for round in 0..<2_000 {
            let contract = Contract(
                term: Self.randomSpan(using: &random), renewal: Self.randomSpan(using: &random),
                notice: Bool.random(using: &random) ? Self.randomSpan(using: &random) : nil)
            let start = BillingSchedulePropertyTests.randomDate(years: 1990...2060, using: &random)
            let noticeDay = start.adding(days: Int.random(in: -400...20_000, using: &random))!
            let context = "round \(round): \(contract), start \(start), notice \(noticeDay)"
            guard let end = contract.end(noticeGivenOn: noticeDay, startingOn: start) else {
                Issue.record("no end: \(context)")
                continue
            }
            // The end is a term end, in order, with its deadline met and the one before missed.
            var index = 0
            var previous: CivilDate?
            while let termEnd = contract.termEnd(index, startingOn: start), termEnd < end {
                if let previous { #expect(previous < termEnd, "\(context)") }
                previous = termEnd
                index += 1
            }
            #expect(contract.termEnd(index, startingOn: start) == end, "\(context)")
            let deadline = contract.cancelBy(termEnd: end)
            #expect(deadline.map { $0 >= noticeDay && $0 <= end } == true, "\(context)")
            if let previous { #expect(contract.cancelBy(termEnd: previous).map { $0 < noticeDay } == true, "\(context)") }
            // Days of notice are exactly that many days before the term's end.
            if let days = contract.notice?.days, let deadline {
                #expect(deadline.days(until: end) == days, "\(context)")
            }
        }
    }
}
