import Foundation
import Testing

/// `subs rates set --inverse` and `subs rates delete`.
@Suite("Exchange rates from the other side, and deleted")
struct RatesTests {
    @Test("--inverse stores the rate of 1 unit: exact when it can be, else to 20 significant digits")
    func inverse() throws {
        let sandbox = try Sandbox()
        let lira = try sandbox.succeed(["rates", "set", "TRY", "34.5", "--inverse"])
        #expect(lira.stdout == "1 TRY = 0.028985507246376811594 USD (1 USD = 34.5 TRY)\n", "\(lira)")
        let euro = try sandbox.succeed(["rates", "set", "EUR", "0.8", "--inverse"])
        #expect(euro.stdout == "1 EUR = 1.25 USD (1 USD = 0.8 EUR)\n", "\(euro)")
        let listed = try sandbox.succeed(["rates", "list", "--format", "json"]).stdout
        #expect(listed.contains("\"0.028985507246376811594\""), "\(listed)")
        // 345 TRY a month is 10 USD.
        try sandbox.add("Lira", "345", ["--currency", "TRY"])
        let summary = try sandbox.succeed(["summary", "--format", "json", "--today", "2024-06-15"]).jsonObject()
        #expect((summary["converted"] as? [String: Any])?["monthly"] as? String == "10.00", "\(summary)")
    }

    /// Review finding: an inverse rate has more than 12 decimals, which the export read as a
    /// damaged database (exit 65) and an import refused.
    @Test("An inverse rate goes through export, import and undo as it is stored; a document rate past what subs stores is refused")
    func inverseRoundTrip() throws {
        let sandbox = try Sandbox()
        try sandbox.succeed(["rates", "set", "EUR", "1.08"])
        try sandbox.succeed(["rates", "set", "TRY", "34.5", "--inverse"])
        let document = sandbox.path("export.json")
        try sandbox.succeed(["export", "--format", "json", "--output", document])
        let other = try Sandbox()
        try other.succeed(["import", document])
        let rates = { (sandbox: Sandbox) in try sandbox.succeed(["rates", "list", "--format", "json"]).jsonArray().map { $0["rate"] as? String } }
        #expect(try rates(other) == ["1.08", "0.028985507246376811594"])
        try sandbox.succeed(["rates", "set", "TRY", "40"])
        try sandbox.succeed(["undo", "--yes"])
        #expect(try rates(sandbox) == ["1.08", "0.028985507246376811594"])
        // An exact reciprocal may have more than 20 significant digits: 1 / 1073.741824.
        try sandbox.succeed(["rates", "set", "KRW", "1073.741824", "--inverse"])
        let krw = sandbox.path("krw.json")
        try sandbox.succeed(["export", "--format", "json", "--output", krw])
        let third = try Sandbox()
        try third.succeed(["import", krw])
        #expect(try rates(third).contains("0.000931322574615478515625"))
        // More decimals than the stored grammar: no subs stores that.
        let text = try String(contentsOfFile: document, encoding: .utf8)
            .replacingOccurrences(of: "0.028985507246376811594", with: "0.02898550724637681159420000000001")
        let forged = sandbox.path("forged.json")
        try text.write(toFile: forged, atomically: true, encoding: .utf8)
        let refused = try Sandbox().run(["import", forged])
        #expect(refused.status == 65 && refused.stderr.contains("rate"), "\(refused)")
    }

    /// Review finding: an inverse whose rate the reader would refuse must not be stored, or the
    /// next command calls the database damaged.
    @Test("--inverse refuses an inverse whose rate is too large to store, and stores nothing")
    func inverseTooSmall() throws {
        let sandbox = try Sandbox()
        try sandbox.add("A", "1")
        for tiny in ["0.000000001", "0.000000000001"] {
            let result = try sandbox.run(["rates", "set", "EUR", tiny, "--inverse"])
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains("'\(tiny)'"), "\(result)")
        }
        #expect(try sandbox.succeed(["rates", "list", "--format", "json"]).jsonArray().isEmpty)
        try sandbox.succeed(["list"])
    }

    @Test("rates delete removes a rate; a code without one exits 66 and a bad code 64")
    func delete() throws {
        let sandbox = try Sandbox()
        try sandbox.succeed(["rates", "set", "EUR", "1.08"])
        let deleted = try sandbox.succeed(["rates", "delete", "eur"])
        #expect(deleted.stdout == "Deleted the rate of EUR.\n")
        #expect(try sandbox.succeed(["rates", "list", "--format", "json"]).jsonArray().isEmpty)
        let missing = try sandbox.run(["rates", "delete", "EUR"])
        #expect(missing.status == 66, "\(missing)")
        #expect(missing.stderr == "subs: no exchange rate is set for EUR\n", "\(missing)")
        let bad = try sandbox.run(["rates", "delete", "EURO"])
        #expect(bad.status == 64, "\(bad)")
    }

    @Test("With no rates, the example given works: it never names the base currency itself")
    func emptyListsExample() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.succeed(["rates", "list"]).stdout
                == "No exchange rates. Set one with 'subs rates set EUR 1.08' (1 EUR = 1.08 USD).\n")
        try sandbox.succeed(["config", "set", "currency", "EUR"])
        let empty = try sandbox.succeed(["rates", "list"]).stdout
        #expect(empty == "No exchange rates. Set one with 'subs rates set USD 0.92' (1 USD = 0.92 EUR).\n")
        try sandbox.succeed(["rates", "set", "USD", "0.92"])
        #expect(try sandbox.succeed(["rates", "list"]).stdout.contains("USD"))
    }
}
