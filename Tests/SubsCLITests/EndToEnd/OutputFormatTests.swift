import Foundation
import Testing

@Suite("CSV, TSV and table output")
struct OutputFormatTests {
    static let listHeader = [
        "id", "name", "amount", "currency", "cycle_count", "cycle_unit", "start_date", "trial_end",
        "next_payment", "monthly_cost", "status", "category", "payment_method", "auto_renew", "url", "notes",
    ]
    static let upcomingHeader = ["date", "days_until", "kind", "name", "amount", "currency", "id"]

    /// Three subscriptions, one with a comma and one with quotes in its name.
    static func sandboxWithThree() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.add("Acme, Inc", "5", ["--start", "2024-06-01"])
        try sandbox.add("Say \"cheese\"", "1000", ["--currency", "JPY", "--start", "2024-06-20"])
        try sandbox.add("Dinar weekly", "1.5", ["--currency", "KWD", "--every", "weekly", "--start", "2024-06-16"])
        return sandbox
    }

    @Test("list --format csv has a header row and one row per subscription, quoted where needed")
    func listCSV() throws {
        let sandbox = try Self.sandboxWithThree()
        let result = try sandbox.succeed(["list", "--format", "csv", "--today", "2024-06-15"])
        let lines = result.stdoutLines
        #expect(lines.count == 4, "\(result)")
        #expect(lines.first == Self.listHeader.joined(separator: ","))
        #expect(result.stdout.hasSuffix("\n"))
        let acme = try #require(lines.first { $0.contains("Acme") })
        #expect(acme.contains(",\"Acme, Inc\",5.00,USD,1,month,2024-06-01,,2024-07-01,5.00,active,"), "\(acme)")
        let cheese = try #require(lines.first { $0.contains("cheese") })
        #expect(cheese.contains(",\"Say \"\"cheese\"\"\",1000,JPY,"), "\(cheese)")
        let dinar = try #require(lines.first { $0.contains("Dinar") })
        #expect(dinar.contains(",Dinar weekly,1.500,KWD,1,week,2024-06-16,,2024-06-16,6.522,active,"), "\(dinar)")
    }

    @Test("list --format tsv has a header row and one row per subscription, every row with the same columns")
    func listTSV() throws {
        let sandbox = try Self.sandboxWithThree()
        let result = try sandbox.succeed(["list", "--format", "tsv", "--today", "2024-06-15"])
        let lines = result.stdoutLines
        #expect(lines.count == 4, "\(result)")
        #expect(lines.first == Self.listHeader.joined(separator: "\t"))
        for line in lines {
            #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == Self.listHeader.count, "\(line)")
        }
        #expect(lines.contains { $0.contains("\tAcme, Inc\t5.00\tUSD\t") })
        #expect(lines.contains { $0.contains("\tSay \"cheese\"\t1000\tJPY\t") })
    }

    @Test("upcoming --format csv and tsv have a header row and one row per payment")
    func upcomingDelimited() throws {
        let sandbox = try Self.sandboxWithThree()
        let csv = try sandbox.succeed(["upcoming", "--format", "csv", "--today", "2024-06-15", "--days", "14"])
        #expect(csv.stdoutLines.count == 4, "\(csv)")
        #expect(csv.stdoutLines.first == Self.upcomingHeader.joined(separator: ","))
        #expect(csv.stdoutLines.dropFirst().map { String($0.prefix(10)) } == ["2024-06-16", "2024-06-20", "2024-06-23"])
        #expect(csv.stdoutLines.contains { $0.hasPrefix("2024-06-20,5,payment,\"Say \"\"cheese\"\"\",1000,JPY,") }, "\(csv)")

        let tsv = try sandbox.succeed(["upcoming", "--format", "tsv", "--today", "2024-06-15", "--days", "14"])
        #expect(tsv.stdoutLines.count == 4, "\(tsv)")
        #expect(tsv.stdoutLines.first == Self.upcomingHeader.joined(separator: "\t"))
        #expect(tsv.stdoutLines.contains { $0.hasPrefix("2024-06-16\t1\tpayment\tDinar weekly\t1.500\tKWD\t") }, "\(tsv)")
    }

    @Test("Empty csv output is just the header")
    func emptyCSV() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.succeed(["list", "--format", "csv"]).stdout == Self.listHeader.joined(separator: ",") + "\n")
        #expect(try sandbox.succeed(["upcoming", "--format", "csv"]).stdout == Self.upcomingHeader.joined(separator: ",") + "\n")
    }

    @Test("The list table shows per-currency monthly and yearly totals")
    func listTableTotals() throws {
        let sandbox = try Self.sandboxWithThree()
        let result = try sandbox.succeed(["list", "--today", "2024-06-15"])
        let lines = result.stdoutLines
        #expect(lines.first?.hasPrefix("ID") == true, "\(result)")
        #expect(lines.count == 7, "header, 3 rows, blank, 2 totals: \(result)")
        #expect(lines.suffix(2) == [
            "Monthly total: ¥1,000, KWD 6.522, $5.00",
            "Yearly total:  ¥12,000, KWD 78.266, $60.00",
        ])
        // Sorted by next payment: the weekly dinar one (06-16), then 06-20, then 07-01.
        #expect(lines[1].contains("Dinar weekly"))
        #expect(lines[2].contains("cheese"))
        #expect(lines[3].contains("Acme, Inc"))
    }

    @Test("SCHEDULE.md money vectors show as monthly costs", arguments: [
        ("10.00", "weekly", "43.48"), ("12.99", "2w", "28.24"), ("9.99", "30d", "10.14"), ("28.14", "yearly", "2.35"),
    ])
    func monthlyCostVectors(amount: String, every: String, monthly: String) throws {
        let sandbox = try Sandbox()
        try sandbox.add("Plan", amount, ["--every", every])
        let item = try #require(try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"]).jsonArray().first)
        #expect(item["monthly_cost"] as? String == monthly)
    }
}

/// PRODUCT.md §4 and §7: colour only on a terminal and never with NO_COLOR; text from the
/// database never reaches the terminal with its control characters.
@Suite("Colour and control characters")
struct ColorTests {
    @Test("Output to a pipe has no escape sequences, with or without NO_COLOR")
    func noColorOffTerminal() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-06-01", "--trial-end", "2024-06-20"])
        for (index, noColor) in ([nil, "1"] as [String?]).enumerated() {
            let commands = [
                ["list", "--today", "2024-06-15"],
                ["upcoming", "--today", "2024-06-15"],
                ["show", "Netflix", "--today", "2024-06-15"],
                ["add", "Hulu \(index)", "7.99", "--today", "2024-06-15"],
                ["edit", "Hulu \(index)", "--amount", "8.99", "--today", "2024-06-15"],
            ]
            for command in commands {
                let result = try sandbox.succeed(command, environment: ["NO_COLOR": noColor])
                #expect(!result.stdout.isEmpty, "\(result)")
                #expect(!result.stdout.contains("\u{1B}"), "\(result)")
                #expect(!result.stderr.contains("\u{1B}"), "\(result)")
            }
        }
    }

    /// Runs `subs` on a pseudo-terminal through util-linux `script`.
    static func onTerminal(_ sandbox: Sandbox, _ arguments: [String], environment: [String: String?]) throws -> ProcessResult {
        let quoted = ([try SubsBinary.url().path] + arguments)
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        var overrides = environment
        overrides["SHELL"] = "/bin/sh"
        return try sandbox.runTool(try #require(Tools.script), ["-q", "-e", "-c", quoted, "/dev/null"], environment: overrides)
    }

    @Test("On a terminal the table is coloured, and NO_COLOR or TERM=dumb turn colour off",
          .enabled(if: Tools.script != nil, "util-linux script is not installed"))
    func noColorOnTerminal() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-06-01"])
        let coloured = try Self.onTerminal(sandbox, ["list", "--today", "2024-06-15"], environment: [:])
        #expect(coloured.status == 0, "\(coloured)")
        #expect(coloured.stdout.contains("Netflix"), "\(coloured)")
        #expect(coloured.stdout.contains("\u{1B}["), "a terminal gets colour: \(coloured)")

        for environment in [["NO_COLOR": "1"], ["TERM": "dumb"]] as [[String: String?]] {
            for command in [["list", "--today", "2024-06-15"], ["upcoming", "--today", "2024-06-15"],
                            ["show", "Netflix", "--today", "2024-06-15"]] {
                let plain = try Self.onTerminal(sandbox, command, environment: environment)
                #expect(plain.status == 0, "\(plain)")
                #expect(plain.stdout.contains("Netflix"), "\(plain)")
                #expect(!plain.stdout.contains("\u{1B}"), "\(environment): \(plain)")
            }
        }
    }

    @Test("A name with escape sequences put in the database by hand is shown neutralised",
          .enabled(if: Tools.sqlcipher != nil, "the sqlcipher shell is not installed (make test-deps)"))
    func controlCharactersFromDatabaseAreNeutralised() throws {
        let sandbox = try Sandbox()
        let id = try sandbox.add("Netflix", "15.49", ["--start", "2024-06-01", "--notes", "plain"])
        let hex = String(decoding: try #require(sandbox.bytes(sandbox.keyPath)), as: UTF8.self)
            .trimmingCharacters(in: .newlines)
        let sql = """
            PRAGMA key = "x'\(hex)'";
            PRAGMA cipher_page_size = 4096;
            UPDATE subscriptions SET name = 'Evil' || char(27) || '[31mRed' || char(7),
                notes = 'line' || char(13) || char(27) || ']0;title' || char(7);

            """
        let shell = try sandbox.runTool(try #require(Tools.sqlcipher), [sandbox.databasePath], input: Data(sql.utf8))
        try #require(shell.status == 0, "\(shell)")

        for command in [["list"], ["upcoming"], ["show", id], ["list", "--format", "csv"], ["list", "--format", "tsv"],
                        ["upcoming", "--format", "csv"], ["edit", id, "--amount", "16"]] {
            let result = try sandbox.succeed(command + ["--today", "2024-06-15"])
            #expect(result.stdout.contains("Evil"), "\(result)")
            for control in ["\u{1B}", "\u{07}", "\r"] {
                #expect(!result.stdout.contains(control), "\(control.debugDescription) reached the output: \(result)")
            }
        }
        // JSON keeps the exact text, escaped.
        let json = try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"])
        #expect(json.stdout.contains("\"Evil\\u001b[31mRed\\u0007\""), "\(json)")
        #expect(try json.jsonArray().first?["name"] as? String == "Evil\u{1B}[31mRed\u{07}")
        // Errors that quote the reference neutralise it too.
        let delete = try sandbox.run(["delete", id])
        #expect(delete.status == 64, "\(delete)")
        #expect(!delete.stderr.contains("\u{1B}"), "\(delete)")
    }
}
