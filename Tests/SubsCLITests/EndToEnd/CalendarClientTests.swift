import Foundation
import Testing

/// `subs export --format ics` read by a real calendar client that implements only part of
/// RFC 5545: calcurse 4.7.1 ignores BYSETPOS, and showed a quarterly payment anchored on the
/// 30th on the 28th, 29th and 30th. Each payment must show on exactly the days `upcoming` lists.
/// calcurse comes from Debian's `calcurse` package (`make test-deps` installs it).
@Suite("A calendar client without BYSETPOS shows the payments on their days",
       .enabled(if: Tools.calcurse != nil, "calcurse is not installed: run `make test-deps` (Debian package calcurse)"))
struct CalendarClientTests {
    static let today = "2024-01-01"
    static let until = "2028-03-31"

    /// Month-end and leap-day anchors, with a cancellation (UNTIL) and a bounded pause (EXDATE).
    static let subscriptions: [(name: String, options: [String], after: [[String]])] = [
        ("Quarterly30", ["--every", "3 months", "--start", "2023-11-30"], []),
        ("Monthly29", ["--every", "monthly", "--start", "2024-01-29"], []),
        ("Monthly30", ["--every", "monthly", "--start", "2024-01-30"], []),
        ("Monthly31", ["--every", "monthly", "--start", "2024-01-31"], []),
        ("FiveMonths30", ["--every", "5 months", "--start", "2024-03-30"], []),
        ("FromLeapDay", ["--every", "monthly", "--start", "2024-02-29"], []),
        ("LeapYearly", ["--every", "yearly", "--start", "2024-02-29"], []),
        ("Cancelled30", ["--every", "monthly", "--start", "2024-01-30"], [["cancel", "--on", "2025-03-15"]]),
        ("Paused29", ["--every", "monthly", "--start", "2024-01-29"], [["pause", "--on", "2024-02-10", "--until", "2024-04-05"]]),
    ]

    @Test func calcurseShowsEachPaymentOnTheDaysUpcomingLists() throws {
        let calcurse = try #require(Tools.calcurse)
        let sandbox = try Sandbox()
        let when = ["--today", Self.today]
        for (name, options, after) in Self.subscriptions {
            let added = try sandbox.succeed(["add", name, "10", "--format", "json"] + options + when).jsonObject()
            let id = try #require(added["id"] as? String)
            for command in after { try sandbox.succeed([command[0], id] + command.dropFirst() + when) }
        }
        let calendar = sandbox.path("subs.ics")
        try sandbox.succeed(["export", "--format", "ics", "--output", calendar] + when)
        var expected: [String: [String]] = [:]
        for item in try sandbox.succeed(["upcoming", "--format", "json", "--until", Self.until] + when).jsonArray()
        where item["kind"] as? String == "payment" {
            expected[item["name"] as? String ?? "?", default: []].append(item["date"] as? String ?? "?")
        }

        // calcurse keeps its data in the directory given with -D and writes its import log to TMPDIR.
        let directory = sandbox.path("calcurse")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let environment = ["TMPDIR": directory]
        let imported = try sandbox.runTool(calcurse, ["-D", directory, "-q", "-i", calendar], environment: environment)
        try #require(imported.status == 0, "\(imported)")
        let listed = try sandbox.runTool(calcurse, [
            "-D", directory, "-Q", "--input-datefmt", "4", "--output-datefmt", "%F",
            "--from", Self.today, "--to", Self.until, "--format-recur-event", "%m\\n", "--format-event", "%m\\n",
        ], environment: environment)
        try #require(listed.status == 0, "\(listed)")
        var shown: [String: [String]] = [:]
        var day = ""
        for line in listed.stdoutLines where !line.isEmpty {
            if line.hasSuffix(":") {
                day = String(line.dropLast())
            } else if let name = line.split(separator: " ").first {
                shown[String(name), default: []].append(day)
            }
        }
        for (name, _, _) in Self.subscriptions {
            #expect(shown[name, default: []] == expected[name, default: []], "\(name)")
        }
        #expect(expected["Quarterly30"]?.prefix(3) == ["2024-02-29", "2024-05-30", "2024-08-30"])
    }
}
