import Foundation
import FuzzSupport
import SubscriptionCore
import Testing

/// Issue 21, items 9, 15 and 19 through the binary: statements that crashed `detect`, a
/// statement too large for matching pair by pair, a message that named the wrong reason, and a
/// short fuzz run of `detect --add --yes --record` on random and damaged statements.
@Suite("detect: hostile and large statements")
struct DetectFuzzTests {
    private static let today = ["--today", "2026-11-21"]

    @Test("Three charges of one price about three years apart: no crash, nothing recurs")
    func chargesYearsApart() throws {
        let sandbox = try Sandbox()
        let path = sandbox.path("s.csv")
        try sandbox.write("Date,Description,Amount\n2020-01-15,ACME,-9.99\n2023-01-20,ACME,-9.99\n2026-01-10,ACME,-9.99\n", to: path)
        let result = try sandbox.run(["detect", path, "--add", "--yes", "--record", "--currency", "USD"] + Self.today)
        #expect(result.status == 0 && result.stdout.contains("Nothing in the statement recurs.\nRead 3 transactions"), "\(result)")
    }

    @Test("Year-first dates and one that could be either way round: the lines are named")
    func mixedDateFormats() throws {
        let sandbox = try Sandbox()
        let path = sandbox.path("s.csv")
        try sandbox.write("Date,Description,Amount\n2026-01-03,A,-1\n2026-02-03,A,-1\n2026-03-03,A,-1\n04/05/2026,A,-1\n", to: path)
        let result = try sandbox.run(["detect", path] + Self.today)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("mixed formats")
            && result.stderr.contains("line 5") && !result.stderr.contains("every date"), "\(result)")
    }

    @Test("2,000 merchants added and recorded, then all found tracked")
    func manyMerchants() throws {
        let sandbox = try Sandbox()
        let path = sandbox.path("s.csv")
        // Names of letters only: digits in a descriptor are a reference, not the name.
        let names = (0..<2_000).map { number in
            "SERVICE " + String(String.UnicodeScalarView([26 * 26, 26, 1].map { Unicode.Scalar(UInt8(65 + number / $0 % 26)) }))
        }
        var lines = ["Date,Description,Amount"]
        for month in 8...10 {
            lines += names.map { "2026-\(month < 10 ? "0" : "")\(month)-05,\($0),-9.99" }
        }
        try sandbox.write(lines.joined(separator: "\n") + "\n", to: path)
        // A few names read as one merchant (a last word that is a region code): count what is found.
        let found = try sandbox.succeed(["detect", path, "--format", "json"] + Self.today).jsonArray().count
        #expect(found > 1_900)
        try sandbox.succeed(["detect", path, "--add", "--yes", "--record", "--currency", "USD"] + Self.today)
        let report = try sandbox.succeed(["detect", path, "--format", "json"] + Self.today).jsonArray()
        #expect(report.count == found)
        #expect(report.allSatisfy { $0["tracked"] is [String: Any] }, "each merchant tracked once added")
        #expect(try sandbox.succeed(["list", "--format", "json"] + Self.today).jsonArray().count == found)
    }

    @Test("Random and damaged statements through the binary: a report or one line and 65, never a crash")
    func fuzz() throws {
        let seed = ProcessInfo.processInfo.environment["SUBS_FUZZ_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
        print("DetectFuzzTests.fuzz: seed \(seed) (SUBS_FUZZ_SEED=\(seed) replays it)")
        var random = SplitMix64(seed: seed)
        let sandbox = try Sandbox()
        for round in 0..<16 {
            let ofx = round % 4 == 3
            var text = ofx ? Self.ofx(&random) : Self.csv(&random)
            if round % 2 == 1 { text = Self.damaged(text, &random) }
            let path = sandbox.path(ofx ? "s\(round).ofx" : "s\(round).csv")
            try sandbox.write(text, to: path)
            let result = try sandbox.run(["detect", path, "--add", "--yes", "--record", "--currency", "USD"] + Self.today)
            #expect(!result.timedOut && [0, 65].contains(result.status), "seed \(seed) round \(round): \(result)\n\(text)")
            if result.status == 65 { #expect(result.stderrLines.count == 1, "seed \(seed) round \(round): \(result)") }
        }
    }

    // MARK: - Statements

    private static func amount(_ random: inout SplitMix64) -> String {
        let odd = ["-999999999.99", "-99999999999999999999", "-1e400", "NaN", "-0", "(12.00)", "-0.0000000000001", "12.50"]
        if random.next() % 6 == 0 { return odd[Int(random.next() % UInt64(odd.count))] }
        return "-\(random.next() % 500).\(10 + random.next() % 90)"
    }

    /// A day in 1..9999, mostly recent.
    private static func date(_ random: inout SplitMix64) -> CivilDate {
        let year = random.next() % 5 == 0 ? Int(1 + random.next() % 9999) : Int(1990 + random.next() % 40)
        return CivilDate(year: year, month: Int(1 + random.next() % 12), day: Int(1 + random.next() % 28)) ?? CivilDate(year: 2026, month: 1, day: 1)!
    }

    /// Merchants charged at one price at gaps from a week to decades, and noise.
    private static func charges(_ random: inout SplitMix64) -> [(CivilDate, String, String)] {
        var rows: [(CivilDate, String, String)] = []
        for merchant in 0..<Int(random.next() % 6) {
            var day = date(&random)
            let gaps = [7, 30, 365, 1000, 1095, 1101, 3650, 9000]
            let gap = gaps[Int(random.next() % UInt64(gaps.count))] + Int(random.next() % 7) - 3
            let price = amount(&random)
            for _ in 0..<(2 + random.next() % 5) {
                rows.append((day, "MERCHANT \(merchant)", price))
                guard let next = day.adding(days: gap) else { break }
                day = next
            }
        }
        for _ in 0..<(random.next() % 10) { rows.append((date(&random), "SHOP \(random.next() % 3)", amount(&random))) }
        return rows
    }

    private static func csv(_ random: inout SplitMix64) -> String {
        (["Date,Description,Amount"] + charges(&random).map { "\($0.0),\($0.1),\($0.2)" }).joined(separator: "\n") + "\n"
    }

    private static func ofx(_ random: inout SplitMix64) -> String {
        let records = charges(&random).map { date, name, amount in
            let day = date.description.replacingOccurrences(of: "-", with: "")
            return "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>\(day)<TRNAMT>\(amount)<NAME>\(name)</STMTTRN>"
        }
        return "OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST>\n"
            + records.joined(separator: "\n") + "\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
    }

    /// A few characters changed, lost or repeated, or a long run of digits put in.
    private static func damaged(_ text: String, _ random: inout SplitMix64) -> String {
        var characters = Array(text)
        let replacements: [Character] = ["\"", ",", "\n", "\0", "-", "9", "/", "<", ">", "."]
        for _ in 0..<(1 + random.next() % 4) where !characters.isEmpty {
            let at = Int(random.next() % UInt64(characters.count))
            switch random.next() % 4 {
            case 0: characters[at] = replacements[Int(random.next() % UInt64(replacements.count))]
            case 1: characters.remove(at: at)
            case 2: characters.insert(contentsOf: characters[at..<min(characters.count, at + 30)], at: at)
            default: characters.insert(contentsOf: String(repeating: "9", count: 25), at: at)
            }
        }
        return String(characters)
    }
}
