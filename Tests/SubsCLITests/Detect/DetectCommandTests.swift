import Foundation
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
        var options: [String] { self == .turkishCSV ? ["--currency", "TRY"] : [] }
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
        let first = try sandbox.succeed(["detect", path, "--record"] + Self.today)
        #expect(first.stdout.contains("Recorded 14 charges on 1 subscription."), "\(first)")
        let show = try sandbox.succeed(["show", "Netflix", "--format", "json"] + Self.today).jsonObject()
        let made = try #require(show["payments"] as? [[String: Any]])
        #expect(made.last?["amount"] as? String == "17.99", "the bank's amount, not the schedule's: \(made.last ?? [:])")
        let stats = try sandbox.succeed(["stats", "--format", "json", "--months", "3"] + Self.today).jsonObject()
        let months = try #require(stats["months"] as? [[String: Any]])
        #expect(months.contains { ($0["totals"] as? [String: String])?["USD"] == "17.99" }, "\(months)")
        let second = try sandbox.succeed(["detect", path, "--record"] + Self.today)
        #expect(second.stdout.contains("Nothing new to add or record."), "\(second)")
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
        let result = try sandbox.succeed(["detect", path, "--add", "--yes", "--record", "--format", "json"] + Self.today)
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
}
