import Testing
@testable import SubscriptionCore

@Suite struct UpcomingWindowTests {
    @Test func theDefaultWindowIsThirtyDaysBothEndsIncluded() throws {
        #expect(try UpcomingReport.end(today: day("2024-01-31"), days: nil, until: nil) == day("2024-03-01"))
        #expect(try UpcomingReport.end(today: day("2024-01-31"), days: 0, until: nil) == day("2024-01-31"))
    }

    @Test func aWindowNeverRunsPastTheLastSupportedDay() throws {
        #expect(try UpcomingReport.end(today: day("9999-12-25"), days: nil, until: nil) == day("9999-12-31"))
    }

    @Test func untilBeforeTodayOrBeyondAHundredYearsIsRefused() {
        #expect(throws: InputError.self) {
            try UpcomingReport.end(today: day("2024-06-10"), days: nil, until: day("2024-06-01"))
        }
        #expect(throws: InputError.self) {
            try UpcomingReport.end(today: day("2024-06-10"), days: nil, until: day("9999-12-31"))
        }
        #expect(throws: InputError.invalid(.days, value: "-1", expected: .dayCount(maximum: 36_600))) {
            try UpcomingReport.end(today: day("2024-06-10"), days: -1, until: nil)
        }
    }
}
