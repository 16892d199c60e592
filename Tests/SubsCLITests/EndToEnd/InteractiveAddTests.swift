import Foundation
import Testing

/// PRODUCT.md §11 "At a terminal": `subs add` alone asks for each field, as a person at a
/// terminal sees it (through a pseudo-terminal, Tests/pty/answer.py types the answers).
@Suite("Interactive add at a terminal")
struct InteractiveAddTests {
    private static let answerScript = LocalizedRepository.root.appendingPathComponent("Tests/pty/answer.py").path

    private func answer(_ sandbox: Sandbox, _ lines: [String], environment: [String: String?] = [:]) throws -> ProcessResult {
        let python = try #require(Tools.find("python3"), "python3 drives the pseudo-terminal")
        return try sandbox.runTool(
            python, [Self.answerScript, try SubsBinary.url().path, "add"],
            environment: ["SUBS_TODAY": "2026-11-22"].merging(environment) { $1 },
            input: Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    @Test("Each field is asked with its default; a refused answer is explained and asked again; the result is what add makes")
    func asksEveryField() throws {
        let sandbox = try Sandbox()
        let result = try answer(sandbox, ["Netflix", "", "abc", "15.49", "", "2026-01-31", "", "", "Streaming", "", "", "7,1", ""])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Currency [USD]: "), "\(result)")
        #expect(result.stdout.contains("invalid amount 'abc'"), "the refusal is shown: \(result)")
        #expect(result.stdout.components(separatedBy: "Amount: ").count == 3, "asked again: \(result)")
        #expect(result.stdout.contains("Added Netflix"), "\(result)")
        let item = try #require(try sandbox.succeed(["list", "--format", "json"]).jsonArray().first)
        #expect(item["amount"] as? String == "15.49" && item["start_date"] as? String == "2026-01-31")
        #expect(item["category"] as? String == "Streaming" && item["remind_days"] as? [Int] == [7, 1])
    }

    /// QA finding: a taken name was refused only after every other answer, and all of them lost.
    @Test("A name already taken is refused at the name question and asked again")
    func takenNameAskedAgain() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "1")
        let result = try answer(sandbox, ["NETFLIX", "Hulu", "", "7.99", "", "", "", "", "", "", "", "", ""])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("already exists"), "the refusal is shown: \(result)")
        #expect(result.stdout.components(separatedBy: "Name: ").count == 3, "asked again: \(result)")
        #expect(try sandbox.succeed(["list", "--format", "json", "--sort", "name"]).jsonArray().map { $0["name"] as? String } == ["Hulu", "Netflix"])
    }

    @Test("In Turkish the questions are Turkish and 9,99 is read", arguments: [["SUBS_LANG": "tr"]] as [[String: String?]])
    func turkish(environment: [String: String?]) throws {
        let sandbox = try Sandbox()
        let result = try answer(sandbox, ["Müzik", "", "9,99", "", "", "", "", "", "", "", "", ""], environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Tutar: ") && result.stdout.contains("eklendi"), "\(result)")
        #expect(try sandbox.succeed(["list", "--format", "json"]).jsonArray().first?["amount"] as? String == "9.99")
    }

    @Test("A contract is asked for only when a term is given: its notice and renewal term, each checked as its flag")
    func contract() throws {
        let sandbox = try Sandbox()
        // Name, currency, amount, cycle, start, trial end; term (refused, then 1y), notice, renewal
        // term (refused, then month by month).
        let result = try answer(sandbox, [
            "Acme", "", "40", "", "2026-04-01", "", "0m", "1y", "3m", "sometimes", "1m", "", "", "", "", "",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("invalid duration '0m'") && result.stdout.contains("invalid duration 'sometimes'"),
                "\(result)")
        let item = try #require(try sandbox.succeed(["list", "--format", "json", "--today", "2026-11-22"]).jsonArray().first)
        let contract = try #require(item["contract"] as? [String: Any], "\(item)")
        #expect(contract["term"] as? String == "1y" && contract["notice"] as? String == "3m", "\(item)")
        #expect(contract["renews"] as? String == "1m" && contract["cancel_by"] as? String == "2026-12-31", "\(item)")
    }

    @Test("Ctrl-D or Ctrl-C at a question: exit 1, one line, nothing written", arguments: ["^D", "^C"])
    func cancelled(key: String) throws {
        let sandbox = try Sandbox()
        let result = try answer(sandbox, ["Hulu", key])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("subs: cancelled; nothing was added"), "\(result)")
        #expect(!result.stdout.contains("Fatal") && !result.stdout.contains("Stack"), "\(result)")
        #expect(try sandbox.succeed(["list", "--format", "json"]).jsonArray().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath), "not even a database")
    }

    @Test("Without a terminal, add with no arguments is still a usage error")
    func notATerminal() throws {
        let result = try Sandbox().run(["add"])
        #expect(result.status == 64 && result.stderr.contains("<name>"), "\(result)")
    }
}

/// The repository, for files the tests read.
enum LocalizedRepository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
