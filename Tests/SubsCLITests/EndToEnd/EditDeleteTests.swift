import Foundation
import Testing

@Suite("Editing")
struct EditTests {
    @Test("A price change with --effective keeps the old price on earlier payments")
    func priceChangeKeepsPastPayments() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31"])
        let edit = try sandbox.succeed(["edit", "Netflix", "--amount", "17.99", "--effective", "2024-04-01", "--today", "2024-06-15"])
        #expect(edit.stdout.hasPrefix("Updated Netflix"), "\(edit)")

        let show = try sandbox.succeed(["show", "Netflix", "--format", "json", "--today", "2024-06-15"]).jsonObject()
        #expect(show["amount"] as? String == "17.99")
        let history = try #require(show["price_history"] as? [[String: Any]])
        #expect(history.map { $0["effective"] as? String } == ["2024-01-31", "2024-04-01"])
        #expect(history.map { $0["amount"] as? String } == ["15.49", "17.99"])
        let payments = try #require(show["payments"] as? [[String: Any]])
        #expect(payments.map { $0["date"] as? String } == ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31"])
        #expect(payments.map { $0["amount"] as? String } == ["15.49", "15.49", "15.49", "17.99", "17.99"])

        // Seen from before the change, the old price is still the one in force.
        let earlier = try sandbox.succeed(["show", "Netflix", "--format", "json", "--today", "2024-03-15"]).jsonObject()
        #expect(earlier["amount"] as? String == "15.49")
        let next = try #require(earlier["next_payments"] as? [[String: Any]])
        #expect(next.prefix(2).map { $0["amount"] as? String } == ["15.49", "17.99"])
    }

    @Test("--trial-end none clears the trial")
    func trialEndNoneClears() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Trial", "9.99", ["--start", "2024-06-01", "--trial-end", "2024-06-20"])
        let before = try sandbox.succeed(["show", "Trial", "--format", "json", "--today", "2024-06-15"]).jsonObject()
        #expect(before["status"] as? String == "trial")
        #expect(before["next_payment"] as? String == "2024-06-20")

        let edit = try sandbox.succeed(["edit", "Trial", "--trial-end", "none", "--format", "json", "--today", "2024-06-15"]).jsonObject()
        #expect(edit["trial_end"] is NSNull, "\(String(describing: edit["trial_end"]))")
        #expect(edit["status"] as? String == "active")
        #expect(edit["next_payment"] as? String == "2024-07-01")
    }

    @Test("--currency changes the currency and keeps the amount")
    func currencyChange() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        let edit = try sandbox.succeed(["edit", "Netflix", "--currency", "eur", "--format", "json", "--today", "2024-06-15"]).jsonObject()
        #expect(edit["currency"] as? String == "EUR")
        #expect(edit["amount"] as? String == "15.49")
        let list = try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"]).jsonArray()
        #expect(list.first?["currency"] as? String == "EUR")
    }

    @Test("--currency to a currency with fewer minor digits works when the amount fits (10.00 USD to JPY)")
    func currencyChangeToFewerMinorDigits() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Ten", "10")
        let toYen = try sandbox.run(["edit", "Ten", "--currency", "JPY", "--format", "json", "--today", "2024-06-15"])
        #expect(toYen.status == 0, "10.00 USD is a whole number of yen: \(toYen)")
        if toYen.status == 0 {
            #expect(try toYen.jsonObject()["amount"] as? String == "10")
        }
    }

    @Test("--currency there and back (USD to KWD to USD) keeps the amount")
    func currencyRoundTrip() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Ten", "10")
        let toDinar = try sandbox.succeed(["edit", "Ten", "--currency", "KWD", "--format", "json", "--today", "2024-06-15"]).jsonObject()
        #expect(toDinar["amount"] as? String == "10.000")
        let back = try sandbox.run(["edit", "Ten", "--currency", "USD", "--format", "json", "--today", "2024-06-15"])
        #expect(back.status == 0, "10.000 KWD back to USD is 10.00: \(back)")
        if back.status == 0 {
            #expect(try back.jsonObject()["amount"] as? String == "10.00")
        }
    }

    @Test("--currency to a currency that cannot hold the amount is refused and changes nothing")
    func currencyChangeThatCannotFit() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        let before = sandbox.bytes(sandbox.databasePath)
        let result = try sandbox.run(["edit", "Netflix", "--currency", "JPY", "--today", "2024-06-15"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains("JPY"), "\(result)")
        #expect(sandbox.bytes(sandbox.databasePath) == before)
    }

    /// QA finding: the amount given with the change was never used, and the edit always refused.
    @Test("--currency with a new --amount replaces the price history when the old prices cannot be held")
    func currencyChangeWithNewAmount() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-15"])
        try sandbox.succeed(["edit", "Netflix", "--amount", "17.49", "--effective", "2024-04-15", "--today", "2024-06-15"])
        let yen = try sandbox.succeed(["edit", "Netflix", "--currency", "JPY", "--amount", "2000", "--format", "json",
                                       "--today", "2024-06-15"]).jsonObject()
        #expect(yen["currency"] as? String == "JPY" && yen["amount"] as? String == "2000", "\(yen)")
        let shown = try sandbox.succeed(["show", "Netflix", "--format", "json", "--today", "2024-06-15"]).jsonObject()
        let history = (shown["price_history"] as? [[String: Any]])?.map { $0["amount"] as? String }
        #expect(history == ["2000"], "\(shown)")
    }

    /// Found while checking imports: after this, every edit was refused (exit 64).
    @Test("A trial cancelled and resumed before it ended can still be edited; moving its trial end past the restart cannot")
    func editAfterATrialRestart() throws {
        let sandbox = try Sandbox()
        let today = ["--today", "2024-01-20"]
        try sandbox.succeed(["add", "X", "10", "--start", "2024-01-01", "--trial-end", "2024-02-01"] + today)
        try sandbox.succeed(["cancel", "x", "--on", "2024-01-10"] + today)
        try sandbox.succeed(["resume", "x", "--on", "2024-01-15"] + today)
        try sandbox.succeed(["edit", "x", "--notes", "hi"] + today)
        try sandbox.succeed(["edit", "x", "--amount", "12"] + today)
        try sandbox.succeed(["edit", "x", "--start", "2023-12-31"] + today)
        let moved = try sandbox.run(["edit", "x", "--trial-end", "2024-02-05"] + today)
        #expect(moved.status == 64 && moved.stderr.contains("restart"), "\(moved)")
    }

    /// Review finding: charges were read back as minor units of the new currency ($15.49 became
    /// ¥1,549), and --effective was dropped when the prices were replaced.
    @Test("--currency converts recorded charges as prices; one it cannot hold, or --effective with prices it cannot, refuses the edit")
    func currencyChangeKeepsCharges() throws {
        let sandbox = try Sandbox()
        let today = ["--today", "2024-06-15"]
        try sandbox.add("Ten", "10", ["--start", "2024-01-01"])
        try sandbox.succeed(["paid", "ten", "--on", "2024-05-01", "--amount", "12"] + today)
        try sandbox.succeed(["edit", "ten", "--currency", "JPY"] + today)
        let payments = try sandbox.succeed(["show", "ten", "--format", "json"] + today).jsonObject()["payments"] as? [[String: Any]]
        #expect(payments?.first { $0["date"] as? String == "2024-05-01" }?["amount"] as? String == "12", "\(String(describing: payments))")

        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-01"])
        let database = sandbox.bytes(sandbox.databasePath)
        let dated = try sandbox.run(["edit", "netflix", "--currency", "JPY", "--amount", "2000", "--effective", "2024-06-01"] + today)
        #expect(dated.status == 64 && dated.stderr.contains("--effective"), "\(dated)")
        try sandbox.succeed(["paid", "netflix", "--on", "2024-05-01"] + today)
        let charged = try sandbox.run(["edit", "netflix", "--currency", "JPY", "--amount", "2000"] + today)
        #expect(charged.status == 64 && charged.stderr.contains("2024-05-01") && charged.stderr.contains("--undo"), "\(charged)")
        #expect(sandbox.bytes(sandbox.databasePath) != database, "only the paid record changed it")
    }

    @Test("--effective without --amount is a usage error")
    func effectiveNeedsAmount() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        let result = try sandbox.run(["edit", "Netflix", "--effective", "2024-07-01", "--today", "2024-06-15"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--amount"), "\(result)")
    }
}

@Suite("Deleting")
struct DeleteTests {
    @Test("delete without --yes when standard input is not a terminal refuses and deletes nothing")
    func deleteNeedsYesOffTerminal() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        let before = sandbox.bytes(sandbox.databasePath)
        let result = try sandbox.run(["delete", "Netflix"], input: Data("y\n".utf8))
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains("--yes"), "\(result)")
        #expect(sandbox.bytes(sandbox.databasePath) == before)
        let list = try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"]).jsonArray()
        #expect(list.count == 1)
    }

    @Test("delete --yes removes the subscription")
    func deleteWithYes() throws {
        let sandbox = try Sandbox()
        let id = try sandbox.add("Netflix", "15.49")
        try sandbox.add("Spotify", "9.99")
        let result = try sandbox.succeed(["delete", "netflix", "--yes"])
        #expect(result.stdout.contains("Netflix"), "\(result)")
        let list = try sandbox.succeed(["list", "--format", "json", "--status", "all", "--today", "2024-06-15"]).jsonArray()
        #expect(list.map { $0["name"] as? String } == ["Spotify"])
        #expect(try sandbox.run(["show", id]).status == 66)
    }

    @Test("delete removes several subscriptions at once")
    func deleteSeveral() throws {
        let sandbox = try Sandbox()
        let netflix = try sandbox.add("Netflix", "15.49")
        try sandbox.add("Spotify", "9.99")
        try sandbox.add("Hulu", "7.99")
        try sandbox.succeed(["delete", String(netflix.prefix(6)), "Hulu", "-y"])
        let list = try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"]).jsonArray()
        #expect(list.map { $0["name"] as? String } == ["Spotify"])
    }

    @Test("One bad reference among several deletes nothing")
    func oneBadReferenceDeletesNothing() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        try sandbox.add("Spotify", "9.99")
        let before = sandbox.bytes(sandbox.databasePath)
        let result = try sandbox.run(["delete", "Netflix", "Nope", "Spotify", "--yes"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains("'Nope'"), "\(result)")
        #expect(sandbox.bytes(sandbox.databasePath) == before)
        let list = try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"]).jsonArray()
        #expect(list.count == 2)
    }

    @Test("Deleting on a new machine creates no files")
    func deleteOnNewMachine() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(["delete", "Netflix", "--yes"])
        #expect(result.status == 66, "\(result)")
        #expect(sandbox.homeEntries() == [])
    }
}
