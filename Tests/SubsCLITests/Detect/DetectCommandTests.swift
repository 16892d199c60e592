import Foundation
import FuzzSupport
import SubscriptionCore
import Testing

/// PRODUCT.md §13 from outside: `subs detect` on a generated year of statements in the shapes
/// banks export, scored against the subscriptions the year was made from.
@Suite("detect: finding subscriptions in bank statements")
struct DetectCommandTests {
    private static let today = ["--today", "2026-11-21"]

    enum Shape: String, CaseIterable {
        case americanCSV, europeanCSV, turkishCSV, ofx

        var style: StatementYear.Style {
            switch self {
            case .americanCSV, .ofx: .american
            case .europeanCSV: .european
            case .turkishCSV: .turkish
            }
        }

        func text(_ year: StatementYear) -> String {
            switch self {
            case .americanCSV: year.americanCSV
            case .europeanCSV: year.europeanCSV
            case .turkishCSV: year.turkishCSV
            case .ofx: year.ofx
            }
        }

        var fileName: String { self == .ofx ? "statement.ofx" : "statement.csv" }
        /// The Turkish and American files name no currency: `--add` needs it said (issue 22, item 3).
        var options: [String] {
            switch self {
            case .turkishCSV: ["--currency", "TRY"]
            case .americanCSV: ["--currency", "USD"]
            case .europeanCSV, .ofx: []
            }
        }
    }

    private func findings(_ result: ProcessResult) throws -> [DetectionScore.Finding] {
        try result.jsonArray().map { object in
            let cycle = try #require(object["cycle"] as? [String: Any])
            return DetectionScore.Finding(
                merchant: try #require(object["merchant"] as? String),
                cycle: try #require(BillingCycle(
                    count: cycle["count"] as? Int ?? 0, unit: BillingCycle.Unit(rawValue: cycle["unit"] as? String ?? "") ?? .once)),
                latestAmount: try #require(Decimal(string: object["amount"] as? String ?? "")),
                ended: object["status"] as? String == "ended")
        }
    }

    @Test("At least 95% of the subscriptions found with cycle and latest amount, under 5% wrong; --add --yes then tracks them all",
          arguments: Shape.allCases)
    func generatedYear(shape: Shape) throws {
        let sandbox = try Sandbox()
        let year = StatementYear(seed: 7, style: shape.style)
        let path = sandbox.path(shape.fileName)
        try sandbox.write(shape.text(year), to: path)
        let report = try sandbox.succeed(["detect", path, "--format", "json"] + shape.options + Self.today)
        let score = DetectionScore(truths: year.truths, findings: try findings(report))
        #expect(score.recall >= 0.95, "\(shape): \(score)")
        #expect(score.falseShare < 0.05, "\(shape): \(score)")
        #expect(try sandbox.succeed(["list", "--format", "json"]).jsonArray().isEmpty, "nothing written without --add")

        try sandbox.succeed(["detect", path, "--add", "--yes"] + shape.options + Self.today)
        let again = try sandbox.succeed(["detect", path, "--format", "json"] + shape.options + Self.today).jsonArray()
        let untracked = again.filter { $0["status"] as? String == "active" && $0["tracked"] is NSNull }
        #expect(untracked.isEmpty, "\(shape): \(untracked)")
        let added = try sandbox.succeed(["list", "--status", "all", "--format", "json"]).jsonArray()
        #expect(added.count == again.filter { $0["status"] as? String == "active" }.count, "ended ones are not added")
    }

    @Test("--record records each charge once at the bank's amount; stats and show use them; a second run records nothing")
    func record() throws {
        let sandbox = try Sandbox()
        let year = StatementYear(seed: 7)
        let path = sandbox.path("statement.csv")
        try sandbox.write(year.americanCSV, to: path)
        // Tracked before the statement, at the old price: the statement knows better.
        try sandbox.add("Netflix", "15.49", ["--start", "2025-10-07"], today: "2026-11-21")
        let first = try sandbox.succeed(["detect", path, "--record", "--currency", "USD"] + Self.today)
        #expect(first.stdout.contains("Recorded 14 charges on 1 subscription."), "\(first)")
        #expect(first.stdout.contains("Netflix: 14 of 14 charges recorded."), "\(first)")
        let show = try sandbox.succeed(["show", "Netflix", "--format", "json"] + Self.today).jsonObject()
        let made = try #require(show["payments"] as? [[String: Any]])
        #expect(made.last?["amount"] as? String == "17.99", "the bank's amount, not the schedule's: \(made.last ?? [:])")
        let stats = try sandbox.succeed(["stats", "--format", "json", "--months", "3"] + Self.today).jsonObject()
        let months = try #require(stats["months"] as? [[String: Any]])
        #expect(months.contains { ($0["totals"] as? [String: String])?["USD"] == "17.99" }, "\(months)")
        let second = try sandbox.succeed(["detect", path, "--record", "--currency", "USD"] + Self.today)
        #expect(second.stdout.contains("Nothing new to add or record."), "\(second)")
        #expect(second.stdout.contains("Netflix: 0 of 14 charges recorded.\n  14 already recorded"), "\(second)")
    }

    /// QA finding: a lira subscription read from a statement in the default dollars was "not
    /// tracked", and --add then added it a second time.
    @Test("A tracked name matches in another currency: --add adds no second one, --record records nothing in the wrong currency")
    func nameMatchesAcrossCurrencies() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Digiturk", "1249.90", ["--currency", "TRY", "--start", "2026-06-05"], today: "2026-11-21")
        let path = sandbox.path("s.csv")
        let lines = (7...11).map { "2026-\(String(format: "%02d", $0))-05,DIGITURK,-1249.90" }
        try sandbox.write((["Date,Description,Amount"] + lines).joined(separator: "\n") + "\n", to: path)
        let result = try sandbox.succeed(["detect", path, "--add", "--yes", "--record", "--format", "json", "--currency", "USD"] + Self.today)
        #expect(try result.jsonArray().first?["tracked"] as? [String: Any] != nil, "\(result)")
        let list = try sandbox.succeed(["list", "--format", "json"] + Self.today).jsonArray()
        #expect(list.count == 1 && list.first?["currency"] as? String == "TRY", "\(list)")
        let payments = try sandbox.succeed(["show", "digiturk", "--format", "json"] + Self.today).jsonObject()["payments"] as? [[String: Any]]
        #expect(payments?.allSatisfy { $0["kind"] as? String == "scheduled" } == true, "nothing recorded in dollars: \(String(describing: payments))")
    }

    @Test("Bad statements: one line, exit 65, nothing written")
    func badInput() throws {
        let sandbox = try Sandbox()
        let noColumns = sandbox.path("a.csv")
        try sandbox.write("Foo,Bar\n1,2\n", to: noColumns)
        var result = try sandbox.run(["detect", noColumns])
        #expect(result.status == 65 && result.stderr.contains("--map") && result.stderr.split(separator: "\n").count == 1, "\(result)")
        let ambiguous = sandbox.path("b.csv")
        try sandbox.write("Date,Description,Amount\n01/02/2026,NETFLIX,-15.49\n02/03/2026,NETFLIX,-15.49\n", to: ambiguous)
        result = try sandbox.run(["detect", ambiguous])
        #expect(result.status == 65 && result.stderr.contains("--date-format"), "\(result)")
        let badLine = sandbox.path("c.csv")
        try sandbox.write("Date,Description,Amount\n2026-01-03,NETFLIX,-15.49\n2026-02-03,NETFLIX,abc\n", to: badLine)
        result = try sandbox.run(["detect", badLine, "--add", "--yes"])
        #expect(result.status == 65 && result.stderr.contains("line 3"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath), "nothing written")
        result = try sandbox.run(["detect", sandbox.path("missing.csv")])
        #expect(result.status == 66, "\(result)")
        // QA finding: a directory was said not to exist.
        for command in [["detect"], ["import"], ["rates", "import"]] {
            result = try sandbox.run(command + [sandbox.root.path])
            #expect(result.status == 66 && result.stderr.contains("is a directory"), "\(command): \(result)")
        }
    }

    /// Issue 22, item 3: a Turkish statement added BluTV and Exxen in dollars, the config currency.
    @Test("--add and --record on a statement that names no currency need --currency; a named one does not")
    func unnamedCurrency() throws {
        let sandbox = try Sandbox()
        let path = sandbox.path("ekstre.csv")
        let lines = (7...10).map { "03.\(String(format: "%02d", $0)).2026;BLUTV;-159,90" }
        try sandbox.write((["Tarih;Açıklama;Tutar"] + lines).joined(separator: "\n") + "\n", to: path)
        for option in ["--add", "--record"] {
            let result = try sandbox.run(["detect", path, option] + (option == "--add" ? ["--yes"] : []) + Self.today)
            #expect(result.status == 64 && result.stderrLines.count == 1, "\(result)")
            #expect(result.stderr.contains("refusing \(option)") && result.stderr.contains("USD, the config currency")
                && result.stderr.contains("--currency"), "\(result)")
        }
        #expect(try sandbox.succeed(["list", "--format", "json"]).jsonArray().isEmpty, "nothing added")
        // The report alone writes nothing: it may assume.
        try sandbox.succeed(["detect", path] + Self.today)
        try sandbox.succeed(["detect", path, "--add", "--yes", "--currency", "TRY"] + Self.today)
        let list = try sandbox.succeed(["list", "--format", "json"] + Self.today).jsonArray()
        #expect(list.count == 1 && list.first?["currency"] as? String == "TRY", "\(list)")
        // The currency in the amount's header names it.
        let named = sandbox.path("named.csv")
        try sandbox.write((["Tarih;Açıklama;Tutar (TL)"] + lines.map { $0.replacingOccurrences(of: "BLUTV;-159,90", with: "EXXEN;-99,90") })
            .joined(separator: "\n") + "\n", to: named)
        try sandbox.succeed(["detect", named, "--add", "--yes"] + Self.today)
        let after = try sandbox.succeed(["list", "--format", "json"] + Self.today).jsonArray()
        #expect(after.count == 2 && after.allSatisfy { $0["currency"] as? String == "TRY" }, "\(after)")
    }

    /// Issue 22, item 5: Netflix charged on the 7th, scheduled on the 31st: none recorded, nothing said.
    @Test("--record says per subscription what it recorded, which charges did not match and why, and the edit that fixes it")
    func recordReportsWhatDidNotMatch() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2025-10-31"], today: "2026-11-21")
        let path = sandbox.path("s.csv")
        let lines = (0..<13).map { month in
            let (year, number) = month < 2 ? (2025, month + 11) : (2026, month - 1)
            return "\(year)-\(String(format: "%02d", number))-07,NETFLIX.COM,-15.49"
        }
        try sandbox.write((["Date,Description,Amount"] + lines).joined(separator: "\n") + "\n", to: path)
        let first = try sandbox.succeed(["detect", path, "--record", "--currency", "USD"] + Self.today)
        #expect(first.stdout.contains("Netflix: 0 of 13 charges recorded.\n"), "\(first)")
        #expect(first.stdout.contains("13 more than 5 days off the schedule (charged 2025-11-07, due 2025-10-31)"),
                "\(first)")
        let command = try #require(first.stdout.split(separator: "\n").first { $0.contains("to move the schedule") }?
            .components(separatedBy: ": ").last, "\(first)")
        #expect(command == "subs edit Netflix --start 2025-11-07", "\(first)")
        // The command it names does move the schedule: then every charge is recorded.
        try sandbox.succeed(Array(command.split(separator: " ").dropFirst().map(String.init)) + Self.today)
        let second = try sandbox.succeed(["detect", path, "--record", "--currency", "USD"] + Self.today)
        #expect(second.stdout.contains("Netflix: 13 of 13 charges recorded.\n"), "\(second)")
        #expect(second.stdout.contains("Recorded 13 charges on 1 subscription."), "\(second)")
    }

    /// Issue 22, item 23.
    @Test("N26's current export is read without --map, in the euros its header names")
    func n26() throws {
        let sandbox = try Sandbox()
        let path = sandbox.path("n26.csv")
        var lines = ["\"Booking Date\",\"Value Date\",\"Partner Name\",\"Partner Iban\",Type,\"Payment Reference\",\"Account Name\",\"Amount (EUR)\",\"Original Amount\",\"Original Currency\",\"Exchange Rate\""]
        lines += (1...6).map { "\"2026-0\($0)-03\",\"2026-0\($0)-03\",\"Spotify\",\"\",\"Presentment\",\"\",\"Main Account\",\"-10.99\",\"\",\"\",\"\"" }
        try sandbox.write(lines.joined(separator: "\n") + "\n", to: path)
        let found = try sandbox.succeed(["detect", path, "--format", "json"] + Self.today).jsonArray()
        #expect(found.count == 1 && found.first?["currency"] as? String == "EUR" && found.first?["merchant"] as? String == "Spotify",
                "\(found)")
        try sandbox.succeed(["detect", path, "--add", "--yes"] + Self.today)
    }

    @Test("Nothing recurs: says how many transactions were read, from which day to which")
    func nothingRecurs() throws {
        let sandbox = try Sandbox()
        let path = sandbox.path("s.csv")
        try sandbox.write("Date,Description,Amount\n2026-01-03,ACME,-9.99\n2026-02-20,SHOP,-3.00\n2026-03-01,PAYROLL,2000.00\n", to: path)
        let result = try sandbox.succeed(["detect", path] + Self.today)
        #expect(result.stdout == "Nothing in the statement recurs.\nRead 3 transactions (2 charges) from 2026-01-03 to 2026-03-01.\n",
                "\(result)")
        // A statement with a header and nothing under it says it read none.
        try sandbox.write("Date,Description,Amount\n", to: path)
        let empty = try sandbox.succeed(["detect", path] + Self.today)
        #expect(empty.stdout == "Nothing in the statement recurs.\nRead no transactions.\n", "\(empty)")
    }

    @Test("An OFX error response says so; a transaction with no DTPOSTED is left out with a warning naming its line")
    func ofxProblems() throws {
        let sandbox = try Sandbox()
        let refused = sandbox.path("refused.ofx")
        try sandbox.write("""
            OFXHEADER:100
            DATA:OFXSGML

            <OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Signon invalid</STATUS></SONRS></SIGNONMSGSRSV1></OFX>

            """, to: refused)
        var result = try sandbox.run(["detect", refused] + Self.today)
        #expect(result.status == 65 && result.stderrLines.count == 1 && result.stderr.contains("error response")
            && result.stderr.contains("15500") && !result.stdout.contains("recurs"), "\(result)")
        let year = StatementYear(seed: 7)
        let damaged = sandbox.path("damaged.ofx")
        let text = year.ofx
        let range = try #require(text.range(of: "<DTPOSTED>"))
        // The warning names the line the transaction starts on.
        let opening = try #require(text.range(of: "<STMTTRN>", options: .backwards, range: text.startIndex..<range.lowerBound))
        let line = text[..<opening.lowerBound].filter { $0 == "\n" }.count + 1
        let end = try #require(text[range.upperBound...].firstIndex(of: "<"))
        try sandbox.write(text.replacingCharacters(in: range.lowerBound..<end, with: ""), to: damaged)
        result = try sandbox.run(["detect", damaged, "--format", "json"] + Self.today)
        #expect(result.status == 0 && result.stderrLines.count == 1 && result.stderr.contains("warning")
            && result.stderr.contains("no DTPOSTED"), "\(result)")
        #expect(result.stderr.contains("damaged.ofx line \(line):"), "line \(line): \(result)")
        #expect(try !result.jsonArray().isEmpty)
    }
}
