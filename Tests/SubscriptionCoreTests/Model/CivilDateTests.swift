import Foundation
import Testing
@testable import SubscriptionCore

@Suite("Civil dates")
struct CivilDateTests {
    @Test("A strict YYYY-MM-DD that exists is accepted",
          arguments: ["2024-02-29", "2000-02-29", "1900-02-28", "2024-12-31", "0001-01-01", "9999-12-31", "1970-01-01"])
    func acceptsValidISODates(_ text: String) throws {
        let date = try #require(CivilDate(iso: text))
        #expect(date.description == text)
    }

    @Test("A date that does not exist, or is not exactly YYYY-MM-DD, is refused",
          arguments: ["2024-02-30", "2023-02-29", "1900-02-29", "2100-02-29", "2024-13-01", "2024-00-10",
                      "2024-01-00", "2024-04-31", "0000-01-01", "2024-1-01", "2024-01-1", "24-01-01",
                      " 2024-01-01", "2024-01-01 ", "2024/01/01", "20240101", "2024-01-01T00:00",
                      "+024-01-01", "2024-0a-01", "２０２４-01-01", "", "today"])
    func rejectsInvalidISODates(_ text: String) {
        #expect(CivilDate(iso: text) == nil)
    }

    @Test("Components are validated: month 13, Feb 30 and year 0 do not make a date")
    func componentValidation() {
        #expect(CivilDate(year: 2024, month: 13, day: 1) == nil)
        #expect(CivilDate(year: 2024, month: 2, day: 30) == nil)
        #expect(CivilDate(year: 2023, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 0, month: 1, day: 1) == nil)
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
    }

    @Test("Dates print zero-padded as YYYY-MM-DD")
    func description() {
        #expect(CivilDate(year: 5, month: 1, day: 2)?.description == "0005-01-02")
        #expect(CivilDate(year: 2024, month: 11, day: 30)?.description == "2024-11-30")
    }

    @Test("Dates order by year, then month, then day")
    func ordering() {
        #expect(day("2024-01-31") < day("2024-02-01"))
        #expect(day("2023-12-31") < day("2024-01-01"))
        #expect(!(day("2024-03-01") < day("2024-03-01")))
    }

    @Test("Adding months clamps to the end of shorter months and comes back in longer ones")
    func addingMonths() {
        #expect(day("2024-01-31").adding(months: 1) == day("2024-02-29"))
        #expect(day("2025-01-31").adding(months: 1) == day("2025-02-28"))
        #expect(day("2024-01-31").adding(months: 2) == day("2024-03-31"))
        #expect(day("2024-03-31").adding(months: -1) == day("2024-02-29"))
        #expect(day("2024-01-15").adding(months: -13) == day("2022-12-15"))
        #expect(day("9999-12-01").adding(months: 1) == nil)
        #expect(day("0001-01-01").adding(months: -1) == nil)
        #expect(day("2024-01-01").adding(months: Int.max) == nil)
    }

    @Test("Adding days crosses months, leap days and years; outside years 1 to 9999 there is no date")
    func addingDays() {
        #expect(day("2024-02-28").adding(days: 1) == day("2024-02-29"))
        #expect(day("2023-02-28").adding(days: 1) == day("2023-03-01"))
        #expect(day("2024-12-31").adding(days: 1) == day("2025-01-01"))
        #expect(day("2024-03-01").adding(days: -1) == day("2024-02-29"))
        #expect(day("9999-12-31").adding(days: 1) == nil)
        #expect(day("0001-01-01").adding(days: -1) == nil)
        #expect(day("2024-01-01").adding(days: Int.max) == nil)
        #expect(day("2024-01-01").adding(days: Int.min) == nil)
    }

    // Exit tests: a trap here must fail this test, not take the whole test run down with it.
    // The child exits 0 for "no date", 3 for a wrong date; a crash shows as a signal.
    @Test("Adding an enormous number of days gives no date instead of crashing")
    func addingHugeDayCounts() async {
        await #expect(processExitsWith: .success) {
            exit(CivilDate(year: 2024, month: 1, day: 1)!.adding(days: Int.max - 100_000) == nil ? 0 : 3)
        }
        await #expect(processExitsWith: .success) {
            exit(CivilDate(year: 2024, month: 1, day: 1)!.adding(days: Int.min + 100_000) == nil ? 0 : 3)
        }
    }

    @Test("Days and months between dates count from the first to the second")
    func distances() {
        #expect(day("2024-01-31").days(until: day("2024-03-01")) == 30)
        #expect(day("2024-03-01").days(until: day("2024-01-31")) == -30)
        #expect(day("2024-01-31").months(until: day("2024-02-01")) == 1)
        #expect(day("2024-12-31").months(until: day("2023-01-01")) == -23)
    }

    @Test("Dates encode to JSON as \"YYYY-MM-DD\" and refuse an impossible date when decoded")
    func codable() throws {
        let data = try JSONEncoder().encode([day("2024-02-29")])
        #expect(String(decoding: data, as: UTF8.self) == #"["2024-02-29"]"#)
        #expect(try JSONDecoder().decode([CivilDate].self, from: data) == [day("2024-02-29")])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CivilDate].self, from: Data(#"["2024-02-30"]"#.utf8))
        }
    }
}

@Suite("DATE arguments")
struct CivilDateInputTests {
    static let today = day("2024-01-31")

    @Test("Words and offsets are counted from today; months clamp like billing dates",
          arguments: [
            ("today", "2024-01-31"), ("TODAY", "2024-01-31"), ("tomorrow", "2024-02-01"),
            ("yesterday", "2024-01-30"), ("+3d", "2024-02-03"), ("-2w", "2024-01-17"),
            ("+1m", "2024-02-29"), ("+2m", "2024-03-31"), ("-1m", "2023-12-31"), ("+1y", "2025-01-31"),
            ("+0d", "2024-01-31"), ("2024-02-29", "2024-02-29"), (" 2024-03-01 ", "2024-03-01"),
          ])
    func acceptedForms(_ text: String, _ expected: String) throws {
        #expect(try CivilDate(input: text, today: Self.today) == day(expected))
    }

    @Test("A year from Feb 29 is Feb 28")
    func yearFromLeapDay() throws {
        #expect(try CivilDate(input: "+1y", today: day("2024-02-29")) == day("2025-02-28"))
    }

    @Test("A bad DATE gets one line that names it and says what is accepted",
          arguments: ["2024-02-30", "2023-02-29", "2024-13-01", "2024-1-01", "next week", "+3x", "+-3d",
                      "3d", "+d", "+", "", "+1000000d", "-99999y", "+99999y", "1e5", "+3d\u{1B}[31m"])
    func rejected(_ text: String) {
        let error = #expect(throws: InputError.self) { try CivilDate(input: text, today: Self.today) }
        if case .notADay = error {} else { #expect(error?.field == .date, "\(String(describing: error))") }
        #expect(error?.value.trimmingCharacters(in: .whitespaces) == text.trimmingCharacters(in: .whitespaces))
    }
}
