import Foundation
import Testing

/// PRODUCT.md §15, household money, through the built `subs`: `--paid-by`, `settle`, `owe`.
@Suite("Household money")
struct HouseholdCommandTests {
    static let today = ["--today", "2026-03-20"]

    /// Issue #865 on Alice's machine: Netflix 15.99 paid by her, Spotify 11.99 paid by Bob, both
    /// shared with Bob since 2026-01-15 (OwedTests works it out: Bob owes 5.97 after three months).
    private func aliceAndBob() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.succeed(["config", "set", "me", "Alice"])
        try sandbox.add("Netflix", "15.99", ["--start", "2026-01-15", "--shared-with", "Bob"], today: "2026-01-15")
        try sandbox.add("Spotify", "11.99", ["--start", "2026-01-15", "--shared-with", "Bob", "--paid-by", "Bob"], today: "2026-01-15")
        return sandbox
    }

    @Test("#865: owe says Bob owes Alice $5.97, in text, in Turkish and in JSON; settling it leaves nothing owed")
    func workedExample() throws {
        let sandbox = try aliceAndBob()
        let spotify = try sandbox.succeed(["show", "spotify", "--format", "json"] + Self.today).jsonObject()
        #expect(spotify["paid_by"] as? String == "Bob")
        #expect(try sandbox.succeed(["show", "netflix", "--format", "json"] + Self.today).jsonObject()["paid_by"] is NSNull)
        #expect(try sandbox.succeed(["show", "spotify"] + Self.today).stdout.contains("Paid by         Bob"))

        let text = try sandbox.succeed(["owe"] + Self.today)
        #expect(text.stdoutLines == ["Owed through 2026-03-20:", "  Bob owes Alice $5.97"], "\(text)")
        let turkish = try sandbox.succeed(["owe"] + Self.today, environment: ["SUBS_LANG": "tr"])
        #expect(turkish.stdoutLines == ["20.03.2026 tarihine kadarki borçlar:", "  Bob, Alice kişisine $5,97 borçlu"], "\(turkish)")

        let json = try sandbox.succeed(["owe", "--format", "json", "--since", "2026-02-01"] + Self.today).jsonObject()
        #expect(json["since"] as? String == "2026-02-01" && json["until"] as? String == "2026-03-20")
        #expect(json["base_currency"] as? String == "USD")
        let usd = try #require((json["currencies"] as? [[String: Any]])?.first)
        #expect(usd["currency"] as? String == "USD")
        let transfers = try #require(usd["transfers"] as? [[String: Any]])
        #expect(transfers.count == 1)
        #expect(transfers.first?["from"] as? String == "Bob" && transfers.first?["to"] as? String == "Alice")
        #expect(transfers.first?["amount"] as? String == "3.98")
        #expect((json["in_base_currency"] as? [[String: Any]])?.first?["amount"] as? String == "3.98")

        let settled = try sandbox.succeed(["settle", "bob", "alice", "5.97"] + Self.today)
        #expect(settled.stdout == "Recorded: bob paid alice $5.97 on 2026-03-20.\n", "\(settled)")
        #expect(try sandbox.succeed(["owe"] + Self.today).stdout == "Nobody owes anybody anything through 2026-03-20.\n")
        let log = try sandbox.succeed(["log"]).stdoutLines
        #expect(log.contains { $0.contains("settle") && $0.contains("bob paid alice 5.97 USD on 2026-03-20") }, "\(log)")

        // Undo takes the settlement back; edit --paid-by none makes Alice the payer of Spotify too.
        try sandbox.succeed(["undo", "--yes"])
        #expect(try sandbox.succeed(["owe"] + Self.today).stdoutLines.last == "  Bob owes Alice $5.97")
        try sandbox.succeed(["edit", "spotify", "--paid-by", "yok"] + Self.today)
        #expect(try sandbox.succeed(["log"]).stdoutLines.contains { $0.hasSuffix("paid by Bob → you") })
        // Bob now owes 3 × (7.99 + 5.99) = 41.94.
        #expect(try sandbox.succeed(["owe"] + Self.today).stdoutLines.last == "  Bob owes Alice $41.94")
    }

    @Test("Without config me, me is the account's login name")
    func accountNameIsMe() throws {
        let sandbox = try Sandbox()
        let account: [String: String?] = ["LOGNAME": "dana", "USER": "other"]
        try sandbox.add("Netflix", "15.99", ["--start", "2026-03-15", "--shared-with", "Bob"], today: "2026-03-15",
                        environment: account)
        #expect(try sandbox.succeed(["owe"] + Self.today, environment: account).stdoutLines.last == "  Bob owes dana $7.99")
        let list = try sandbox.succeed(["config", "list"], environment: account).stdoutLines
        #expect(list.contains { $0.hasPrefix("me ") && $0.hasSuffix("dana  (default)") }, "\(list)")
    }

    /// #865 across two machines: Alice adds Netflix on hers, Bob adds Spotify on his, each
    /// shared with the other; each imports the other's export (as sync brings it). Each
    /// subscription keeps its owner, so both machines say the same: Bob owes 3 × 7.99 = 23.97,
    /// Alice owes 3 × 5.99 = 17.97 (Bob, the owner, has the 6.00 share), net Bob owes Alice 6.00.
    @Test("A subscription keeps who added it (config me): owe says the same on every machine")
    func ownersAcrossMachines() throws {
        let alices = try Sandbox()
        try alices.succeed(["config", "set", "me", "Alice"])
        try alices.add("Netflix", "15.99", ["--start", "2026-01-15", "--shared-with", "Bob"], today: "2026-01-15")
        let bobs = try Sandbox()
        try bobs.succeed(["config", "set", "me", "Bob"])
        try bobs.add("Spotify", "11.99", ["--start", "2026-01-15", "--shared-with", "Alice"], today: "2026-01-15")
        #expect(try alices.succeed(["show", "netflix", "--format", "json"] + Self.today).jsonObject()["owner"] as? String == "Alice")

        try alices.write(try bobs.succeed(["export", "--format", "json"]).stdout, to: alices.path("bob.json"))
        try bobs.write(try alices.succeed(["export", "--format", "json"]).stdout, to: bobs.path("alice.json"))
        try alices.succeed(["import", alices.path("bob.json")] + Self.today)
        try bobs.succeed(["import", bobs.path("alice.json")] + Self.today)
        for machine in [alices, bobs] {
            #expect(try machine.succeed(["owe"] + Self.today).stdoutLines == ["Owed through 2026-03-20:", "  Bob owes Alice $6.00"])
        }

        // On Bob's machine, Alice's Netflix: her share first, his is his.
        let netflix = try bobs.succeed(["show", "netflix", "--format", "json"] + Self.today).jsonObject()
        #expect(netflix["owner"] as? String == "Alice" && netflix["my_share"] as? String == "7.99")
        let shown = try bobs.succeed(["show", "netflix"] + Self.today).stdoutLines
        #expect(shown.contains("  Owner           Alice"), "\(shown)")
        #expect(shown.contains("  Shared with     Alice $8.00, Bob $7.99; your share $7.99"), "\(shown)")
        #expect(shown.contains("  Paid by         Alice"), "\(shown)")
        let turkish = try bobs.succeed(["show", "netflix"] + Self.today, environment: ["SUBS_LANG": "tr"]).stdoutLines
        #expect(turkish.contains { $0.hasPrefix("  Sahibi") && $0.hasSuffix("Alice") }, "\(turkish)")
        #expect(!(try alices.succeed(["show", "netflix"] + Self.today).stdout.contains("Owner")), "not for your own")
        // My share: Bob's half of Netflix and his 6.00 of Spotify, 7.99 + 6.00 = 13.99 a month.
        let summary = try bobs.succeed(["summary", "--my-share", "--format", "json"] + Self.today).jsonObject()
        #expect(summary["monthly"] as? [String: String] == ["USD": "13.99"], "\(summary)")
    }

    @Test("Two currencies: per currency, then all in the base currency once its rate is set")
    func twoCurrencies() throws {
        let sandbox = try aliceAndBob()
        try sandbox.succeed(["settle", "alice", "bob", "10", "--currency", "EUR", "--on", "2026-03-01"] + Self.today)
        let noRate = try sandbox.succeed(["owe"] + Self.today).stdoutLines
        #expect(noRate == [
            "Owed through 2026-03-20:", "  Bob owes Alice €10.00", "  Bob owes Alice $5.97",
            "Not in USD: no rate for EUR (set one with 'subs rates set CODE RATE').",
        ], "\(noRate)")
        try sandbox.succeed(["rates", "set", "EUR", "1.10"])
        let lines = try sandbox.succeed(["owe"] + Self.today).stdoutLines
        // 10.00 EUR × 1.10 = 11.00 USD, plus 5.97.
        #expect(lines.suffix(2) == ["All in USD, at your rates:", "  Bob owes Alice $16.97"], "\(lines)")
        let json = try sandbox.succeed(["export", "--format", "json"] + Self.today).jsonObject()
        let settlement = try #require((json["settlements"] as? [[String: Any]])?.first)
        #expect(settlement["amount"] as? String == "10.00" && settlement["currency"] as? String == "EUR")
        #expect(settlement["from"] as? String == "alice" && settlement["date"] as? String == "2026-03-01")
    }

    @Test("Bad input to settle and owe: one line, exit 64, nothing written", arguments: [
        (["settle", "bob", "alice", "5", "--currency", "XYZ"], "'XYZ'"),
        (["settle", "bob", "alice", "-5"], "'-5'"),
        (["settle", "bob", "alice", "0"], "'0'"),
        (["settle", "Bob", "bob", "5"], "Bob cannot settle with themselves"),
        (["owe", "--since", "2026-04-01", "--until", "2026-03-01"], "--since '2026-04-01'"),
        (["add", "Gym", "30", "--paid-by", "Bad\u{1B}[31m"], "name"),
    ])
    func badInput(_ arguments: [String], mention: String) throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(arguments + Self.today)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "", "\(result)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains(mention), "\(result)")
        #expect(sandbox.homeEntries().allSatisfy { !$0.hasSuffix("subs.db") }, "\(sandbox.homeEntries())")
    }
}
