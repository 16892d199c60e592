import Foundation
import Testing

// "Today" is the civil date in the user's zone (TZ), whichever way subs reads the zone.
@Suite("Today in the user's time zone")
struct TodayTests {
    @Test("Without --today, a new subscription starts on today's date in TZ's zone, far east and far west of UTC",
          arguments: ["Pacific/Kiritimati", "Etc/GMT+12", "Europe/Istanbul", "UTC"])
    func startsToday(zone: String) throws {
        let sandbox = try Sandbox()
        // What Foundation, with the zone database, says the day is there.
        func today() throws -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: zone))
            let parts = calendar.dateComponents([.year, .month, .day], from: Date())
            return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        }
        let before = try today()
        let added = try sandbox.succeed(["add", "Netflix", "15.49", "--format", "json"], environment: ["TZ": zone])
        let after = try today()
        let start = try added.jsonObject()["start_date"] as? String
        #expect(start == before || start == after, "TZ=\(zone): \(added)")
    }
}
