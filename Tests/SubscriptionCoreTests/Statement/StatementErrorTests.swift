import Foundation
import Testing
@testable import SubscriptionCore

/// PRODUCT.md §13 and §7: a statement that cannot be read gets one line naming what was found
/// (the header, the first bad line) and what is needed (`--map`, `--date-format`).
@Suite("Statements that cannot be read")
struct StatementErrorTests {
    @Test("A line whose amount is no number: its line number and content")
    func badAmount() {
        let lines = ["Date;Description;Amount"] + (2...13).map { "2026-01-\($0 + 10);SHOP \($0);-1,00" }
            + ["2026-01-03;NETFLIX;abc", "2026-01-04;SPOTIFY;-10,99"]
        let error = statementError(lines.joined(separator: "\n"))
        #expect(error?.line == 14)
        #expect(error?.description == "statement.csv line 14: cannot read the amount 'abc' in \"2026-01-03;NETFLIX;abc\"")
    }

    @Test("Amounts that are not one number", arguments: ["12abc", "1.2.3,4,5", "--5", "1,23,456.00", "$", "5 EUR USD", "12 foo"])
    func amountsRefused(_ amount: String) {
        let error = statementError("Date,Description,Amount\n2026-01-03,NETFLIX,\"\(amount)\"\n")
        #expect(error?.problem == .unreadableAmount(amount, record: "2026-01-03,NETFLIX,\"\(amount)\""))
        #expect(error?.line == 2)
    }

    @Test("A date that is no day of the calendar, or not a date at all")
    func badDate() {
        let invalid = statementError("Date,Description,Amount\n2026-01-03,A,-1\n2026-02-30,B,-1\n")
        #expect(invalid?.description == "statement.csv line 3: cannot read the date '2026-02-30' in \"2026-02-30,B,-1\"")
        let garbage = statementError("Date,Description,Amount\n3rd Jan,A,-1\n")
        #expect(garbage?.line == 2)
        let wrongFormat = statementError("Date,Description,Amount\n03/01/2026,A,-1\n", dateFormat: .iso)
        #expect(wrongFormat?.description == "statement.csv line 2: cannot read the date '03/01/2026' as YYYY-MM-DD in \"03/01/2026,A,-1\"")
        // Both numbers over 12: no order reads it.
        #expect(statementError("Date,Description,Amount\n13/13/2026,A,-1\n")?.line == 2)
    }

    @Test("A file with no date in any row: the first of them is the bad line")
    func noDates() {
        let error = statementError("Date,Description,Amount\nyesterday,A,-1\ntoday,B,-2\n")
        #expect(error?.line == 2)
        #expect(error?.problem == .unreadableDate("yesterday", record: "yesterday,A,-1", expected: nil))
    }

    @Test("Every date could be either way round: --date-format is needed")
    func ambiguousDates() {
        let error = statementError("Date,Description,Amount\n03/01/2026,A,-1\n04/02/2026,B,-1\n")
        #expect(error?.problem == .ambiguousDates(example: "03/01/2026"))
        #expect(error?.description
            == "statement.csv: every date could be day first or month first (like '03/01/2026'); pass --date-format DD/MM/YYYY or MM/DD/YYYY")
    }

    @Test("Some dates can only be day first and others only month first")
    func mixedDates() {
        let error = statementError("Date,Description,Amount\n13/01/2026,A,-1\n01/02/2026,B,-1\n01/14/2026,C,-1\n")
        #expect(error?.description
            == "statement.csv: line 2 has the date '13/01/2026', day first, but line 4 has '01/14/2026', month first; the dates must be in one format")
    }

    @Test("Year-first dates beside one that could be either way round: the lines named, not 'every date'")
    func ambiguousAmongYearFirst() throws {
        let text = "Date,Description,Amount\n2026-01-03,A,-1\n2026-02-03,A,-1\n2026-03-03,A,-1\n04/05/2026,A,-1\n"
        let error = statementError(text)
        #expect(error?.problem == .ambiguousAmongOtherDates(
            ambiguous: "04/05/2026", ambiguousLine: 5, other: "2026-01-03", otherLine: 2))
        #expect(error?.description
            == "statement.csv: the dates are in mixed formats: line 2 has '2026-01-03', but line 5 has '04/05/2026', which could be day first or month first; pass --date-format DD/MM/YYYY or MM/DD/YYYY")
        // As the message says, the order given reads them all.
        let read = try statement(text, dateFormat: .dayMonthYearSlashes)
        #expect(read.map(\.date.description) == ["2026-01-03", "2026-02-03", "2026-03-03", "2026-05-04"])
    }

    @Test("A header without the columns detect needs: the header seen and --map")
    func columnsNotFound() {
        let error = statementError("Foo;Bar;Baz\n1;2;3\n")
        #expect(error?.problem == .columnsNotFound(header: "Foo;Bar;Baz", missing: [.date, .description, .amount]))
        #expect(error?.description == "statement.csv line 1: the header \"Foo;Bar;Baz\" names no date, description or amount column; use --map date=COL,description=COL,amount=COL")
        let noAmount = statementError("Date,Description,Balance\n2026-01-03,A,10\n")
        #expect(noAmount?.description == "statement.csv line 1: the header \"Date,Description,Balance\" names no amount column; use --map date=COL,description=COL,amount=COL")
    }

    @Test("--map naming a column the header does not have, by name or by number")
    func unmapped() throws {
        let text = "Date;Description;Amount\n2026-01-03;A;-1\n"
        let byName = statementError(text, map: try StatementColumns(map: "amount=Tutar"))
        #expect(byName?.description == "statement.csv line 1: --map amount=Tutar names no column of the header \"Date;Description;Amount\"")
        let byNumber = statementError(text, map: try StatementColumns(map: "date=1,description=2,amount=4"))
        #expect(byNumber?.problem == .mappedColumnNotFound(.amount, column: "4", header: "Date;Description;Amount"))
    }

    @Test("An empty file, and a quote never closed")
    func emptyAndUnclosed() {
        #expect(statementError("")?.problem == .empty)
        #expect(statementError("\u{FEFF}\n\r\n")?.description
            == "statement.csv: the file is empty; expected a CSV statement with a header row, or an OFX file")
        let unclosed = statementError("Date,Description,Amount\n2026-01-03,A,-1\n2026-01-04,\"B,-1\n2026-01-05,C,-1\n")
        #expect(unclosed?.description == "statement.csv line 3: a quoted field is never closed")
    }

    @Test("OFX: a transaction without a date or an amount, an amount or date that cannot be read, an unknown currency")
    func ofx() {
        func ofx(_ transaction: String, currency: String = "USD") -> String {
            "OFXHEADER:100\n\n<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>\(currency)\n<BANKTRANLIST>\n<STMTTRN>\n\(transaction)\n</STMTTRN>\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        }
        let noAmount = statementError(ofx("<TRNTYPE>DEBIT\n<DTPOSTED>20260103\n<NAME>NETFLIX"), path: "bank.ofx")
        #expect(noAmount?.description == "bank.ofx line 6: a transaction with no TRNAMT in \"<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2026...\"")
        let noDate = statementError(ofx("<TRNAMT>-1.00"), path: "bank.ofx")
        #expect(noDate?.problem == .missingField("DTPOSTED", record: "<STMTTRN><TRNAMT>-1.00"))
        let badAmount = statementError(ofx("<DTPOSTED>20260103\n<TRNAMT>-1.0.0"), path: "bank.ofx")
        #expect(badAmount?.description == "bank.ofx line 8: cannot read the amount '-1.0.0' in \"<TRNAMT>-1.0.0\"")
        let badDate = statementError(ofx("<DTPOSTED>20261303\n<TRNAMT>-1.00"), path: "bank.ofx")
        #expect(badDate?.description == "bank.ofx line 7: cannot read the date '20261303' as YYYYMMDD in \"<DTPOSTED>20261303\"")
        let badCurrency = statementError(ofx("<DTPOSTED>20260103\n<TRNAMT>-1.00", currency: "XYZ"), path: "bank.ofx")
        #expect(badCurrency?.description == "bank.ofx line 4: unknown currency 'XYZ': expected an ISO 4217 code such as USD, EUR or TRY")
    }

    @Test("What the file says is shown without control characters, and cut short")
    func shownSafely() {
        let error = statementError("Date,Description,Amount\n2026-01-03,\u{1B}[31mNETFLIX with a very long description indeed,abc\n")
        let description = error?.description ?? ""
        #expect(!description.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(description.contains("..."))
    }

    @Test("Every message has its Turkish translation, with the same arguments")
    func turkish() throws {
        let table = Dictionary(Translations.turkishStatement + Translations.pairs(for: .turkish), uniquingKeysWith: { a, _ in a })
        let keys = try Self.localizedKeys()
        #expect(keys.count > 15)
        for key in keys {
            let translation = table[key]
            #expect(translation != nil, "no Turkish for \(key.debugDescription)")
            if let translation {
                #expect(LocalizedText.placeholders(in: translation).sorted() == LocalizedText.placeholders(in: key), "\(key)")
            }
        }
        for (english, _) in Translations.turkishStatement {
            #expect(keys.contains(english), "translated but not in the sources: \(english.debugDescription)")
        }
    }

    /// The keys of the `localized("…")` texts in `Sources/SubscriptionCore/Statement`: each
    /// interpolation becomes `%@`, `%` becomes `%%`.
    static func localizedKeys() throws -> Set<String> {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/SubscriptionCore/Statement")
        var keys: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = Array(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
            var index = 0
            let marker = Array("localized(\"")
            while index + marker.count < text.count {
                guard Array(text[index..<(index + marker.count)]) == marker else { index += 1; continue }
                index += marker.count
                var key = ""
                while index < text.count, text[index] != "\"" {
                    if text[index] == "\\", text[index + 1] == "(" {
                        var depth = 0
                        index += 1
                        repeat {
                            if text[index] == "(" { depth += 1 } else if text[index] == ")" { depth -= 1 }
                            index += 1
                        } while depth > 0
                        key += "%@"
                    } else if text[index] == "\\" {
                        key.append(text[index + 1])
                        index += 2
                    } else {
                        key += text[index] == "%" ? "%%" : String(text[index])
                        index += 1
                    }
                }
                keys.insert(key)
            }
        }
        return keys
    }
}
