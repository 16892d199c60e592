import Foundation
import Testing

/// `subs import` of subtrack's and SubTrackr's CSV exports, and of any CSV through `--map`
/// (PRODUCT.md §8), each written as its program writes it.
@Suite("Moving in from subtrack, SubTrackr and spreadsheets")
struct CSVImportTests {
    /// subtrack's `exportCsv`: a BOM, LF, quotes only where needed, tags joined by `;`, a tab
    /// before a field that starts like a formula.
    static let subtrack = "\u{FEFF}name,status,cycle,tags,price,currency,notes,payment_method,contract_start,contract_end,auto_renewal,vendor_name,vendor_url,plan_tier,discount_amount,discount_type\n"
        + "Netflix,active,monthly,Streaming;Video,15.99,USD,\"family, 4K\",Visa,2025-03-10,,true,Netflix Inc,https://netflix.com,Premium,,\n"
        + "Notion,cancelled,yearly,Work,96,USD,,,2024-02-01,2026-02-01,false,,,,10,percentage\n"
        + "NHK,active,bi-weekly,,1100,JPY,,,2026-11-08,,true,,,,,\n"
        + "Gym,paused,quarterly,Health,60,EUR,\t-discounted,,2025-01-15,,true,,,,,\n"

    /// SubTrackr's ExportCSV, Go's encoding/csv: `%.2f` costs, `Every N Quarters`.
    static let subtrackr = """
        ID,Name,Category,Cost,Currency,Schedule,Schedule Interval,Status,Payment Method,Account,Start Date,Renewal Date,Cancellation Date,URL,Notes,Usage,Created At
        1,Spotify,Music,10.99,USD,Monthly,1,Active,Credit Card,me@example.com,2024-05-20,2026-12-20,,https://spotify.com,"Duo plan, shared",High,2024-05-20 10:00:00
        2,iCloud,Cloud,2.99,EUR,Every 2 Quarters,2,Active,,,2025-01-31,2026-07-31,,,,,2025-01-31 09:00:00
        3,Hulu,Streaming,7.99,USD,Monthly,1,Cancelled,,,2023-01-05,,2024-06-05,,,,2023-01-05 12:00:00
        4,Kagi,Software,1000.00,JPY,Annual,1,Trial,,,2026-11-01,2026-12-01,,,,,2026-11-01 12:00:00

        """

    private func imported(_ sandbox: Sandbox) throws -> [String: [String: Any]] {
        let items = try sandbox.succeed(["list", "--format", "json", "--status", "all", "--today", "2026-11-22"]).jsonArray()
        return Dictionary(uniqueKeysWithValues: items.map { ($0["name"] as! String, $0) })
    }

    private func cycle(_ item: [String: Any]?) -> String? {
        (item?["cycle"] as? [String: Any]).map { "\($0["count"]!) \($0["unit"]!)" }
    }

    @Test("A subtrack export imports with its cycles, anchors, currencies, tags and states; twice adds nothing")
    func subtrackExport() throws {
        let sandbox = try Sandbox()
        try sandbox.write(Self.subtrack, to: sandbox.path("subtrack.csv"))
        let first = try sandbox.succeed(["import", sandbox.path("subtrack.csv"), "--today", "2026-11-22"])
        #expect(first.stdout.contains("4 added"), "\(first)")
        let items = try imported(sandbox)
        #expect(cycle(items["NHK"]) == "2 week")
        #expect(cycle(items["Gym"]) == "3 month")
        #expect(items["Netflix"]?["start_date"] as? String == "2025-03-10")
        #expect(items["Netflix"]?["category"] as? String == "Streaming")
        #expect(items["Netflix"]?["url"] as? String == "https://netflix.com")
        #expect((items["Netflix"]?["notes"] as? String)?.hasPrefix("family, 4K; vendor: Netflix Inc; plan: Premium") == true)
        #expect(items["NHK"]?["currency"] as? String == "JPY")
        #expect(items["NHK"]?["amount"] as? String == "1100")
        #expect(items["Notion"]?["status"] as? String == "cancelled")
        #expect(items["Gym"]?["status"] as? String == "paused")
        #expect(items["Gym"]?["notes"] as? String == "-discounted")

        let second = try sandbox.succeed(["import", sandbox.path("subtrack.csv"), "--today", "2026-11-22"])
        #expect(second.stdout.contains("0 added, 4 skipped"), "\(second)")
    }

    @Test("An import into a database named with --db that does not exist yet creates it, as add does; a read of it is still refused")
    func importCreatesANamedDatabase() throws {
        let sandbox = try Sandbox()
        try sandbox.write(Self.subtrack, to: sandbox.path("subtrack.csv"))
        let named = ["--db", sandbox.path("moved-in.db"), "--key-file", sandbox.path("moved-in.key")]
        #expect(try sandbox.run(["list"] + named).status == 66)
        let first = try sandbox.succeed(["import", sandbox.path("subtrack.csv"), "--today", "2026-11-22"] + named)
        #expect(first.stdout.contains("4 added"), "\(first)")
        let listed = try sandbox.succeed(["list", "--format", "json", "--status", "all"] + named).jsonArray()
        #expect(listed.count == 4, "\(listed)")
    }

    @Test("A SubTrackr export imports with its schedules, trial and cancellation")
    func subtrackrExport() throws {
        let sandbox = try Sandbox()
        try sandbox.write(Self.subtrackr, to: sandbox.path("subtrackr.csv"))
        try sandbox.succeed(["import", sandbox.path("subtrackr.csv"), "--today", "2026-11-22"])
        let items = try imported(sandbox)
        #expect(cycle(items["iCloud"]) == "6 month")
        #expect(cycle(items["Kagi"]) == "1 year")
        #expect(items["Spotify"]?["start_date"] as? String == "2024-05-20")
        #expect(items["Spotify"]?["next_payment"] as? String == "2026-12-20")
        #expect(items["Spotify"]?["notes"] as? String == "Duo plan, shared; account: me@example.com")
        #expect(items["Kagi"]?["status"] as? String == "trial")
        #expect(items["Kagi"]?["trial_end"] as? String == "2026-12-01")
        #expect(items["Kagi"]?["amount"] as? String == "1000")
        #expect(items["Hulu"]?["status"] as? String == "cancelled")
        let hulu = try sandbox.succeed(["show", "hulu", "--format", "json", "--today", "2026-11-22"]).jsonObject()
        #expect((hulu["payments"] as? [Any])?.count == 18, "\(hulu)")
    }

    @Test("A spreadsheet with a BOM, CRLF and a quoted comma imports through --map")
    func mappedSpreadsheet() throws {
        let sandbox = try Sandbox()
        try sandbox.write("\u{FEFF}Service,Cost,Billing,Started\r\n\"Acme, Inc\",$12.50,monthly,2026-01-05\r\nPatreon,€5,yearly,2025-06-01\r\n",
                          to: sandbox.path("sheet.csv"))
        let map = ["--map", "name=Service,amount=Cost,every=Billing,start=Started"]
        try sandbox.succeed(["import", sandbox.path("sheet.csv"), "--currency", "USD"] + map)
        let items = try imported(sandbox)
        #expect(items["Acme, Inc"]?["amount"] as? String == "12.50")
        #expect(items["Acme, Inc"]?["currency"] as? String == "USD")
        #expect(items["Patreon"]?["currency"] as? String == "EUR")
        #expect(cycle(items["Patreon"]) == "1 year")
        #expect(items["Patreon"]?["start_date"] as? String == "2025-06-01")
        let again = try sandbox.succeed(["import", sandbox.path("sheet.csv"), "--currency", "USD"] + map)
        #expect(again.stdout.contains("0 added, 2 skipped"), "\(again)")
    }

    /// Issue 22, item 10: "line 2: record: expected 1 fields, found 2".
    @Test("A Turkish spreadsheet: semicolons, decimal commas and dots between thousands, read as detect reads them")
    func europeanSpreadsheet() throws {
        let sandbox = try Sandbox()
        try sandbox.write("Hizmet;Tutar\nNetflix;229,99\nAdobe;1.299,00\nSpotify;59,99\n", to: sandbox.path("t.csv"))
        let result = try sandbox.succeed(["import", sandbox.path("t.csv"), "--map", "name=Hizmet,amount=Tutar", "--currency", "TRY"])
        #expect(result.stdout.contains("3 added"), "\(result)")
        let items = try imported(sandbox)
        #expect(items["Netflix"]?["amount"] as? String == "229.99" && items["Netflix"]?["currency"] as? String == "TRY")
        #expect(items["Adobe"]?["amount"] as? String == "1299.00", "\(String(describing: items["Adobe"]))")
        // `Excel`'s sep= line, tabs, and a number that could be read either way (nothing else in the file tells).
        try sandbox.write("sep=\t\nService\tCost\nA\t1.299\n", to: sandbox.path("tab.csv"))
        let ambiguous = try sandbox.run(["import", sandbox.path("tab.csv"), "--map", "name=Service,amount=Cost", "--currency", "TRY"])
        #expect(ambiguous.status == 65 && ambiguous.stderr.contains("line 3: Cost:") && ambiguous.stderr.contains("1.299"), "\(ambiguous)")
        // A row with one field too many says so in words.
        try sandbox.write("Hizmet;Tutar\nNetflix;229,99\nAdobe;1.299;00\n", to: sandbox.path("bad.csv"))
        let bad = try sandbox.run(["import", sandbox.path("bad.csv"), "--map", "name=Hizmet,amount=Tutar", "--currency", "TRY"])
        #expect(bad.status == 65 && bad.stderr.contains(
            "line 3: record: 3 fields where the header has 2 columns separated by semicolons; a value with the separator in it needs double quotes around it"),
                "\(bad)")
    }

    @Test("A bad row refuses the file naming its line (65); a bad --map is a usage error (64)")
    func badInput() throws {
        let sandbox = try Sandbox()
        try sandbox.write("Service,Cost\nGood,1.00\nBad,12.345\n", to: sandbox.path("sheet.csv"))
        let bad = try sandbox.run(["import", sandbox.path("sheet.csv"), "--currency", "USD", "--map", "name=Service,amount=Cost"])
        #expect(bad.status == 65, "\(bad)")
        #expect(bad.stderrLines.count == 1 && bad.stderr.contains("line 3") && bad.stderr.contains("Cost"), "\(bad)")
        for map in ["name=Nope,amount=Cost", "name=Service", "colour=Service,name=Service,amount=Cost"] {
            let result = try sandbox.run(["import", sandbox.path("sheet.csv"), "--map", map])
            #expect(result.status == 64, "\(map): \(result)")
            #expect(result.stderrLines.count == 1, "\(result)")
        }
        let noMap = try sandbox.run(["import", sandbox.path("sheet.csv"), "--from", "csv"])
        #expect(noMap.status == 64, "\(noMap)")
        #expect(try sandbox.succeed(["list", "--format", "json", "--status", "all"]).jsonArray().isEmpty)
    }

    /// An export document with such a trial would not read back: refused as `subs add` refuses it.
    @Test("A trial that ends before the start is refused (65), naming the line and column")
    func trialBeforeStart() throws {
        let sandbox = try Sandbox()
        let list = "id,name,amount,currency,cycle_count,cycle_unit,start_date,trial_end,next_payment,monthly_cost,status,category,payment_method,auto_renew,url,notes\n"
            + ",Early,1.00,USD,1,month,2024-02-01,2024-01-01,,,active,,,true,,\n"
        let listed = try sandbox.run(["import", "-", "--today", "2024-06-15"], input: Data(list.utf8))
        #expect(listed.status == 65, "\(listed)")
        #expect(listed.stderr.contains("line 2: trial_end: invalid trial end '2024-01-01': expected a date on or after the start date 2024-02-01"),
                "\(listed)")
        try sandbox.write("Service,Cost,Started,Trial\nEarly,1.00,2024-02-01,2024-01-01\n", to: sandbox.path("sheet.csv"))
        let mapped = try sandbox.run(["import", sandbox.path("sheet.csv"), "--currency", "USD", "--today", "2024-06-15",
                                      "--map", "name=Service,amount=Cost,start=Started,trial-end=Trial"])
        #expect(mapped.status == 65, "\(mapped)")
        #expect(mapped.stderr.contains("line 2: Trial: invalid trial end '2024-01-01'"), "\(mapped)")
        #expect(try sandbox.succeed(["list", "--format", "json", "--status", "all"]).jsonArray().isEmpty)
    }
}
