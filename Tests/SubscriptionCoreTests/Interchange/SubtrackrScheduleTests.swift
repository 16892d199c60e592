import Foundation
import Testing
@testable import SubscriptionCore

/// SubTrackr's Schedule and Schedule Interval: what SubTrackr writes reads; anything else is
/// refused naming the line and field, never read as monthly.
@Suite("SubTrackr schedules")
struct SubtrackrScheduleTests {
    static let header = "ID,Name,Category,Cost,Currency,Schedule,Schedule Interval,Status,Payment Method,Account,Start Date,Renewal Date,Cancellation Date,URL,Notes,Usage,Created At"

    func parsed(_ schedule: String, _ interval: String) throws -> Subscription {
        let line = "1,Spotify,Music,10.99,USD,\(schedule),\(interval),Active,,,2024-05-20,2026-12-20,,,,,2024-05-20 10:00:00"
        let data = Data((Self.header + "\n" + line + "\n").utf8)
        let options = ImportOptions(today: CivilDate(iso: "2026-11-22")!, now: Date(timeIntervalSince1970: 0))
        return try #require(try SubtrackrFormat.parse(data, options: options).subscriptions.first).subscription
    }

    @Test("SubTrackr's schedules, its interval winning, and 0 or nothing as the schedule says", arguments: [
        ("Monthly", "1", 1, BillingCycle.Unit.month), ("Monthly", "3", 3, .month), ("Every 2 Quarters", "2", 6, .month),
        ("Annual", "", 1, .year), ("Weekly", "0", 1, .week), ("Every 3 Months", "", 3, .month), ("Every 3 Months", "0", 3, .month),
    ])
    func schedules(_ schedule: String, _ interval: String, _ count: Int, _ unit: BillingCycle.Unit) throws {
        #expect(try parsed(schedule, interval).cycle == BillingCycle(count: count, unit: unit))
    }

    @Test("An interval that is not 1 to 999 is refused naming the line and field", arguments: [
        ("Monthly", "99999999999999999999", "Schedule Interval"), ("Monthly", "-3", "Schedule Interval"),
        ("Monthly", "1000", "Schedule Interval"), ("Monthly", "2.5", "Schedule Interval"), ("Monthly", "two", "Schedule Interval"),
        ("Quarterly", "334", "Schedule Interval"), ("Every 99999999999999999999 Months", "", "Schedule"),
        ("Every -3 Months", "", "Schedule"), ("Every 334 Quarters", "", "Schedule"),
    ])
    func refused(_ schedule: String, _ interval: String, _ field: String) throws {
        #expect {
            _ = try parsed(schedule, interval)
        } throws: { error in
            guard case .record(let record, let named, _)? = error as? ImportError else { return false }
            return record == .line(2) && named == .named(field)
        }
    }
}
