import Foundation
import Testing
@testable import SubsCLI
import SubscriptionCore

@Suite("JSON rendering")
struct JSONValueTests {
    @Test("Objects print with sorted keys, explicit nulls and two-space indents")
    func sortedKeysAndNulls() {
        let value = JSONValue.object([
            "name": .string("Netflix"), "amount": .string("15.49"), "url": .null, "auto_renew": .bool(true),
            "count": .int(-3), "members": .array([]), "cycle": .object(["unit": .string("month"), "count": .int(1)]),
            "empty": .object([:]), "flag": .bool(false),
        ])
        #expect(value.rendered == """
            {
              "amount": "15.49",
              "auto_renew": true,
              "count": -3,
              "cycle": {
                "count": 1,
                "unit": "month"
              },
              "empty": {},
              "flag": false,
              "members": [],
              "name": "Netflix",
              "url": null
            }

            """)
    }

    @Test("Arrays nest objects and end in a newline")
    func arrays() {
        let value = JSONValue.array([.object(["b": .int(2), "a": .int(1)]), .string("x"), .null])
        #expect(value.rendered == """
            [
              {
                "a": 1,
                "b": 2
              },
              "x",
              null
            ]

            """)
        #expect(JSONValue.array([]).rendered == "[]\n")
    }

    @Test("JSONValue.string(nil) is null")
    func optionalString() {
        #expect(JSONValue.string(nil as String?) == .null)
        #expect(JSONValue.string("a" as String?) == .string("a"))
    }

    @Test("Strings escape quotes, backslashes and every control character")
    func escaping() {
        let text = "say \"hi\" \\ \n\r\t\u{1B}[31m\u{07}\u{00}\u{7F}\u{85}\u{9B}é€😀"
        #expect(JSONValue.string(text).rendered
            == #""say \"hi\" \\ \n\r\t\u001b[31m\u0007\u0000\u007f\u0085\u009bé€😀""# + "\n")
    }

    @Test("What is rendered parses back to the same values", arguments: [
        "plain", "", "quote \" and backslash \\", "\u{1B}]0;title\u{07}", "tab\tnew\nline", "ünïcödé 日本 😀", "\u{2028}",
    ])
    func roundTrip(_ text: String) throws {
        let rendered = JSONValue.object(["key \"q\"": .string(text)]).rendered
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String: String])
        #expect(parsed == ["key \"q\"": text])
        #expect(!rendered.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "raw control character in \(rendered.debugDescription)")
    }
}

@Suite("Table rendering")
struct TableTests {
    @Test("Columns line up: left-aligned text, right-aligned amounts, two spaces between, no trailing spaces")
    func alignment() {
        var table = Table([
            .init(header: "NAME"), .init(header: "AMOUNT", alignment: .right), .init(header: "STATUS"),
        ])
        table.append(["Netflix", "15.49 USD", "active"])
        table.append(["Disney+", "8.99 USD", "trial"])
        table.append(["X", "1000 JPY", ""])
        #expect(table.render(on: .plain) == """
            NAME        AMOUNT  STATUS
            Netflix  15.49 USD  active
            Disney+   8.99 USD  trial
            X         1000 JPY

            """)
    }

    @Test("Wide characters take two columns, so the columns after them still line up")
    func wideCharacters() {
        var table = Table([.init(header: "NAME"), .init(header: "AMOUNT", alignment: .right)])
        table.append(["日本", "1 USD"])
        table.append(["abc", "10 USD"])
        #expect(table.render(on: .plain) == """
            NAME  AMOUNT
            日本   1 USD
            abc   10 USD

            """)
    }

    @Test("Control characters in cells are neutralised and do not break the alignment")
    func controlCharactersNeutralised() {
        var table = Table([.init(header: "NAME"), .init(header: "STATUS")])
        table.append(["Evil\u{1B}[31mRed\u{07}", "active"])
        table.append(["Ok", "x\r\ny"])
        let rendered = table.render(on: .plain)
        #expect(rendered == """
            NAME           STATUS
            Evil\u{FFFD}[31mRed\u{FFFD}  active
            Ok             x\u{FFFD}\u{FFFD}y

            """)
        #expect(!rendered.contains("\u{1B}"))
        #expect(!rendered.contains("\r"))
    }

    @Test("Cells wider than the column's maximum are cut with an ellipsis")
    func truncation() {
        var table = Table([.init(header: "NAME", maximumWidth: 8), .init(header: "N")])
        table.append(["Netflix Premium Ultra", "1"])
        #expect(table.render(on: .plain) == """
            NAME      N
            Netflix…  1

            """)
    }

    @Test("Plain output has no escape sequences even for styled cells")
    func plainHasNoStyles() {
        var table = Table([.init(header: "STATUS")])
        table.append([Table.Cell("active", style: .green)])
        #expect(table.render(on: .plain) == "STATUS\nactive\n")
        let coloured = Terminal(isTerminal: true, usesColor: true)
        #expect(table.render(on: coloured) == "\u{1B}[1mSTATUS\u{1B}[0m\n\u{1B}[32mactive\u{1B}[0m\n")
    }

    @Test("A table of thousands of rows, made half on each core, has each row as a table of its few distinct rows has it",
          arguments: [Terminal(isTerminal: false, usesColor: false), Terminal(isTerminal: true, usesColor: true, width: 30)],
          [Language.english, .turkish])
    func longTableOnBothCores(terminal: Terminal, language: Language) {
        // Width 30 is narrower than the table's 39 columns: short forms are said, then cells cut.
        Language.$current.withValue(language) { checkLongTable(on: terminal) }
    }

    private func checkLongTable(on terminal: Terminal) {
        let columns: [Table.Column] = [
            .init(header: "NAME", maximumWidth: 12, minimumWidth: 6), .init(header: "CYCLE"),
            .init(header: "AMOUNT", alignment: .decimal),
        ]
        let distinct: [[Table.Cell]] = [
            [Table.Cell("Netflix"), Table.Cell("every month", short: "month"), Table.Cell("$15.49")],
            [Table.Cell("Ärzte Magazin für alle"), Table.Cell("every 3 months", short: "3 months"), Table.Cell("¥1.000")],
            [Table.Cell("日本語のサービス"), Table.Cell("every year", short: "year", style: .yellow), Table.Cell("€7,5")],
            [Table.Cell("Tab\there"), Table.Cell("every week", short: "week"), Table.Cell("$1,234.00", style: .red)],
        ]
        var few = Table(columns)
        distinct.forEach { few.append($0) }
        var long = Table(columns)
        for index in 0..<2_501 { long.append(distinct[index % distinct.count]) }
        let fewLines = few.render(on: terminal).split(separator: "\n", omittingEmptySubsequences: false)
        let longLines = long.render(on: terminal).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(longLines.count == 2_503)
        #expect(longLines.first == fewLines.first)
        #expect(longLines.last == "")
        let mismatched = (0..<2_501).filter { longLines[1 + $0] != fewLines[1 + $0 % distinct.count] }
        #expect(mismatched.isEmpty)
        #expect(Table.text(of: long.renderedBytes(on: terminal, footer: "Total\n")) == long.render(on: terminal) + "Total\n")
    }
}

@Suite("CSV and TSV rendering")
struct DelimitedTests {
    @Test("CSV quotes fields with commas and quotes, and doubles the quotes")
    func csvQuoting() {
        var output = Delimited(.csv, header: ["name", "amount", "notes"])
        output.append(["Acme, Inc", "5.00", ""])
        output.append(["Say \"cheese\"", "1000", "plain"])
        output.append(["\"", ",", "a,\"b\""])
        #expect(output.rendered == """
            name,amount,notes
            "Acme, Inc",5.00,
            "Say ""cheese\"\"\",1000,plain
            \"\"\"\",",","a,""b\"\"\"

            """)
    }

    @Test("TSV keeps one column per field even when a field holds a tab")
    func tsvColumns() {
        var output = Delimited(.tsv, header: ["name", "amount"])
        output.append(["a\tb", "1"])
        output.append(["Acme, \"Inc\"", "2"])
        let lines = output.rendered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(lines.last == "")
        for line in lines.dropLast() {
            #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 2, "\(line)")
        }
        #expect(lines[2] == "Acme, \"Inc\"\t2")
    }

    @Test("Control characters never reach CSV or TSV output", arguments: [Delimited.Kind.csv, .tsv])
    func controlCharacters(_ kind: Delimited.Kind) {
        var output = Delimited(kind, header: ["name"])
        output.append(["Evil\u{1B}[31m\u{07}"])
        #expect(!output.rendered.contains("\u{1B}"))
        #expect(!output.rendered.contains("\u{07}"))
        #expect(output.rendered.hasPrefix("name\n"))
    }

    /// Issue 8, item 14: a spreadsheet opening `subs list --format csv` must not run a name or
    /// a note as a formula.
    @Test("Fields that start a spreadsheet formula get a leading apostrophe", arguments: [Delimited.Kind.csv, .tsv])
    func formulaInjection(_ kind: Delimited.Kind) {
        var output = Delimited(kind, header: ["name", "notes", "amount"])
        output.append(["=HYPERLINK(\"http://evil\")", "@SUM(A1)", "15.49"])
        output.append(["+1 phone", "-rm", "2026-11-22"])
        let lines = output.rendered.split(separator: "\n").map(String.init)
        let separator: Character = kind == .csv ? "," : "\t"
        #expect(lines[1].hasPrefix(kind == .csv ? "\"'=HYPERLINK" : "'=HYPERLINK"))
        #expect(lines[1].hasSuffix("\(separator)'@SUM(A1)\(separator)15.49"))
        #expect(lines[2] == ["'+1 phone", "'-rm", "2026-11-22"].joined(separator: String(separator)))
    }

    /// Issue 8, item 15: text stored before names were checked cannot hide in a terminal.
    @Test("Invisible format characters are marked on the way to a terminal")
    func invisibleFormatCharacters() {
        #expect("Net\u{200B}flix\u{202E}\u{FEFF}".terminalSafe == "Net\u{FFFD}flix\u{FFFD}\u{FFFD}")
        #expect("👨\u{200D}👩".terminalSafe == "👨\u{200D}👩")
    }

    @Test("Only the header when there are no rows")
    func headerOnly() {
        #expect(Delimited(.csv, header: ["a", "b"]).rendered == "a,b\n")
        #expect(Delimited(.tsv, header: ["a", "b"]).rendered == "a\tb\n")
    }
}

@Suite("Fitting a table to the terminal")
struct TableWidthTests {
    static func list() throws -> SubscriptionList {
        let today = CivilDate(year: 2024, month: 6, day: 15)!
        let subscriptions = [
            Subscription(id: "aaaa1111-0000-4000-8000-000000000001", name: "Adobe Creative Cloud All Apps Plan", price: try! Money(input: "59.99", currency: Currency(code: "USD")!),
                         cycle: .monthly, startDate: today, category: "Software and Design Tools"),
            Subscription(id: "bbbb2222-0000-4000-8000-000000000002", name: "Netflix", price: try! Money(input: "15.49", currency: Currency(code: "USD")!),
                         cycle: .monthly, startDate: today),
        ]
        return try SubscriptionList(subscriptions, query: ListQuery(), today: today, config: .defaults)
    }

    static func table(width: Int?) throws -> [String] {
        let output = try SubscriptionRenderer.list(try list(), format: .table,
                                               terminal: Terminal(isTerminal: true, usesColor: false, width: width))
        return output.split(separator: "\n", omittingEmptySubsequences: false).prefix(3).map(String.init)
    }

    @Test("A list of thousands, its rows made half on each core, is in the user's language on every row")
    func longListInTurkish() throws {
        let today = CivilDate(year: 2024, month: 6, day: 15)!
        let subscriptions = try (0..<2_500).map { index in
            Subscription(id: String(format: "%08x-0000-4000-8000-000000000000", index), name: "Service \(index)",
                         price: try Money(input: "15.49", currency: Currency(code: "USD")!),
                         cycle: .monthly, startDate: today)
        }
        let list = try SubscriptionList(subscriptions, query: ListQuery(), today: today, config: .defaults)
        let lines = try Language.$current.withValue(.turkish) {
            try SubscriptionRenderer.list(list, format: .table, terminal: .plain).split(separator: "\n")
        }
        let rows = lines.filter { $0.contains("Service ") }
        #expect(rows.count == 2_500)
        // An amount and a date as Turkish writes them on each row, not the English `$15.49`.
        #expect(rows.count { $0.contains("$15,49") && $0.contains("15.06.2024") } == 2_500)
        #expect(rows.count { $0.contains("$15.49") || $0.contains("2024-06-15") } == 0)
    }

    @Test("Without a width nothing is cut; wide enough, nothing changes")
    func noWidth() throws {
        #expect(try Self.table(width: nil) == Self.table(width: 200))
        #expect(try Self.table(width: nil)[1].contains("Adobe Creative Cloud All Apps P…"))
    }

    @Test("Narrower, categories are cut first, then ID goes before names are cut, then CYCLE, CATEGORY, STATUS, MONTHLY",
          arguments: [(80, ["NAME", "AMOUNT", "CYCLE", "NEXT", "MONTHLY", "STATUS", "CATEGORY"]),
                      (60, ["NAME", "AMOUNT", "NEXT", "MONTHLY", "STATUS", "CATEGORY"]),
                      (50, ["NAME", "AMOUNT", "NEXT", "MONTHLY", "STATUS"]),
                      (36, ["NAME", "AMOUNT", "NEXT"])])
    func narrow(_ width: Int, _ headers: [String]) throws {
        let lines = try Self.table(width: width)
        #expect(lines[0].split(separator: " ").map(String.init) == headers, "\(lines)")
        for line in lines { #expect(line.displayWidth <= width, "\(line.debugDescription)") }
        #expect(lines[1].contains("…"), "\(lines)")
        #expect(lines[2].contains("Netflix"), "\(lines)")
    }

    @Test("A table whose columns have no minimum width still fits: its text columns are cut, widest first",
          arguments: [60, 40, 30])
    func everyTableFits(_ width: Int) {
        var table = Table([.init(header: "WHEN"), .init(header: "WHAT"), .init(header: "AMOUNT", alignment: .decimal),
                           .init(header: "CHANGE")])
        table.append(["2026-11-22 10:15", "A subscription with a long name", "$1,234.56",
                      "price 15.49 USD → 17.99 USD from 2026-12-01"])
        table.append(["2026-11-22 10:16", "Netflix", "$5.00", "added"])
        let lines = table.render(on: Terminal(isTerminal: true, usesColor: false, width: width)).split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines { #expect(String(line).displayWidth <= width, "\(line.debugDescription)") }
        #expect(lines[1].contains("$1,234.56"), "amounts are never cut: \(lines)")
    }

    @Test("Cells with a short form use it when the table does not fit, before anything is cut")
    func shortForms() {
        var table = Table([.init(header: "NAME", minimumWidth: 4), .init(header: "CYCLE")])
        table.append([Table.Cell("Amazon Prime Video"), Table.Cell("every 3 months", short: "3 months")])
        let wide = table.render(on: Terminal(isTerminal: true, usesColor: false, width: 80))
        #expect(wide.contains("Amazon Prime Video  every 3 months"), "\(wide)")
        let narrow = table.render(on: Terminal(isTerminal: true, usesColor: false, width: 28))
        #expect(narrow.contains("Amazon Prime Video  3 months"), "\(narrow)")
    }

    @Test("Amounts under a header wider than they are start under it, their points lined up")
    func amountsUnderAWideHeader() {
        var table = Table([.init(header: "CURRENCY"), .init(header: "RATE (IN USD)", alignment: .decimal),
                           .init(header: "SET")])
        table.append(["EUR", "1.0812345", "2026-11-26"])
        table.append(["JPY", "0.0067", "2026-11-26"])
        #expect(table.render(on: .plain) == """
            CURRENCY  RATE (IN USD)  SET
            EUR       1.0812345      2026-11-26
            JPY       0.0067         2026-11-26

            """)
    }
}
