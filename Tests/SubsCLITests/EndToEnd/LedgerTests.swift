import Foundation
import Testing

/// PRODUCT.md §10 end to end: plan changes that keep the past, recorded charges, skips and
/// price rises, with every command agreeing.
@Suite("The money that actually moved")
struct LedgerTests {
    static let today = ["--today", "2026-11-22"]

    private func show(_ sandbox: Sandbox, _ reference: String) throws -> [String: Any] {
        try sandbox.succeed(["show", reference, "--format", "json"] + Self.today).jsonObject()
    }

    private func spend(_ sandbox: Sandbox, months: Int = 6) throws -> (history: [String: String], forecast: [String: String]) {
        let stats = try sandbox.succeed(["stats", "--format", "json", "--months", "\(months)"] + Self.today).jsonObject()
        func byMonth(_ key: String) -> [String: String] {
            Dictionary(uniqueKeysWithValues: (stats[key] as? [[String: Any]] ?? []).map {
                ($0["month"] as? String ?? "", $0["converted"] as? String ?? "")
            })
        }
        return (byMonth("months"), byMonth("forecast"))
    }

    @Test("Disney+ monthly to yearly keeps 25 payments ($349.75), charges $139.99 on the day, then yearly, everywhere")
    func disneyPlanChange() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Disney+", "13.99", ["--start", "2024-10-22"], today: "2024-10-22")
        try sandbox.succeed(["edit", "disney+", "--every", "yearly", "--amount", "139.99"] + Self.today)

        let detail = try show(sandbox, "disney+")
        let payments = try #require(detail["payments"] as? [[String: Any]])
        let monthly = payments.dropLast()
        #expect(monthly.count == 25)
        #expect(monthly.allSatisfy { $0["amount"] as? String == "13.99" })
        #expect(payments.last?["date"] as? String == "2026-11-22")
        #expect(payments.last?["amount"] as? String == "139.99")
        #expect((detail["next_payments"] as? [[String: Any]])?.first?["date"] as? String == "2027-11-22")

        let upcoming = try sandbox.succeed(["upcoming", "--days", "800", "--format", "json"] + Self.today).jsonArray()
        #expect(upcoming.map { $0["date"] as? String } == ["2026-11-22", "2027-11-22", "2028-11-22"])
        #expect(upcoming.allSatisfy { $0["amount"] as? String == "139.99" })

        let months = try spend(sandbox)
        #expect(months.history["2026-10"] == "13.99")
        #expect(months.history["2026-11"] == "139.99")
        #expect(months.forecast["2026-12"] == "0.00")

        let remind = try sandbox.succeed(["remind", "--dry-run", "--format", "json"] + Self.today).jsonArray()
        #expect(remind.first?["amount"] as? String == "139.99", "\(remind)")

        let calendar = try sandbox.succeed(["export", "--format", "ics"] + Self.today).stdout
        #expect(calendar.contains("RRULE:FREQ=MONTHLY;UNTIL=20261121"))
        #expect(calendar.contains("DTSTART;VALUE=DATE:20261122\r\nDTEND;VALUE=DATE:20261123\r\nRRULE:FREQ=YEARLY\r\n"))
    }

    @Test("--effective start corrects the whole history instead; --effective before the start or in a pause is refused")
    func correctionsAndRefusals() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Gym", "30", ["--start", "2026-01-10"], today: "2026-01-10")
        try sandbox.succeed(["pause", "gym", "--on", "2026-05-01", "--until", "2026-07-01"] + Self.today)
        for effective in ["2025-12-01", "2026-05-20"] {
            let refused = try sandbox.run(["edit", "gym", "--every", "yearly", "--effective", effective] + Self.today)
            #expect(refused.status == 64, "\(refused)")
            #expect(refused.stderrLines.count == 1, "\(refused)")
        }
        try sandbox.succeed(["edit", "gym", "--every", "2 weeks", "--amount", "14", "--effective", "start"] + Self.today)
        let detail = try show(sandbox, "gym")
        #expect((detail["payments"] as? [[String: Any]])?.first?["amount"] as? String == "14.00")
        #expect((detail["billing_periods"] as? [Any])?.count == 1)
    }

    @Test("A variable bill: recorded charges in show and stats, the schedule's amount in the forecast")
    func variableBill() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Electricity", "80", ["--start", "2026-06-05"], today: "2026-06-05")
        try sandbox.succeed(["paid", "electricity", "--on", "2026-08-05", "--amount", "92.10"] + Self.today)
        try sandbox.succeed(["paid", "electricity", "--on", "2026-09-05", "--amount", "71.40"] + Self.today)
        let latest = try sandbox.succeed(["paid", "electricity", "--amount", "88"] + Self.today)
        #expect(latest.stdout.contains("2026-11-05"), "the latest scheduled payment: \(latest)")

        let payments = try #require(show(sandbox, "electricity")["payments"] as? [[String: Any]])
        #expect(payments.map { $0["amount"] as? String } == ["80.00", "80.00", "92.10", "71.40", "80.00", "88.00"])
        #expect(payments.map { $0["kind"] as? String } == ["scheduled", "scheduled", "actual", "actual", "scheduled", "actual"])
        #expect(payments[2]["scheduled"] as? String == "80.00")
        let text = try sandbox.succeed(["show", "electricity"] + Self.today).stdout
        #expect(text.contains("2026-08-05  $92.10  charged (scheduled $80.00)"), "\(text)")

        let months = try spend(sandbox)
        #expect(months.history["2026-08"] == "92.10")
        #expect(months.history["2026-09"] == "71.40")
        #expect(months.history["2026-11"] == "88.00")
        #expect(months.forecast["2026-12"] == "80.00")

        try sandbox.succeed(["paid", "electricity", "--undo", "--on", "2026-09-05"] + Self.today)
        #expect(try spend(sandbox).history["2026-09"] == "80.00")

        // Recorded on the bank's day, filed under the payment's: undone by either day.
        try sandbox.succeed(["paid", "electricity", "--on", "2026-10-03", "--amount", "75"] + Self.today)
        #expect(try spend(sandbox).history["2026-10"] == "75.00")
        let undone = try sandbox.succeed(["paid", "electricity", "--undo", "--on", "2026-10-03"] + Self.today)
        #expect(undone.stdout == "Removed the record of Electricity charged on 2026-10-03, the payment due 2026-10-05.\n")
        #expect(try spend(sandbox).history["2026-10"] == "80.00")
        // A day near no record is still refused, and changes nothing.
        let refused = try sandbox.run(["paid", "electricity", "--undo", "--on", "2026-10-03"] + Self.today)
        #expect(refused.status == 66, "\(refused)")
        #expect(refused.stderrLines.count == 1, "\(refused)")
        #expect(try spend(sandbox).history["2026-11"] == "88.00")
    }

    @Test("A skipped month vanishes from payments made, spend per month, upcoming and remind")
    func skippedMonth() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2026-01-10", "--remind", "3"], today: "2026-01-10")
        try sandbox.succeed(["skip", "netflix", "--on", "2026-10-10"] + Self.today)
        try sandbox.succeed(["skip", "netflix", "--on", "2026-12-10"] + Self.today)
        let payments = try #require(show(sandbox, "netflix")["payments"] as? [[String: Any]])
        #expect(!payments.contains { $0["date"] as? String == "2026-10-10" })
        #expect(try spend(sandbox).history["2026-10"] == "0.00")

        // A free month ahead is known too: no reminder, not upcoming.
        let upcoming = try sandbox.succeed(["upcoming", "--days", "60", "--format", "json"] + Self.today).jsonArray()
        #expect(upcoming.map { $0["date"] as? String } == ["2027-01-10"])
        #expect(try sandbox.succeed(["remind", "--dry-run", "--format", "json", "--today", "2026-12-08"]).jsonArray().isEmpty)

        let noPayment = try sandbox.run(["skip", "netflix", "--on", "2026-10-11"] + Self.today)
        #expect(noPayment.status == 64, "\(noPayment)")
        #expect(noPayment.stderr.contains("2026-10-10 and 2026-11-10"), "\(noPayment)")
    }

    @Test("paid before the start, in a pause, after the cancellation or in the future: one line, 64, nothing written")
    func paidRefusals() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Gym", "30", ["--start", "2026-01-10"], today: "2026-01-10")
        try sandbox.succeed(["pause", "gym", "--on", "2026-03-01", "--until", "2026-05-01"] + Self.today)
        try sandbox.succeed(["cancel", "gym", "--on", "2026-09-15"] + Self.today)
        let database = sandbox.bytes(sandbox.databasePath)
        for date in ["2025-12-10", "2026-03-10", "2026-10-10", "2026-12-10"] {
            let result = try sandbox.run(["paid", "gym", "--on", date] + Self.today)
            #expect(result.status == 64, "\(date): \(result)")
            #expect(result.stderrLines.count == 1, "\(result)")
        }
        let decimals = try sandbox.run(["paid", "gym", "--on", "2026-06-10", "--amount", "30.999"] + Self.today)
        #expect(decimals.status == 64, "\(decimals)")
        #expect(sandbox.bytes(sandbox.databasePath) == database)
    }

    @Test("Two charges above the price give a notice with the command that makes it go")
    func priceRise() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2026-01-30"], today: "2026-01-30")
        try sandbox.succeed(["paid", "netflix", "--on", "2026-09-30", "--amount", "17.99"] + Self.today)
        #expect((try sandbox.succeed(["summary", "--format", "json"] + Self.today).jsonObject()["price_rises"] as? [Any])?.isEmpty == true)
        try sandbox.succeed(["paid", "netflix", "--on", "2026-10-30", "--amount", "17.99"] + Self.today)

        let summary = try sandbox.succeed(["summary", "--format", "json"] + Self.today).jsonObject()
        let rise = try #require((summary["price_rises"] as? [[String: Any]])?.first)
        let command = try #require(rise["command"] as? String)
        #expect(command == "subs edit Netflix --amount 17.99 --effective 2026-09-30")
        #expect(try sandbox.succeed(["summary"] + Self.today).stdout.contains(command))
        #expect(try sandbox.succeed(["show", "netflix"] + Self.today).stdout.contains(command))

        try sandbox.succeed(Array(command.split(separator: " ").dropFirst().map(String.init)) + Self.today)
        #expect((try sandbox.succeed(["summary", "--format", "json"] + Self.today).jsonObject()["price_rises"] as? [Any])?.isEmpty == true)
        #expect(try show(sandbox, "netflix")["price_rise"] is NSNull)
    }

    /// QA finding: `subs edit -dash --amount …` read the name as options and printed the help.
    @Test("The price-rise command of a name that starts with '-' puts it last, after --, and works")
    func priceRiseOfADashName() throws {
        let sandbox = try Sandbox()
        try sandbox.succeed(["add", "--start", "2026-01-15", "--today", "2026-01-15", "--", "-dash", "10"])
        for date in ["2026-09-15", "2026-10-15"] {
            try sandbox.succeed(["paid", "--on", date, "--amount", "12"] + Self.today + ["--", "-dash"])
        }
        let summary = try sandbox.succeed(["summary", "--format", "json"] + Self.today).jsonObject()
        let command = try #require((summary["price_rises"] as? [[String: Any]])?.first?["command"] as? String)
        #expect(command == "subs edit --amount 12.00 --effective 2026-09-15 -- -dash")
        let words = command.split(separator: " ").dropFirst().map(String.init)
        try sandbox.succeed(words.dropLast(2) + Self.today + words.suffix(2))
        let shown = try sandbox.succeed(["show", "--format", "json"] + Self.today + ["--", "-dash"]).jsonObject()
        #expect(shown["amount"] as? String == "12.00", "\(shown)")
    }
}
