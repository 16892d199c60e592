import Foundation
import Testing

/// PRODUCT.md §7: every invalid value gets one line naming it, exit 64, and changes nothing.
@Suite("Bad input")
struct BadInputTests {
    struct BadValue: CustomTestStringConvertible, Sendable {
        let label: String
        /// The command after `subs`; `--today` is added.
        let arguments: [String]
        /// Text the one line on standard error must contain: the value and what it is.
        let mentions: [String]
        var testDescription: String { label }
    }

    static let longName = String(repeating: "n", count: 10_000)

    static let addCases: [BadValue] = [
        BadValue(label: "amount abc", arguments: ["add", "Netflix", "abc"], mentions: ["amount", "'abc'"]),
        BadValue(label: "amount -5", arguments: ["add", "Netflix", "-5"], mentions: ["amount", "'-5'"]),
        BadValue(label: "amount 1e5", arguments: ["add", "Netflix", "1e5"], mentions: ["amount", "'1e5'"]),
        BadValue(label: "amount 12abc", arguments: ["add", "Netflix", "12abc"], mentions: ["amount", "'12abc'"]),
        BadValue(label: "amount 1,000.00", arguments: ["add", "Netflix", "1,000.00"], mentions: ["amount", "'1,000.00'"]),
        BadValue(label: "amount 0.001 (default currency USD)", arguments: ["add", "Netflix", "0.001"],
                 mentions: ["amount", "'0.001'", "USD"]),
        BadValue(label: "amount 0.001 --currency USD", arguments: ["add", "Netflix", "0.001", "--currency", "USD"],
                 mentions: ["amount", "'0.001'", "USD"]),
        BadValue(label: "amount 1.5 JPY", arguments: ["add", "Netflix", "1.5", "--currency", "JPY"],
                 mentions: ["amount", "'1.5'", "JPY"]),
        BadValue(label: "date 2024-13-01", arguments: ["add", "Netflix", "15.49", "--start", "2024-13-01"],
                 mentions: ["date", "'2024-13-01'"]),
        BadValue(label: "date 2024-02-30", arguments: ["add", "Netflix", "15.49", "--start", "2024-02-30"],
                 mentions: ["date", "'2024-02-30'"]),
        BadValue(label: "trial end 2023-02-29", arguments: ["add", "Netflix", "15.49", "--trial-end", "2023-02-29"],
                 mentions: ["date", "'2023-02-29'"]),
        BadValue(label: "cycle 0 months", arguments: ["add", "Netflix", "15.49", "--every", "0 months"],
                 mentions: ["cycle", "'0 months'"]),
        BadValue(label: "cycle 1000 days", arguments: ["add", "Netflix", "15.49", "--every", "1000 days"],
                 mentions: ["cycle", "'1000 days'"]),
        BadValue(label: "cycle sometimes", arguments: ["add", "Netflix", "15.49", "--every", "sometimes"],
                 mentions: ["cycle", "'sometimes'"]),
        BadValue(label: "currency XYZ", arguments: ["add", "Netflix", "15.49", "--currency", "XYZ"],
                 mentions: ["currency", "'XYZ'"]),
        BadValue(label: "a 10,000-character name", arguments: ["add", longName, "15.49"],
                 mentions: ["name", "'nnnnnnnnnnnnnnnnnnnn"]),
        BadValue(label: "a 101-character name", arguments: ["add", String(repeating: "x", count: 101), "15.49"],
                 mentions: ["name", "'xxxxxxxxxx"]),
        BadValue(label: "an empty name", arguments: ["add", "   ", "15.49"], mentions: ["name"]),
        BadValue(label: "a name with a terminal escape", arguments: ["add", "Evil\u{1B}[31mRed", "15.49"],
                 mentions: ["name", "[31mRed"]),
        BadValue(label: "reminder days 400", arguments: ["add", "Netflix", "15.49", "--remind", "400"],
                 mentions: ["reminder", "'400'"]),
        BadValue(label: "category with a terminal escape", arguments: ["add", "Netflix", "15.49", "--category", "Bad\u{1B}[31m"],
                 mentions: ["category"]),
        BadValue(label: "trial end before start",
                 arguments: ["add", "Netflix", "15.49", "--start", "2024-06-01", "--trial-end", "2024-05-01"],
                 mentions: ["trial end", "2024-05-01"]),
    ]

    static let editCases: [BadValue] = [
        BadValue(label: "edit --amount abc", arguments: ["edit", "Existing", "--amount", "abc"], mentions: ["amount", "'abc'"]),
        BadValue(label: "edit --amount -5", arguments: ["edit", "Existing", "--amount", "-5"], mentions: ["amount", "'-5'"]),
        BadValue(label: "edit --amount 0.001", arguments: ["edit", "Existing", "--amount", "0.001"],
                 mentions: ["amount", "'0.001'"]),
        BadValue(label: "edit --start 2024-02-30", arguments: ["edit", "Existing", "--start", "2024-02-30"],
                 mentions: ["date", "'2024-02-30'"]),
        BadValue(label: "edit --every 0 months", arguments: ["edit", "Existing", "--every", "0 months"],
                 mentions: ["cycle", "'0 months'"]),
        BadValue(label: "edit --currency XYZ", arguments: ["edit", "Existing", "--currency", "XYZ"],
                 mentions: ["currency", "'XYZ'"]),
        BadValue(label: "edit --name with an escape", arguments: ["edit", "Existing", "--name", "Evil\u{1B}]0;pwned\u{07}"],
                 mentions: ["name"]),
        BadValue(label: "edit --category with a terminal escape", arguments: ["edit", "Existing", "--category", "Bad\u{1B}[31m"],
                 mentions: ["category"]),
    ]

    /// Checks the one-line, exit-64, nothing-on-stdout outcome.
    static func expectRejected(_ result: ProcessResult, _ bad: BadValue) {
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "", "\(result)")
        #expect(result.stderrLines.count == 1, "exactly one line on stderr: \(result)")
        #expect(!result.stderr.contains("\u{1B}"), "stderr carries an escape character: \(result)")
        for mention in bad.mentions {
            #expect(result.stderr.contains(mention), "stderr should name \(mention.debugDescription): \(result)")
        }
        #expect(result.stderr.count < 400, "the message stays one readable line: \(result)")
    }

    @Test("A bad value on a new machine is refused and creates no files", arguments: addCases)
    func rejectedOnNewMachine(_ bad: BadValue) throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(bad.arguments + ["--today", "2024-06-15"])
        Self.expectRejected(result, bad)
        #expect(sandbox.homeEntries() == [], "files were created: \(sandbox.homeEntries())")
    }

    @Test("A bad value leaves an existing database byte for byte as it was", arguments: addCases + editCases)
    func rejectedWithExistingDatabase(_ bad: BadValue) throws {
        let sandbox = try Sandbox()
        try sandbox.add("Existing", "10", ["--start", "2024-01-15"])
        let before = try #require(sandbox.bytes(sandbox.databasePath))
        let keyBefore = sandbox.bytes(sandbox.keyPath)
        let entriesBefore = sandbox.homeEntries()

        let result = try sandbox.run(bad.arguments + ["--today", "2024-06-15"])
        Self.expectRejected(result, bad)

        #expect(sandbox.bytes(sandbox.databasePath) == before, "the database file changed")
        #expect(sandbox.bytes(sandbox.keyPath) == keyBefore, "the key file changed")
        #expect(sandbox.homeEntries() == entriesBefore)
        let list = try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"]).jsonArray()
        #expect(list.count == 1)
        #expect(list.first?["amount"] as? String == "10.00")
        #expect(list.first?["name"] as? String == "Existing")
    }

    @Test("edit with no options says there is nothing to change")
    func editWithoutOptions() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Existing", "10")
        let before = sandbox.bytes(sandbox.databasePath)
        let result = try sandbox.run(["edit", "Existing", "--today", "2024-06-15"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("nothing to change"), "\(result)")
        #expect(!result.stderr.contains("Usage: subs <subcommand>"),
                "the usage shown is edit's, not the root command's: \(result)")
        #expect(sandbox.bytes(sandbox.databasePath) == before)
    }

    @Test("A name of exactly 100 characters is accepted, and names are trimmed")
    func nameBoundaries() throws {
        let sandbox = try Sandbox()
        let hundred = String(repeating: "é", count: 100)
        try sandbox.add(hundred, "1")
        try sandbox.add("  Padded  ", "1")
        let names = try sandbox.succeed(["list", "--format", "json", "--sort", "name", "--today", "2024-06-15"])
            .jsonArray().compactMap { $0["name"] as? String }
        #expect(Set(names) == [hundred, "Padded"])
    }

    @Test("A bad --today is refused like any other date", arguments: ["2024-02-30", "31/01/2024", "soon"])
    func badToday(_ value: String) throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(["list", "--today", value])
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains("'\(value)'"), "\(result)")
    }

    @Test("A category colour that is neither named nor #rrggbb is refused and adds nothing; #FF8800 is kept in lower case")
    func categoryColour() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(["category", "add", "Films", "--color", "purple"])
        Self.expectRejected(result, BadValue(label: "colour purple", arguments: [], mentions: [
            "invalid colour 'purple': expected red, green, yellow, blue, magenta, cyan or #rrggbb"]))
        #expect(sandbox.homeEntries() == [], "files were created: \(sandbox.homeEntries())")

        try sandbox.succeed(["category", "add", "Films", "--color", "#FF8800"])
        let films = try sandbox.succeed(["category", "list", "--format", "json"]).jsonArray()
            .first { $0["name"] as? String == "Films" }
        #expect(films?["color"] as? String == "#ff8800")
    }
}
