import Foundation
import Testing

/// `subs import` of Wallos's files (PRODUCT.md §8), written as Wallos's own code writes them
/// (`endpoints/subscriptions/export.php`, `scripts/profile.js`, `endpoints/db/backup.php`).
@Suite("Moving in from Wallos")
struct WallosImportTests {
    /// A household's "Export as JSON": a bare array, PHP's floats, its escaped slashes and
    /// non-ASCII, nulls for no cancellation.
    static let householdJSON = """
        [{"Name":"Netflix","Payment Cycle":"Monthly","Next Payment":"2026-12-05","Renewal":"Automatic","Category":"Entertainment","Payment Method":"Credit Card","Paid By":"Ana","Price":"$15.49","Notes":"","URL":"https:\\/\\/netflix.com","State":"Enabled","Notifications":"Enabled","Cancellation Date":null,"Active":"Yes"},
        {"Name":"Amazon Prime","Payment Cycle":"Every 3 Months","Next Payment":"2027-01-31","Renewal":"Automatic","Category":"Shopping","Payment Method":"PayPal","Paid By":"Ana","Price":"\\u20ac24.9","Notes":"quarterly plan","URL":"","State":"Enabled","Notifications":"Disabled","Cancellation Date":null,"Active":"Yes"},
        {"Name":"Globoplay","Payment Cycle":"Monthly","Next Payment":"2026-12-10","Renewal":"Manual","Category":"Entertainment","Payment Method":"Pix","Paid By":"Bruno","Price":"R$22.9","Notes":"","URL":"","State":"Enabled","Notifications":"Enabled","Cancellation Date":null,"Active":"Yes"},
        {"Name":"Affinity Photo","Payment Cycle":"One-time","Next Payment":"2026-03-14","Renewal":"Manual","Category":"No category","Payment Method":"Credit Card","Paid By":"Ana","Price":"\\u20ac69.99","Notes":"lifetime licence","URL":"","State":"Enabled","Notifications":"Disabled","Cancellation Date":null,"Active":"Yes"},
        {"Name":"Hulu","Payment Cycle":"Monthly","Next Payment":"2026-08-20","Renewal":"Automatic","Category":"Entertainment","Payment Method":"Credit Card","Paid By":"Ana","Price":"$7.99","Notes":"","URL":"","State":"Disabled","Notifications":"Enabled","Cancellation Date":"2026-09-30","Active":"No"},
        {"Name":"Gym","Payment Cycle":"Yearly","Next Payment":"2027-02-01","Renewal":"Automatic","Category":"Sports","Payment Method":"Debit","Paid By":"Bruno","Price":"\\u20ac300","Notes":"","URL":"","State":"Enabled","Notifications":"Enabled","Cancellation Date":"2027-02-01","Active":"Yes"}]
        """

    private func imported(_ sandbox: Sandbox) throws -> [String: [String: Any]] {
        let items = try sandbox.succeed(["list", "--format", "json", "--status", "all", "--today", "2026-11-22"]).jsonArray()
        return Dictionary(uniqueKeysWithValues: items.map { ($0["name"] as! String, $0) })
    }

    /// The export document's subscriptions by name: every field `subs` keeps (a deadline, say).
    private func exported(_ sandbox: Sandbox) throws -> [String: [String: Any]] {
        let document = try sandbox.succeed(["export", "--format", "json"]).jsonObject()
        let items = document["subscriptions"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: items.map { ($0["name"] as! String, $0) })
    }

    @Test("A household's JSON export imports with its cycles, anchors, currencies, categories and states; twice adds nothing")
    func householdJSONExport() throws {
        let sandbox = try Sandbox()
        try sandbox.write(Self.householdJSON, to: sandbox.path("subscriptions.json"))

        let first = try sandbox.succeed(["import", sandbox.path("subscriptions.json"), "--currency", "USD", "--today", "2026-11-22"])
        #expect(first.stdout.contains("6 added, 0 skipped"), "\(first)")
        let subscriptions = try imported(sandbox)
        #expect(subscriptions.count == 6)

        func field(_ name: String, _ key: String) -> Any? { subscriptions[name]?[key] }
        func cycle(_ name: String) -> String? {
            (field(name, "cycle") as? [String: Any]).map { "\($0["count"]!) \($0["unit"]!)" }
        }
        #expect(cycle("Netflix") == "1 month")
        #expect(cycle("Amazon Prime") == "3 month")
        #expect(cycle("Affinity Photo") == "1 once")
        #expect(cycle("Gym") == "1 year")
        // Wallos has no start date in its export: the next payment is the anchor.
        #expect(field("Netflix", "start_date") as? String == "2026-12-05")
        #expect(field("Amazon Prime", "next_payment") as? String == "2027-01-31")
        #expect(field("Netflix", "currency") as? String == "USD")
        #expect(field("Amazon Prime", "currency") as? String == "EUR")
        #expect(field("Amazon Prime", "amount") as? String == "24.90")
        #expect(field("Globoplay", "currency") as? String == "BRL")
        #expect(field("Globoplay", "amount") as? String == "22.90")
        #expect(field("Globoplay", "auto_renew") as? Bool == false)
        #expect(field("Netflix", "category") as? String == "Entertainment")
        #expect(field("Gym", "category") as? String == "Sports")
        #expect(field("Affinity Photo", "category") is NSNull)
        #expect(field("Netflix", "payment_method") as? String == "Credit Card")
        #expect(field("Netflix", "url") as? String == "https://netflix.com")
        #expect(field("Amazon Prime", "remind_days") as? [Int] == [])
        // Two payers in the household: who pays is kept in the notes, on one line.
        #expect(field("Globoplay", "notes") as? String == "paid by Bruno")
        #expect(field("Amazon Prime", "notes") as? String == "quarterly plan; paid by Ana")
        #expect(field("Hulu", "status") as? String == "cancelled")
        #expect(field("Netflix", "status") as? String == "active")
        #expect(field("Gym", "status") as? String == "active")

        let hulu = try sandbox.succeed(["show", "Hulu", "--format", "json", "--today", "2026-11-22"]).jsonObject()
        // Disabled: ended before its next payment (2026-08-20), which it never paid.
        #expect((hulu["payments"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2026-07-20"], "\(hulu)")
        // Enabled with a cancellation date: Wallos's reminder to cancel, a deadline; it runs on.
        let gym = try sandbox.succeed(["show", "Gym", "--format", "json", "--today", "2026-11-22"]).jsonObject()
        #expect((gym["next_payments"] as? [[String: Any]])?.first?["date"] as? String == "2027-02-01", "\(gym)")
        #expect(gym["notes"] as? String == "paid by Bruno", "\(gym)")
        #expect(try exported(sandbox)["Gym"]?["cancel_by"] as? String == "2027-02-01")
        #expect(try exported(sandbox)["Hulu"]?["cancel_by"] is NSNull)

        let categories = try sandbox.succeed(["category", "list", "--format", "json"]).stdout
        #expect(categories.contains("\"Shopping\"") && categories.contains("\"Sports\""), "\(categories)")

        let second = try sandbox.succeed(["import", sandbox.path("subscriptions.json"), "--currency", "USD", "--today", "2026-11-22"])
        #expect(second.stdout.contains("0 added, 6 skipped"), "\(second)")
        #expect(try imported(sandbox).count == 6)
    }

    @Test("A '$' price without --currency is refused, naming the record and the ambiguity; nothing is written")
    func ambiguousDollar() throws {
        let sandbox = try Sandbox()
        try sandbox.write(Self.householdJSON, to: sandbox.path("subscriptions.json"))
        let result = try sandbox.run(["import", sandbox.path("subscriptions.json")])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains("record 0 (Netflix): Price: '$15.49': '$' is used by several currencies (USD,"), "\(result)")
        #expect(result.stderr.contains("--currency CODE"), "\(result)")
        #expect(try sandbox.succeed(["list", "--format", "json", "--status", "all"]).jsonArray().isEmpty)
    }

    @Test("The endpoint's {success, subscriptions} form and the unquoted CSV export read the same")
    func otherExportForms() throws {
        let sandbox = try Sandbox()
        let wrapped = "{\"success\":true,\"subscriptions\":\(Self.householdJSON)}"
        try sandbox.write(wrapped, to: sandbox.path("wrapped.json"))
        let dryRun = try sandbox.succeed(["import", sandbox.path("wrapped.json"), "--currency", "USD", "--dry-run"])
        #expect(dryRun.stdout.contains("6 added"), "\(dryRun)")

        // What profile.js writes: keys joined by commas, values joined by commas, nothing quoted;
        // a URL keeps its commas and a note its line break.
        let csv = """
            Name,Payment Cycle,Next Payment,Renewal,Category,Payment Method,Paid By,Price,Notes,URL,State,Notifications,Cancellation Date,Active
            Netflix,Monthly,2026-12-05,Automatic,Entertainment,Credit Card,Ana,$15.49,,https://example.com/a,b,Enabled,Enabled,,Yes
            Amazon Prime,Every 3 Months,2027-01-31,Automatic,Shopping,PayPal,Ana,€24.9,two
            lines,,Enabled,Disabled,,Yes
            Hulu,Monthly,2026-08-20,Automatic,Entertainment,Credit Card,Ana,$7.99,,,Disabled,Enabled,2026-09-30,No
            """
        try sandbox.write(csv, to: sandbox.path("subscriptions.csv"))
        let result = try sandbox.succeed(["import", sandbox.path("subscriptions.csv"), "--currency", "CAD", "--today", "2026-11-22"])
        #expect(result.stdout.contains("3 added"), "\(result)")
        let subscriptions = try imported(sandbox)
        #expect(subscriptions["Netflix"]?["url"] as? String == "https://example.com/a,b")
        #expect(subscriptions["Netflix"]?["currency"] as? String == "CAD")
        #expect(subscriptions["Amazon Prime"]?["notes"] as? String == "two; lines")
        #expect(subscriptions["Hulu"]?["status"] as? String == "cancelled")
    }

    /// Builds a Wallos backup with Tests/wallos/make_backup.py (Wallos's schema, a household).
    private func backup(_ kind: String, in sandbox: Sandbox) throws -> String {
        let python = try #require(Tools.find("python3"), "python3 builds the Wallos fixtures")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("wallos/make_backup.py").path
        let path = sandbox.path("wallos-\(kind)")
        let result = try sandbox.runTool(python, [script, path, kind])
        try #require(result.status == 0, "\(result)")
        return path
    }

    @Test("Wallos's backup zip, and the bare wallos.db, import with start dates, codes and notify days")
    func backupZipAndDatabase() throws {
        for kind in ["zip", "db"] {
            let sandbox = try Sandbox()
            let temporary = try sandbox.temporaryDirectory()
            let result = try sandbox.succeed(["import", try backup(kind, in: sandbox), "--today", "2026-11-22"],
                                             environment: ["TMPDIR": temporary])
            #expect(result.stdout.contains("6 added"), "\(result)")
            // The unpacked copy is gone.
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
            let subscriptions = try imported(sandbox)
            // The start date is used when the next payment falls on its schedule.
            #expect(subscriptions["Netflix"]?["start_date"] as? String == "2024-01-05")
            // Notify days: Wallos's -1 is the user's setting (2 here), 0 is on the day.
            #expect(subscriptions["Netflix"]?["remind_days"] as? [Int] == [3])
            #expect(subscriptions["Globoplay"]?["remind_days"] as? [Int] == [2])
            #expect(subscriptions["Gym"]?["remind_days"] as? [Int] == [0])
            #expect(subscriptions["Amazon Prime"]?["remind_days"] as? [Int] == [])
            // An empty start date (the form left blank) is none: the next payment anchors.
            #expect(subscriptions["Globoplay"]?["start_date"] as? String == "2026-12-10")
            #expect(subscriptions["Netflix"]?["currency"] as? String == "USD")
            #expect(subscriptions["Globoplay"]?["currency"] as? String == "BRL")
            #expect(subscriptions["Globoplay"]?["notes"] as? String == "paid by Bruno")
            #expect(subscriptions["Netflix"]?["notes"] is NSNull)
            #expect((subscriptions["Affinity Photo"]?["cycle"] as? [String: Any])?["unit"] as? String == "once")
            #expect(subscriptions["Hulu"]?["status"] as? String == "cancelled")
            #expect(subscriptions["Hulu"]?["start_date"] as? String == "2025-02-20")
            #expect(subscriptions["Gym"]?["amount"] as? String == "300.00")
        }
    }

    @Test("A hostile or damaged backup is refused with one line and the database is untouched",
          arguments: [
              ("traversal", "a path outside itself ('../evil')"), ("huge", "larger than 256 MiB"),
              ("liar", "unpacks to more than 256 MiB"), ("nodb", "a zip without wallos.db"),
              ("truncated", "a damaged or truncated zip"), ("encrypted", "an encrypted zip ('wallos.db' is encrypted)"),
              // A wallos.db that crashes SQLite: read in a child process, whose crash is the line.
              ("crafted", "made to crash it"),
          ])
    func hostileZip(_ kind: String, _ reason: String) throws {
        let sandbox = try Sandbox()
        try sandbox.add("Existing", "1.00")
        let database = sandbox.bytes(sandbox.databasePath)
        let temporary = try sandbox.temporaryDirectory()
        let result = try sandbox.run(["import", try backup(kind, in: sandbox)], environment: ["TMPDIR": temporary])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains(reason) && result.stderr.contains("nothing was imported"), "\(result)")
        #expect(sandbox.bytes(sandbox.databasePath) == database)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("evil").path))
    }

    /// What `api/subscriptions/get_subscriptions.php?api_key=...` answers (issue 22 item 11): a
    /// disabled subscription and an enabled one with a cancellation date among them.
    static let apiOutput = #"""
        {"success":true,"title":"subscriptions","subscriptions":[
        {"id":1,"name":"Netflix","logo":"","price":15.49,"currency_id":1,"start_date":"2024-01-05","next_payment":"2026-12-05","cycle":3,"frequency":1,"auto_renew":1,"notes":"","payment_method_id":1,"payer_user_id":1,"category_id":2,"notify":1,"url":"","inactive":0,"notify_days_before":-1,"user_id":1,"cancelation_date":null,"cancellation_date":"","category_name":"Entertainment","payer_user_name":"Ana","payment_method_name":"PayPal"},
        {"id":2,"name":"Hulu","logo":"","price":7.99,"currency_id":1,"start_date":"2025-02-20","next_payment":"2026-12-20","cycle":3,"frequency":1,"auto_renew":1,"notes":"","payment_method_id":1,"payer_user_id":1,"category_id":2,"notify":1,"url":"","inactive":1,"notify_days_before":3,"user_id":1,"cancelation_date":null,"cancellation_date":"","category_name":"Entertainment","payer_user_name":"Ana","payment_method_name":"PayPal"},
        {"id":3,"name":"Gym","logo":"","price":300.0,"currency_id":1,"start_date":"2026-02-01","next_payment":"2027-02-01","cycle":4,"frequency":1,"auto_renew":1,"notes":"","payment_method_id":1,"payer_user_id":1,"category_id":1,"notify":1,"url":"","inactive":0,"notify_days_before":0,"user_id":1,"cancelation_date":null,"cancellation_date":"2027-01-15","category_name":"No category","payer_user_name":"Ana","payment_method_name":"Unknown payment method"}],
        "notes":[]}
        """#

    @Test("Wallos's API output imports with --currency; a disabled one is cancelled and not reminded")
    func apiOutputImports() throws {
        let sandbox = try Sandbox()
        try sandbox.write(Self.apiOutput, to: sandbox.path("api.json"))
        let today = ["--today", "2026-11-22"]

        let refused = try sandbox.run(["import", sandbox.path("api.json")] + today)
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderrLines.count == 1, "\(refused)")
        #expect(refused.stderr.contains("currency_id: Wallos's API names the currency by its number in Wallos (1)"), "\(refused)")
        #expect(refused.stderr.contains("--currency CODE"), "\(refused)")

        let imported = try sandbox.succeed(["import", sandbox.path("api.json"), "--currency", "EUR"] + today)
        #expect(imported.stdout.contains("3 added, 0 skipped"), "\(imported)")
        let subscriptions = try self.imported(sandbox)
        #expect(subscriptions["Netflix"]?["amount"] as? String == "15.49")
        #expect(subscriptions["Netflix"]?["currency"] as? String == "EUR")
        #expect(subscriptions["Netflix"]?["status"] as? String == "active")
        #expect(subscriptions["Hulu"]?["status"] as? String == "cancelled")
        #expect(subscriptions["Gym"]?["status"] as? String == "active")
        #expect(subscriptions["Gym"]?["notes"] == nil || subscriptions["Gym"]?["notes"] is NSNull)
        #expect(try exported(sandbox)["Gym"]?["cancel_by"] as? String == "2027-01-15")

        // The disabled one's next payment (2026-12-20) is neither listed nor reminded; the Gym's
        // last day to cancel, 2027-01-15, is.
        let upcoming = try sandbox.succeed(["upcoming", "--format", "json", "--days", "60"] + today).jsonArray()
        let payments = upcoming.filter { $0["kind"] as? String == "payment" }
        #expect(Set(payments.compactMap { $0["name"] as? String }) == ["Netflix"], "\(upcoming)")
        let deadlines = upcoming.filter { $0["kind"] as? String == "cancel_by" }
        #expect(deadlines.map { $0["name"] as? String } == ["Gym"] && deadlines.first?["date"] as? String == "2027-01-15", "\(upcoming)")
        // Nor totalled: Netflix's 15.49 and the Gym's 300 a year.
        let summary = try sandbox.succeed(["summary", "--format", "json"] + today).jsonObject()
        #expect(summary["active"] as? Int == 2, "\(summary)")
        #expect((summary["monthly"] as? [String: Any])?["EUR"] as? String == "40.49", "\(summary)")
    }
}

private extension Sandbox {
    /// An empty directory for `TMPDIR`, to see what `subs` leaves there.
    func temporaryDirectory() throws -> String {
        let path = path("tmp")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }
}
