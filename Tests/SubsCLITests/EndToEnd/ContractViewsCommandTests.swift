import Foundation
import Testing

/// Deadlines and ends as a user sees them (PRODUCT.md §14): `upcoming`, `summary`, `calendar`
/// and the ICS export, in English and Turkish. The database holds a contract with notice, a
/// one-off deadline, an instalment plan and a one-time purchase already paid, imported from an
/// export document that carries `contract`, `cancel_by` and `ends`.
@Suite struct ContractViewsCommandTests {
    static let today = ["--today", "2026-12-01"]
    static let turkish: [String: String?] = ["SUBS_LANG": "tr"]

    /// Acme Insurance (yearly from 2026-04-01, 1-year term, 3 months' notice: cancel by
    /// 2026-12-31 or renew to 2028-03-31 for 480.00), Trial Plus (trial to 2026-12-05, cancel by
    /// 2026-12-04), Laptop (100.00 monthly from 2026-09-15, ends 2027-02-15) and Concert (80.00
    /// once on 2026-11-01).
    static func contracts() throws -> Sandbox {
        let maker = try Sandbox()
        try maker.add("Acme Insurance", "480.00", ["--every", "yearly", "--start", "2026-04-01"], today: "2026-11-26")
        try maker.add("Trial Plus", "9.99", ["--start", "2026-11-05", "--trial-end", "2026-12-05"], today: "2026-11-26")
        try maker.add("Laptop", "100.00", ["--start", "2026-09-15"], today: "2026-11-26")
        try maker.add("Concert", "80.00", ["--every", "once", "--start", "2026-11-01"], today: "2026-11-26")
        var document = try maker.succeed(["export", "--format", "json", "--today", "2026-11-26"]).jsonObject()
        var entries = try #require(document["subscriptions"] as? [[String: Any]])
        for index in entries.indices {
            switch entries[index]["name"] as? String {
            case "Acme Insurance": entries[index]["contract"] = ["term": "1y", "renews": "1y", "notice": "3m"]
            case "Trial Plus": entries[index]["cancel_by"] = "2026-12-04"
            case "Laptop": entries[index]["ends"] = "2027-02-15"
            default: break
            }
        }
        document["subscriptions"] = entries
        let sandbox = try Sandbox()
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        try sandbox.write(data, to: sandbox.path("contracts.json"))
        try sandbox.succeed(["import", sandbox.path("contracts.json"), "--today", "2026-11-26"])
        return sandbox
    }

    @Test func upcomingHasRowsForDeadlinesAndEnds() throws {
        let sandbox = try Self.contracts()
        let items = try sandbox.succeed(["upcoming", "--until", "2027-02-28", "--format", "json"] + Self.today).jsonArray()
        let rows = items.map { "\($0["date"]!) \($0["kind"]!) \($0["name"]!) \($0["amount"]!)" }
        #expect(rows == [
            "2026-12-04 cancel_by Trial Plus 9.99",
            "2026-12-05 trial_end Trial Plus 9.99",
            "2026-12-15 payment Laptop 100.00",
            "2026-12-31 cancel_by Acme Insurance 480.00",
            "2027-01-05 payment Trial Plus 9.99",
            "2027-01-15 payment Laptop 100.00",
            "2027-02-05 payment Trial Plus 9.99",
            "2027-02-15 payment Laptop 100.00",
            "2027-02-15 ends Laptop 100.00",
        ])
        let csv = try sandbox.succeed(["upcoming", "--days", "5", "--format", "csv"] + Self.today).stdoutLines
        #expect(csv.count == 3)
        #expect(csv[1].hasPrefix("2026-12-04,3,cancel_by,Trial Plus,9.99,USD,"))

        let table = try sandbox.succeed(["upcoming", "--until", "2027-02-28"] + Self.today).stdout
        let lines = table.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("2026-12-04") && $0.contains("$9.99") && $0.hasSuffix("cancel by") }, "\(table)")
        #expect(lines.contains { $0.hasPrefix("2027-02-15") && $0.contains("Laptop") && $0.hasSuffix("ends") }, "\(table)")
        // The totals count payments only: 3 × 9.99 + 3 × 100.00, no deadline or end.
        #expect(table.hasSuffix("Total: $329.97\n"), "\(table)")
        let later = try sandbox.succeed(["upcoming", "--format", "json", "--today", "2027-02-16"]).jsonArray()
        #expect(!later.contains { $0["name"] as? String == "Laptop" || $0["name"] as? String == "Concert" })
    }

    @Test func upcomingInTurkishNamesTheKinds() throws {
        let sandbox = try Self.contracts()
        let table = try sandbox.succeed(["upcoming", "--until", "2027-02-28"] + Self.today, environment: Self.turkish).stdout
        #expect(table.contains("04.12.2026"))
        #expect(table.contains("son iptal günü"), "\(table)")
        #expect(table.contains("sona eriyor"), "\(table)")
        #expect(table.contains("Toplam"), "\(table)")
    }

    @Test func summaryListsTheDeadlinesOfTheNext30Days() throws {
        let sandbox = try Self.contracts()
        let summary = try sandbox.succeed(["summary", "--format", "json"] + Self.today).jsonObject()
        #expect(summary["active"] as? Int == 3)
        #expect(summary["total"] as? Int == 4)
        let deadlines = try #require(summary["deadlines"] as? [[String: Any]])
        #expect(deadlines.map { $0["name"] as? String } == ["Trial Plus", "Acme Insurance"])
        #expect(deadlines.map { $0["cancel_by"] as? String } == ["2026-12-04", "2026-12-31"])
        #expect(deadlines.map { $0["days_until"] as? Int } == [3, 30])
        #expect(deadlines.map { $0["amount"] as? String } == ["9.99", "480.00"])
        #expect(deadlines.map { $0["currency"] as? String } == ["USD", "USD"])
        #expect(deadlines[0]["term_end"] is NSNull)
        #expect(deadlines[1]["term_end"] as? String == "2027-03-31")
        #expect(deadlines.allSatisfy { ($0["id"] as? String)?.count == 36 })

        let text = try sandbox.succeed(["summary"] + Self.today).stdout
        #expect(text.contains("3 active of 4"), "\(text)")
        #expect(text.contains("Last days to cancel within 30 days"), "\(text)")
        #expect(text.contains("$480.00, renews to 2028-03-31"), "\(text)")
        #expect(text.contains("$9.99 charged on 2026-12-05"), "\(text)")
        let turkish = try sandbox.succeed(["summary"] + Self.today, environment: Self.turkish).stdout
        #expect(turkish.contains("30 gün içindeki son iptal günleri"), "\(turkish)")
        #expect(turkish.contains("480,00, 31.03.2028 tarihine kadar yenilenir"), "\(turkish)")
    }

    @Test func calendarDrawsTheMonthAsCalWithTheWeekStartingOnSunday() throws {
        let sandbox = try Self.contracts()
        let output = try sandbox.succeed(["calendar", "2026-12"] + Self.today).stdoutLines
        #expect(Array(output.prefix(8)) == [
            "   December 2026",
            "Su Mo Tu We Th Fr Sa",
            "       1  2  3  4! 5+",
            " 6  7  8  9 10 11 12",
            "13 14 15*16 17 18 19",
            "20 21 22 23 24 25 26",
            "27 28 29 30 31!",
            "",
        ])
        #expect(output[8] == "* payment   + trial ends, first payment   ! cancel by")
        let legend = output.dropFirst(10)
        #expect(legend.first?.hasPrefix("DATE") == true, "\(output)")
        #expect(legend.contains { $0.hasPrefix("2026-12-31  ! cancel by") && $0.contains("Acme Insurance") && $0.hasSuffix("$480.00") },
                "\(output)")
        #expect(output.last == "Total: $109.99")
        #expect(output.allSatisfy { $0.count <= 80 })
        // Without MONTH: this month.
        #expect(try sandbox.succeed(["calendar"] + Self.today).stdoutLines.first == "   December 2026")
    }

    @Test func calendarInTurkishStartsTheWeekOnMonday() throws {
        let sandbox = try Self.contracts()
        for month in ["2026-12", "12.2026", "Aralık 2026", "ARALIK", "aralik 2026"] {
            let output = try sandbox.succeed(["calendar"] + month.split(separator: " ").map(String.init) + Self.today,
                                             environment: Self.turkish).stdoutLines
            #expect(Array(output.prefix(7)) == [
                "    Aralık 2026",
                "Pt Sa Ça Pe Cu Ct Pz",
                "    1  2  3  4! 5+ 6",
                " 7  8  9 10 11 12 13",
                "14 15*16 17 18 19 20",
                "21 22 23 24 25 26 27",
                "28 29 30 31!",
            ], "\(month)")
            #expect(output.contains { $0.hasPrefix("31.12.2026  ! son iptal günü") }, "\(output)")
        }
    }

    @Test func calendarOfAPastMonthShowsThePaymentsMadeAndJSONGivesTheItems() throws {
        let sandbox = try Self.contracts()
        let items = try sandbox.succeed(["calendar", "November", "2026", "--format", "json"] + Self.today).jsonArray()
        #expect(items.map { $0["name"] as? String } == ["Concert", "Laptop"])
        #expect(items.map { $0["days_until"] as? Int } == [-30, -16])
        #expect(items.map { $0["kind"] as? String } == ["payment", "payment"])
        let february = try sandbox.succeed(["calendar", "2027-02", "--format", "json"] + Self.today).jsonArray()
        #expect(february.map { $0["kind"] as? String } == ["payment", "payment", "ends"])
        let empty = try sandbox.succeed(["calendar", "2026-08"] + Self.today).stdout
        #expect(empty.hasSuffix("\nNo payments, deadlines or ends in August 2026.\n"), "\(empty)")
    }

    @Test func aMonthThatDoesNotReadIsRefusedInOneLine() throws {
        let sandbox = try Self.contracts()
        for bad in ["2026-13", "13.2026", "Smarch 2026", "2026", "0000-01"] {
            let result = try sandbox.run(["calendar", bad] + Self.today)
            #expect(result.status == 64, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr.contains("invalid month '\(bad)'"), "\(result)")
        }
        let turkish = try sandbox.run(["calendar", "2026-13"] + Self.today, environment: Self.turkish)
        #expect(turkish.status == 64)
        #expect(turkish.stderr.contains("geçersiz ay '2026-13'"), "\(turkish)")
        let help = try sandbox.succeed(["help", "calendar"], environment: Self.turkish).stdout
        #expect(help.contains("Bir ayı cal gibi göster"), "\(help)")
    }

    @Test func theICSExportHasTheDeadlinesAndStopsThePlanAtItsEnd() throws {
        let sandbox = try Self.contracts()
        let ics = try sandbox.succeed(["export", "--format", "ics"] + Self.today).stdout
            .replacingOccurrences(of: "\r\n ", with: "")
        #expect(ics.contains("SUMMARY:Cancel Acme Insurance by today\r\n"))
        #expect(ics.contains("SUMMARY:Cancel Trial Plus by today\r\n"))
        #expect(ics.contains(
            #"DESCRIPTION:The term ends on 2027-03-31\nIf not cancelled by then\, it renews for 1 year to 2028-03-31: 480.00 USD"#))
        #expect(ics.contains("DESCRIPTION:Cancel Acme Insurance by 2026-12-31 (in 30 days)\r\n"))
        #expect(ics.contains("TRIGGER:-P7D"))
        #expect(ics.contains("RRULE:FREQ=MONTHLY;UNTIL=20270215\r\n"))
    }
}
