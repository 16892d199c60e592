import Foundation
import Testing

/// `subs log` and `subs undo` (PRODUCT.md §8): every change recorded, the newest undone first.
@Suite("History and undo")
struct HistoryUndoTests {
    private func show(_ sandbox: Sandbox, _ reference: String) throws -> String {
        try sandbox.succeed(["show", reference, "--format", "json", "--today", "2026-11-22"]).stdout
    }

    private func log(_ sandbox: Sandbox, _ arguments: [String] = []) throws -> [[String: Any]] {
        try sandbox.succeed(["log", "--format", "json"] + arguments).jsonArray()
    }

    @Test("undo reverts an edit, and log shows it undone")
    func undoEdit() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2026-01-10", "--category", "Streaming"])
        let before = try show(sandbox, "netflix")
        try sandbox.succeed(["edit", "netflix", "--amount", "17.99", "--effective", "2026-12-10", "--notes", "family plan"])
        #expect(try show(sandbox, "netflix") != before)

        let entries = try log(sandbox)
        #expect(entries.map { $0["action"] as? String } == ["edit", "add"])
        let summary = try #require(entries.first?["summary"] as? String)
        #expect(summary.contains("17.99") && summary.contains("notes"), "\(summary)")

        let undo = try sandbox.succeed(["undo", "--yes"])
        #expect(undo.stdout.hasPrefix("Undone: edit Netflix"), "\(undo)")
        #expect(try show(sandbox, "netflix") == before)
        #expect(try log(sandbox).first?["undone_at"] is String)
    }

    @Test("undo of a delete brings the subscription back with its price history and everything else")
    func undoDelete() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Gym", "30", ["--start", "2025-01-15", "--shared-with", "Bob:2", "--remind", "3"])
        try sandbox.succeed(["edit", "gym", "--amount", "35", "--effective", "2025-07-15", "--today", "2025-06-01"])
        try sandbox.succeed(["pause", "gym", "--on", "2025-09-01", "--until", "2025-11-01"])
        try sandbox.succeed(["cancel", "gym", "--on", "2026-03-01"])
        let before = try show(sandbox, "gym")

        try sandbox.succeed(["delete", "gym", "--yes"])
        #expect(try sandbox.succeed(["list", "--format", "json", "--status", "all"]).jsonArray().isEmpty)
        // The history of a deleted subscription is still found by its name.
        #expect(try log(sandbox, ["gym"]).map { $0["action"] as? String } == ["delete", "cancel", "pause", "edit", "add"])

        try sandbox.succeed(["undo", "--yes"])
        #expect(try show(sandbox, "gym") == before)
    }

    @Test("undo of an import removes what it added and puts back what it replaced")
    func undoImport() throws {
        let source = try Sandbox()
        try source.add("Netflix", "17.99", ["--start", "2026-01-10"])
        try source.add("Spotify", "10.99", ["--start", "2026-02-01", "--category", "Music"])
        let document = try source.succeed(["export", "--format", "json"]).stdout

        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2025-05-05"])
        let before = try sandbox.succeed(["export", "--format", "json"]).stdout
        try sandbox.write(document, to: sandbox.path("export.json"))
        let imported = try sandbox.succeed(["import", sandbox.path("export.json"), "--on-duplicate", "replace"])
        #expect(imported.stdout.contains("1 added, 0 skipped, 1 replaced"), "\(imported)")
        #expect(try log(sandbox).first?["action"] as? String == "import")

        try sandbox.succeed(["undo", "--yes"])
        let after = try sandbox.succeed(["export", "--format", "json"]).stdout
        #expect(withoutStamp(after) == withoutStamp(before))
    }

    /// Which of the two should win is anyone's guess, and with nothing there before, undo could
    /// only bring back the first, which never existed (issue 21, item 11).
    @Test("Two records replacing one subscription refuse the file, naming both; nothing is written")
    func undoImportThatReplacedOneSubscriptionTwice() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2025-05-05"])
        let before = try sandbox.succeed(["export", "--format", "json"]).stdout
        try sandbox.write("name,amount\nNetflix,17.99\nNetflix,19.99\n", to: sandbox.path("two.csv"))
        let refused = try sandbox.run(["import", sandbox.path("two.csv"), "--map", "name=name,amount=amount", "--currency", "USD",
                                       "--on-duplicate", "replace"])
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderr.contains("line 3: name: the same name and currency as line 2"), "\(refused)")
        let after = try sandbox.succeed(["export", "--format", "json"]).stdout
        #expect(withoutStamp(after) == withoutStamp(before))
        #expect(try log(sandbox).first?["action"] as? String == "add")
    }

    @Test("Each undo goes one change further back; with nothing left it says so and exits 0")
    func undoWalksBack() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        try sandbox.succeed(["config", "set", "currency", "EUR"])
        try sandbox.succeed(["category", "add", "Games"])
        try sandbox.succeed(["undo", "--yes"])
        try sandbox.succeed(["undo", "--yes"])
        #expect(try sandbox.succeed(["config", "get", "currency"]).stdout == "USD\n")
        try sandbox.succeed(["undo", "--yes"])
        #expect(try sandbox.succeed(["list", "--format", "json"]).jsonArray().isEmpty)
        let nothing = try sandbox.succeed(["undo", "--yes"])
        #expect(nothing.stdout == "Nothing to undo.\n")
        #expect(try log(sandbox, ["--limit", "2"]).count == 2)
    }

    @Test("undo from a script without --yes exits 64 and changes nothing")
    func undoNeedsConfirmation() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        try sandbox.succeed(["edit", "netflix", "--notes", "x"])
        let database = sandbox.bytes(sandbox.databasePath)
        let result = try sandbox.run(["undo"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("--yes"), "\(result)")
        #expect(sandbox.bytes(sandbox.databasePath) == database)
    }

    @Test("undo of a restore puts back the database it replaced")
    func undoRestore() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        try sandbox.succeed(["backup", sandbox.path("backup.db")])
        try sandbox.add("Spotify", "10.99")
        try sandbox.succeed(["restore", sandbox.path("backup.db"), "--yes"])
        #expect(try sandbox.succeed(["list", "--format", "json"]).jsonArray().count == 1)
        #expect(try log(sandbox).first?["action"] as? String == "restore")
        try sandbox.succeed(["undo", "--yes"])
        #expect(try sandbox.succeed(["list", "--format", "json"]).jsonArray().map { $0["name"] as? String } == ["Netflix", "Spotify"])
    }

    @Test("undo of a delete brings the login back, still sealed; log says a login changed, never the password")
    func undoDeleteKeepsTheLogin() throws {
        let sandbox = try Sandbox()
        let fast: [String: String?] = ["SUBS_TESTING_FAST_VAULT_KDF": "1"]
        let passphrase = sandbox.path("vault-passphrase")
        try sandbox.write("the vault passphrase\n", to: passphrase)
        try sandbox.add("Netflix", "15.49")
        try sandbox.succeed(["vault", "set", "netflix", "--username", "bob", "--password-stdin", "--vault-passphrase-file", passphrase],
                            environment: fast, input: Data("correct horse\n".utf8))
        try sandbox.succeed(["delete", "netflix", "--yes"])
        #expect(try log(sandbox).map { $0["action"] as? String } == ["delete", "login", "add"])
        #expect(!(try sandbox.succeed(["log", "--format", "json"]).stdout.contains("correct horse")))
        try sandbox.succeed(["undo", "--yes"])
        let revealed = try sandbox.succeed(["vault", "show", "netflix", "--reveal", "--vault-passphrase-file", passphrase], environment: fast)
        #expect(revealed.stdout.contains("correct horse"), "\(revealed)")
    }

    @Test("log shows the changes newest first; REF keeps one subscription's; --limit keeps the newest N; undone ones say so")
    func logFilters() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.99", ["--start", "2026-01-10"])
        try sandbox.add("Spotify", "10.99", ["--start", "2026-02-01"])
        try sandbox.succeed(["edit", "netflix", "--amount", "17.99", "--effective", "2026-12-10"])
        try sandbox.succeed(["cancel", "spotify", "--on", "2026-12-01"])
        try sandbox.succeed(["edit", "netflix", "--notes", "family plan"])

        #expect(try log(sandbox).map { "\($0["action"] as? String ?? "") \($0["subject"] as? String ?? "")" } == [
            "edit Netflix", "cancel Spotify", "edit Netflix", "add Spotify", "add Netflix",
        ])
        let netflix = try log(sandbox, ["netflix"])
        #expect(netflix.map { $0["action"] as? String } == ["edit", "edit", "add"])
        #expect((netflix[1]["summary"] as? String)?.contains("15.99 USD → 17.99 USD") == true, "\(netflix)")
        #expect(try log(sandbox, ["--limit", "2"]).map { $0["subject"] as? String } == ["Netflix", "Spotify"])
        #expect(try log(sandbox, ["spot", "--limit", "1"]).map { $0["action"] as? String } == ["cancel"])

        try sandbox.succeed(["undo", "--yes"])
        let table = try sandbox.succeed(["log", "netflix"]).stdoutLines
        #expect(table.count == 4 && table[0].hasPrefix("WHEN"), "\(table)")
        #expect(table[1].contains("edit") && table[1].contains("(undone) notes none → 'family plan'"), "\(table)")
        #expect(!table[2].contains("(undone)"), "\(table)")

        let unknown = try sandbox.run(["log", "hulu"])
        #expect(unknown.status == 66 && unknown.stderrLines.count == 1, "\(unknown)")
    }

    @Test("A change and its history entry are one: when the entry cannot be written, the change is not made",
          .enabled(if: Tools.sqlcipher != nil, "the sqlcipher shell is not installed (make test-deps)"))
    func changeAndEntryAreAtomic() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        let before = try show(sandbox, "netflix")
        let hex = try #require(sandbox.bytes(sandbox.keyPath).map { String(decoding: $0, as: UTF8.self) })
            .trimmingCharacters(in: .newlines)
        func sqlcipher(_ sql: String) throws {
            let script = "PRAGMA key = \"x'\(hex)'\";\nPRAGMA cipher_page_size = 4096;\n\(sql)\n"
            let result = try sandbox.runTool(try #require(Tools.sqlcipher), [sandbox.databasePath], input: Data(script.utf8))
            try #require(result.status == 0 && result.stderr.isEmpty, "\(result)")
        }
        try sqlcipher("CREATE TRIGGER refuse_history BEFORE INSERT ON history BEGIN SELECT RAISE(ABORT, 'refused'); END;")

        let edit = try sandbox.run(["edit", "netflix", "--amount", "17.99", "--notes", "x"])
        #expect(edit.status != 0 && edit.stderrLines.count == 1, "\(edit)")
        let delete = try sandbox.run(["delete", "netflix", "--yes"])
        #expect(delete.status != 0 && delete.stderrLines.count == 1, "\(delete)")
        try sqlcipher("DROP TRIGGER refuse_history;")
        #expect(try show(sandbox, "netflix") == before)
        #expect(try log(sandbox).map { $0["action"] as? String } == ["add"])
    }

    @Test("After undoing a delete, reminders already sent are not sent again")
    func undoDeleteDoesNotRemindAgain() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Gym", "30", ["--start", "2025-01-15", "--remind", "2"])
        let first = try sandbox.succeed(["remind", "--today", "2025-01-13"])
        #expect(first.stdout.contains("Gym"), "\(first)")
        try sandbox.succeed(["delete", "gym", "--yes"])
        try sandbox.succeed(["undo", "--yes"])
        let again = try sandbox.succeed(["remind", "--today", "2025-01-13"])
        #expect(again.stdout.isEmpty, "\(again)")
    }

    @Test("Undoing a restore whose automatic backup is gone refuses in one line, exit 66, changing nothing")
    func undoRestoreWithoutItsBackup() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        try sandbox.succeed(["backup", sandbox.path("backup.db")])
        try sandbox.add("Spotify", "10.99")
        try sandbox.succeed(["restore", sandbox.path("backup.db"), "--yes"])
        let backups = (sandbox.databasePath as NSString).deletingLastPathComponent + "/backups"
        for name in try FileManager.default.contentsOfDirectory(atPath: backups) where name.hasSuffix("-restore.db") {
            try FileManager.default.removeItem(atPath: backups + "/" + name)
        }
        let database = sandbox.bytes(sandbox.databasePath)
        let undo = try sandbox.run(["undo", "--yes"])
        #expect(undo.status == 66, "\(undo)")
        #expect(undo.stderrLines.count == 1 && undo.stderr.contains("is gone") && undo.stderr.contains("nothing was undone"), "\(undo)")
        #expect(sandbox.bytes(sandbox.databasePath) == database)
    }

    @Test("On a terminal undo shows the change and asks: no undoes nothing, yes undoes it",
          .enabled(if: Tools.script != nil, "util-linux script is not installed"))
    func undoAsksOnATerminal() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        func undo(answering answer: String) throws -> ProcessResult {
            try sandbox.runTool(try #require(Tools.script), ["-q", "-e", "-c", "'\(try SubsBinary.url().path)' undo", "/dev/null"],
                                environment: ["SHELL": "/bin/sh"], input: Data("\(answer)\n".utf8))
        }
        let no = try undo(answering: "n")
        #expect(no.status == 0 && no.stdout.contains("add Netflix") && no.stdout.contains("Undo this change? [y/N]")
                && no.stdout.contains("Nothing undone."), "\(no)")
        #expect(try sandbox.succeed(["list", "--format", "json"]).jsonArray().count == 1)
        let yes = try undo(answering: "y")
        #expect(yes.status == 0 && yes.stdout.contains("Undone: add Netflix"), "\(yes)")
        #expect(try sandbox.succeed(["list", "--format", "json"]).jsonArray().isEmpty)
    }

    private func withoutStamp(_ document: String) -> String {
        document.split(separator: "\n").filter { !$0.contains("\"exported_at\"") }.joined(separator: "\n")
    }
}
