import Foundation
import Testing

// `subs remind` and the last day to cancel (PRODUCT.md §14): deadlines reminded at their own
// offsets (--remind-cancel, config remind-cancel-days), saying what missing them costs, apart
// from payment reminders; a plan renewed by hand is reminded that it expires.
//
// The subscriptions get their contracts through `subs import` of an export document: added, then
// exported, given `contract`/`cancel_by`, and imported into a fresh database.

@Suite("subs remind: deadlines")
struct DeadlineRemindTests {
    /// A database with PRODUCT.md §14's insurance (a yearly term from 2025-04-01, 3 months'
    /// notice, $40.00 a month: cancel by 2025-12-31, or it renews to 2027-03-31 for $480.00) and a
    /// one-off deadline (Stream: cancel by 2025-12-20, or it is charged $9.99 on 2026-01-10).
    /// `remind` gives each subscription's `--remind`.
    static func contracts(remind: [String: String] = [:]) throws -> Sandbox {
        let source = try Sandbox()
        var options: [String: [String]] = ["Acme Insurance": ["--start", "2025-04-01"], "Stream": ["--start", "2025-01-10"]]
        for (name, days) in remind { options[name, default: []] += ["--remind", days] }
        try source.add("Acme Insurance", "40.00", options["Acme Insurance"] ?? [], today: "2025-04-01")
        try source.add("Stream", "9.99", options["Stream"] ?? [], today: "2025-04-01")
        let file = source.path("contracts.json")
        try source.succeed(["export", "--format", "json", "--output", file, "--today", "2025-04-01"])
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file)))
                                    as? [String: Any])
        var subscriptions = try #require(document["subscriptions"] as? [[String: Any]])
        for index in subscriptions.indices {
            switch subscriptions[index]["name"] as? String {
            case "Acme Insurance": subscriptions[index]["contract"] = ["term": "1y", "renews": "1y", "notice": "3m"]
            case "Stream": subscriptions[index]["cancel_by"] = "2025-12-20"
            default: break
            }
        }
        document["subscriptions"] = subscriptions
        let sandbox = try Sandbox()
        try sandbox.write(Data(try JSONSerialization.data(withJSONObject: document)), to: sandbox.path("contracts.json"))
        try sandbox.succeed(["import", sandbox.path("contracts.json"), "--today", "2025-04-01"])
        return sandbox
    }

    static let insurance30 = "Cancel Acme Insurance by 2025-12-31 (in 30 days), or it renews for 1 year to 2027-03-31: $480.00"
    static let insurance7 = "Cancel Acme Insurance by 2025-12-31 (in 7 days), or it renews for 1 year to 2027-03-31: $480.00"

    @Test("A deadline is reminded 30 and 7 days before, once each, saying what missing it costs")
    func thirtyAndSevenDaysBefore() throws {
        let sandbox = try Self.contracts(remind: ["Acme Insurance": "none", "Stream": "none"])
        let first = try sandbox.succeed(["remind", "--today", "2025-12-01"])
        #expect(first.stdoutLines == ["Cancel Stream by 2025-12-20 (in 19 days), or it is charged $9.99 on 2026-01-10",
                                      Self.insurance30])
        #expect(try sandbox.succeed(["remind", "--today", "2025-12-01"]).stdout.isEmpty, "sent once")
        #expect(try sandbox.succeed(["remind", "--today", "2025-12-10"]).stdout.isEmpty)
        let second = try sandbox.succeed(["remind", "--today", "2025-12-24"])
        #expect(second.stdoutLines == [Self.insurance7])
        #expect(try sandbox.succeed(["remind", "--today", "2025-12-30"]).stdout.isEmpty)
    }

    @Test("A run after missed days catches up once; a one-off deadline says the payment it misses")
    func catchUpAndOneOff() throws {
        let sandbox = try Self.contracts(remind: ["Acme Insurance": "none", "Stream": "none"])
        let late = try sandbox.succeed(["remind", "--today", "2025-12-16"])
        #expect(late.stdoutLines == [
            "Cancel Stream by 2025-12-20 (in 4 days), or it is charged $9.99 on 2026-01-10",
            "Cancel Acme Insurance by 2025-12-31 (in 15 days), or it renews for 1 year to 2027-03-31: $480.00",
        ])
        #expect(try sandbox.succeed(["remind", "--today", "2025-12-17"]).stdout.isEmpty)
        #expect(try sandbox.succeed(["remind", "--today", "2025-12-24"]).stdoutLines == [Self.insurance7])
    }

    @Test("--remind none silences payments, not deadlines; --remind-cancel none silences deadlines, not payments")
    func independentOffsets() throws {
        let sandbox = try Self.contracts(remind: ["Stream": "none"])
        let dry = try sandbox.succeed(["remind", "--today", "2025-12-30", "--dry-run", "--remind-cancel", "none"])
        #expect(dry.stdoutLines == ["Acme Insurance: $40.00 on 2026-01-01 (in 2 days)"])
        let both = try sandbox.succeed(["remind", "--today", "2025-12-30", "--dry-run"])
        #expect(both.stdoutLines == [
            "Cancel Acme Insurance by 2025-12-31 (tomorrow), or it renews for 1 year to 2027-03-31: $480.00",
            "Acme Insurance: $40.00 on 2026-01-01 (in 2 days)",
        ])
        let onlyOne = try sandbox.succeed(["remind", "--today", "2025-12-30", "--dry-run", "--remind-cancel", "1"])
        #expect(onlyOne.stdout == both.stdout)
        let refused = try sandbox.run(["remind", "--today", "2025-12-30", "--remind-cancel", "30,,7"])
        #expect(refused.status == 64)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("expected days before a last day to cancel"), "\(refused)")
    }

    @Test("config remind-cancel-days sets the offsets; reminders off silences deadlines too")
    func config() throws {
        let sandbox = try Self.contracts(remind: ["Acme Insurance": "none", "Stream": "none"])
        #expect(try sandbox.succeed(["config", "get", "remind-cancel-days"]).stdoutLines == ["30,7"])
        let list = try sandbox.succeed(["config", "list"]).stdoutLines
        #expect(list.contains { $0.hasPrefix("remind-cancel-days") && $0.contains("30,7") && $0.contains("(default)") })
        #expect(try sandbox.succeed(["config", "list", "--format", "json"]).jsonObject()["remind_cancel_days"] as? String == "30,7")
        try sandbox.succeed(["config", "set", "remind-cancel-days", "14"])
        #expect(try sandbox.succeed(["config", "get", "remind-cancel-days"]).stdoutLines == ["14"])
        #expect(try sandbox.succeed(["remind", "--today", "2025-12-01"]).stdout.isEmpty)
        let bad = try sandbox.run(["config", "set", "remind-cancel-days", "400"])
        #expect(bad.status == 64, "\(bad)")
        try sandbox.succeed(["config", "set", "reminders", "off"])
        #expect(try sandbox.succeed(["remind", "--today", "2025-12-24"]).stdout.isEmpty)
        try sandbox.succeed(["config", "set", "reminders", "on"])
        #expect(try sandbox.succeed(["remind", "--today", "2025-12-24"]).stdoutLines
                    == ["Cancel Acme Insurance by 2025-12-31 (in 7 days), or it renews for 1 year to 2027-03-31: $480.00"])
    }

    @Test("--format json and hooks carry kind cancel_by, the cancel-by day, the term end and the cost")
    func jsonAndHooks() throws {
        let sandbox = try Self.contracts(remind: ["Acme Insurance": "none", "Stream": "none"])
        let json = try sandbox.succeed(["remind", "--today", "2025-12-01", "--dry-run", "--format", "json"]).jsonArray()
        #expect(json.map { $0["name"] as? String } == ["Stream", "Acme Insurance"])
        let object = try #require(json.last)
        #expect(object["kind"] as? String == "cancel_by")
        #expect(object["date"] as? String == "2025-12-31")
        #expect(object["term_end"] as? String == "2026-03-31")
        #expect(object["amount"] as? String == "480.00")
        #expect(object["currency"] as? String == "USD")
        #expect(object["days_until"] as? Int == 30)
        #expect(object["offset"] as? Int == 30)
        #expect(object["renewal"] as? String == "automatic")

        let (directory, environment) = try RemindHooks.directory(sandbox)
        let command = #"cat > "$DIR/$SUBS_NAME.json"; env | grep '^SUBS_' > "$DIR/$SUBS_NAME.env""#
        let result = try sandbox.succeed(["remind", "--today", "2025-12-16", "--exec", command], environment: environment)
        #expect(result.stdoutLines.count == 2)
        let variables = RemindHooks.variables(directory + "/Acme Insurance.env")
        #expect(variables["SUBS_KIND"] == "cancel_by")
        #expect(variables["SUBS_DATE"] == "2025-12-31")
        #expect(variables["SUBS_TERM_END"] == "2026-03-31")
        #expect(variables["SUBS_AMOUNT"] == "480.00")
        #expect(variables["SUBS_OFFSET"] == "30")
        let stream = RemindHooks.variables(directory + "/Stream.env")
        #expect(stream["SUBS_KIND"] == "cancel_by")
        #expect(stream["SUBS_TERM_END"] == "")
        #expect(stream["SUBS_AMOUNT"] == "9.99")
        let payload = try #require(sandbox.bytes(directory + "/Acme Insurance.json"))
        let hookObject = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        #expect(Set(hookObject.keys) == RemindHooks.payloadKeys)
        #expect(hookObject["kind"] as? String == "cancel_by")
        #expect(hookObject["text"] as? String == Self.insurance7.replacingOccurrences(of: "in 7 days", with: "in 15 days"))
    }

    @Test("--webhook posts a deadline with kind cancel_by, its term end and cost")
    func webhook() throws {
        let server = try RecordingHTTPServer(status: 204)
        defer { server.stop() }
        let sandbox = try Self.contracts(remind: ["Acme Insurance": "none", "Stream": "none"])
        try sandbox.succeed(["remind", "--today", "2025-12-24", "--webhook", server.url("/hook")],
                            environment: RemindHooks.direct)
        let bodies = server.requests.compactMap(\.jsonObject)
        try #require(bodies.count == 1, "\(server.requests)")
        #expect(Set(bodies[0].keys) == RemindHooks.payloadKeys)
        #expect(bodies[0]["kind"] as? String == "cancel_by")
        #expect(bodies[0]["date"] as? String == "2025-12-31")
        #expect(bodies[0]["term_end"] as? String == "2026-03-31")
        #expect(bodies[0]["amount"] as? String == "480.00")
        #expect(bodies[0]["content"] as? String == Self.insurance7)
    }

    @Test("The deadline and manual-renewal reminders in Turkish")
    func turkish() throws {
        let sandbox = try Self.contracts(remind: ["Acme Insurance": "none", "Stream": "none"])
        try sandbox.add("Alan adı", "12.00", ["--every", "yearly", "--start", "2025-01-10", "--no-auto-renew"], today: "2025-04-01")
        let turkish: [String: String?] = ["SUBS_LANG": "tr"]
        let result = try sandbox.succeed(["remind", "--today", "2025-12-16", "--dry-run"], environment: turkish)
        #expect(result.stdoutLines == [
            "Stream: son iptal günü 20.12.2025 (4 gün sonra); iptal edilmezse 10.01.2026 tarihinde $9,99 çekilir",
            "Acme Insurance: son iptal günü 31.12.2025 (15 gün sonra); iptal edilmezse 31.03.2027 tarihine kadar 1 yıl daha yenilenir: $480,00",
        ])
        let manual = try sandbox.succeed(["remind", "--today", "2026-01-08", "--dry-run", "--remind-cancel", "none"],
                                         environment: turkish)
        #expect(manual.stdoutLines == ["Alan adı 10.01.2026 tarihinde sona eriyor (2 gün sonra): $12,00 ödeyerek elle yenileyin"])
    }

    @Test("A plan renewed by hand is reminded that it expires, with renewal manual in JSON")
    func manualRenewal() throws {
        let sandbox = try Sandbox()
        try sandbox.add("example.org", "12.00", ["--every", "yearly", "--start", "2025-01-10", "--no-auto-renew"], today: "2025-04-01")
        try sandbox.add("Netflix", "15.49", ["--start", "2025-01-10"], today: "2025-04-01")
        let text = try sandbox.succeed(["remind", "--today", "2026-01-08", "--dry-run"])
        #expect(text.stdoutLines == [
            "example.org expires on 2026-01-10 (in 2 days): renew for $12.00",
            "Netflix: $15.49 on 2026-01-10 (in 2 days)",
        ])
        let json = try sandbox.succeed(["remind", "--today", "2026-01-08", "--dry-run", "--format", "json"]).jsonArray()
        #expect(json.map { $0["renewal"] as? String } == ["manual", "automatic"])
        #expect(json.map { $0["kind"] as? String } == ["payment", "payment"])
    }

    @Test("docs/billing.md example 7, not renewed in time: it lapses, and nothing is made up for it anywhere")
    func manualRenewalLapses() throws {
        let sandbox = try Sandbox()
        try sandbox.add("SIM", "10", ["--start", "2026-09-01", "--renewal", "manual"], today: "2026-09-01")
        try sandbox.succeed(["paid", "sim", "--on", "2026-09-01", "--today", "2026-09-01"])
        try sandbox.succeed(["paid", "sim", "--on", "2026-10-11", "--today", "2026-10-11"])
        // On the day it is due, the renewal is ahead, not paid.
        let due = try sandbox.succeed(["show", "sim", "--format", "json", "--today", "2026-11-11"]).jsonObject()
        #expect((due["next_payments"] as? [[String: Any]])?.first?["date"] as? String == "2026-11-11", "\(due)")
        #expect((due["payments"] as? [Any])?.count == 2)
        let today = ["--today", "2026-11-26"]
        let detail = try sandbox.succeed(["show", "sim", "--format", "json"] + today).jsonObject()
        #expect((detail["payments"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2026-09-01", "2026-10-11"])
        #expect(detail["next_payment"] is NSNull)
        #expect((detail["next_payments"] as? [Any])?.isEmpty == true)
        let text = try sandbox.succeed(["show", "sim"] + today).stdout
        #expect(text.contains("manual: lapsed on 2026-11-11, not renewed; renews when you pay"), "\(text)")
        #expect(text.contains("2026-10-11  $10.00  renewed"), "\(text)")
        let stats = try sandbox.succeed(["stats", "--format", "json", "--months", "3"] + today).jsonObject()
        let months = (stats["months"] as? [[String: Any]] ?? []).map { ($0["month"] as? String ?? "", $0["converted"] as? String ?? "") }
        #expect(months.first { $0.0 == "2026-11" }?.1 == "0.00", "\(months)")
        #expect(try sandbox.succeed(["upcoming", "--days", "365", "--format", "json"] + today).jsonArray().isEmpty)
        #expect(try sandbox.succeed(["remind", "--dry-run", "--today", "2026-12-09"]).stdout.isEmpty)
        let calendar = try sandbox.succeed(["export", "--format", "ics"] + today).stdout
        // The renewals' event ends with the renewal of 2026-10-11, its last; the one before it
        // keeps an event of its own.
        #expect(calendar.components(separatedBy: "BEGIN:VEVENT").count == 3, "\(calendar)")
        #expect(calendar.contains("-renewals@subs\r\nDTSTAMP:"), "\(calendar)")
        #expect(calendar.contains("-renewed-20260901@subs\r\nDTSTAMP:"), "\(calendar)")
        #expect(calendar.contains("DTSTART;VALUE=DATE:20260901\r\n"), "\(calendar)")
        #expect(calendar.contains("DTSTART;VALUE=DATE:20261011\r\n"), "\(calendar)")
        #expect(calendar.contains("RRULE:FREQ=MONTHLY;UNTIL=20261011\r\n"), "\(calendar)")

        // Renewed: due again a month after that day.
        try sandbox.succeed(["paid", "sim"] + today)
        let renewed = try sandbox.succeed(["show", "sim", "--format", "json"] + today).jsonObject()
        #expect(renewed["next_payment"] as? String == "2026-12-26")
    }

    @Test("Parallel runs send each deadline and payment reminder exactly once")
    func parallelRuns() throws {
        let sandbox = try Self.contracts(remind: ["Stream": "7"])
        let log = sandbox.path("delivered.log")
        let runs = try (0..<6).map { _ in
            try sandbox.start(["remind", "--today", "2025-12-05", "--exec", "echo \"$SUBS_NAME $SUBS_KIND\" >> '\(log)'"])
        }
        let results = runs.map { $0.wait() }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results)")
        let lines = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        // Stream: its deadline on the 20th and its payment on the 10th; Acme: its deadline (its
        // payment of 2026-01-01 is past the default 2 days).
        #expect(lines.sorted() == ["Acme Insurance cancel_by", "Stream cancel_by", "Stream payment"])
        #expect(results.map(\.stdout).joined().split(separator: "\n").count == 3, "each reminder printed by one run")
    }

    /// Daily cron runs through the binary over two months: each deadline exactly once per offset.
    @Test("Sixty daily runs remind of each deadline once at each offset")
    func sixtyDailyRuns() throws {
        let sandbox = try Self.contracts(remind: ["Acme Insurance": "none", "Stream": "none"])
        let log = sandbox.path("delivered.log")
        var day = try #require(Self.date("2025-11-15"))
        for _ in 0..<60 {
            let today = Self.iso(day)
            try sandbox.succeed(["remind", "--today", today, "--exec", "echo \"\(today) $SUBS_NAME $SUBS_DATE $SUBS_OFFSET\" >> '\(log)'"])
            day = day.addingTimeInterval(86_400)
        }
        let lines = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        #expect(lines == [
            "2025-11-20 Stream 2025-12-20 30",
            "2025-12-01 Acme Insurance 2025-12-31 30",
            "2025-12-13 Stream 2025-12-20 7",
            "2025-12-24 Acme Insurance 2025-12-31 7",
        ])
    }

    private static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.date(from: text)
    }

    private static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}
