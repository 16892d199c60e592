import Foundation
import Testing

/// The life of one subscription end to end: a price change, a pause, a cancellation and a
/// reactivation, seen through `upcoming`, `list` and `show` on different days.
@Suite("A subscription's whole life, end to end")
struct LifecycleScenarioTests {
    /// Monthly from 2024-01-15 at 15.49; 17.99 from 2024-04-01; paused 2024-03-01 until 2024-05-01.
    private func scenario() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-15"], today: "2024-01-15")
        try sandbox.succeed(["edit", "Netflix", "--amount", "17.99", "--effective", "2024-04-01"])
        try sandbox.succeed(["pause", "Netflix", "--on", "2024-03-01", "--until", "2024-05-01"])
        return sandbox
    }

    private func listed(_ sandbox: Sandbox, _ arguments: [String]) throws -> [[String: Any]] {
        try sandbox.succeed(["list", "--format", "json"] + arguments).jsonArray()
    }

    @Test("A pause skips its payments and a price change applies from its date")
    func pauseAndPriceChange() throws {
        let sandbox = try scenario()
        let items = try sandbox.succeed(
            ["upcoming", "--format", "json", "--today", "2024-01-15", "--until", "2024-06-30"]).jsonArray()
        #expect(items.map { $0["date"] as? String } == ["2024-01-15", "2024-02-15", "2024-05-15", "2024-06-15"])
        #expect(items.map { $0["amount"] as? String } == ["15.49", "15.49", "17.99", "17.99"])
    }

    /// Issue 8, item 6: docs/billing.md and the JSON agree on the cancellation day itself.
    @Test("A payment due on the cancellation date is still charged and is the next payment that day")
    func paymentOnTheCancellationDate() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Gym", "30", ["--start", "2026-01-15"], today: "2026-01-15")
        try sandbox.succeed(["cancel", "Gym", "--on", "2026-03-15"])
        let onTheDay = try sandbox.succeed(["show", "Gym", "--format", "json", "--today", "2026-03-15"]).jsonObject()
        #expect(onTheDay["status"] as? String == "cancelled")
        #expect(onTheDay["next_payment"] as? String == "2026-03-15")
        let after = try sandbox.succeed(["show", "Gym", "--format", "json", "--today", "2026-03-16"]).jsonObject()
        #expect(after["next_payment"] is NSNull)
        let payments = (after["payments"] as? [[String: Any]])?.compactMap { $0["date"] as? String }
        #expect(payments?.last == "2026-03-15")
    }

    @Test("Status follows --today: paused during the pause, cancelled after the cancellation")
    func statusOverTime() throws {
        let sandbox = try scenario()
        #expect(try listed(sandbox, ["--status", "all", "--today", "2024-03-10"]).first?["status"] as? String == "paused")
        #expect(try listed(sandbox, ["--today", "2024-03-10", "--status", "paused"]).count == 1)

        try sandbox.succeed(["cancel", "Netflix", "--on", "2024-05-20"])
        let cancelled = try #require(try listed(sandbox, ["--status", "all", "--today", "2024-05-25"]).first)
        #expect(cancelled["status"] as? String == "cancelled")
        #expect(cancelled["next_payment"] is NSNull)
        #expect(try listed(sandbox, ["--today", "2024-05-25"]).isEmpty, "the default list leaves cancelled out")

        let shown = try sandbox.succeed(["show", "Netflix", "--format", "json", "--today", "2024-05-25"]).jsonObject()
        #expect(shown["active_until"] as? String == "2024-06-14")
        let table = try sandbox.succeed(["show", "Netflix", "--today", "2024-05-25"]).stdout
        #expect(table.contains("active until 2024-06-14"), "\(table)")
    }

    @Test("A reactivation starts a new cycle on the resume date")
    func reactivation() throws {
        let sandbox = try scenario()
        try sandbox.succeed(["cancel", "Netflix", "--on", "2024-05-20"])
        try sandbox.succeed(["resume", "Netflix", "--on", "2024-07-10"])
        let items = try sandbox.succeed(
            ["upcoming", "--format", "json", "--today", "2024-07-01", "--until", "2024-09-30"]).jsonArray()
        #expect(items.map { $0["date"] as? String } == ["2024-07-10", "2024-08-10", "2024-09-10"])

        let shown = try sandbox.succeed(["show", "Netflix", "--format", "json", "--today", "2024-09-30"]).jsonObject()
        let paid = try #require(shown["payments"] as? [[String: Any]])
        #expect(paid.map { $0["date"] as? String }
            == ["2024-01-15", "2024-02-15", "2024-05-15", "2024-07-10", "2024-08-10", "2024-09-10"])
        #expect(paid.map { $0["amount"] as? String } == ["15.49", "15.49", "17.99", "17.99", "17.99", "17.99"])
    }

    @Test("Impossible sequences are refused with one line and change nothing", arguments: [
        ["resume", "Netflix", "--on", "2024-06-01"],
        ["pause", "Netflix", "--on", "2024-06-01", "--until", "2024-05-01"],
        ["pause", "Netflix", "--on", "2024-04-01", "--until", "2024-06-01"],
        ["cancel", "Netflix", "--on", "2024-01-01"],
    ])
    func invalidSequences(_ arguments: [String]) throws {
        let sandbox = try scenario()
        let before = sandbox.bytes(sandbox.databasePath)
        let result = try sandbox.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(sandbox.bytes(sandbox.databasePath) == before)
    }

    @Test("A cancelled subscription cannot be cancelled twice")
    func cancelTwice() throws {
        let sandbox = try scenario()
        try sandbox.succeed(["cancel", "Netflix", "--on", "2024-05-20"])
        let result = try sandbox.run(["cancel", "Netflix", "--on", "2024-06-20"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("already cancelled on 2024-05-20"), "\(result)")
    }
}
