import Foundation
import Testing

/// Issue 22, "At the terminal": every table fits the width it is given, cycles are said short
/// before names are cut, and the messages of a narrow terminal's day.
@Suite("Tables and messages that fit the terminal")
struct TerminalFitTests {
    static let today = ["--today", "2026-11-22"]
    static let longName = "The Extremely Long Subscription Name For Testing Widths"
    static let longCategory = "A Category Whose Name Goes On And On"

    /// Long names, a long category, a quarterly plan and three currencies: what makes tables wide.
    private func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.succeed(["category", "add", Self.longCategory])
        try sandbox.add(Self.longName, "1234.56", ["--start", "2026-01-05", "--category", Self.longCategory,
                                                   "--every", "3 months"], today: "2026-11-22")
        try sandbox.add("Another Rather Long Name Of A Service", "15.49",
                        ["--currency", "EUR", "--start", "2026-01-20", "--every", "4 weeks"], today: "2026-11-22")
        try sandbox.add("Netflix", "17.99", ["--start", "2026-01-30", "--shared-with", "Somebody With A Long Name"],
                        today: "2026-11-22")
        try sandbox.succeed(["edit", "Netflix", "--amount", "19.99", "--effective", "2026-12-30",
                             "--notes", "a change whose summary in the log is long enough to be cut"] + Self.today)
        try sandbox.succeed(["rates", "set", "EUR", "1.0812345"])
        return sandbox
    }

    /// The table lines (those with a two-space gap between columns) wider than `columns`.
    private static func wide(_ output: String, _ columns: Int) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.contains("  ") && $0.count > columns }
    }

    @Test("Every table fits COLUMNS=80 and 60 with long names", arguments: [80, 60])
    func everyTableFits(_ columns: Int) throws {
        let sandbox = try sandbox()
        let passphrase = sandbox.path("vault-passphrase")
        try sandbox.write("the vault passphrase\n", to: passphrase)
        try sandbox.succeed(["vault", "set", Self.longName, "--username", "somebody.with.a.long.address@example.com",
                             "--url", "https://accounts.example.com/a/very/long/login/page", "--generate",
                             "--vault-passphrase-file", passphrase],
                            environment: ["SUBS_TESTING_FAST_VAULT_KDF": "1"])
        var statement = "Date,Description,Amount\n"
        for month in 1...10 {
            statement += String(format: "2026-%02d-07,", month) + "A MERCHANT WITH A VERY LONG DESCRIPTION LINE INC,-17.99\n"
        }
        try sandbox.write(statement, to: sandbox.path("statement.csv"))
        let commands: [[String]] = [
            ["list"], ["list", "--status", "all"], ["upcoming", "--days", "90"], ["log"], ["log", "--limit", "8"],
            ["rates", "list"], ["category", "list"], ["vault", "list"], ["stats"], ["summary"],
            ["detect", sandbox.path("statement.csv")],
        ]
        for command in commands {
            for language in ["en", "tr"] {
                let result = try sandbox.succeed(command, environment: [
                    "COLUMNS": String(columns), "SUBS_LANG": language, "SUBS_TODAY": "2026-11-22",
                ])
                #expect(Self.wide(result.stdout, columns).isEmpty,
                        "\(command.joined(separator: " ")) in \(language) at \(columns): \(result.stdout)")
            }
        }
    }

    @Test("log --limit 8 at 80 columns keeps its four columns and cuts the long change")
    func logFits() throws {
        let result = try sandbox().succeed(["log", "--limit", "8"], environment: ["COLUMNS": "80"])
        let lines = result.stdoutLines
        #expect(lines.first?.contains("CHANGE") == true, "\(result)")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(result)")
        #expect(result.stdout.contains("…"), "\(result)")
    }

    @Test("At 80 columns list says the cycle short before it cuts names, and cuts categories before names")
    func cycleShortBeforeNames() throws {
        let sandbox = try Sandbox()
        let name = "Amazon Prime Video"
        try sandbox.add(name, "24.90", ["--every", "3 months", "--start", "2026-01-05", "--category", "Streaming"],
                        today: "2026-11-22")
        try sandbox.add("Adobe Creative Cloud", "59.99", ["--every", "4 weeks", "--start", "2026-01-05"], today: "2026-11-22")
        let result = try sandbox.succeed(["list"] + Self.today, environment: ["COLUMNS": "80"])
        #expect(result.stdout.contains("3 months") && !result.stdout.contains("every 3 months"), "\(result)")
        #expect(result.stdout.contains("4 weeks"), "\(result)")
        #expect(result.stdoutLines.allSatisfy { $0.count <= 80 }, "\(result)")
        // The room the cycle gave up goes to the names: cut, if at all, to more than the cycle.
        let row = try #require(result.stdoutLines.first { $0.contains("3 months") })
        let shown = try #require(row.split(separator: "  ").first { $0.hasPrefix("Amazon") }, "\(result)")
        #expect(shown.count > "every 3 months".count, "\(result)")
        // With room enough, the cycle is said whole.
        let wide = try sandbox.succeed(["list"] + Self.today, environment: ["COLUMNS": "200"])
        #expect(wide.stdout.contains("every 3 months"), "\(wide)")
        let turkish = try sandbox.succeed(["list"] + Self.today, environment: ["COLUMNS": "80", "SUBS_LANG": "tr"])
        #expect(turkish.stdout.contains("3 ay ") && turkish.stdoutLines.allSatisfy { $0.count <= 80 }, "\(turkish)")
    }

    @Test("list --search that only a cancelled subscription matches says so and points at --status all")
    func cancelledMatchesOnly() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Patreon", "5", ["--start", "2026-01-05"], today: "2026-11-22")
        try sandbox.add("Netflix", "15.49", ["--start", "2026-01-05"], today: "2026-11-22")
        try sandbox.succeed(["cancel", "patreon", "--on", "2026-03-01"] + Self.today)
        let one = try sandbox.succeed(["list", "--search", "patreon"] + Self.today)
        #expect(one.stdout == "No subscriptions; 1 cancelled one matches ('subs list --status all').\n",
                "\(one)")
        try sandbox.add("Patreon Two", "3", ["--start", "2026-01-05"], today: "2026-11-22")
        try sandbox.succeed(["cancel", "patreon two", "--on", "2026-03-01"] + Self.today)
        let two = try sandbox.succeed(["list", "--search", "PATREON"] + Self.today)
        #expect(two.stdout == "No subscriptions; 2 cancelled ones match ('subs list --status all').\n", "\(two)")
        let turkish = try sandbox.succeed(["list", "--search", "patreon"] + Self.today, environment: ["SUBS_LANG": "tr"])
        #expect(turkish.stdout.contains("iptal edilmiş 2 abonelik"), "\(turkish)")
        // Nothing at all matches: the plain line.
        #expect(try sandbox.succeed(["list", "--search", "hulu"] + Self.today).stdout == "No subscriptions.\n")
        #expect(try sandbox.succeed(["list", "--search", "patreon", "--status", "all", "--format", "json"] + Self.today)
            .jsonArray().count == 2)
    }

    @Test("A word inside one name refers to it; inside several it is ambiguous and lists them")
    func wordInsideTheName() throws {
        let sandbox = try Sandbox()
        let gida = try sandbox.add("Şahin Gıda", "120", ["--currency", "TRY"])
        try sandbox.add("Tidal", "10.99")
        try sandbox.add("GitHub Copilot", "10")
        for reference in ["gıda", "GIDA", "gida", "hin gı"] {
            let shown = try sandbox.run(["show", reference, "--format", "json"] + Self.today)
            #expect(shown.status == 0, "\(reference): \(shown)")
            if shown.status == 0 { #expect(try shown.jsonObject()["id"] as? String == gida, "\(reference)") }
        }
        try sandbox.add("Migros Gıda", "80", ["--currency", "TRY"])
        let ambiguous = try sandbox.run(["show", "gıda"] + Self.today)
        #expect(ambiguous.status == 64 && ambiguous.stderrLines.count == 1, "\(ambiguous)")
        #expect(ambiguous.stderr.contains("Şahin Gıda") && ambiguous.stderr.contains("Migros Gıda"), "\(ambiguous)")
        // A misspelt word suggests the name that has it first.
        let misspelt = try sandbox.run(["show", "gda"] + Self.today)
        #expect(misspelt.status == 66, "\(misspelt)")
        #expect(misspelt.stderr.contains("did you mean Migros Gıda, Şahin Gıda"), "\(misspelt)")
    }

    @Test("A misspelt command suggests the command, in English and Turkish, with exit 64")
    func misspeltCommand() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        let show = try sandbox.run(["shwo", "netflix"])
        #expect(show.status == 64, "\(show)")
        #expect(show.stderr == "subs: no command 'shwo': did you mean 'show'? (see 'subs help')\n", "\(show)")
        let turkish = try sandbox.run(["shwo", "netflix"], environment: ["SUBS_LANG": "tr"])
        #expect(turkish.status == 64 && turkish.stderr.contains("'show' mi demek istediniz?"), "\(turkish)")
        let vault = try sandbox.run(["vault", "lsit"])
        #expect(vault.status == 64 && vault.stderr.contains("did you mean 'list'?"), "\(vault)")
        #expect(vault.stderr.contains("(see 'subs help vault')"), "\(vault)")
        let help = try sandbox.run(["help", "upcomming"])
        #expect(help.status == 64 && help.stderr.contains("did you mean 'upcoming'?"), "\(help)")
        let nothingNear = try sandbox.run(["netflix"])
        #expect(nothingNear.status == 64 && nothingNear.stderr == "subs: no command 'netflix' (see 'subs help')\n",
                "\(nothingNear)")
        // Commands, their aliases and their arguments still work.
        #expect(try sandbox.run(["ls"]).status == 0)
        #expect(try sandbox.run(["show", "netflix"]).status == 0)
        #expect(try sandbox.run(["help", "show"]).status == 0)
    }

    @Test("paid --undo without --on and detect --yes without --add are usage errors (64); export without --format writes the JSON document")
    func paidUndoAndExportDefaults() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2026-01-05"], today: "2026-11-22")
        let undo = try sandbox.run(["paid", "netflix", "--undo"] + Self.today)
        #expect(undo.status == 64 && undo.stderrLines.count == 1 && undo.stderr.contains("--on"), "\(undo)")
        let amount = try sandbox.run(["paid", "netflix", "--undo", "--on", "2026-11-05", "--amount", "3"] + Self.today)
        #expect(amount.status == 64, "\(amount)")
        let statement = sandbox.path("statement.csv")
        try sandbox.write("Date,Description,Amount\n2026-10-05,NETFLIX,-15.49\n", to: statement)
        let yes = try sandbox.run(["detect", statement, "--yes"] + Self.today)
        #expect(yes.status == 64 && yes.stderr.contains("--add"), "\(yes)")
        let export = try sandbox.succeed(["export"] + Self.today)
        let explicit = try sandbox.succeed(["export", "--format", "json"] + Self.today)
        let document = try export.jsonObject()
        #expect(document["subscriptions"] != nil, "\(export)")
        #expect(try explicit.jsonObject().keys.sorted() == document.keys.sorted())
    }

    @Test("subs help list wraps no word alone; its text fits 80 columns in both languages")
    func helpListWraps() throws {
        let sandbox = try Sandbox()
        for language in ["en", "tr"] {
            let help = try sandbox.succeed(["help", "list"], environment: ["SUBS_LANG": language, "COLUMNS": "80"])
            // The overview and the discussion, before argument-parser's one-line usage.
            let lines = help.stdoutLines.prefix { !$0.hasPrefix("USAGE:") && !$0.hasPrefix("KULLANIM:") }
            #expect(lines.count > 4, "\(help.stdout)")
            #expect(!lines.contains { !$0.isEmpty && !$0.contains(" ") }, "a word alone: \(help.stdout)")
            #expect(lines.allSatisfy { $0.count <= 80 }, "\(language): \(lines.filter { $0.count > 80 })")
        }
    }

    @Test("vault set --generate says what it did in lines that fit 80 columns")
    func generatedPasswordLines() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Disney Plus Premium Annual", "9.99")
        let passphrase = sandbox.path("vault-passphrase")
        try sandbox.write("the vault passphrase\n", to: passphrase)
        for language in ["en", "tr"] {
            let result = try sandbox.succeed(["vault", "set", "disney", "--generate", "--vault-passphrase-file", passphrase],
                                             environment: ["SUBS_TESTING_FAST_VAULT_KDF": "1", "SUBS_LANG": language])
            #expect(result.stdoutLines.count == 2 && result.stdoutLines.allSatisfy { $0.count <= 80 }, "\(result)")
            #expect(result.stdout.contains("subs vault copy "), "\(result)")
        }
    }

    @Test("rates list lines its header up with its columns")
    func ratesHeader() throws {
        let sandbox = try Sandbox()
        try sandbox.succeed(["rates", "set", "EUR", "1.0812345"])
        try sandbox.succeed(["rates", "set", "JPY", "0.0067"])
        let lines = try sandbox.succeed(["rates", "list"]).stdoutLines
        #expect(lines.count == 3, "\(lines)")
        // Each column's header starts or ends where its values do: SET over the dates.
        let set = try #require(lines[0].range(of: "SET")).lowerBound.utf16Offset(in: lines[0])
        for line in lines.dropFirst() {
            let date = try #require(line.range(of: #"\d{4}-\d{2}-\d{2}"#, options: .regularExpression))
            #expect(date.lowerBound.utf16Offset(in: line) == set, "\(lines)")
        }
        // The rates start under RATE, their decimal points lined up, not off to its right.
        let rate = try #require(lines[0].range(of: "RATE")).lowerBound.utf16Offset(in: lines[0])
        #expect(lines[1].dropFirst(rate).hasPrefix("1.0812345"), "\(lines)")
        #expect(lines[2].dropFirst(rate).hasPrefix("0.0067"), "\(lines)")
    }

    @Test("An empty upcoming says there is nothing in the window instead of a bare header")
    func emptyUpcoming() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Yearly", "50", ["--every", "yearly", "--start", "2026-06-01"], today: "2026-11-22")
        #expect(try sandbox.succeed(["upcoming"] + Self.today).stdout == "No payments in the next 30 days.\n")
        #expect(try sandbox.succeed(["upcoming", "--days", "7"] + Self.today).stdout == "No payments in the next 7 days.\n")
        #expect(try sandbox.succeed(["upcoming", "--days", "7"] + Self.today, environment: ["SUBS_LANG": "tr"]).stdout
            == "Önümüzdeki 7 gün içinde ödeme yok.\n")
        #expect(try sandbox.succeed(["upcoming", "--format", "json"] + Self.today).stdout == "[]\n")
    }

    @Test("vault list's headers are upper case like every other table's")
    func vaultListHeaders() throws {
        let fixture = try VaultFixture()
        let lines = try fixture.run(["vault", "list"], expect: 0).stdoutLines
        #expect(lines.first?.hasPrefix("SERVICE") == true && lines.first?.contains("USERNAME") == true, "\(lines)")
        #expect(lines.first?.contains("PASSWORD") == true, "\(lines)")
    }

    @Test("add and edit --category create a category that does not exist yet, say so, and undo takes it back")
    func newCategory() throws {
        let sandbox = try Sandbox()
        let added = try sandbox.succeed(["add", "Amazon", "14.99", "--category", "Shopping"] + Self.today)
        #expect(added.stdoutLines.first == "Created the category Shopping.", "\(added)")
        #expect(added.stdoutLines.count == 2, "\(added)")
        let categories = try sandbox.succeed(["category", "list", "--format", "json"]).stdout
        #expect(categories.contains("\"Shopping\""), "\(categories)")
        // Another spelling of it is the same category, and says nothing.
        let again = try sandbox.succeed(["add", "eBay", "1", "--category", "shopping"] + Self.today)
        #expect(!again.stdout.contains("Created"), "\(again)")
        let edited = try sandbox.succeed(["edit", "ebay", "--category", "Auctions"] + Self.today)
        #expect(edited.stdoutLines.first == "Created the category Auctions.", "\(edited)")
        try sandbox.succeed(["undo", "--yes"])
        #expect(!(try sandbox.succeed(["category", "list", "--format", "json"]).stdout.contains("Auctions")))
        // A name close to one that exists is a likely typo: refused, with the suggestion.
        let typo = try sandbox.run(["add", "Disney", "8", "--category", "Shoping"] + Self.today)
        #expect(typo.status == 64 && typo.stderr.contains("Shopping") && typo.stderr.contains("subs category add"), "\(typo)")
        let turkish = try sandbox.succeed(["add", "Trendyol", "10", "--category", "Alışveriş"] + Self.today,
                                          environment: ["SUBS_LANG": "tr"])
        #expect(turkish.stdoutLines.first == "Alışveriş kategorisi oluşturuldu.", "\(turkish)")
    }

    @Test("With the database gone and backups beside it, list says so and names the restore command")
    func databaseGoneBackupsLeft() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        let backup = try sandbox.succeed(["backup"])
        #expect(backup.status == 0)
        try FileManager.default.removeItem(atPath: sandbox.databasePath)
        let list = try sandbox.run(["list"])
        #expect(list.status == 0, "\(list)")
        #expect(list.stderrLines.count == 1, "\(list)")
        #expect(list.stderr.contains("no database at \(sandbox.databasePath)"), "\(list)")
        #expect(list.stderr.contains("'subs restore \((sandbox.databasePath as NSString).deletingLastPathComponent)/backups/subs-"),
                "\(list)")
        // Without backups, a first run stays quiet.
        let fresh = try Sandbox()
        #expect(try fresh.run(["list"]).stderr == "")
    }

    @Test("The key file a rekey keeps is named with a readable time, as backups are")
    func replacedKeyName() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        try sandbox.succeed(["rekey"])
        let directory = (sandbox.keyPath as NSString).deletingLastPathComponent
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("key.replaced-") }
        #expect(kept.count == 1, "\(kept)")
        #expect(kept.allSatisfy { $0.range(of: #"^key\.replaced-\d{8}-\d{6}\.\d{3}$"#, options: .regularExpression) != nil },
                "\(kept)")
    }
}
