import Foundation
import Testing

/// Issue 22, "trust every number": a plan change dated ahead leaves today's plan alone, a charge
/// posted a day off the schedule counts once, a trial's first charge is one row, and the same
/// price set twice is one price.
@Suite("Numbers a newcomer can trust")
struct TrustedNumbersTests {
    static let today = ["--today", "2026-11-22"]

    /// ChatGPT Plus at $20 a month from 2025-03-22, switching to $200 a year on 2027-01-22.
    private func planAhead() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.add("ChatGPT Plus", "20", ["--start", "2025-03-22"], today: "2025-03-22")
        try sandbox.succeed(["edit", "chatgpt", "--every", "yearly", "--amount", "200", "--effective", "2027-01-22"] + Self.today)
        return sandbox
    }

    @Test("A plan change dated ahead: list, summary, budget, stats, JSON and the calendar keep today's plan until its day")
    func planChangeAheadKeepsTodaysPlan() throws {
        let sandbox = try planAhead()
        for today in ["2026-11-22", "2027-01-21"] {
            let listed = try #require(try sandbox.succeed(["list", "--format", "json", "--today", today]).jsonArray().first)
            #expect((listed["cycle"] as? [String: Any])?["unit"] as? String == "month", "\(today): \(listed)")
            #expect(listed["monthly_cost"] as? String == "20.00", "\(today): \(listed)")
            #expect(listed["amount"] as? String == "20.00", "\(today): \(listed)")
            let table = try sandbox.succeed(["list", "--today", today]).stdout
            #expect(table.contains("monthly") && !table.contains("yearly"), "\(today): \(table)")
        }
        let switched = try #require(try sandbox.succeed(["list", "--format", "json", "--today", "2027-01-22"]).jsonArray().first)
        #expect((switched["cycle"] as? [String: Any])?["unit"] as? String == "year", "\(switched)")
        #expect(switched["monthly_cost"] as? String == "16.67", "\(switched)")

        try sandbox.succeed(["config", "set", "budget", "10"])
        let summary = try sandbox.succeed(["summary", "--format", "json"] + Self.today).jsonObject()
        #expect((summary["monthly"] as? [String: Any])?["USD"] as? String == "20.00", "\(summary)")
        #expect((summary["budget"] as? [String: Any])?["status"] as? String == "over", "\(summary)")
        let stats = try sandbox.succeed(["stats", "--format", "json"] + Self.today).jsonObject()
        let category = try #require((stats["categories"] as? [[String: Any]])?.first)
        #expect(category["monthly"] as? String == "20.00", "\(stats)")

        // The monthly event runs until the switch and is billed monthly; the yearly one after it.
        let calendar = try sandbox.succeed(["export", "--format", "ics"] + Self.today).stdout
        let events = calendar.components(separatedBy: "BEGIN:VEVENT").dropFirst()
        let monthly = try #require(events.first { $0.contains("UNTIL=20270121") })
        #expect(monthly.contains("DESCRIPTION:Billed monthly"), "\(monthly)")
        let yearly = try #require(events.first { $0.contains("FREQ=YEARLY") })
        #expect(yearly.contains("DESCRIPTION:Billed yearly"), "\(yearly)")
    }

    @Test("show tells a plan change ahead in the future tense, in English and Turkish, and the past one as done")
    func showTellsThePlanChangeAhead() throws {
        let sandbox = try planAhead()
        let text = try sandbox.succeed(["show", "chatgpt"] + Self.today).stdout
        #expect(text.contains("Switches to yearly, $200.00, on 2027-01-22"), "\(text)")
        #expect(text.contains("$20.00 monthly"), "\(text)")
        #expect(!text.contains("Restarted"), "\(text)")
        let later = try sandbox.succeed(["show", "chatgpt", "--today", "2027-02-01"]).stdout
        #expect(later.contains("Switched to yearly, $200.00, on 2027-01-22"), "\(later)")
        #expect(later.contains("$200.00 yearly"), "\(later)")
        let turkish = try sandbox.succeed(["show", "chatgpt"] + Self.today, environment: ["SUBS_LANG": "tr"]).stdout
        #expect(turkish.contains("22.01.2027 tarihinde yıllık ödemeye geçecek: $200,00"), "\(turkish)")
        #expect(!turkish.contains("Yeniden başladı"), "\(turkish)")

        // A restart dated ahead is told ahead too.
        try sandbox.add("Gym", "30", ["--start", "2026-01-10"], today: "2026-01-10")
        try sandbox.succeed(["cancel", "gym", "--on", "2026-11-01"] + Self.today)
        try sandbox.succeed(["resume", "gym", "--on", "2026-12-15"] + Self.today)
        let gym = try sandbox.succeed(["show", "gym"] + Self.today).stdout
        #expect(gym.contains("Restarts        2026-12-15, billing from that day"), "\(gym)")
        let gymLater = try sandbox.succeed(["show", "gym", "--today", "2027-01-01"]).stdout
        #expect(gymLater.contains("Restarted       2026-12-15, billing from that day"), "\(gymLater)")
    }

    @Test("paid --on a day off the schedule records that payment once; again says it is recorded; far off is refused unless --extra")
    func paidOffTheScheduleCountsOnce() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2026-01-31"], today: "2026-01-31")
        let first = try sandbox.succeed(["paid", "netflix", "--on", "2026-10-30"] + Self.today)
        #expect(first.stdout == "Recorded Netflix: $15.49 charged on 2026-10-30, the payment due 2026-10-31.\n", "\(first)")

        let detail = try sandbox.succeed(["show", "netflix", "--format", "json"] + Self.today).jsonObject()
        let payments = try #require(detail["payments"] as? [[String: Any]])
        #expect(payments.filter { ($0["date"] as? String)?.hasPrefix("2026-10") == true }.count == 1, "\(payments)")
        #expect(payments.first { $0["date"] as? String == "2026-10-31" }?["kind"] as? String == "actual", "\(payments)")
        let stats = try sandbox.succeed(["stats", "--format", "json"] + Self.today).jsonObject()
        let october = (stats["months"] as? [[String: Any]])?.first { $0["month"] as? String == "2026-10" }
        #expect(october?["converted"] as? String == "15.49", "\(stats)")

        let database = sandbox.bytes(sandbox.databasePath)
        for day in ["2026-10-30", "2026-11-02"] {
            let again = try sandbox.succeed(["paid", "netflix", "--on", day] + Self.today)
            #expect(again.stdout == "Netflix: the payment due 2026-10-31 is already recorded ($15.49 charged); nothing changed.\n", "\(again)")
        }
        #expect(sandbox.bytes(sandbox.databasePath) == database, "an already recorded payment writes nothing")

        let far = try sandbox.run(["paid", "netflix", "--on", "2026-10-20"] + Self.today)
        #expect(far.status == 64, "\(far)")
        #expect(far.stderrLines.count == 1 && far.stderr.contains("the nearest is 2026-10-31") && far.stderr.contains("--extra"), "\(far)")
        #expect(sandbox.bytes(sandbox.databasePath) == database)

        let undated = try sandbox.run(["paid", "netflix", "--extra"] + Self.today)
        #expect(undated.status == 64 && undated.stderr.contains("--on"), "\(undated)")
        let extra = try sandbox.succeed(["paid", "netflix", "--on", "2026-10-20", "--extra", "--amount", "3"] + Self.today)
        #expect(extra.stdout.contains("(an extra charge)"), "\(extra)")
        let turkish = try sandbox.succeed(["paid", "netflix", "--on", "2026-09-29"] + Self.today, environment: ["SUBS_LANG": "tr"])
        #expect(turkish.stdout.contains("30.09.2026 tarihli ödeme"), "\(turkish)")
    }

    @Test("A trial: add says when it ends and that the first payment is that day; upcoming lists one row for that charge")
    func trialIsOneRow() throws {
        let sandbox = try Sandbox()
        let added = try sandbox.succeed(["add", "Disney+", "8.99", "--trial-end", "2026-11-29"] + Self.today)
        #expect(added.stdout.contains("\nFree trial until 2026-11-29 (in 7 days); the first payment is charged that day."), "\(added)")

        let upcoming = try sandbox.succeed(["upcoming", "--format", "json"] + Self.today).jsonArray()
        #expect(upcoming.map { $0["kind"] as? String } == ["trial_end"], "\(upcoming)")
        #expect(upcoming.first?["amount"] as? String == "8.99", "\(upcoming)")
        let table = try sandbox.succeed(["upcoming"] + Self.today, environment: ["COLUMNS": "80"]).stdout
        #expect(table.components(separatedBy: "2026-11-29").count == 2, "one row on the trial's end: \(table)")
        #expect(table.contains("trial ends, first payment"), "\(table)")
        let summary = try sandbox.succeed(["summary", "--format", "json"] + Self.today).jsonObject()
        #expect((summary["next_payments"] as? [[String: Any]])?.count == 5, "\(summary)")
    }

    @Test("Setting the price a subscription already has changes nothing and says so")
    func samePriceTwiceIsOnePrice() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Spotify", "10.99", ["--start", "2026-01-05"], today: "2026-01-05")
        try sandbox.succeed(["edit", "spotify", "--amount", "11.99", "--today", "2026-06-01"])
        let history = try sandbox.succeed(["log", "--format", "json"]).stdout
        let again = try sandbox.succeed(["edit", "spotify", "--amount", "11.99"] + Self.today)
        #expect(again.stdout == "Nothing changed: Spotify already has these values.\n", "\(again)")
        let detail = try sandbox.succeed(["show", "spotify", "--format", "json"] + Self.today).jsonObject()
        let prices = try #require(detail["price_history"] as? [[String: Any]])
        #expect(prices.map { $0["amount"] as? String } == ["10.99", "11.99"], "\(prices)")
        #expect(try sandbox.succeed(["log", "--format", "json"]).stdout == history, "no history entry for nothing")
    }
}
