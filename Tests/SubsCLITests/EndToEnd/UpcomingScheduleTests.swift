import Foundation
import Testing

/// SCHEDULE.md's test vectors, end to end through `subs upcoming --format json`.
@Suite("Upcoming payments follow SCHEDULE.md")
struct UpcomingScheduleTests {
    struct Vector: CustomTestStringConvertible, Sendable {
        let id: String
        let start: String
        let every: String
        let window: [String]
        let expected: [String]
        var testDescription: String { id }
    }

    static let vectors: [Vector] = [
        Vector(id: "U1", start: "2024-01-31", every: "1 month",
               window: ["--today", "2024-02-25", "--days", "7"], expected: ["2024-02-29"]),
        Vector(id: "U2", start: "2024-01-31", every: "1 month",
               window: ["--today", "2024-03-31", "--days", "0"], expected: ["2024-03-31"]),
        Vector(id: "U3", start: "2024-12-31", every: "2 months",
               window: ["--today", "2025-02-25", "--days", "5"], expected: ["2025-02-28"]),
        Vector(id: "U4", start: "2024-02-01", every: "1 week",
               window: ["--today", "2024-02-25", "--days", "7"], expected: ["2024-02-29"]),
        Vector(id: "M1", start: "2024-01-31", every: "monthly",
               window: ["--today", "2024-02-01", "--until", "2024-06-30"],
               expected: ["2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2024-06-30"]),
        Vector(id: "M5", start: "2023-11-30", every: "quarterly",
               window: ["--today", "2023-12-01", "--until", "2025-02-28"],
               expected: ["2024-02-29", "2024-05-30", "2024-08-30", "2024-11-30", "2025-02-28"]),
        Vector(id: "Y1", start: "2024-02-29", every: "yearly",
               window: ["--today", "2024-03-01", "--until", "2028-02-29"],
               expected: ["2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"]),
        Vector(id: "W1", start: "2024-01-05", every: "2w",
               window: ["--today", "2024-01-06", "--until", "2024-02-16"],
               expected: ["2024-01-19", "2024-02-02", "2024-02-16"]),
        Vector(id: "D2", start: "2024-01-31", every: "30d",
               window: ["--today", "2024-02-01", "--until", "2024-04-30"],
               expected: ["2024-03-01", "2024-03-31", "2024-04-30"]),
        Vector(id: "N4 (nothing before the anchor)", start: "2024-01-31", every: "monthly",
               window: ["--today", "2023-12-01", "--until", "2024-02-29"],
               expected: ["2024-01-31", "2024-02-29"]),
    ]

    @Test("upcoming lists the dates of SCHEDULE.md's vectors", arguments: vectors)
    func vector(_ vector: Vector) throws {
        let sandbox = try Sandbox()
        try sandbox.add("Plan", "10", ["--start", vector.start, "--every", vector.every])
        let items = try sandbox.succeed(["upcoming", "--format", "json"] + vector.window).jsonArray()
        #expect(items.map { $0["date"] as? String } == vector.expected)
        #expect(items.allSatisfy { $0["kind"] as? String == "payment" })
    }

    @Test("A weekly subscription appears once per week in the window, oldest first, with days until each")
    func weeklyAppearsSeveralTimes() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Meal kit", "59.90", ["--start", "2024-06-03", "--every", "weekly"])
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-20"])
        let items = try sandbox.succeed(["upcoming", "--format", "json", "--today", "2024-06-10", "--days", "21"]).jsonArray()
        #expect(items.map { $0["date"] as? String } == ["2024-06-10", "2024-06-17", "2024-06-20", "2024-06-24", "2024-07-01"])
        #expect(items.map { $0["name"] as? String } == ["Meal kit", "Meal kit", "Netflix", "Meal kit", "Meal kit"])
        #expect(items.map { $0["days_until"] as? Int } == [0, 7, 10, 14, 21])
    }

    @Test("A trial ending in the window gives one trial_end item for its first payment, then payments")
    func trialEndAndFirstPayment() throws {
        let sandbox = try Sandbox()
        let id = try sandbox.add("Trial", "9.99", ["--start", "2025-01-31", "--trial-end", "2025-02-07"], today: "2025-01-31")
        let items = try sandbox.succeed(["upcoming", "--format", "json", "--today", "2025-02-01", "--until", "2025-03-07"]).jsonArray()
        #expect(items.map { $0["kind"] as? String } == ["trial_end", "payment"])
        #expect(items.map { $0["date"] as? String } == ["2025-02-07", "2025-03-07"])
        #expect(items.map { $0["amount"] as? String } == ["9.99", "9.99"])
        #expect(items.allSatisfy { $0["id"] as? String == id })
    }

    @Test("The table footer totals the payments in the window per currency")
    func tableTotals() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Meal kit", "10.00", ["--start", "2024-06-03", "--every", "weekly"])
        try sandbox.add("Anime", "1000", ["--start", "2024-06-12", "--currency", "JPY"])
        let table = try sandbox.succeed(["upcoming", "--today", "2024-06-10", "--days", "14"])
        #expect(table.stdout.hasSuffix("\nTotal: ¥1,000, $30.00\n"), "\(table)")
    }

    @Test("upcoming refuses --until before today")
    func untilBeforeToday() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(["upcoming", "--today", "2024-06-10", "--until", "2024-06-01"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains("2024-06-01"))
    }
}
